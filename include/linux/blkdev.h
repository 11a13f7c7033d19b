/* SPDX-License-Identifier: MIT */
/*
 * Disks and their queues (6.1's blkdev.h, which took in genhd.h in 5.18):
 * register_blkdev(), the gendisk's life (blk_alloc_disk() or
 * blk_mq_alloc_disk(), add_disk(), del_gendisk(), put_disk()), capacity
 * and the queue limits a driver sets. The host's side is block/.
 */
#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H

#include <linux/types.h>
#include <linux/blk_types.h>
#include <linux/device.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/wait.h>
#include <linux/bio.h>
#include <linux/gfp.h>
#include <linux/kdev_t.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/uuid.h>
#include <linux/xarray.h>
#include <linux/hdreg.h>
#include <umod/kabi/blkdev.h>
/* what 6.1's brings in through headers umod does not ship */
#include <linux/dma-direction.h>

struct module;

#ifndef NUMA_NO_NODE
#define NUMA_NO_NODE	(-1)
#endif

#define DISK_NAME_LEN		UMOD_DISK_NAME_LEN
#define BLKDEV_MAJOR_MAX	512
#define BLOCK_EXT_MAJOR		259

enum {
	GENHD_FL_REMOVABLE	= 1 << 0,
	GENHD_FL_HIDDEN		= 1 << 1,
	GENHD_FL_NO_PART	= 1 << 2,
};

/* gendisk->state */
#define GD_NEED_PART_SCAN	0
#define GD_READ_ONLY		1
#define GD_DEAD			2
#define GD_NATIVE_CAPACITY	3
#define GD_ADDED		4
#define GD_SUPPRESS_PART_SCAN	5
#define GD_OWNS_QUEUE		6

#define QUEUE_FLAG_STOPPED	0
#define QUEUE_FLAG_DYING	1
#define QUEUE_FLAG_HAS_SRCU	2
#define QUEUE_FLAG_NOMERGES	3
#define QUEUE_FLAG_SAME_COMP	4
#define QUEUE_FLAG_FAIL_IO	5
#define QUEUE_FLAG_NONROT	6
#define QUEUE_FLAG_VIRT		QUEUE_FLAG_NONROT
#define QUEUE_FLAG_IO_STAT	7
#define QUEUE_FLAG_NOXMERGES	9
#define QUEUE_FLAG_ADD_RANDOM	10
#define QUEUE_FLAG_SAME_FORCE	12
#define QUEUE_FLAG_HW_WC	13
#define QUEUE_FLAG_INIT_DONE	14
#define QUEUE_FLAG_STABLE_WRITES 15
#define QUEUE_FLAG_POLL		16
#define QUEUE_FLAG_WC		17
#define QUEUE_FLAG_FUA		18
#define QUEUE_FLAG_DAX		19
#define QUEUE_FLAG_STATS	20
#define QUEUE_FLAG_REGISTERED	22
#define QUEUE_FLAG_QUIESCED	24
#define QUEUE_FLAG_PCI_P2PDMA	25
#define QUEUE_FLAG_ZONE_RESETALL 26
#define QUEUE_FLAG_RQ_ALLOC_TIME 27
#define QUEUE_FLAG_HCTX_ACTIVE	28
#define QUEUE_FLAG_NOWAIT	29
#define QUEUE_FLAG_SQ_SCHED	30

#define QUEUE_FLAG_MQ_DEFAULT	((1UL << QUEUE_FLAG_IO_STAT) |		\
				 (1UL << QUEUE_FLAG_SAME_COMP) |	\
				 (1UL << QUEUE_FLAG_NOWAIT))

void blk_queue_flag_set(unsigned int flag, struct request_queue *q);
void blk_queue_flag_clear(unsigned int flag, struct request_queue *q);
bool blk_queue_flag_test_and_set(unsigned int flag, struct request_queue *q);

#define blk_queue_stopped(q)	test_bit(QUEUE_FLAG_STOPPED, &(q)->queue_flags)
#define blk_queue_dying(q)	test_bit(QUEUE_FLAG_DYING, &(q)->queue_flags)
#define blk_queue_nomerges(q)	test_bit(QUEUE_FLAG_NOMERGES, &(q)->queue_flags)
#define blk_queue_nonrot(q)	test_bit(QUEUE_FLAG_NONROT, &(q)->queue_flags)
#define blk_queue_io_stat(q)	test_bit(QUEUE_FLAG_IO_STAT, &(q)->queue_flags)
#define blk_queue_add_random(q)	test_bit(QUEUE_FLAG_ADD_RANDOM, &(q)->queue_flags)

enum blk_default_limits {
	BLK_MAX_SEGMENTS	= 128,
	BLK_SAFE_MAX_SECTORS	= 255,
	BLK_MAX_SEGMENT_SIZE	= 65536,
	BLK_SEG_BOUNDARY_MASK	= 0xFFFFFFFFUL,
};
#define BLK_DEF_MAX_SECTORS	2560
#define BLK_MIN_SEGMENT_SIZE	4096

/* ---- registering a major (block/genhd.c) ---- */
int __register_blkdev(unsigned int major, const char *name,
		      void (*probe)(dev_t devt));
#define register_blkdev(major, name) \
	__register_blkdev(major, name, NULL)
void unregister_blkdev(unsigned int major, const char *name);

/* ---- disks ---- */
struct gendisk *__blk_alloc_disk(int node, struct lock_class_key *lkclass);
#define blk_alloc_disk(node_id)						\
({									\
	static struct lock_class_key __key;				\
									\
	__blk_alloc_disk(node_id, &__key);				\
})

int __must_check device_add_disk(struct device *parent, struct gendisk *disk,
				 const struct attribute_group **groups);
static inline int __must_check add_disk(struct gendisk *disk)
{
	return device_add_disk(NULL, disk, NULL);
}
void del_gendisk(struct gendisk *gp);
void put_disk(struct gendisk *disk);
void set_capacity(struct gendisk *disk, sector_t size);
bool set_capacity_and_notify(struct gendisk *disk, sector_t size);
void set_disk_ro(struct gendisk *disk, bool read_only);
struct device *disk_to_dev(struct gendisk *disk);

static inline sector_t bdev_nr_sectors(struct block_device *bdev)
{
	return bdev->bd_nr_sectors;
}

static inline loff_t bdev_nr_bytes(struct block_device *bdev)
{
	return (loff_t)bdev_nr_sectors(bdev) << SECTOR_SHIFT;
}

static inline sector_t get_capacity(struct gendisk *disk)
{
	return bdev_nr_sectors(disk->part0);
}

static inline int get_disk_ro(struct gendisk *disk)
{
	return disk->part0->bd_read_only || test_bit(GD_READ_ONLY, &disk->state);
}

static inline int bdev_read_only(struct block_device *bdev)
{
	return bdev->bd_read_only || get_disk_ro(bdev->bd_disk);
}

static inline dev_t disk_devt(struct gendisk *disk)
{
	return disk->part0->bd_dev;
}

static inline struct request_queue *bdev_get_queue(struct block_device *bdev)
{
	return bdev->bd_queue;
}

/* ---- the queue's limits (block/blk-settings.c) ---- */
void blk_queue_logical_block_size(struct request_queue *q, unsigned int size);
void blk_queue_physical_block_size(struct request_queue *q, unsigned int size);
void blk_queue_max_hw_sectors(struct request_queue *q, unsigned int max_hw_sectors);
void blk_queue_max_segments(struct request_queue *q, unsigned short max_segments);
void blk_queue_max_segment_size(struct request_queue *q, unsigned int max_size);
void blk_queue_max_discard_sectors(struct request_queue *q, unsigned int max_discard_sectors);
void blk_queue_max_write_zeroes_sectors(struct request_queue *q, unsigned int max_sectors);
void blk_queue_io_min(struct request_queue *q, unsigned int min);
void blk_queue_io_opt(struct request_queue *q, unsigned int opt);
void blk_queue_write_cache(struct request_queue *q, bool enabled, bool fua);
void blk_queue_rq_timeout(struct request_queue *q, unsigned int timeout);

static inline unsigned int queue_logical_block_size(const struct request_queue *q)
{
	return q->limits.logical_block_size;
}

static inline unsigned int queue_physical_block_size(const struct request_queue *q)
{
	return q->limits.physical_block_size;
}

static inline unsigned int queue_max_hw_sectors(const struct request_queue *q)
{
	return q->limits.max_hw_sectors;
}

static inline unsigned int queue_max_sectors(const struct request_queue *q)
{
	return q->limits.max_sectors;
}

static inline unsigned int bdev_logical_block_size(struct block_device *bdev)
{
	return queue_logical_block_size(bdev_get_queue(bdev));
}

static inline unsigned int blksize_bits(unsigned int size)
{
	return (unsigned int)__builtin_ctz(size);
}

static inline unsigned int block_size(struct block_device *bdev)
{
	return 1u << blksize_bits(bdev_logical_block_size(bdev));
}


#endif /* _LINUX_BLKDEV_H */
