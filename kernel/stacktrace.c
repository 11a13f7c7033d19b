// SPDX-License-Identifier: MIT
/*
 * Stack traces (kernel/stacktrace.c): stack_trace_save() walks the frame
 * records (modules are built with frame pointers) from its caller up,
 * while the return addresses are module code; the host's frames below
 * the first call into a module have no records to follow, so a trace
 * ends where Linux's would go on into the kernel's own functions.
 */
#include <stdint.h>
#include <stdio.h>

#include <umod/kabi/sched.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/vsprintf.h"

/* the module whose code runs on this thread, and so whose trace this is */
static struct umod_host *calling_host(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call && t->call->mod ? t->call->mod->host : NULL;
}

/*
 * From @fp, a frame record of [caller's record, return address] as both
 * x86-64 and arm64 lay them out: the return addresses into module code,
 * @skip of them left out, at most @size kept.
 */
static unsigned int walk(struct umod_host *host, const uint64_t *fp, unsigned long *store,
			 unsigned int size, unsigned int skip)
{
	unsigned int n = 0;

	while (fp && n < size && !((uintptr_t)fp & 7)) {
		uint64_t ret = fp[1];
		const uint64_t *next = (const uint64_t *)(uintptr_t)fp[0];

		if (!umod_area_contains(host, ret))
			break;
		if (skip)
			skip--;
		else
			store[n++] = (unsigned long)ret;
		/* a record further down the stack, or the chain is broken */
		if (next <= fp)
			break;
		fp = next;
	}
	return n;
}

/*
 * The walk must not be a tail call: a sibling call would give this
 * function's frame record, which the walk starts from, to the walk's
 * own saved registers.
 */
static inline unsigned int keep_frame(unsigned int n)
{
	__asm__ __volatile__("" : "+r"(n) : : "memory");
	return n;
}

UMOD_KEEP_FRAME
static unsigned int kapi_stack_trace_save(unsigned long *store, unsigned int size,
					  unsigned int skipnr)
{
	struct umod_host *host = calling_host();

	unsigned int n;

	if (!host)
		return 0;
	/* this function's own record holds the return into its caller */
	n = walk(host, __builtin_frame_address(0), store, size, skipnr);
	return keep_frame(n);
}

/* only the calling task's stack can be walked: another's is on another thread */
UMOD_KEEP_FRAME
static unsigned int kapi_stack_trace_save_tsk(struct task_struct *task, unsigned long *store,
					      unsigned int size, unsigned int skipnr)
{
	struct umod_task *t = umod_task_peek();
	struct umod_host *host = calling_host();

	unsigned int n;

	if (!host || !t || task != &t->task)
		return 0;
	n = walk(host, __builtin_frame_address(0), store, size, skipnr);
	return keep_frame(n);
}

/* one line per entry, "%*c%pS" indented by @spaces + 1 */
static void kapi_stack_trace_print(const unsigned long *entries, unsigned int nr_entries,
				   int spaces)
{
	struct umod_host *host = calling_host();

	if (!entries) {
		umod_warn_host("kernel/stacktrace.c", 28, "stack_trace_print", NULL);
		return;
	}
	if (!host)
		return;
	for (unsigned int i = 0; i < nr_entries; i++)
		umod_log_printk(host->log, "%*c%pS\n", 1 + spaces, ' ', (void *)entries[i]);
}

/* as stack_trace_print(), into @buf: the length the whole text needs */
static int kapi_stack_trace_snprint(char *buf, size_t size, const unsigned long *entries,
				    unsigned int nr_entries, int spaces)
{
	int total = 0;

	if (!entries) {
		umod_warn_host("kernel/stacktrace.c", 51, "stack_trace_snprint", NULL);
		return 0;
	}
	for (unsigned int i = 0; i < nr_entries && size; i++) {
		int n = umod_snprintf(buf, size, "%*c%pS\n", 1 + spaces, ' ', (void *)entries[i]);

		total += n;
		if ((size_t)n >= size) {
			buf += size;
			size = 0;
		} else {
			buf += n;
			size -= (size_t)n;
		}
	}
	return total;
}

static const struct umod_kapi_export stacktrace_exports[] = {
	UMOD_KAPI_GPL("stack_trace_save", kapi_stack_trace_save),
	UMOD_KAPI_GPL("stack_trace_save_tsk", kapi_stack_trace_save_tsk),
	UMOD_KAPI_GPL("stack_trace_print", kapi_stack_trace_print),
	UMOD_KAPI_GPL("stack_trace_snprint", kapi_stack_trace_snprint),
};

const struct umod_kapi_table umod_kapi_stacktrace = UMOD_KAPI_TABLE(stacktrace_exports);
