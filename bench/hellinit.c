// SPDX-License-Identifier: MIT
/*
 * The article's hellop as the kernel would have it written today: init
 * and exit marked __init/__exit, so that its init code sits in the region
 * the host gives back once init has run. From init it lets the benchmark
 * look at the process's mappings while that region is still there.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("Dual BSD/GPL");

void bench_probe(void);

static char *whom = "world";
module_param(whom, charp, 0);
static int howmany = 1;
module_param(howmany, int, 0);

static int __init hello_init(void)
{
	int i;

	for (i = 0; i < howmany; i++)
		printk(KERN_ALERT "(%d) Hello, %s\n", i, whom);
	bench_probe();
	return 0;
}

static void __exit hello_exit(void)
{
	printk(KERN_ALERT "Goodbye, cruel %s\n", whom);
}

module_init(hello_init);
module_exit(hello_exit);
