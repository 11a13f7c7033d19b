/* SPDX-License-Identifier: MIT */
/*
 * struct idr and struct ida: a module's, with the host's storage behind
 * one pointer (NULL while empty), so that DEFINE_IDR() needs no code.
 */
#ifndef _UMOD_KABI_IDR_H
#define _UMOD_KABI_IDR_H

struct idr {
	void *idr_rt;			/* the host's id -> pointer table */
	unsigned int idr_base;		/* the lowest id (idr_init_base) */
	unsigned int idr_next;		/* where idr_alloc_cyclic() goes on */
};

struct ida {
	struct idr idr;
};

#endif /* _UMOD_KABI_IDR_H */
