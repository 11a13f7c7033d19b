// A module with text, init text, data, bss and a parameter: each loaded
// section has a file in /sys/module/sects/sections/.
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

static int level = 1;
module_param(level, int, 0644);
static int counter;

static int __init sects_init(void)
{
	counter = level;
	pr_info("sects: loaded\n");
	return 0;
}

static void __exit sects_exit(void)
{
	pr_info("sects: %d\n", counter);
}

module_init(sects_init);
module_exit(sects_exit);
MODULE_LICENSE("GPL");
