// SPDX-License-Identifier: MIT
/*
 * exporter: a module that offers functions and data to other modules, in
 * each of the kernel's ways: EXPORT_SYMBOL (anyone), EXPORT_SYMBOL_GPL
 * (GPL-compatible modules only) and EXPORT_SYMBOL_NS (modules that import
 * the namespace). exporter_private is global but not exported: no other
 * module can link against it.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Exports symbols for consumer.ko");

static int calls;
int exporter_private = 7;

int exporter_add(int a, int b)
{
	calls++;
	return a + b;
}
EXPORT_SYMBOL(exporter_add);

int exporter_mul(int a, int b)
{
	calls++;
	return a * b;
}
EXPORT_SYMBOL_GPL(exporter_mul);

const char exporter_greeting[] = "hello from exporter";
EXPORT_SYMBOL(exporter_greeting);

int exporter_answer(void)
{
	return 42;
}
EXPORT_SYMBOL_NS(exporter_answer, EXPORTER_NS);

/* how many references other modules hold on us right now */
int exporter_refcount(void)
{
	return module_refcount(THIS_MODULE);
}
EXPORT_SYMBOL(exporter_refcount);

int exporter_calls(void)
{
	return calls;
}
EXPORT_SYMBOL(exporter_calls);

static int __init exporter_init(void)
{
	printk(KERN_INFO "exporter: ready\n");
	return 0;
}

static void __exit exporter_exit(void)
{
	printk(KERN_INFO "exporter: %d calls served, goodbye\n", calls);
}

module_init(exporter_init);
module_exit(exporter_exit);
