// SPDX-License-Identifier: GPL-2.0
/* Mistakes the kernel's headers catch at compile time; CASE picks one. */
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/module.h>

static int values[4] = { 1, 2, 3, 4 };

static int __init checks_init(void)
{
	int *p = values;
	unsigned int u = 3;
	int i = -1;

	(void)p; (void)u; (void)i;
#if CASE == 1
	/* min() of int and unsigned int: a warning, as in Linux */
	pr_info("%d\n", (int)min(i, u));
#elif CASE == 2
	/* ARRAY_SIZE() of a pointer: an error */
	pr_info("%zu\n", ARRAY_SIZE(p));
#elif CASE == 3
	BUILD_BUG_ON(sizeof(values) != 8);
#else
	pr_info("%d %zu\n", min_t(int, i, u), ARRAY_SIZE(values));
#endif
	return 0;
}

module_init(checks_init);
MODULE_LICENSE("GPL");
