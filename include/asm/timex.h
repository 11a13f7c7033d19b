/* SPDX-License-Identifier: MIT */
/* The cycle counter: x86's TSC, arm64's virtual counter, read in user space. */
#ifndef _ASM_X86_TIMEX_H
#define _ASM_X86_TIMEX_H

#include <asm/processor.h>
#include <asm/tsc.h>

#define CLOCK_TICK_RATE		1193182	/* the PIT's, as x86 names it */
#define ARCH_HAS_READ_CURRENT_TIMER

#endif /* _ASM_X86_TIMEX_H */
