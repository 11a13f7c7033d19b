/* SPDX-License-Identifier: MIT */
/*
 * Random numbers from the host's getrandom(2): the same source the
 * kernel's would be. As in Debian's 6.1.192: get_random_int() is gone
 * (6.1-rc1), get_random_u32_below() and its siblings are there (6.1.4).
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/random.h>
#elif !defined(_LINUX_RANDOM_H)
#define _LINUX_RANDOM_H

#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/types.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/ioctl.h>
#include <linux/irqnr.h>

void get_random_bytes(void *buf, size_t len);
u8 get_random_u8(void);
u16 get_random_u16(void);
u32 get_random_u32(void);
u64 get_random_u64(void);

static inline unsigned long get_random_long(void)
{
	return get_random_u64();
}

/* uniform in [0, @ceil), without the bias of a modulo; @ceil 0 gives 0 */
u32 __get_random_u32_below(u32 ceil);

static inline u32 get_random_u32_below(u32 ceil)
{
	return __get_random_u32_below(ceil);
}

/* uniform in (@floor, U32_MAX] */
static inline u32 get_random_u32_above(u32 floor)
{
	return floor + 1 + get_random_u32_below(U32_MAX - floor);
}

/* uniform in [@floor, @ceil] */
static inline u32 get_random_u32_inclusive(u32 floor, u32 ceil)
{
	return floor + get_random_u32_below(ceil - floor + 1);
}

static inline u32 prandom_u32_max(u32 ep_ro)
{
	return get_random_u32_below(ep_ro);
}

static inline u32 prandom_u32(void)
{
	return get_random_u32();
}

static inline void prandom_bytes(void *buf, size_t nbytes)
{
	get_random_bytes(buf, nbytes);
}

/* the kernel's pool is always ready in a process */
static inline bool rng_is_initialized(void)
{
	return true;
}

static inline int wait_for_random_bytes(void)
{
	return 0;
}

#include <linux/prandom.h>	/* at the end, as 6.1: it uses get_random_u32() */

#endif /* _LINUX_RANDOM_H */
