/* SPDX-License-Identifier: MIT */
/*
 * Calls six functions of genuine Debian modules by ordinary imports: modpost
 * takes their CRCs from Debian's Module.symvers (KBUILD_EXTRA_SYMBOLS), the
 * loader checks them against the genuine modules' own __kcrctab.
 */
#include <linux/module.h>
#include "libs.h"

static int __init lib_import_init(void)
{
	const struct libs l = {
		crc7_be, crc_itu_t, crc16, crc64_be, cordic_calc_iq, arc4_setkey, arc4_crypt,
	};

	return check_libs("import", &l);
}

static void __exit lib_import_exit(void)
{
}

module_init(lib_import_init);
module_exit(lib_import_exit);
MODULE_LICENSE("GPL");
