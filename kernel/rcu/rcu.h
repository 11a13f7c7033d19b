/* SPDX-License-Identifier: MIT */
/*
 * kernel/rcu/update.c: what the loader asks of RCU.
 */
#ifndef _UMOD_KERNEL_RCU_RCU_H
#define _UMOD_KERNEL_RCU_RCU_H

struct umod_module;

/* rcu_barrier(): every call_rcu() callback queued so far has run */
void umod_rcu_barrier(void);
/* module_leftovers[]: rcu_barrier() before a module's memory goes */
void umod_rcu_module_leftovers(struct umod_module *mod);

/* for the host's own RCU-protected structures (lib/xarray.c's trees) */
/* a read-side section, as module code's rcu_read_lock() (nesting allowed) */
void umod_rcu_read_lock(void);
void umod_rcu_read_unlock(void);
/* kfree() after a grace period: @obj came from the kmalloc family */
void umod_kfree_rcu(void *obj);
/* waits for every reader that started before it (sleeps) */
void umod_synchronize_rcu(void);
/* call_rcu(): @func(@head) after a grace period (kernel/workqueue.c's rcu works) */
struct callback_head;
void umod_call_rcu(struct callback_head *head, void (*func)(struct callback_head *));

#endif /* _UMOD_KERNEL_RCU_RCU_H */
