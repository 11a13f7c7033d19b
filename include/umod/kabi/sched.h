/* SPDX-License-Identifier: MIT */
/*
 * struct task_struct as module code sees it (current->pid, current->comm):
 * the part of the binary interface the host and modules both touch. The
 * host allocates every task (kernel/sched/core.c) and keeps its own state
 * after these fields, so only what modules read is here. Builtin types
 * only, as in kabi.h.
 */
#ifndef _UMOD_KABI_SCHED_H
#define _UMOD_KABI_SCHED_H

#include <umod/kabi/cred.h>
#include <umod/kabi/types.h>

#define UMOD_TASK_COMM_LEN	16

struct mm_struct;
struct signal_struct;

/* x86's thread_info, first in task_struct as with THREAD_INFO_IN_TASK */
struct thread_info {
	unsigned long flags;		/* TIF_SIGPENDING (bit 2), ... */
	unsigned long syscall_work;
	unsigned int status;
	unsigned int cpu;
};

#define UMOD_TIF_SIGPENDING	2

/* 6.1's sigset_t on 64-bit: _NSIG (64) signals in one word (the typedef
 * is asm/signal.h's: the host's libc has its own sigset_t) */
struct umod_sigset {
	unsigned long sig[1];
};

struct sigpending {
	struct list_head list;
	struct umod_sigset signal;
};

struct task_struct {
	/* signal_pending() tests TIF_SIGPENDING here, as 6.1 does */
	struct thread_info thread_info;
	/* TASK_RUNNING, TASK_INTERRUPTIBLE, ...: what schedule() sleeps on */
	volatile unsigned int __state;
	unsigned int flags;			/* PF_KTHREAD, PF_EXITING, ... */
	int pid;
	int tgid;
	char comm[UMOD_TASK_COMM_LEN];
	/* the user process it acts for, or NULL for a kernel thread, as in Linux */
	struct mm_struct *mm;
	/* the credentials it acts with: current_uid(), capable() */
	const struct cred *real_cred;
	const struct cred *cred;
	/* the signals sent to it: the host queues SIGKILL in pending.signal
	 * (and sets TIF_SIGPENDING) when the client a task acts for goes
	 * away, so __fatal_signal_pending() reads it as 6.1 does */
	struct sigpending pending;
	struct umod_sigset blocked;
	struct signal_struct *signal;
};

/* the SIGKILL bit of sigset_t.sig[0] (signal 9) */
#define UMOD_SIGKILL_MASK	(1UL << (9 - 1))

#endif /* _UMOD_KABI_SCHED_H */
