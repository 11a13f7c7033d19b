/* SPDX-License-Identifier: MIT */
/*
 * Tasks: `current` is the task_struct of the thread running module code.
 * Every thread that runs module code has one: a client's request runs as
 * the client (its pid and comm, "insmod"), a kernel thread as itself, a
 * timer or a work item as the host's thread that runs it.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/barrier.h>
#include <linux/compiler.h>
#include <linux/kernel.h>	/* might_sleep(), cond_resched(), as 6.1's includes bring */
#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/thread_info.h>
#include <linux/smp.h>
#include <asm/current.h>
#include <umod/kabi/sched.h>
#include <linux/rculist.h>
#include <linux/wait.h>
#include <linux/refcount.h>
#include <linux/uidgid.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <linux/hrtimer.h>
#include <linux/random.h>
#include <linux/signal_types.h>
#include <linux/sched/prio.h>
#include <linux/rhashtable-types.h>	/* 6.1: through linux/sem.h, linux/ipc.h */

#define TASK_COMM_LEN		UMOD_TASK_COMM_LEN

/* task states, as 6.1 numbers them */
#define TASK_RUNNING		0x00000000
#define TASK_INTERRUPTIBLE	0x00000001
#define TASK_UNINTERRUPTIBLE	0x00000002
#define __TASK_STOPPED		0x00000004
#define __TASK_TRACED		0x00000008
#define EXIT_DEAD		0x00000010
#define EXIT_ZOMBIE		0x00000020
#define TASK_PARKED		0x00000040
#define TASK_DEAD		0x00000080
#define TASK_WAKEKILL		0x00000100
#define TASK_WAKING		0x00000200
#define TASK_NOLOAD		0x00000400
#define TASK_NEW		0x00000800
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

/* task flags */
#define PF_EXITING		0x00000004
#define PF_KTHREAD		0x00200000

static inline struct thread_info *task_thread_info(struct task_struct *task)
{
	return &task->thread_info;
}

static inline void set_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	set_ti_thread_flag(task_thread_info(tsk), flag);
}

static inline void clear_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	clear_ti_thread_flag(task_thread_info(tsk), flag);
}

static inline int test_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	return test_ti_thread_flag(task_thread_info(tsk), flag);
}

static inline int test_tsk_need_resched(struct task_struct *tsk)
{
	return test_tsk_thread_flag(tsk, TIF_NEED_RESCHED);
}

static inline unsigned int task_cpu(const struct task_struct *p)
{
	return READ_ONCE(p->thread_info.cpu);
}

static inline pid_t task_pid_nr(const struct task_struct *tsk)
{
	return tsk->pid;
}

static inline pid_t task_tgid_nr(const struct task_struct *tsk)
{
	return tsk->tgid;
}

/*
 * The sleeping model, as the kernel's: set the state, test the condition,
 * schedule(). A wake_up_process() between the two makes schedule() return
 * at once; a signal (umod_task_signal()) ends an interruptible sleep.
 */
#define task_is_running(task)		(READ_ONCE((task)->__state) == TASK_RUNNING)
#define __set_current_state(state_value) WRITE_ONCE(current->__state, (state_value))
#define set_current_state(state_value)	smp_store_mb(current->__state, (state_value))
#define get_current_state()		READ_ONCE(current->__state)

#define MAX_SCHEDULE_TIMEOUT		LONG_MAX

void schedule(void);
void io_schedule(void);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_killable(long timeout);
long schedule_timeout_uninterruptible(long timeout);
long schedule_timeout_idle(long timeout);
long io_schedule_timeout(long timeout);
int wake_up_process(struct task_struct *tsk);
int wake_up_state(struct task_struct *tsk, unsigned int state);
void yield(void);

#define need_resched()			0

static inline int task_nice(const struct task_struct *p)
{
	(void)p;
	return 0;
}

#endif /* _LINUX_SCHED_H */
