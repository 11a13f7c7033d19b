// SPDX-License-Identifier: GPL-2.0
/* -Wall stays on, as on 6.1: an unused variable is still reported. */
#include <linux/module.h>

static int __init noisy_init(void)
{
	int unused;

	return 0;
}

module_init(noisy_init);
MODULE_LICENSE("GPL");
