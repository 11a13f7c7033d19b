/* SPDX-License-Identifier: MIT */
/*
 * The export tables of the kernel library that kernel/kapi.c joins (the
 * older ones are declared in kernel/module/internal.h): one per file, as
 * each file's own list of what it exports. Tests read them too
 * (tests/unit/kapi_lookup.h), so that they call what modules call.
 */
#ifndef _UMOD_KERNEL_KAPI_H
#define _UMOD_KERNEL_KAPI_H

#include "kernel/module/internal.h"

/* lib/math/ */
extern const struct umod_kapi_table umod_kapi_div64;		/* lib/math/div64.c */
extern const struct umod_kapi_table umod_kapi_gcd;		/* lib/math/gcd.c */
extern const struct umod_kapi_table umod_kapi_lcm;		/* lib/math/lcm.c */
extern const struct umod_kapi_table umod_kapi_int_sqrt;		/* lib/math/int_sqrt.c */
extern const struct umod_kapi_table umod_kapi_int_pow;		/* lib/math/int_pow.c */
extern const struct umod_kapi_table umod_kapi_rational;		/* lib/math/rational.c */
extern const struct umod_kapi_table umod_kapi_linear_ranges;	/* lib/linear_ranges.c */

/* the CRC library */
extern const struct umod_kapi_table umod_kapi_crc32;		/* lib/crc32.c */
extern const struct umod_kapi_table umod_kapi_libcrc32c;	/* lib/libcrc32c.c */
extern const struct umod_kapi_table umod_kapi_crc16;		/* lib/crc16.c */
extern const struct umod_kapi_table umod_kapi_crc_ccitt;	/* lib/crc-ccitt.c */
extern const struct umod_kapi_table umod_kapi_crc_itu_t;	/* lib/crc-itu-t.c */
extern const struct umod_kapi_table umod_kapi_crc7;		/* lib/crc7.c */
extern const struct umod_kapi_table umod_kapi_crc8;		/* lib/crc8.c */
extern const struct umod_kapi_table umod_kapi_crc64;		/* lib/crc64.c */
extern const struct umod_kapi_table umod_kapi_crc64_rocksoft;	/* lib/crc64-rocksoft.c */

extern const struct umod_kapi_table umod_kapi_siphash;		/* lib/siphash.c */

extern const struct umod_kapi_table umod_kapi_random32;	/* lib/random32.c */

/* CPUs and per-CPU data */
extern const struct umod_kapi_table umod_kapi_cpu;		/* kernel/cpu.c */
extern const struct umod_kapi_table umod_kapi_smp;		/* kernel/smp.c */
extern const struct umod_kapi_table umod_kapi_cpumask;		/* lib/cpumask.c */
extern const struct umod_kapi_table umod_kapi_percpu;		/* mm/percpu.c */

/* bitmaps */
extern const struct umod_kapi_table umod_kapi_bitmap;		/* lib/bitmap.c */
extern const struct umod_kapi_table umod_kapi_find_bit;		/* lib/find_bit.c */

/* strings and option strings */
extern const struct umod_kapi_table umod_kapi_string_helpers;	/* lib/string_helpers.c */
extern const struct umod_kapi_table umod_kapi_glob;		/* lib/glob.c */
extern const struct umod_kapi_table umod_kapi_cmdline;		/* lib/cmdline.c */
extern const struct umod_kapi_table umod_kapi_memcat_p;		/* lib/memcat_p.c */

extern const struct umod_kapi_table umod_kapi_scatterlist;	/* lib/scatterlist.c */

extern const struct umod_kapi_table umod_kapi_kfifo;		/* lib/kfifo.c */

extern const struct umod_kapi_table umod_kapi_stacktrace;	/* kernel/stacktrace.c */

extern const struct umod_kapi_table umod_kapi_jump_label;	/* kernel/jump_label.c */

extern const struct umod_kapi_table umod_kapi_xarray;		/* lib/xarray.c */

extern const struct umod_kapi_table umod_kapi_rhashtable;	/* lib/rhashtable.c */

extern const struct umod_kapi_table umod_kapi_kobject_uevent;	/* lib/kobject_uevent.c */

#endif /* _UMOD_KERNEL_KAPI_H */
