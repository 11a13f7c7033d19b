/* SPDX-License-Identifier: MIT */
/*
 * A task's references: get_task_struct() keeps a task_struct (a kthread's,
 * across kthread_stop()) after its thread is gone. Calls into the host,
 * which owns the count (6.1 inlines a refcount on task->usage).
 */
#ifndef _LINUX_SCHED_TASK_H
#define _LINUX_SCHED_TASK_H

#include <linux/sched.h>
#include <linux/uaccess.h>

struct task_struct *get_task_struct(struct task_struct *t);
void put_task_struct(struct task_struct *t);

#endif /* _LINUX_SCHED_TASK_H */
