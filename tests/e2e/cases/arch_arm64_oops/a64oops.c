// SPDX-License-Identifier: MIT
/*
 * A fault in arm64 module code, chosen by `how`: a write through NULL (a
 * data abort) or BUG() (a brk). The host prints arm64 Linux's oops report.
 */
#include <linux/bug.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

MODULE_LICENSE("GPL");

static char *how = "null";
module_param(how, charp, 0);
static int *volatile target;

static noinline int a64_write(int *p, int v)
{
	*p = v;
	return 0;
}

static int __init a64_init(void)
{
	int ret = 0;

	if (!strcmp(how, "null"))
		ret = a64_write(target, 1);
	else if (!strcmp(how, "bug"))
		BUG();
	pr_info("a64oops: still here (%d)\n", ret);
	return 0;
}

static void __exit a64_exit(void)
{
}

module_init(a64_init);
module_exit(a64_exit);
