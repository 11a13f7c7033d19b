/* SPDX-License-Identifier: MIT */
/* The CPU a thread runs on, as x86's asm/smp.h names it. */
#ifndef _ASM_X86_SMP_H
#define _ASM_X86_SMP_H

#include <linux/compiler.h>

/* the host CPU the calling thread is on now (sched_getcpu()) */
int raw_smp_processor_id(void);
#define __smp_processor_id()	raw_smp_processor_id()

#endif /* _ASM_X86_SMP_H */
