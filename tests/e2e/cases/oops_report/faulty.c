// SPDX-License-Identifier: MIT
/*
 * A fault in module code, chosen by the `how` parameter: a write through
 * NULL (SIGSEGV), a division by zero (SIGFPE), ud2 (SIGILL). The host
 * prints the kernel's oops report and dies of the signal.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

MODULE_LICENSE("GPL");

static char *how = "null";
module_param(how, charp, 0);
static int divisor;
module_param(divisor, int, 0);
static int *volatile target;

static noinline int faulty_write(int *p, int v)
{
	*p = v;
	return 0;
}

static noinline int faulty_divide(int n)
{
	return 100 / n;
}

/* no tail calls: the fault happens below faulty_init, as the trace shows */
static int __init faulty_init(void)
{
	int ret = 0;

	pr_info("faulty: %s\n", how);
	if (!strcmp(how, "null"))
		ret = faulty_write(target, 1);
	else if (!strcmp(how, "div"))
		ret = faulty_divide(divisor);
	else if (!strcmp(how, "ud2"))
		__builtin_trap();
	pr_info("faulty: still here (%d)\n", ret);
	return 0;
}

static void __exit faulty_exit(void)
{
}

module_init(faulty_init);
module_exit(faulty_exit);
