// SPDX-License-Identifier: MIT
/* a module with 40 MiB of .bss, which the loader maps and populates */
#include <linux/module.h>

static char buffer[40 << 20];

/* read from outside: the buffer must stay */
char *bigger_buffer(void)
{
	return buffer;
}
EXPORT_SYMBOL(bigger_buffer);

static int __init bigger_init(void)
{
	buffer[sizeof(buffer) - 1] = 1;
	return 0;
}

static void __exit bigger_exit(void)
{
}

module_init(bigger_init);
module_exit(bigger_exit);
MODULE_LICENSE("GPL");
