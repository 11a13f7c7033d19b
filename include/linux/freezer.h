/* SPDX-License-Identifier: MIT */
/*
 * The freezer, which stops tasks for suspend: a process never suspends,
 * so nothing is ever frozen; kthreads may still mark themselves freezable
 * and call try_to_freeze() in their loops, as 6.1's with CONFIG_FREEZER.
 */
#ifndef FREEZER_H_INCLUDED
#define FREEZER_H_INCLUDED

#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/atomic.h>
#include <linux/cache.h>

static inline bool frozen(struct task_struct *p)
{
	(void)p;
	return false;
}

static inline bool freezing(struct task_struct *p)
{
	(void)p;
	return false;
}

static inline bool try_to_freeze(void)
{
	might_sleep();
	return false;
}

static inline bool set_freezable(void)
{
	return true;
}

static inline bool freezer_active(void)
{
	return false;
}

#endif /* FREEZER_H_INCLUDED */
