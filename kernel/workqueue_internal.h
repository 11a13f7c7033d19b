/* SPDX-License-Identifier: MIT */
/*
 * kernel/workqueue.c: what the timer thread (kernel/time/timer.c) asks of it.
 */
#ifndef _UMOD_KERNEL_WORKQUEUE_INTERNAL_H
#define _UMOD_KERNEL_WORKQUEUE_INTERNAL_H

#include <stdbool.h>

struct timer_list;
struct umod_module;

unsigned int umod_workqueue_leftovers(struct umod_module *mod);
bool umod_is_delayed_work_timer(const struct timer_list *t);
void umod_delayed_work_disarmed(struct timer_list *t);

#endif /* _UMOD_KERNEL_WORKQUEUE_INTERNAL_H */
