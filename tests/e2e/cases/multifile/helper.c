// SPDX-License-Identifier: MIT
#include <linux/module.h>

int helper_counter;

int helper_add(int a, int b)
{
	pr_info("%s: helper in %s\n", KBUILD_MODNAME, KBUILD_BASENAME);
	return a + b;
}
