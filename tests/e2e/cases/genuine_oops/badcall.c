/* SPDX-License-Identifier: MIT */
/* Hands Debian's arc4_setkey() a NULL key: the fault is in genuine code. */
#include <crypto/arc4.h>
#include <linux/module.h>

static struct arc4_ctx ctx;

static int __init badcall_init(void)
{
	arc4_setkey(&ctx, NULL, 4);
	return 0;
}

static void __exit badcall_exit(void)
{
}

module_init(badcall_init);
module_exit(badcall_exit);
MODULE_LICENSE("GPL");
