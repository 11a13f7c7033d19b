/* SPDX-License-Identifier: MIT */
/*
 * What modpost writes into foo.mod.c for modversions: the CRC of each of
 * the module's exports, as in Linux 6.1. One SYMBOL_CRC() per entry of
 * __ksymtab (sec "") or __ksymtab_gpl (sec "_gpl"), in the same order, so
 * the loader reads the i-th CRC for the i-th export; the __crc_NAME
 * labels are what depmod looks for.
 */
#ifndef _LINUX_EXPORT_INTERNAL_H
#define _LINUX_EXPORT_INTERNAL_H

#include <linux/compiler.h>

#define SYMBOL_CRC(sym, crc, sec)					\
	__asm__("	.pushsection \"__kcrctab" sec "\",\"a\"\n"	\
		"	.balign 4\n"					\
		"__crc_" #sym ":\n"					\
		"	.long " #crc "\n"				\
		"	.popsection\n")

#endif /* _LINUX_EXPORT_INTERNAL_H */
