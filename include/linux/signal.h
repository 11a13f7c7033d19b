/* SPDX-License-Identifier: MIT */
/*
 * Signal sets as 6.1's linux/signal.h handles them. Kernel threads in
 * umod receive no signals: allow_signal() and disallow_signal() accept
 * and do nothing, and kthread code's signal_pending() stays false.
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/signal.h>
#elif !defined(_LINUX_SIGNAL_H)
#define _LINUX_SIGNAL_H

#include <linux/bug.h>
#include <linux/list.h>
#include <linux/signal_types.h>
#include <linux/string.h>

#define sigmask(sig)	(1UL << ((sig) - 1))

static inline void sigaddset(sigset_t *set, int sig)
{
	set->sig[0] |= sigmask(sig);
}

static inline void sigdelset(sigset_t *set, int sig)
{
	set->sig[0] &= ~sigmask(sig);
}

static inline int sigismember(sigset_t *set, int sig)
{
	return (set->sig[0] & sigmask(sig)) != 0;
}

static inline int sigisemptyset(sigset_t *set)
{
	return set->sig[0] == 0;
}

static inline void sigemptyset(sigset_t *set)
{
	set->sig[0] = 0;
}

static inline void sigfillset(sigset_t *set)
{
	set->sig[0] = ~0UL;
}

static inline void sigaddsetmask(sigset_t *set, unsigned long mask)
{
	set->sig[0] |= mask;
}

static inline void sigdelsetmask(sigset_t *set, unsigned long mask)
{
	set->sig[0] &= ~mask;
}

static inline int sigtestsetmask(sigset_t *set, unsigned long mask)
{
	return (set->sig[0] & mask) != 0;
}

static inline void siginitset(sigset_t *set, unsigned long mask)
{
	set->sig[0] = mask;
}

static inline void siginitsetinv(sigset_t *set, unsigned long mask)
{
	set->sig[0] = ~mask;
}

#define sigequalsets(a, b)	((a)->sig[0] == (b)->sig[0])

static inline void allow_signal(int sig)
{
	(void)sig;
}

static inline void disallow_signal(int sig)
{
	(void)sig;
}

static inline void allow_kernel_signal(int sig)
{
	(void)sig;
}

#endif /* _LINUX_SIGNAL_H */
