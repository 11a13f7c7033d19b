// SPDX-License-Identifier: MIT
/*
 * Queue limits (Linux's block/blk-settings.c) and the queue/ directory of
 * a disk (block/blk-sysfs.c), as 6.1 computes and prints them.
 */
#include <errno.h>
#include <stdio.h>

#include "block/blk.h"
#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

#define PAGE_SIZE_BYTES		4096u
#define BLK_MAX_SEGMENTS	128
#define BLK_SAFE_MAX_SECTORS	255u
#define BLK_DEF_MAX_SECTORS	2560u
#define BLK_MAX_SEGMENT_SIZE	65536u
#define QUEUE_FLAG_NONROT	6
#define QUEUE_FLAG_IO_STAT	7
#define QUEUE_FLAG_ADD_RANDOM	10
#define QUEUE_FLAG_HW_WC	13
#define QUEUE_FLAG_WC		17
#define QUEUE_FLAG_FUA		18

void umod_blk_set_default_limits(struct queue_limits *lim)
{
	*lim = (struct queue_limits){
		.max_segments = BLK_MAX_SEGMENTS,
		.max_discard_segments = 1,
		.seg_boundary_mask = 0xFFFFFFFFul,
		.max_segment_size = BLK_MAX_SEGMENT_SIZE,
		.max_sectors = BLK_SAFE_MAX_SECTORS,
		.max_hw_sectors = BLK_SAFE_MAX_SECTORS,
		.logical_block_size = 512,
		.physical_block_size = 512,
		.io_min = 512,
	};
}

static unsigned int round_down_to(unsigned int v, unsigned int step)
{
	return step ? v - v % step : v;
}

/* the "set to minimum" lines, as the function Linux names in them */
static void minimum(const char *fn, unsigned int v)
{
	struct umod_module *mod = umod_caller_module();

	if (mod)
		umod_log_printk(mod->host->log, KERN_INFO "%s: set to minimum %u\n", fn, v);
}

static void kapi_blk_queue_logical_block_size(struct request_queue *q, unsigned int size)
{
	struct queue_limits *l = &q->limits;

	l->logical_block_size = size;
	if (l->physical_block_size < size)
		l->physical_block_size = size;
	if (l->io_min < l->physical_block_size)
		l->io_min = l->physical_block_size;
	l->max_hw_sectors = round_down_to(l->max_hw_sectors, size >> 9);
	l->max_sectors = round_down_to(l->max_sectors, size >> 9);
}

static void kapi_blk_queue_physical_block_size(struct request_queue *q, unsigned int size)
{
	struct queue_limits *l = &q->limits;

	l->physical_block_size = size;
	if (l->physical_block_size < l->logical_block_size)
		l->physical_block_size = l->logical_block_size;
	if (l->io_min < l->physical_block_size)
		l->io_min = l->physical_block_size;
}

static void kapi_blk_queue_max_hw_sectors(struct request_queue *q, unsigned int max)
{
	struct queue_limits *l = &q->limits;
	unsigned int lbs = l->logical_block_size >> 9, sectors;

	if ((max << 9) < PAGE_SIZE_BYTES) {
		max = PAGE_SIZE_BYTES >> 9;
		minimum("blk_queue_max_hw_sectors", max);
	}
	l->max_hw_sectors = round_down_to(max, lbs);
	sectors = l->max_dev_sectors && l->max_dev_sectors < l->max_hw_sectors ?
		  l->max_dev_sectors : l->max_hw_sectors;
	if (sectors > BLK_DEF_MAX_SECTORS)
		sectors = BLK_DEF_MAX_SECTORS;
	l->max_sectors = round_down_to(sectors, lbs);
}

static void kapi_blk_queue_max_segments(struct request_queue *q, unsigned short n)
{
	if (!n) {
		n = 1;
		minimum("blk_queue_max_segments", n);
	}
	q->limits.max_segments = n;
}

static void kapi_blk_queue_max_segment_size(struct request_queue *q, unsigned int n)
{
	if (n < PAGE_SIZE_BYTES) {
		n = PAGE_SIZE_BYTES;
		minimum("blk_queue_max_segment_size", n);
	}
	q->limits.max_segment_size = n;
}

static void kapi_blk_queue_max_discard_sectors(struct request_queue *q, unsigned int n)
{
	q->limits.max_hw_discard_sectors = n;
	q->limits.max_discard_sectors = n;
}

static void kapi_blk_queue_max_write_zeroes_sectors(struct request_queue *q, unsigned int n)
{
	q->limits.max_write_zeroes_sectors = n;
}

static void kapi_blk_queue_io_min(struct request_queue *q, unsigned int min)
{
	struct queue_limits *l = &q->limits;

	l->io_min = min;
	if (l->io_min < l->logical_block_size)
		l->io_min = l->logical_block_size;
	if (l->io_min < l->physical_block_size)
		l->io_min = l->physical_block_size;
}

static void kapi_blk_queue_io_opt(struct request_queue *q, unsigned int opt)
{
	q->limits.io_opt = opt;
}

static void flag(struct request_queue *q, unsigned int bit, bool on)
{
	if (on)
		__atomic_fetch_or(&q->queue_flags, 1ul << bit, __ATOMIC_SEQ_CST);
	else
		__atomic_fetch_and(&q->queue_flags, ~(1ul << bit), __ATOMIC_SEQ_CST);
}

static void kapi_blk_queue_flag_set(unsigned int bit, struct request_queue *q)
{
	flag(q, bit, true);
}

static void kapi_blk_queue_flag_clear(unsigned int bit, struct request_queue *q)
{
	flag(q, bit, false);
}

static bool kapi_blk_queue_flag_test_and_set(unsigned int bit, struct request_queue *q)
{
	return __atomic_fetch_or(&q->queue_flags, 1ul << bit, __ATOMIC_SEQ_CST) & (1ul << bit);
}

static void kapi_blk_queue_write_cache(struct request_queue *q, bool wc, bool fua)
{
	flag(q, QUEUE_FLAG_HW_WC, wc);
	flag(q, QUEUE_FLAG_WC, wc);
	flag(q, QUEUE_FLAG_FUA, fua);
}

static void kapi_blk_queue_rq_timeout(struct request_queue *q, unsigned int timeout)
{
	q->rq_timeout = timeout;
}

/* ---- queue/ (blk-sysfs.c) ------------------------------------------------------ */

enum q_attr { Q_LBS, Q_PBS, Q_HW_SECTOR, Q_IO_MIN, Q_IO_OPT, Q_MAX_SECTORS_KB,
	      Q_MAX_HW_SECTORS_KB, Q_MAX_SEGMENTS, Q_MAX_SEGMENT_SIZE, Q_MAX_DISCARD_SEGMENTS,
	      Q_DISCARD_GRAN, Q_DISCARD_MAX, Q_DISCARD_MAX_HW, Q_DISCARD_ZEROES,
	      Q_WRITE_ZEROES_MAX, Q_ROTATIONAL, Q_NR_REQUESTS, Q_WRITE_CACHE, Q_FUA,
	      Q_SCHEDULER, Q_READ_AHEAD_KB, Q_ZONED, Q_IOSTATS, Q_ADD_RANDOM, Q_NOMERGES,
	      Q_CHUNK_SECTORS, Q_DAX, Q_IO_POLL };

static const char *const q_names[] = {
	[Q_LBS] = "logical_block_size", [Q_PBS] = "physical_block_size",
	[Q_HW_SECTOR] = "hw_sector_size", [Q_IO_MIN] = "minimum_io_size",
	[Q_IO_OPT] = "optimal_io_size", [Q_MAX_SECTORS_KB] = "max_sectors_kb",
	[Q_MAX_HW_SECTORS_KB] = "max_hw_sectors_kb", [Q_MAX_SEGMENTS] = "max_segments",
	[Q_MAX_SEGMENT_SIZE] = "max_segment_size",
	[Q_MAX_DISCARD_SEGMENTS] = "max_discard_segments",
	[Q_DISCARD_GRAN] = "discard_granularity", [Q_DISCARD_MAX] = "discard_max_bytes",
	[Q_DISCARD_MAX_HW] = "discard_max_hw_bytes", [Q_DISCARD_ZEROES] = "discard_zeroes_data",
	[Q_WRITE_ZEROES_MAX] = "write_zeroes_max_bytes", [Q_ROTATIONAL] = "rotational",
	[Q_NR_REQUESTS] = "nr_requests", [Q_WRITE_CACHE] = "write_cache", [Q_FUA] = "fua",
	[Q_SCHEDULER] = "scheduler", [Q_READ_AHEAD_KB] = "read_ahead_kb", [Q_ZONED] = "zoned",
	[Q_IOSTATS] = "iostats", [Q_ADD_RANDOM] = "add_random", [Q_NOMERGES] = "nomerges",
	[Q_CHUNK_SECTORS] = "chunk_sectors", [Q_DAX] = "dax", [Q_IO_POLL] = "io_poll",
};

static long u(char *page, unsigned long long v)
{
	return snprintf(page, 4096, "%llu\n", v);
}

static long queue_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct umod_disk_attr *a = priv;
	struct request_queue *q = a->d->disk.queue;
	const struct queue_limits *l = &q->limits;
	unsigned long f = q->queue_flags;

	switch ((enum q_attr)a->attr) {
	case Q_LBS: case Q_HW_SECTOR: return u(page, l->logical_block_size);
	case Q_PBS: return u(page, l->physical_block_size);
	case Q_IO_MIN: return u(page, l->io_min);
	case Q_IO_OPT: return u(page, l->io_opt);
	case Q_MAX_SECTORS_KB: return u(page, l->max_sectors >> 1);
	case Q_MAX_HW_SECTORS_KB: return u(page, l->max_hw_sectors >> 1);
	case Q_MAX_SEGMENTS: return u(page, l->max_segments);
	case Q_MAX_SEGMENT_SIZE: return u(page, l->max_segment_size);
	case Q_MAX_DISCARD_SEGMENTS: return u(page, l->max_discard_segments);
	case Q_DISCARD_GRAN: return u(page, l->discard_granularity);
	case Q_DISCARD_MAX: return u(page, (unsigned long long)l->max_discard_sectors << 9);
	case Q_DISCARD_MAX_HW: return u(page, (unsigned long long)l->max_hw_discard_sectors << 9);
	case Q_WRITE_ZEROES_MAX:
		return u(page, (unsigned long long)l->max_write_zeroes_sectors << 9);
	case Q_ROTATIONAL: return u(page, !(f & (1ul << QUEUE_FLAG_NONROT)));
	case Q_NR_REQUESTS: return u(page, q->nr_requests);
	case Q_WRITE_CACHE:
		return snprintf(page, 4096, "%s\n", f & (1ul << QUEUE_FLAG_WC) ?
				"write back" : "write through");
	case Q_FUA: return u(page, !!(f & (1ul << QUEUE_FLAG_FUA)));
	case Q_SCHEDULER: return snprintf(page, 4096, "%s\n", q->tag_set ? "[none] " : "none");
	case Q_READ_AHEAD_KB: return u(page, 128);
	case Q_ZONED: return snprintf(page, 4096, "none\n");
	case Q_IOSTATS: return u(page, !!(f & (1ul << QUEUE_FLAG_IO_STAT)));
	case Q_ADD_RANDOM: return u(page, !!(f & (1ul << QUEUE_FLAG_ADD_RANDOM)));
	case Q_DISCARD_ZEROES: case Q_NOMERGES: case Q_CHUNK_SECTORS: case Q_DAX: case Q_IO_POLL:
		return u(page, 0);
	}
	return -EIO;
}

static const struct umod_kernfs_ops queue_ops = { queue_show, NULL };

int umod_blk_queue_sysfs(struct umod_disk *d)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kobject_dir(&d->dev->kobj), .host = d->blk->host, .name = "queue",
		.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_PLAIN, .mode = 0755,
	};
	int err = nw.parent ? umod_kernfs_create(&nw, &d->queue_dir) : -ENOENT;

	for (size_t i = 0; !err && i < sizeof(q_names) / sizeof(q_names[0]); i++)
		err = umod_disk_file(d, d->queue_dir, q_names[i], (int)i, &queue_ops);
	return err;
}

static const struct umod_kapi_export blk_settings_exports[] = {
	UMOD_KAPI("blk_queue_logical_block_size", kapi_blk_queue_logical_block_size),
	UMOD_KAPI("blk_queue_physical_block_size", kapi_blk_queue_physical_block_size),
	UMOD_KAPI("blk_queue_max_hw_sectors", kapi_blk_queue_max_hw_sectors),
	UMOD_KAPI("blk_queue_max_segments", kapi_blk_queue_max_segments),
	UMOD_KAPI("blk_queue_max_segment_size", kapi_blk_queue_max_segment_size),
	UMOD_KAPI("blk_queue_max_discard_sectors", kapi_blk_queue_max_discard_sectors),
	UMOD_KAPI("blk_queue_max_write_zeroes_sectors", kapi_blk_queue_max_write_zeroes_sectors),
	UMOD_KAPI("blk_queue_io_min", kapi_blk_queue_io_min),
	UMOD_KAPI("blk_queue_io_opt", kapi_blk_queue_io_opt),
	UMOD_KAPI("blk_queue_flag_set", kapi_blk_queue_flag_set),
	UMOD_KAPI("blk_queue_flag_clear", kapi_blk_queue_flag_clear),
	UMOD_KAPI_GPL("blk_queue_flag_test_and_set", kapi_blk_queue_flag_test_and_set),
	UMOD_KAPI_GPL("blk_queue_write_cache", kapi_blk_queue_write_cache),
	UMOD_KAPI_GPL("blk_queue_rq_timeout", kapi_blk_queue_rq_timeout),
};

const struct umod_kapi_table umod_kapi_blk_settings = UMOD_KAPI_TABLE(blk_settings_exports);
