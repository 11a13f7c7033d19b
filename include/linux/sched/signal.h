/* SPDX-License-Identifier: MIT */
/*
 * Signals as module code sees them: one pending bit per task. The host
 * sets it when the client a task acts for goes away (as a SIGKILL), so
 * interruptible and killable sleeps end with -ERESTARTSYS or -EINTR.
 */
#ifndef _LINUX_SCHED_SIGNAL_H
#define _LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>

static inline int signal_pending(struct task_struct *p)
{
	return unlikely(READ_ONCE(p->sigpending) & UMOD_SIGPENDING);
}

static inline int __fatal_signal_pending(struct task_struct *p)
{
	return unlikely(READ_ONCE(p->sigpending) & UMOD_SIGPENDING_FATAL);
}

static inline int fatal_signal_pending(struct task_struct *p)
{
	return signal_pending(p) && __fatal_signal_pending(p);
}

static inline int signal_pending_state(unsigned int state, struct task_struct *p)
{
	if (!(state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)))
		return 0;
	if (!signal_pending(p))
		return 0;
	return (state & TASK_INTERRUPTIBLE) || __fatal_signal_pending(p);
}

#endif /* _LINUX_SCHED_SIGNAL_H */
