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

#endif /* _UMOD_KERNEL_RCU_RCU_H */
