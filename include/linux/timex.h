/* SPDX-License-Identifier: MIT */
/* Clock discipline's header: modules use it for get_cycles() and cycles_t (asm/timex.h). */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/timex.h>
#elif !defined(_LINUX_TIMEX_H)
#define _LINUX_TIMEX_H

#include <linux/types.h>
#include <linux/param.h>
#include <linux/time.h>
#include <asm/timex.h>

#define NTP_PHASE_LIMIT		((MAXPHASE / NSEC_PER_USEC) << 5)
#define MAXPHASE		500000000L

#endif /* _LINUX_TIMEX_H */
