// SPDX-License-Identifier: MIT
/*
 * Calls host functions and reads host data that lie more than 2 GiB from
 * the module: calls go through the loader's far-call stubs (PLT32), the
 * addresses and data through its GOT (GOTPCRELX). Prints "far: yes" only
 * if the host really is out of a rel32's reach, so the stubs were needed.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

MODULE_LICENSE("GPL");

static int __init farcall_init(void)
{
	long dist = (long)((char *)&kfree - (char *)farcall_init);
	char *p = kmalloc(32, GFP_KERNEL);
	int value;

	pr_info("far: %s\n", (dist > 0x7fffffffL || dist < -0x80000000L) ? "yes" : "no");
	if (!p)
		return -ENOMEM;
	strscpy(p, "through the stubs", 32);
	pr_info("kmalloc+strscpy: %s (%zu)\n", p, strnlen(p, 32));
	kfree(p);
	if (kstrtoint("0x2a", 0, &value))
		return -EINVAL;
	pr_info("kstrtoint: %d\n", value);
	/* data of the host's, reached through the GOT */
	pr_info("param_ops_int.set: %s\n", param_ops_int.set ? "set" : "NULL");
	return 0;
}

static void __exit farcall_exit(void)
{
	pr_info("farcall: bye\n");
}

module_init(farcall_init);
module_exit(farcall_exit);
