/* SPDX-License-Identifier: MIT */
/*
 * struct xarray as 6.1 lays it out: its lock, its flags (with a bit per
 * mark that any entry carries) and a head pointer that is NULL exactly
 * when the array is empty. What the head points at is lib/xarray.c's.
 */
#ifndef _UMOD_KABI_XARRAY_H
#define _UMOD_KABI_XARRAY_H

#include <umod/kabi/spinlock.h>

struct xarray {
	spinlock_t xa_lock;
	unsigned int xa_flags;		/* gfp_t */
	void *xa_head;
};

struct xa_limit {
	unsigned int max;
	unsigned int min;
};

#endif /* _UMOD_KABI_XARRAY_H */
