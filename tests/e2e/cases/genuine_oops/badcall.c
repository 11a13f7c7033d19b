/* SPDX-License-Identifier: MIT */
/* Hands Debian's crc7_be() a NULL buffer: the fault is in genuine code. */
#include <linux/module.h>
#include <linux/types.h>

/* as 6.1's linux/crc7.h declares it */
u8 crc7_be(u8 crc, const u8 *buffer, size_t len);

static int __init badcall_init(void)
{
	return crc7_be(0, NULL, 4);
}

static void __exit badcall_exit(void)
{
}

module_init(badcall_init);
module_exit(badcall_exit);
MODULE_LICENSE("GPL");
