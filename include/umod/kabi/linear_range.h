/* SPDX-License-Identifier: MIT */
/* struct linear_range, shared by lib/linear_ranges.c and linux/linear_range.h */
#ifndef _UMOD_KABI_LINEAR_RANGE_H
#define _UMOD_KABI_LINEAR_RANGE_H

struct linear_range {
	unsigned int min;
	unsigned int min_sel;
	unsigned int max_sel;
	unsigned int step;
};

#endif /* _UMOD_KABI_LINEAR_RANGE_H */
