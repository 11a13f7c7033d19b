/* SPDX-License-Identifier: MIT */
/*
 * Stack traces (kernel/stacktrace.c): the return addresses of the
 * calling module's frames, and their "%pS" lines. Only module frames are
 * there: the host's below them have no frame records to follow.
 */
#ifndef __LINUX_STACKTRACE_H
#define __LINUX_STACKTRACE_H

#include <linux/types.h>
#include <asm/errno.h>

struct task_struct;

void stack_trace_print(const unsigned long *trace, unsigned int nr_entries, int spaces);
int stack_trace_snprint(char *buf, size_t size, const unsigned long *entries,
			unsigned int nr_entries, int spaces);
unsigned int stack_trace_save(unsigned long *store, unsigned int size, unsigned int skipnr);
unsigned int stack_trace_save_tsk(struct task_struct *task, unsigned long *store,
				  unsigned int size, unsigned int skipnr);

#endif /* __LINUX_STACKTRACE_H */
