/* SPDX-License-Identifier: MIT */
/*
 * Signal numbers and sigset_t as x86-64's asm/signal.h has them (arm64
 * numbers them the same). sigset_t's layout is the task's (umod/kabi/sched.h).
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm/signal.h>
#elif !defined(_ASM_X86_SIGNAL_H)
#define _ASM_X86_SIGNAL_H

#include <linux/types.h>
#include <umod/kabi/sched.h>
#include <linux/linkage.h>
#include <linux/time.h>

#define _NSIG		64
#define _NSIG_BPW	64
#define _NSIG_WORDS	(_NSIG / _NSIG_BPW)

typedef unsigned long old_sigset_t;
typedef struct umod_sigset sigset_t;

#define SIGHUP		 1
#define SIGINT		 2
#define SIGQUIT		 3
#define SIGILL		 4
#define SIGTRAP		 5
#define SIGABRT		 6
#define SIGIOT		 6
#define SIGBUS		 7
#define SIGFPE		 8
#define SIGKILL		 9
#define SIGUSR1		10
#define SIGSEGV		11
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGSTKFLT	16
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGXCPU		24
#define SIGXFSZ		25
#define SIGVTALRM	26
#define SIGPROF		27
#define SIGWINCH	28
#define SIGIO		29
#define SIGPOLL		SIGIO
#define SIGPWR		30
#define SIGSYS		31
#define SIGUNUSED	31
#define SIGRTMIN	32
#define SIGRTMAX	_NSIG

/* si_code values of SIGIO/SIGPOLL (asm-generic/siginfo.h) */
#define POLL_IN		1
#define POLL_OUT	2
#define POLL_MSG	3
#define POLL_ERR	4
#define POLL_PRI	5
#define POLL_HUP	6

#define SI_USER		0
#define SI_KERNEL	0x80

#endif /* _ASM_X86_SIGNAL_H */
