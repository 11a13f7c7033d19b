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

#define UMOD_TASK_COMM_LEN	16

struct mm_struct;

struct task_struct {
	/* TASK_RUNNING, TASK_INTERRUPTIBLE, ...: what schedule() sleeps on */
	volatile unsigned int __state;
	unsigned int flags;			/* PF_KTHREAD, PF_EXITING, ... */
	int pid;
	int tgid;
	char comm[UMOD_TASK_COMM_LEN];
	/* the user process it acts for, or NULL for a kernel thread, as in Linux */
	struct mm_struct *mm;
	/* signal_pending(): set by the host when the client a task acts
	 * for goes away (a fatal signal, as SIGKILL); the TIF_SIGPENDING bit */
	volatile unsigned int sigpending;
};

#define UMOD_SIGPENDING		0x1u
#define UMOD_SIGPENDING_FATAL	0x2u

#endif /* _UMOD_KABI_SCHED_H */
