// SPDX-License-Identifier: GPL-2.0
/*
 * benchblk: the block bench's disk, a 64 MiB blk-mq RAM disk with 4 KiB
 * physical blocks and 1 MiB requests, as small as a driver gets: its cost
 * is the copy, so what is measured is the path to it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/highmem.h>
#include <linux/vmalloc.h>

#define BENCHBLK_BYTES	(64u << 20)

static u8 *data;
static struct blk_mq_tag_set set;
static struct gendisk *disk;

static blk_status_t benchblk_queue_rq(struct blk_mq_hw_ctx *hctx,
				      const struct blk_mq_queue_data *bd)
{
	struct request *rq = bd->rq;
	loff_t pos = (loff_t)blk_rq_pos(rq) << SECTOR_SHIFT;
	struct req_iterator iter;
	struct bio_vec bvec;

	blk_mq_start_request(rq);
	if (req_op(rq) == REQ_OP_READ || req_op(rq) == REQ_OP_WRITE) {
		rq_for_each_segment(bvec, rq, iter) {
			void *buf = kmap_local_page(bvec.bv_page) + bvec.bv_offset;

			if (rq_data_dir(rq) == WRITE)
				memcpy(data + pos, buf, bvec.bv_len);
			else
				memcpy(buf, data + pos, bvec.bv_len);
			kunmap_local(buf);
			pos += bvec.bv_len;
		}
	}
	blk_mq_end_request(rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops benchblk_ops = {
	.queue_rq = benchblk_queue_rq,
};

static const struct block_device_operations benchblk_fops = {
	.owner = THIS_MODULE,
};

static int __init benchblk_init(void)
{
	int err;

	data = vzalloc(BENCHBLK_BYTES);
	if (!data)
		return -ENOMEM;
	err = blk_mq_alloc_sq_tag_set(&set, &benchblk_ops, 64, BLK_MQ_F_SHOULD_MERGE);
	if (err)
		goto out_data;
	disk = blk_mq_alloc_disk(&set, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_set;
	}
	disk->fops = &benchblk_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "benchblk", DISK_NAME_LEN);
	set_capacity(disk, BENCHBLK_BYTES >> SECTOR_SHIFT);
	blk_queue_physical_block_size(disk->queue, 4096);
	blk_queue_max_hw_sectors(disk->queue, 2048);
	err = add_disk(disk);
	if (!err)
		return 0;
	put_disk(disk);
out_set:
	blk_mq_free_tag_set(&set);
out_data:
	vfree(data);
	return err;
}

static void __exit benchblk_exit(void)
{
	del_gendisk(disk);
	put_disk(disk);
	blk_mq_free_tag_set(&set);
	vfree(data);
}

module_init(benchblk_init);
module_exit(benchblk_exit);
MODULE_LICENSE("GPL");
