// SPDX-License-Identifier: MIT
/*
 * Stack traces from module code (test_stacktrace.c): init calls outer(),
 * which calls inner(), which saves the trace; the three frames are the
 * module's, the host's below init end it. Printed with
 * stack_trace_print() and measured with stack_trace_snprint().
 */
#include <linux/module.h>
#include <linux/stacktrace.h>

static unsigned long entries[8];

static noinline unsigned int inner(unsigned int size, unsigned int skip)
{
	unsigned int n = stack_trace_save(entries, size, skip);

	barrier();	/* not a tail call: inner keeps its frame */
	return n;
}

static noinline unsigned int outer(unsigned int size, unsigned int skip)
{
	unsigned int n = inner(size, skip);

	barrier();
	return n;
}

static int __init stktrace_init(void)
{
	char buf[16];
	unsigned int n;
	int len;

	n = outer(ARRAY_SIZE(entries), 1);
	pr_info("stktrace: skip 1: %u\n", n);
	n = outer(1, 0);
	pr_info("stktrace: room for 1: %u\n", n);
	n = outer(ARRAY_SIZE(entries), 0);
	pr_info("stktrace: %u entries\n", n);
	stack_trace_print(entries, n, 2);
	len = stack_trace_snprint(buf, sizeof(buf), entries, n, 0);
	pr_info("stktrace: snprint %d, kept %zu\n", len, strlen(buf));
	return 0;
}

static void __exit stktrace_exit(void)
{
}

module_init(stktrace_init);
module_exit(stktrace_exit);
MODULE_LICENSE("GPL");
