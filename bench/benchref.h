/* SPDX-License-Identifier: MIT */
/*
 * Between bench/refcount.c (the host) and benchref.ko: the module hands
 * over its loops at init, as a driver registers its ops. Used by module
 * and host alike, so it includes nothing.
 */
#ifndef _UMOD_BENCHREF_H
#define _UMOD_BENCHREF_H

struct benchref_ops {
	/* @n try_module_get(THIS_MODULE) + module_put(THIS_MODULE) pairs */
	unsigned long (*ref_pairs)(unsigned long n);
	/* @n atomic increment + decrement pairs on one counter: the yardstick */
	unsigned long (*atomic_pairs)(unsigned long n);
};

int benchref_register(const struct benchref_ops *ops);

#endif
