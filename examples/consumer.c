// SPDX-License-Identifier: MIT
/*
 * consumer: uses exporter.ko's symbols, so it loads only after exporter,
 * and exporter cannot be unloaded while consumer is loaded. modpost finds
 * the symbols in exporter's Module.symvers and records depends=exporter.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Uses the symbols exporter.ko exports");
MODULE_IMPORT_NS(EXPORTER_NS);

extern int exporter_add(int a, int b);
extern int exporter_mul(int a, int b);
extern const char exporter_greeting[];
extern int exporter_answer(void);
extern int exporter_refcount(void);
extern int exporter_calls(void);

static int a = 2;
module_param(a, int, 0);
static int b = 3;
module_param(b, int, 0);

static int __init consumer_init(void)
{
	printk(KERN_INFO "consumer: %d + %d = %d\n", a, b, exporter_add(a, b));
	printk(KERN_INFO "consumer: %d * %d = %d\n", a, b, exporter_mul(a, b));
	printk(KERN_INFO "consumer: exporter says '%s'\n", exporter_greeting);
	printk(KERN_INFO "consumer: the answer is %d\n", exporter_answer());
	printk(KERN_INFO "consumer: exporter's refcount is %d\n", exporter_refcount());
	return 0;
}

static void __exit consumer_exit(void)
{
	printk(KERN_INFO "consumer: exporter served %d calls\n", exporter_calls());
}

module_init(consumer_init);
module_exit(consumer_exit);
