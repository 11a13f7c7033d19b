/* SPDX-License-Identifier: MIT */
/* A ring of a power-of-two size, indexed by head and tail (6.1's circ_buf.h). */
#ifndef _LINUX_CIRC_BUF_H
#define _LINUX_CIRC_BUF_H 1

#include <umod/kabi/circ_buf.h>

/* how many entries are filled */
#define CIRC_CNT(head, tail, size)	(((head) - (tail)) & ((size) - 1))
/* how many are free: one stays empty, to tell full from empty */
#define CIRC_SPACE(head, tail, size)	CIRC_CNT((tail), ((head) + 1), (size))

/* the same, up to the end of the array */
#define CIRC_CNT_TO_END(head, tail, size) \
	({ int end = (size) - (tail); \
	   int n = ((head) + end) & ((size) - 1); \
	   n < end ? n : end; })

#define CIRC_SPACE_TO_END(head, tail, size) \
	({ int end = (size) - 1 - (head); \
	   int n = (end + (tail)) & ((size) - 1); \
	   n <= end ? n : end + 1; })

#endif /* _LINUX_CIRC_BUF_H */
