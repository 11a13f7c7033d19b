/* SPDX-License-Identifier: MIT */
/* Thread flags (asm/thread_info.h) and their accessors, as 6.1's. */
#ifndef _LINUX_THREAD_INFO_H
#define _LINUX_THREAD_INFO_H

#include <linux/types.h>
#include <linux/limits.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/bitops.h>
#include <asm/current.h>
#include <asm/thread_info.h>
#include <linux/time64.h>

/* with THREAD_INFO_IN_TASK, a task's thread_info is its first member */
#define current_thread_info()	((struct thread_info *)current)

static inline void set_ti_thread_flag(struct thread_info *ti, int flag)
{
	__atomic_fetch_or(&ti->flags, 1UL << flag, __ATOMIC_SEQ_CST);
}

static inline void clear_ti_thread_flag(struct thread_info *ti, int flag)
{
	__atomic_fetch_and(&ti->flags, ~(1UL << flag), __ATOMIC_SEQ_CST);
}

static inline int test_ti_thread_flag(struct thread_info *ti, int flag)
{
	return (__atomic_load_n(&ti->flags, __ATOMIC_ACQUIRE) >> flag) & 1;
}

#define set_thread_flag(flag)		set_ti_thread_flag(current_thread_info(), flag)
#define clear_thread_flag(flag)		clear_ti_thread_flag(current_thread_info(), flag)
#define test_thread_flag(flag)		test_ti_thread_flag(current_thread_info(), flag)

#define tif_need_resched()		test_thread_flag(TIF_NEED_RESCHED)

#endif /* _LINUX_THREAD_INFO_H */
