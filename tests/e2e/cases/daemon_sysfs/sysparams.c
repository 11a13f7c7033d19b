// SPDX-License-Identifier: MIT
/* Parameters of three modes for /sys/module: 0644, 0444 and 0 (no file). */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");

static int level = 1;
module_param(level, int, 0644);
static char *label = "default";
module_param(label, charp, 0444);
static int hidden = 7;
module_param(hidden, int, 0);

static int __init sysparams_init(void)
{
	pr_info("sysparams: level %d, label %s, hidden %d\n", level, label, hidden);
	return 0;
}

static void __exit sysparams_exit(void)
{
	pr_info("sysparams: level %d at exit\n", level);
}

module_init(sysparams_init);
module_exit(sysparams_exit);
