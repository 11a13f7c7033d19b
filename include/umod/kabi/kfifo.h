/* SPDX-License-Identifier: MIT */
/* struct __kfifo, shared by lib/kfifo.c and linux/kfifo.h, as 6.1's */
#ifndef _UMOD_KABI_KFIFO_H
#define _UMOD_KABI_KFIFO_H

/*
 * @in and @out run freely and wrap at 2^32: the fill is in - out, an
 * index is taken & mask. @mask + 1 elements of @esize bytes each.
 */
struct __kfifo {
	unsigned int in;
	unsigned int out;
	unsigned int mask;
	unsigned int esize;
	void *data;
};

#endif /* _UMOD_KABI_KFIFO_H */
