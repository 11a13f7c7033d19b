/* SPDX-License-Identifier: MIT */
/*
 * The block layer's types (6.1's blk_types.h): bio, request operations and
 * flags, blk_status_t. The structures are in umod/kabi/blkdev.h.
 */
#ifndef __LINUX_BLK_TYPES_H
#define __LINUX_BLK_TYPES_H

#include <linux/types.h>
#include <linux/bvec.h>
#include <linux/device.h>
#include <linux/ktime.h>
#include <umod/kabi/blkdev.h>
/* what 6.1's brings in through headers umod does not ship */
#include <linux/dma-direction.h>

#define SECTOR_SHIFT	9
#define SECTOR_SIZE	(1 << SECTOR_SHIFT)
#define PAGE_SECTORS_SHIFT	(PAGE_SHIFT - SECTOR_SHIFT)
#define PAGE_SECTORS		(1 << PAGE_SECTORS_SHIFT)
#define SECTOR_MASK		(PAGE_SECTORS - 1)

#define bdev_whole(_bdev)	((_bdev)->bd_disk->part0)
#define dev_to_bdev(device)	NULL
#define bdev_kobj(_bdev)	NULL

typedef u8 __bitwise blk_status_t;
typedef u16 blk_short_t;
typedef u32 __bitwise blk_opf_t;
typedef unsigned int blk_qc_t;

#define	BLK_STS_OK 0
#define BLK_STS_NOTSUPP		((__force blk_status_t)1)
#define BLK_STS_TIMEOUT		((__force blk_status_t)2)
#define BLK_STS_NOSPC		((__force blk_status_t)3)
#define BLK_STS_TRANSPORT	((__force blk_status_t)4)
#define BLK_STS_TARGET		((__force blk_status_t)5)
#define BLK_STS_NEXUS		((__force blk_status_t)6)
#define BLK_STS_MEDIUM		((__force blk_status_t)7)
#define BLK_STS_PROTECTION	((__force blk_status_t)8)
#define BLK_STS_RESOURCE	((__force blk_status_t)9)
#define BLK_STS_IOERR		((__force blk_status_t)10)
#define BLK_STS_DM_REQUEUE	((__force blk_status_t)11)
#define BLK_STS_AGAIN		((__force blk_status_t)12)
#define BLK_STS_DEV_RESOURCE	((__force blk_status_t)13)
#define BLK_STS_ZONE_RESOURCE	((__force blk_status_t)14)
#define BLK_STS_ZONE_OPEN_RESOURCE	((__force blk_status_t)15)
#define BLK_STS_ZONE_ACTIVE_RESOURCE	((__force blk_status_t)16)
#define BLK_STS_OFFLINE		((__force blk_status_t)17)

int blk_status_to_errno(blk_status_t status);
blk_status_t errno_to_blk_status(int errno);

static inline bool blk_path_error(blk_status_t error)
{
	switch (error) {
	case BLK_STS_NOTSUPP:
	case BLK_STS_NOSPC:
	case BLK_STS_TARGET:
	case BLK_STS_NEXUS:
	case BLK_STS_MEDIUM:
	case BLK_STS_PROTECTION:
		return false;
	}
	return true;
}

#define REQ_OP_BITS	8
#define REQ_OP_MASK	(__force blk_opf_t)((1 << REQ_OP_BITS) - 1)
#define REQ_FLAG_BITS	24

enum req_op {
	REQ_OP_READ		= (__force blk_opf_t)0,
	REQ_OP_WRITE		= (__force blk_opf_t)1,
	REQ_OP_FLUSH		= (__force blk_opf_t)2,
	REQ_OP_DISCARD		= (__force blk_opf_t)3,
	REQ_OP_SECURE_ERASE	= (__force blk_opf_t)5,
	REQ_OP_ZONE_APPEND	= (__force blk_opf_t)7,
	REQ_OP_WRITE_ZEROES	= (__force blk_opf_t)9,
	REQ_OP_ZONE_OPEN	= (__force blk_opf_t)11,
	REQ_OP_ZONE_CLOSE	= (__force blk_opf_t)13,
	REQ_OP_ZONE_FINISH	= (__force blk_opf_t)15,
	REQ_OP_ZONE_RESET	= (__force blk_opf_t)17,
	REQ_OP_ZONE_RESET_ALL	= (__force blk_opf_t)19,
	REQ_OP_DRV_IN		= (__force blk_opf_t)34,
	REQ_OP_DRV_OUT		= (__force blk_opf_t)35,
	REQ_OP_LAST		= (__force blk_opf_t)36,
};

enum req_flag_bits {
	__REQ_FAILFAST_DEV = REQ_OP_BITS,
	__REQ_FAILFAST_TRANSPORT,
	__REQ_FAILFAST_DRIVER,
	__REQ_SYNC,
	__REQ_META,
	__REQ_PRIO,
	__REQ_NOMERGE,
	__REQ_IDLE,
	__REQ_INTEGRITY,
	__REQ_FUA,
	__REQ_PREFLUSH,
	__REQ_RAHEAD,
	__REQ_BACKGROUND,
	__REQ_NOWAIT,
	__REQ_CGROUP_PUNT,
	__REQ_POLLED,
	__REQ_ALLOC_CACHE,
	__REQ_SWAP,
	__REQ_DRV,
	__REQ_NOUNMAP,
	__REQ_NR_BITS,
};

#define REQ_FAILFAST_DEV	(__force blk_opf_t)(1ULL << __REQ_FAILFAST_DEV)
#define REQ_FAILFAST_TRANSPORT	(__force blk_opf_t)(1ULL << __REQ_FAILFAST_TRANSPORT)
#define REQ_FAILFAST_DRIVER	(__force blk_opf_t)(1ULL << __REQ_FAILFAST_DRIVER)
#define REQ_SYNC	(__force blk_opf_t)(1ULL << __REQ_SYNC)
#define REQ_META	(__force blk_opf_t)(1ULL << __REQ_META)
#define REQ_PRIO	(__force blk_opf_t)(1ULL << __REQ_PRIO)
#define REQ_NOMERGE	(__force blk_opf_t)(1ULL << __REQ_NOMERGE)
#define REQ_IDLE	(__force blk_opf_t)(1ULL << __REQ_IDLE)
#define REQ_INTEGRITY	(__force blk_opf_t)(1ULL << __REQ_INTEGRITY)
#define REQ_FUA		(__force blk_opf_t)(1ULL << __REQ_FUA)
#define REQ_PREFLUSH	(__force blk_opf_t)(1ULL << __REQ_PREFLUSH)
#define REQ_RAHEAD	(__force blk_opf_t)(1ULL << __REQ_RAHEAD)
#define REQ_BACKGROUND	(__force blk_opf_t)(1ULL << __REQ_BACKGROUND)
#define REQ_NOWAIT	(__force blk_opf_t)(1ULL << __REQ_NOWAIT)
#define REQ_CGROUP_PUNT	(__force blk_opf_t)(1ULL << __REQ_CGROUP_PUNT)
#define REQ_NOUNMAP	(__force blk_opf_t)(1ULL << __REQ_NOUNMAP)
#define REQ_POLLED	(__force blk_opf_t)(1ULL << __REQ_POLLED)
#define REQ_ALLOC_CACHE	(__force blk_opf_t)(1ULL << __REQ_ALLOC_CACHE)
#define REQ_DRV		(__force blk_opf_t)(1ULL << __REQ_DRV)
#define REQ_SWAP	(__force blk_opf_t)(1ULL << __REQ_SWAP)

#define REQ_FAILFAST_MASK \
	(REQ_FAILFAST_DEV | REQ_FAILFAST_TRANSPORT | REQ_FAILFAST_DRIVER)

static inline enum req_op bio_op(const struct bio *bio)
{
	return (enum req_op)(bio->bi_opf & REQ_OP_MASK);
}

static inline bool op_is_write(blk_opf_t op)
{
	return !!(op & (__force blk_opf_t)1);
}

static inline bool op_is_flush(blk_opf_t op)
{
	return op & (REQ_FUA | REQ_PREFLUSH);
}

static inline bool op_is_sync(blk_opf_t op)
{
	return (op & REQ_OP_MASK) == REQ_OP_READ ||
		(op & (REQ_SYNC | REQ_FUA | REQ_PREFLUSH));
}

static inline bool op_is_discard(blk_opf_t op)
{
	return (op & REQ_OP_MASK) == REQ_OP_DISCARD;
}

static inline int op_stat_group(enum req_op op)
{
	if (op_is_discard(op))
		return 2;	/* STAT_DISCARD */
	return op_is_write(op);
}

enum stat_group {
	STAT_READ,
	STAT_WRITE,
	STAT_DISCARD,
	STAT_FLUSH,
	NR_STAT_GROUPS
};

#endif /* __LINUX_BLK_TYPES_H */
