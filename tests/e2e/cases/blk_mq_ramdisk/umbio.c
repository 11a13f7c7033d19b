// SPDX-License-Identifier: GPL-2.0
/*
 * umbio: a bio-based RAM disk for Linux 6.1 (submit_bio, the successor of
 * make_request), 4 MiB, on a fixed major; 4 KiB logical blocks.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/highmem.h>
#include <linux/vmalloc.h>

#define UMBIO_MAJOR	240
#define UMBIO_SECTORS	(4 * 1024 * 1024 / SECTOR_SIZE)

static u8 *data;
static struct gendisk *disk;

static void umbio_submit_bio(struct bio *bio)
{
	sector_t sector = bio->bi_iter.bi_sector;
	struct bvec_iter iter;
	struct bio_vec bvec;

	if (bio_end_sector(bio) > get_capacity(bio->bi_bdev->bd_disk)) {
		bio_io_error(bio);
		return;
	}
	bio_for_each_segment(bvec, bio, iter) {
		void *mem = bvec_kmap_local(&bvec);

		if (op_is_write(bio_op(bio)))
			memcpy(data + (sector << SECTOR_SHIFT), mem, bvec.bv_len);
		else
			memcpy(mem, data + (sector << SECTOR_SHIFT), bvec.bv_len);
		kunmap_local(mem);
		sector += bvec.bv_len >> SECTOR_SHIFT;
	}
	bio_endio(bio);
}

static const struct block_device_operations umbio_fops = {
	.owner = THIS_MODULE,
	.submit_bio = umbio_submit_bio,
};

static int __init umbio_init(void)
{
	int err = register_blkdev(UMBIO_MAJOR, "umbio");

	if (err)
		return err;
	data = vzalloc(UMBIO_SECTORS << SECTOR_SHIFT);
	disk = data ? blk_alloc_disk(NUMA_NO_NODE) : NULL;
	if (!disk) {
		vfree(data);
		unregister_blkdev(UMBIO_MAJOR, "umbio");
		return -ENOMEM;
	}
	disk->major = UMBIO_MAJOR;
	disk->first_minor = 0;
	disk->minors = 16;
	disk->fops = &umbio_fops;
	strscpy(disk->disk_name, "umbio0", DISK_NAME_LEN);
	set_capacity(disk, UMBIO_SECTORS);
	blk_queue_logical_block_size(disk->queue, 4096);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		vfree(data);
		unregister_blkdev(UMBIO_MAJOR, "umbio");
	}
	return err;
}

static void __exit umbio_exit(void)
{
	del_gendisk(disk);
	put_disk(disk);
	vfree(data);
	unregister_blkdev(UMBIO_MAJOR, "umbio");
}

module_init(umbio_init);
module_exit(umbio_exit);
MODULE_LICENSE("GPL");
