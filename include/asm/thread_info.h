/* SPDX-License-Identifier: MIT */
/*
 * x86's thread flags; struct thread_info itself is the task's first
 * member (umod/kabi/sched.h, CONFIG_THREAD_INFO_IN_TASK). Of the flags,
 * the host sets TIF_SIGPENDING; the rest are never set.
 */
#ifndef _ASM_X86_THREAD_INFO_H
#define _ASM_X86_THREAD_INFO_H

#include <asm/page.h>
#include <umod/kabi/sched.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <asm/processor.h>
#include <linux/threads.h>

#define THREAD_SIZE_ORDER	2
#define THREAD_SIZE		(PAGE_SIZE << THREAD_SIZE_ORDER)

#define TIF_NOTIFY_RESUME	1
#define TIF_SIGPENDING		UMOD_TIF_SIGPENDING
#define TIF_NEED_RESCHED	3
#define TIF_SINGLESTEP		4
#define TIF_NOTIFY_SIGNAL	17
#define TIF_MEMDIE		20
#define TIF_POLLING_NRFLAG	21

#define _TIF_NOTIFY_RESUME	(1UL << TIF_NOTIFY_RESUME)
#define _TIF_SIGPENDING		(1UL << TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	(1UL << TIF_NEED_RESCHED)
#define _TIF_NOTIFY_SIGNAL	(1UL << TIF_NOTIFY_SIGNAL)

#endif /* _ASM_X86_THREAD_INFO_H */
