/* SPDX-License-Identifier: MIT */
/*
 * kernel/hung_task.c: tasks blocked uninterruptibly in module code (Linux
 * declares its khungtaskd's sysctls in include/linux/sched/sysctl.h).
 */
#ifndef _UMOD_KERNEL_HUNG_TASK_H
#define _UMOD_KERNEL_HUNG_TASK_H

#include <stdint.h>

struct umod_host;

#define UMOD_HUNG_TASK_TIMEOUT	120	/* hung_task_timeout_secs' default */

/* on the watchdog's thread: a check if one is due; ms until the next */
uint64_t umod_hung_task_check(struct umod_host *host);

#endif /* _UMOD_KERNEL_HUNG_TASK_H */
