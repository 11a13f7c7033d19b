/* SPDX-License-Identifier: MIT */
/*
 * Between bench/spinlock.c (the host) and benchspin.ko: the module hands
 * over its loop at init. Used by module and host alike: includes nothing.
 */
#ifndef _UMOD_BENCHSPIN_H
#define _UMOD_BENCHSPIN_H

struct benchspin_ops {
	/* @n spin_lock() + spin_unlock() pairs on one uncontended lock */
	unsigned long (*spin_pairs)(unsigned long n);
};

int benchspin_register(const struct benchspin_ops *ops);

#endif
