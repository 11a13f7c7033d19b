// SPDX-License-Identifier: MIT
/* Growing arrays: the one place their size doubles and is checked. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "util/array.h"

int umod_array_reserve(void *arrayp, unsigned int *cap, unsigned int n, size_t size)
{
	void **v = arrayp;
	unsigned int want;
	void *p;

	if (n < *cap)
		return 0;
	want = *cap ? *cap * 2 : 8;
	if (want <= *cap || (size && want > SIZE_MAX / size))
		return -ENOMEM;
	p = realloc(*v, (size_t)want * size);
	if (!p)
		return -ENOMEM;
	*v = p;
	*cap = want;
	return 0;
}
