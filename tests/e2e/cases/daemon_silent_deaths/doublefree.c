// SPDX-License-Identifier: MIT
/* frees the same memory twice */
#include <linux/module.h>
#include <linux/slab.h>

static int __init doublefree_init(void)
{
	char *p = kmalloc(32, GFP_KERNEL);

	kfree(p);
	kfree(p);
	return 0;
}

module_init(doublefree_init);
MODULE_LICENSE("GPL");
