// SPDX-License-Identifier: MIT
/*
 * An init that copies its parameter into an 8-byte stack buffer: a long
 * value overwrites the frame's stack canary, as any unchecked copy into
 * a local buffer does.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/string.h>

static char *text = "far longer than eight bytes";
module_param(text, charp, 0444);

static noinline int keep(const char *s)
{
	char buf[8];

	strcpy(buf, s);
	pr_info("smash: kept '%s'\n", buf);
	return 0;
}

static int __init smash_init(void)
{
	return keep(text);
}

static void __exit smash_exit(void)
{
}

module_init(smash_init);
module_exit(smash_exit);
MODULE_LICENSE("GPL");
