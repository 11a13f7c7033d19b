// SPDX-License-Identifier: MIT
/*
 * A module whose load allocates everywhere: a charp parameter (copied by
 * the host), host memory in init (kcalloc, kstrdup), a pointer kept in
 * __ro_after_init (one more mprotect after init). Every allocation that
 * fails makes init fail cleanly, freeing what it took.
 */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static char *label = "none";
module_param(label, charp, 0);

static int *table __ro_after_init;
static char *copy;

static int __init allocs_init(void)
{
	table = kcalloc(4, sizeof(*table), GFP_KERNEL);
	if (!table)
		return -ENOMEM;
	copy = kstrdup(label, GFP_KERNEL);
	if (!copy) {
		kfree(table);
		return -ENOMEM;
	}
	pr_info("allocs: %s\n", copy);
	return 0;
}

static void __exit allocs_exit(void)
{
	kfree(copy);
	kfree(table);
}

module_init(allocs_init);
module_exit(allocs_exit);
