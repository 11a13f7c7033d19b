/* SPDX-License-Identifier: MIT */
/* Imports crc7_be: whose it gets depends on the CRC it was built with. */
#include <linux/module.h>
#include <linux/types.h>

/* as 6.1's linux/crc7.h declares it */
u8 crc7_be(u8 crc, const u8 *buffer, size_t len);

static int __init crc_user_init(void)
{
	pr_info("crc_user: crc7_be(\"123456789\") = %#x\n",
		crc7_be(0, (const u8 *)"123456789", 9));
	return 0;
}

static void __exit crc_user_exit(void)
{
}

module_init(crc_user_init);
module_exit(crc_user_exit);
MODULE_LICENSE("GPL");
