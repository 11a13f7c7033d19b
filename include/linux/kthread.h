/* SPDX-License-Identifier: MIT */
/*
 * Kernel threads: a host thread with its own task (current->comm is the
 * formatted name, PF_KTHREAD set) that sleeps until its first
 * wake_up_process(), then runs threadfn as the creating module's code
 * (the module calling kthread_create_on_node()): an oops in it ends that
 * thread only. kthread_stop() sets the flag kthread_should_stop() reads,
 * wakes the thread and waits for threadfn's result.
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/sched.h>
#include <linux/types.h>

#define NUMA_NO_NODE	(-1)

__printf(4, 5)
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data),
					   void *data,
					   int node,
					   const char namefmt[], ...);

#define kthread_create(threadfn, data, namefmt, arg...) \
	kthread_create_on_node(threadfn, data, NUMA_NO_NODE, namefmt, ##arg)

/* creates the thread and wakes it: its threadfn starts */
#define kthread_run(threadfn, data, namefmt, ...)			\
({									\
	struct task_struct *__k						\
		= kthread_create(threadfn, data, namefmt, ##__VA_ARGS__); \
	if (!IS_ERR(__k))						\
		wake_up_process(__k);					\
	__k;								\
})

int kthread_stop(struct task_struct *k);
/* end the calling kthread now with @result (threadfn's frames are left) */
void __noreturn kthread_exit(long result);
void __noreturn kthread_complete_and_exit(struct completion *comp, long code);
bool kthread_should_stop(void);
bool kthread_should_park(void);
void kthread_parkme(void);
int kthread_park(struct task_struct *k);
void kthread_unpark(struct task_struct *k);
/* a process has no CPUs to pin to: binding is accepted and changes nothing */
void kthread_bind(struct task_struct *k, unsigned int cpu);
void *kthread_data(struct task_struct *k);
bool kthread_freezable_should_stop(bool *was_frozen);

#endif /* _LINUX_KTHREAD_H */
