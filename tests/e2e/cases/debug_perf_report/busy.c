#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

static noinline unsigned long spin(unsigned long n)
{
	unsigned long x = 1;

	while (n--)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

static int __init busy_init(void)
{
	pr_info("busy: %lx\n", spin(100000000UL));
	return 0;
}

static void __exit busy_exit(void)
{
}

module_init(busy_init);
module_exit(busy_exit);
