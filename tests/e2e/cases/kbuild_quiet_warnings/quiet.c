// SPDX-License-Identifier: GPL-2.0
/*
 * Code that Linux 6.1's default build (W=0) compiles without a warning:
 * a u8 buffer handed to a char * parameter (-Wno-pointer-sign) and a
 * variable that is set but never read (-Wno-unused-but-set-variable).
 */
#include <linux/module.h>
#include <linux/string.h>

static u8 buf[16];

static int __init quiet_init(void)
{
	int unread;

	unread = strscpy(buf, "quiet", sizeof(buf));
	pr_info("quiet: %zu\n", strlen(buf));
	return 0;
}

static void __exit quiet_exit(void)
{
}

module_init(quiet_init);
module_exit(quiet_exit);
MODULE_LICENSE("GPL");
