/* SPDX-License-Identifier: MIT */
/* Signal types: struct sigpending (umod/kabi/sched.h), sigset_t, kernel_siginfo. */
#ifndef _LINUX_SIGNAL_TYPES_H
#define _LINUX_SIGNAL_TYPES_H

#include <linux/list.h>
#include <asm/signal.h>
#include <linux/signal.h>

/* the fields every siginfo has; umod delivers signals by number only */
typedef struct kernel_siginfo {
	int si_signo;
	int si_errno;
	int si_code;
} kernel_siginfo_t;

#define SEND_SIG_NOINFO		((struct kernel_siginfo *)0)
#define SEND_SIG_PRIV		((struct kernel_siginfo *)1)

#endif /* _LINUX_SIGNAL_TYPES_H */
