/* SPDX-License-Identifier: MIT */
/* Imports cordic_calc_iq: whose it gets depends on the CRC it was built with. */
#include <linux/cordic.h>
#include <linux/module.h>

static int __init cordic_user_init(void)
{
	struct cordic_iq iq = cordic_calc_iq(60);

	pr_info("cordic_user: cordic_calc_iq(60) = (%d, %d)\n", iq.i, iq.q);
	return 0;
}

static void __exit cordic_user_exit(void)
{
}

module_init(cordic_user_init);
module_exit(cordic_user_exit);
MODULE_LICENSE("GPL");
