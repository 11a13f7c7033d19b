// SPDX-License-Identifier: GPL-2.0
/*
 * coursedisk.c: a RAM disk on the multi-queue block layer (blk-mq).
 * A block major is registered, a tag set describes the driver's one
 * hardware queue and its queue_rq(), and blk_mq_alloc_disk() makes a
 * gendisk over it; add_disk() shows it to the world. Each request that
 * reaches queue_rq() is served at once from a buffer in memory, segment
 * by segment, and ended; pr_debug() reports it when dynamic debug is on.
 */
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/bvec.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

static unsigned int size_mb = 16;
module_param(size_mb, uint, 0444);
MODULE_PARM_DESC(size_mb, "the disk's size in MiB");

static int coursedisk_major;
static u8 *contents;		/* the disk: size_mb MiB of memory */
static struct blk_mq_tag_set tag_set;
static struct gendisk *disk;

static blk_status_t coursedisk_queue_rq(struct blk_mq_hw_ctx *hctx,
					const struct blk_mq_queue_data *bd)
{
	struct request *rq = bd->rq;
	u8 *pos = contents + (blk_rq_pos(rq) << SECTOR_SHIFT);
	unsigned int segments = 0;
	struct req_iterator iter;
	struct bio_vec bvec;

	blk_mq_start_request(rq);
	if (req_op(rq) != REQ_OP_READ && req_op(rq) != REQ_OP_WRITE) {
		blk_mq_end_request(rq, BLK_STS_NOTSUPP);
		return BLK_STS_OK;
	}
	if (blk_rq_pos(rq) + blk_rq_sectors(rq) > get_capacity(disk)) {
		blk_mq_end_request(rq, BLK_STS_IOERR);
		return BLK_STS_OK;
	}
	/* a segment is a piece of one page of the caller's buffer */
	rq_for_each_segment(bvec, rq, iter) {
		if (rq_data_dir(rq) == WRITE)
			memcpy_from_bvec(pos, &bvec);
		else
			memcpy_to_bvec(&bvec, pos);
		pos += bvec.bv_len;
		segments++;
	}
	pr_debug("coursedisk: %s %u bytes at sector %llu (%u segment%s)\n",
		 rq_data_dir(rq) == WRITE ? "write" : "read", blk_rq_bytes(rq),
		 (unsigned long long)blk_rq_pos(rq), segments,
		 segments == 1 ? "" : "s");
	blk_mq_end_request(rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops coursedisk_mq_ops = {
	.queue_rq = coursedisk_queue_rq,
};

static const struct block_device_operations coursedisk_fops = {
	.owner = THIS_MODULE,	/* an open disk holds the module */
};

static int __init coursedisk_init(void)
{
	int err;

	coursedisk_major = register_blkdev(0, "coursedisk");
	if (coursedisk_major < 0)
		return coursedisk_major;
	err = -ENOMEM;
	contents = vzalloc((size_t)size_mb << 20);
	if (!contents)
		goto unregister;

	tag_set.ops = &coursedisk_mq_ops;
	tag_set.nr_hw_queues = 1;
	tag_set.queue_depth = 16;
	tag_set.numa_node = NUMA_NO_NODE;
	tag_set.flags = BLK_MQ_F_SHOULD_MERGE;
	err = blk_mq_alloc_tag_set(&tag_set);
	if (err)
		goto free_contents;

	disk = blk_mq_alloc_disk(&tag_set, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto free_tag_set;
	}
	disk->major = coursedisk_major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->flags |= GENHD_FL_NO_PART;
	disk->fops = &coursedisk_fops;
	strscpy(disk->disk_name, "coursedisk0", DISK_NAME_LEN);
	set_capacity(disk, (sector_t)size_mb << (20 - SECTOR_SHIFT));
	err = add_disk(disk);
	if (err)
		goto put_disk;
	pr_info("coursedisk: %s, %u MiB, major %d\n", disk->disk_name,
		size_mb, coursedisk_major);
	return 0;

put_disk:
	put_disk(disk);
free_tag_set:
	blk_mq_free_tag_set(&tag_set);
free_contents:
	vfree(contents);
unregister:
	unregister_blkdev(coursedisk_major, "coursedisk");
	return err;
}

static void __exit coursedisk_exit(void)
{
	del_gendisk(disk);
	put_disk(disk);
	blk_mq_free_tag_set(&tag_set);
	vfree(contents);
	unregister_blkdev(coursedisk_major, "coursedisk");
}

module_init(coursedisk_init);
module_exit(coursedisk_exit);

MODULE_LICENSE("GPL");
