/* SPDX-License-Identifier: MIT */
/*
 * kernel/sched/: tasks (core.c), sleeping and waking (core.c, wait.c). Linux
 * splits this between kernel/sched/sched.h and include/linux/sched.h (the
 * task, current); include/linux/ is the modules' API here, so the host's
 * view of tasks is here too.
 */
#ifndef _UMOD_KERNEL_SCHED_SCHED_H
#define _UMOD_KERNEL_SCHED_SCHED_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <umod/kabi/sched.h>

#include "util/list.h"

#define UMOD_PF_WQ_WORKER	0x00000020	/* PF_WQ_WORKER */
#define UMOD_PF_KTHREAD		0x00200000	/* PF_KTHREAD */

/* the kernel's preempt_count() layout: what in_atomic() and friends test */
#define UMOD_PREEMPT_OFFSET	0x00000001u
#define UMOD_PREEMPT_MASK	0x000000ffu
#define UMOD_SOFTIRQ_OFFSET	0x00000100u
#define UMOD_SOFTIRQ_MASK	0x0000ff00u
/* local_bh_disable()'s count: 6.1's SOFTIRQ_DISABLE_OFFSET */
#define UMOD_SOFTIRQ_DISABLE_OFFSET	(2 * UMOD_SOFTIRQ_OFFSET)
#define UMOD_HARDIRQ_OFFSET	0x00010000u
#define UMOD_HARDIRQ_MASK	0x000f0000u

struct umod_call;

/* a task: what modules see first, then what only the host keeps */
struct umod_task {
	struct task_struct task;
	atomic_int usage;		/* get_task_struct(); freed at 0 */
	/* spinlocks held, softirq (timer) context: the kernel's bits above */
	unsigned int preempt_count;
	unsigned int irqs_disabled;	/* local_irq_save() depth */
	/* the innermost entry into module code on this thread (call.c) */
	struct umod_call *call;
	/* when the task last entered module code or went to sleep or woke:
	 * the soft-lockup watchdog's clock (ns since boot) */
	_Atomic uint64_t switch_ns;
	/* rcu_read_lock() nesting: might_sleep() reports a sleep inside */
	unsigned int rcu_read_depth;
	/* what task.cred and task.real_cred point at (kernel/cred.c) */
	struct cred cred;
	/* a kernel thread's, while its thread runs: on the list /proc shows */
	struct umod_list kthread_node;
};

/* kernel/cred.c: @t acts as @uid/@gid (root: every capability) */
void umod_cred_init(struct cred *cred, unsigned int uid, unsigned int gid);
/* the signal_struct every task points at (one thread group per task here) */
extern struct signal_struct umod_signal_struct;

/*
 * A new task for a thread the host starts, not yet anyone's current;
 * @kthread: a kernel thread (PF_KTHREAD, no mm). One reference.
 */
int umod_task_new(struct umod_task **tp, const char *comm, bool kthread);
struct umod_task *umod_task_get(struct umod_task *t);
void umod_task_put(struct umod_task *t);
/* the calling thread runs as @t from now on (NULL: as nobody); a kernel
 * thread's task takes the thread's id as its pid here */
void umod_task_set_current(struct umod_task *t);
/* the calling thread's task, made on first use for threads the host did not start */
struct umod_task *umod_task_current(void);
/* the calling thread's task or NULL, never allocating: for signal handlers */
struct umod_task *umod_task_peek(void);
/* around a wait of host code on its own primitives: the task sleeps */
unsigned int umod_task_sleep_begin(void);
/* the same in @state: the hung-task check counts only TASK_UNINTERRUPTIBLE */
#define UMOD_TASK_INTERRUPTIBLE	0x0001u
unsigned int umod_task_sleep_state(unsigned int state);
void umod_task_sleep_end(unsigned int state);

/* a host source's name as the kernel's reports give it: "kernel/sched/core.c" */
static inline const char *umod_src_rel(const char *file)
{
	const char *p = strstr(file, "/kernel/");

	return p ? p + 1 : file;
}

/* the calling thread's task pointer, for the hot paths (spin_lock) */
extern __thread struct umod_task *umod_current_tls __attribute__((tls_model("initial-exec")));

static inline struct umod_task *umod_task_fast(void)
{
	struct umod_task *t = umod_current_tls;

	return t ? t : umod_task_current();
}

/*
 * A signal for @t, as the kernel's SIGKILL: signal_pending() and
 * fatal_signal_pending() become true and an interruptible or killable
 * sleep of @t ends (-ERESTARTSYS, -EINTR). The daemon sends it when the
 * client a task acts for goes away.
 */
void umod_task_signal(struct umod_task *t);
/* try_to_wake_up(): @p to TASK_RUNNING if its state is in @state; 1 if so */
int umod_task_wake(struct task_struct *p, unsigned int state);
/* the sleeps of schedule() and schedule_timeout(), for host code too */
void umod_schedule(void);
long umod_schedule_timeout(long timeout);
/*
 * On the functions modules call that may sleep: they keep a frame
 * pointer, so that a might_sleep() report's call trace walks through them
 * to the module's frames.
 */
#if defined(__clang__)
/* clang has no such attribute; its builds here keep frame pointers anyway */
#define UMOD_KEEP_FRAME	__attribute__((noinline))
#else
#define UMOD_KEEP_FRAME	__attribute__((noinline, optimize("no-omit-frame-pointer")))
#endif
/* might_sleep() from host code: the report when the context is atomic */
void umod_might_resched(const char *file, int line, unsigned int offsets);
/* tests: the next might_sleep() report is not held back by the rate limit */
void umod_might_sleep_reset_ratelimit(void);

/* wait queues for the host's sleeping locks (wait.c) */
struct wait_queue_head;
/* an empty, unlocked wait queue: init_waitqueue_head() for host code */
void umod_wq_init(struct wait_queue_head *wq);
struct umod_task *umod_wq_lock(struct wait_queue_head *wq);
void umod_wq_unlock(struct wait_queue_head *wq, struct umod_task *t);
/* wakes up to @nr exclusive waiters (0: all) in @mode; the lock is held */
void umod_wake_locked(struct wait_queue_head *wq, unsigned int mode, int nr);
/*
 * With @wq's lock held (dropped while asleep): sleeps in @state, queued
 * at the tail, until @ready(@arg), tested under the lock, is true. 0, or
 * -EINTR when a signal ends the sleep, -ETIME when *@timeout jiffies (the
 * rest is left there; MAX_SCHEDULE_TIMEOUT: no limit) run out first.
 */
int umod_wait_locked(struct wait_queue_head *wq, struct umod_task *t,
		     bool (*ready)(void *arg), void *arg, unsigned int state, long *timeout);
/* the kernel's signal_pending_state() */
bool umod_signal_ends(const struct umod_task *t, unsigned int state);
struct completion;
void umod_complete(struct completion *x);	/* kernel/sched/completion.c */
void umod_wait_for_completion(struct completion *x);
/* the jiffies left (at least 1), 0 when @timeout ran out */
unsigned long umod_wait_for_completion_timeout(struct completion *x, unsigned long timeout);
bool umod_task_sigpending(const struct umod_task *t);
bool umod_task_fatal_pending(const struct umod_task *t);
void umod_task_clear_signals(struct umod_task *t);

/*
 * local_irq_save()/restore() of @t: x86's IF in the flags word, as 6.1's
 * arch_local_irq_save() returns it (kernel/sched/core.c, the spin locks)
 */
#define UMOD_ARCH_IRQ_ENABLED	0x200ul

static inline unsigned long umod_irq_save(struct umod_task *t)
{
	unsigned long flags = t->irqs_disabled ? 0 : UMOD_ARCH_IRQ_ENABLED;

	t->irqs_disabled = 1;
	return flags;
}

static inline void umod_irq_restore(struct umod_task *t, unsigned long flags)
{
	t->irqs_disabled = !(flags & UMOD_ARCH_IRQ_ENABLED);
}

#endif /* _UMOD_KERNEL_SCHED_SCHED_H */
