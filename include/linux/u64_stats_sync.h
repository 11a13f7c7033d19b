/* SPDX-License-Identifier: MIT */
/*
 * 64-bit statistics read and written without tearing: on 64-bit, as
 * here, a u64 is read and written whole, so the sync is empty and the
 * counters are local64_t (6.1's BITS_PER_LONG == 64 branch).
 */
#ifndef _LINUX_U64_STATS_SYNC_H
#define _LINUX_U64_STATS_SYNC_H

#include <linux/seqlock.h>
#include <linux/types.h>
#include <linux/compiler.h>

struct u64_stats_sync {
};

/* asm/local64.h's local64_t, on a long */
typedef struct {
	long counter;
} u64_stats_t;

static inline u64 u64_stats_read(const u64_stats_t *p)
{
	return (u64)__atomic_load_n(&p->counter, __ATOMIC_RELAXED);
}

static inline void u64_stats_set(u64_stats_t *p, u64 val)
{
	__atomic_store_n(&p->counter, (long)val, __ATOMIC_RELAXED);
}

static inline void u64_stats_add(u64_stats_t *p, unsigned long val)
{
	__atomic_fetch_add(&p->counter, (long)val, __ATOMIC_RELAXED);
}

static inline void u64_stats_sub(u64_stats_t *p, s64 val)
{
	__atomic_fetch_sub(&p->counter, (long)val, __ATOMIC_RELAXED);
}

static inline void u64_stats_inc(u64_stats_t *p)
{
	u64_stats_add(p, 1);
}

static inline void u64_stats_init(struct u64_stats_sync *syncp)
{
	(void)syncp;
}

static inline void u64_stats_update_begin(struct u64_stats_sync *syncp)
{
	(void)syncp;
}

static inline void u64_stats_update_end(struct u64_stats_sync *syncp)
{
	(void)syncp;
}

static inline unsigned long u64_stats_update_begin_irqsave(struct u64_stats_sync *syncp)
{
	(void)syncp;
	return 0;
}

static inline void u64_stats_update_end_irqrestore(struct u64_stats_sync *syncp,
						   unsigned long flags)
{
	(void)syncp;
	(void)flags;
}

static inline unsigned int u64_stats_fetch_begin(const struct u64_stats_sync *syncp)
{
	(void)syncp;
	return 0;
}

static inline bool u64_stats_fetch_retry(const struct u64_stats_sync *syncp,
					 unsigned int start)
{
	(void)syncp;
	(void)start;
	return false;
}

#define u64_stats_fetch_begin_irq	u64_stats_fetch_begin
#define u64_stats_fetch_retry_irq	u64_stats_fetch_retry

#endif /* _LINUX_U64_STATS_SYNC_H */
