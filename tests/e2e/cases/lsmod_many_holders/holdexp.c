// SPDX-License-Identifier: MIT
/* an export that many modules use */
#include <linux/module.h>

int holdexp_fn(void)
{
	return 1;
}
EXPORT_SYMBOL(holdexp_fn);

MODULE_LICENSE("GPL");
