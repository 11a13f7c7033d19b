// SPDX-License-Identifier: MIT
/* No MODULE_LICENSE(): modpost refuses it (the loader would read 'unspecified'). */
#include <linux/init.h>
#include <linux/module.h>

static int __init nolicense_init(void)
{
	return 0;
}

module_init(nolicense_init);
