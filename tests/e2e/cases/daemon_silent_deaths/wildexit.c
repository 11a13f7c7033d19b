// SPDX-License-Identifier: MIT
/* corrupts its own exit pointer: rmmod then calls into nowhere */
#include <linux/module.h>

static void __exit wildexit_exit(void)
{
}

static int __init wildexit_init(void)
{
	THIS_MODULE->exit = (void (*)(void))0x1000;
	return 0;
}

module_init(wildexit_init);
module_exit(wildexit_exit);
MODULE_LICENSE("GPL");
