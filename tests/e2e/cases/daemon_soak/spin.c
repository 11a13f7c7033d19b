// SPDX-License-Identifier: MIT
/* an init that never returns: it spins without sleeping */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int stop;
module_param(stop, int, 0644);

static noinline void spin_forever(void)
{
	while (!READ_ONCE(stop))
		barrier();
}

static int __init spin_init(void)
{
	pr_info("spin: spinning\n");
	spin_forever();
	return 0;
}

static void __exit spin_exit(void)
{
}

module_init(spin_init);
module_exit(spin_exit);
MODULE_LICENSE("GPL");
