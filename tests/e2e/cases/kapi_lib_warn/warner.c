// SPDX-License-Identifier: GPL-2.0
/* WARN_ON() and WARN() in init: reported, tainted W, and init goes on */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/module.h>

static int level = 7;
module_param(level, int, 0444);

static int __init warner_init(void)
{
	int i;

	if (WARN_ON(1))
		pr_info("warner: WARN_ON returned true\n");
	for (i = 0; i < 3; i++)
		WARN_ONCE(level > 5, "warner: level %d is too high\n", level);
	pr_info("warner: still loading\n");
	return 0;
}

static void __exit warner_exit(void)
{
}

module_init(warner_init);
module_exit(warner_exit);
MODULE_LICENSE("GPL");
