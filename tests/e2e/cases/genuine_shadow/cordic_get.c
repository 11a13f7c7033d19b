/* SPDX-License-Identifier: MIT */
/* Finds cordic_calc_iq with symbol_get(): the genuine module's, while it is loaded. */
#include <linux/cordic.h>
#include <linux/module.h>

static int __init cordic_get_init(void)
{
	typeof(&cordic_calc_iq) f = symbol_get(cordic_calc_iq);
	struct cordic_iq iq;

	if (!f)
		return -ENOENT;
	iq = f(60);
	pr_info("cordic_get: cordic_calc_iq(60) = (%d, %d)\n", iq.i, iq.q);
	symbol_put(cordic_calc_iq);
	return 0;
}

static void __exit cordic_get_exit(void)
{
}

module_init(cordic_get_init);
module_exit(cordic_get_exit);
MODULE_LICENSE("GPL");
