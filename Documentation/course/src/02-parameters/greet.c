// SPDX-License-Identifier: GPL-2.0
/*
 * greet.c: module parameters. Each module_param() names a variable, its
 * type and the mode of its file under /sys/module/greet/parameters/ (0:
 * no file). Values come from the insmod command line, as name=value.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>

static char *whom = "world";
module_param(whom, charp, 0444);
MODULE_PARM_DESC(whom, "who is greeted");

static int times = 1;
module_param(times, int, 0644);
MODULE_PARM_DESC(times, "how many greetings");

static bool shout;
module_param(shout, bool, 0644);
MODULE_PARM_DESC(shout, "end the greetings with '!'");

static int lucky[4];
static unsigned int nlucky;
module_param_array(lucky, int, &nlucky, 0444);
MODULE_PARM_DESC(lucky, "up to four lucky numbers");

static int __init greet_init(void)
{
	unsigned int i;
	int n;

	for (n = 1; n <= times; n++)
		pr_info("greeting %d: hello, %s%s\n", n, whom, shout ? "!" : ".");
	for (i = 0; i < nlucky; i++)
		pr_info("lucky number %u is %d\n", i, lucky[i]);
	return 0;
}

static void __exit greet_exit(void)
{
	pr_info("goodbye, %s (times is now %d)\n", whom, times);
}

module_init(greet_init);
module_exit(greet_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Module parameters of each common kind");
