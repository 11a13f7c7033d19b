// SPDX-License-Identifier: MIT
/* Uses a symbol of namespace EXPORTER_NS without importing it: refused. */
#include <linux/init.h>
#include <linux/module.h>

MODULE_LICENSE("GPL");

extern int exporter_answer(void);

static int __init nsuser_init(void)
{
	return exporter_answer() == 42 ? 0 : -1;
}

module_init(nsuser_init);
