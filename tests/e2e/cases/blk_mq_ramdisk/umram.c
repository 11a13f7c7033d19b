// SPDX-License-Identifier: GPL-2.0
/*
 * umram: a blk-mq RAM disk written for Linux 6.1, one tag set with one
 * hardware queue; reads and writes walk the request's segments, discards
 * and write-zeroes clear the range, flushes are counted.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/highmem.h>
#include <linux/vmalloc.h>
#include <linux/spinlock.h>

static unsigned long size_mb = 16;
module_param(size_mb, ulong, 0444);
MODULE_PARM_DESC(size_mb, "disk size in MiB");

struct umram {
	u8 *data;
	sector_t sectors;
	spinlock_t lock;
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	unsigned long flushes, discards;
};

static int umram_major;
static struct umram *dev;

static blk_status_t umram_do_rw(struct umram *d, struct request *rq)
{
	loff_t pos = (loff_t)blk_rq_pos(rq) << SECTOR_SHIFT;
	struct req_iterator iter;
	struct bio_vec bvec;

	if (blk_rq_pos(rq) + blk_rq_sectors(rq) > d->sectors)
		return BLK_STS_IOERR;
	rq_for_each_segment(bvec, rq, iter) {
		void *buf = kmap_local_page(bvec.bv_page) + bvec.bv_offset;

		if (rq_data_dir(rq) == WRITE)
			memcpy(d->data + pos, buf, bvec.bv_len);
		else
			memcpy(buf, d->data + pos, bvec.bv_len);
		kunmap_local(buf);
		pos += bvec.bv_len;
	}
	return BLK_STS_OK;
}

static blk_status_t umram_queue_rq(struct blk_mq_hw_ctx *hctx,
				   const struct blk_mq_queue_data *bd)
{
	struct request *rq = bd->rq;
	struct umram *d = hctx->queue->queuedata;
	blk_status_t status = BLK_STS_OK;

	blk_mq_start_request(rq);
	spin_lock(&d->lock);
	switch (req_op(rq)) {
	case REQ_OP_READ:
	case REQ_OP_WRITE:
		status = umram_do_rw(d, rq);
		break;
	case REQ_OP_FLUSH:
		d->flushes++;
		break;
	case REQ_OP_DISCARD:
	case REQ_OP_WRITE_ZEROES:
		if (blk_rq_pos(rq) + blk_rq_sectors(rq) > d->sectors) {
			status = BLK_STS_IOERR;
			break;
		}
		memset(d->data + (blk_rq_pos(rq) << SECTOR_SHIFT), 0, blk_rq_bytes(rq));
		d->discards++;
		break;
	default:
		status = BLK_STS_NOTSUPP;
	}
	spin_unlock(&d->lock);
	blk_mq_end_request(rq, status);
	return BLK_STS_OK;
}

static const struct blk_mq_ops umram_mq_ops = {
	.queue_rq = umram_queue_rq,
};

static int umram_open(struct block_device *bdev, fmode_t mode)
{
	return 0;
}

static void umram_release(struct gendisk *disk, fmode_t mode)
{
}

static const struct block_device_operations umram_fops = {
	.owner = THIS_MODULE,
	.open = umram_open,
	.release = umram_release,
};

static int __init umram_init(void)
{
	int err;

	umram_major = register_blkdev(0, "umram");
	if (umram_major < 0)
		return umram_major;
	err = -ENOMEM;
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		goto out_major;
	dev->sectors = size_mb * 1024 * 1024 / SECTOR_SIZE;
	dev->data = vzalloc(dev->sectors << SECTOR_SHIFT);
	if (!dev->data)
		goto out_dev;
	spin_lock_init(&dev->lock);

	dev->tag_set.ops = &umram_mq_ops;
	dev->tag_set.nr_hw_queues = 1;
	dev->tag_set.queue_depth = 64;
	dev->tag_set.numa_node = NUMA_NO_NODE;
	dev->tag_set.flags = BLK_MQ_F_SHOULD_MERGE;
	dev->tag_set.driver_data = dev;
	err = blk_mq_alloc_tag_set(&dev->tag_set);
	if (err)
		goto out_data;

	dev->disk = blk_mq_alloc_disk(&dev->tag_set, dev);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_tags;
	}
	dev->disk->major = umram_major;
	dev->disk->first_minor = 0;
	dev->disk->minors = 1;
	dev->disk->fops = &umram_fops;
	dev->disk->private_data = dev;
	dev->disk->flags |= GENHD_FL_NO_PART;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "umram0");
	set_capacity(dev->disk, dev->sectors);
	blk_queue_logical_block_size(dev->disk->queue, 512);
	blk_queue_physical_block_size(dev->disk->queue, 4096);
	blk_queue_max_hw_sectors(dev->disk->queue, 2048);
	blk_queue_max_discard_sectors(dev->disk->queue, UINT_MAX >> 9);
	blk_queue_max_write_zeroes_sectors(dev->disk->queue, UINT_MAX >> 9);
	blk_queue_write_cache(dev->disk->queue, true, false);
	blk_queue_flag_set(QUEUE_FLAG_NONROT, dev->disk->queue);
	err = add_disk(dev->disk);
	if (err)
		goto out_disk;
	pr_info("umram: %lu MiB on major %d\n", size_mb, umram_major);
	return 0;

out_disk:
	put_disk(dev->disk);
out_tags:
	blk_mq_free_tag_set(&dev->tag_set);
out_data:
	vfree(dev->data);
out_dev:
	kfree(dev);
out_major:
	unregister_blkdev(umram_major, "umram");
	return err;
}

static void __exit umram_exit(void)
{
	pr_info("umram: flushed %s, discarded %s\n", dev->flushes ? "yes" : "no",
		dev->discards ? "yes" : "no");
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	blk_mq_free_tag_set(&dev->tag_set);
	vfree(dev->data);
	kfree(dev);
	unregister_blkdev(umram_major, "umram");
}

module_init(umram_init);
module_exit(umram_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("a blk-mq RAM disk");
