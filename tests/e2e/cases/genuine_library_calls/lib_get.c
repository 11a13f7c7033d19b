/* SPDX-License-Identifier: MIT */
/*
 * The same six functions, found at run time with symbol_get(): no import,
 * no dependency; each reference is given back with symbol_put().
 */
#include <linux/module.h>
#include "libs.h"

static int __init lib_get_init(void)
{
	struct libs l = {
		symbol_get(crc7_be), symbol_get(crc_itu_t), symbol_get(crc16),
		symbol_get(crc64_be), symbol_get(cordic_calc_iq), symbol_get(arc4_setkey),
		symbol_get(arc4_crypt),
	};
	int err = -ENOENT;

	if (l.crc7_be && l.crc_itu_t && l.crc16 && l.crc64_be && l.cordic_calc_iq &&
	    l.arc4_setkey && l.arc4_crypt)
		err = check_libs("symbol_get", &l);
	else
		pr_info("symbol_get: a function is missing\n");
	if (l.crc7_be) symbol_put(crc7_be);
	if (l.crc_itu_t) symbol_put(crc_itu_t);
	if (l.crc16) symbol_put(crc16);
	if (l.crc64_be) symbol_put(crc64_be);
	if (l.cordic_calc_iq) symbol_put(cordic_calc_iq);
	if (l.arc4_setkey) symbol_put(arc4_setkey);
	if (l.arc4_crypt) symbol_put(arc4_crypt);
	return err;
}

static void __exit lib_get_exit(void)
{
}

module_init(lib_get_init);
module_exit(lib_get_exit);
MODULE_LICENSE("GPL");
