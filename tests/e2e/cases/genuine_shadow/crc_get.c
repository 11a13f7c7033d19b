/* SPDX-License-Identifier: MIT */
/* Finds crc7_be with symbol_get(): the genuine module's, while it is loaded. */
#include <linux/module.h>
#include <linux/types.h>

u8 crc7_be(u8 crc, const u8 *buffer, size_t len);

static int __init crc_get_init(void)
{
	typeof(&crc7_be) f = symbol_get(crc7_be);

	if (!f)
		return -ENOENT;
	pr_info("crc_get: crc7_be(\"123456789\") = %#x\n", f(0, (const u8 *)"123456789", 9));
	symbol_put(crc7_be);
	return 0;
}

static void __exit crc_get_exit(void)
{
}

module_init(crc_get_init);
module_exit(crc_get_exit);
MODULE_LICENSE("GPL");
