/* SPDX-License-Identifier: MIT */
/*
 * current: the task_struct of the thread running module code (a thread-
 * local variable of the host's, reached through get_current()).
 */
#ifndef _ASM_X86_CURRENT_H
#define _ASM_X86_CURRENT_H

#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/threads.h>
#include <linux/percpu-defs.h>	/* 6.1: through asm/percpu.h */

struct task_struct;

/* the calling thread's task; never NULL */
struct task_struct *get_current(void);
#define current			get_current()

#endif /* _ASM_X86_CURRENT_H */
