/* SPDX-License-Identifier: MIT */
/*
 * A growing array, shared by the module-tree code.
 */
#ifndef _UMOD_UTIL_ARRAY_H
#define _UMOD_UTIL_ARRAY_H

#include <stddef.h>

/*
 * Room for element @n of the array *@arrayp (of @size-byte elements, *@cap
 * allocated): doubles it when full. Returns 0 or -ENOMEM (the array is
 * left as it was).
 */
int umod_array_reserve(void *arrayp, unsigned int *cap, unsigned int n, size_t size);

#endif /* _UMOD_UTIL_ARRAY_H */
