/* SPDX-License-Identifier: MIT */
/*
 * kernel/kthread.c: what the rest of the host asks of it.
 */
#ifndef _UMOD_KERNEL_KTHREAD_H
#define _UMOD_KERNEL_KTHREAD_H

struct umod_module;

/* module_leftovers[]: the kthreads @mod left running */
void umod_kthread_leftovers(struct umod_module *mod);

#endif /* _UMOD_KERNEL_KTHREAD_H */
