/* SPDX-License-Identifier: MIT */
/*
 * For the tests of the kernel library: an exported function found by its
 * kernel name in the export tables, as a module's relocation finds it.
 */
#ifndef _UMOD_TEST_KAPI_LOOKUP_H
#define _UMOD_TEST_KAPI_LOOKUP_H

#include <string.h>

#include "kernel/kapi.h"

static inline void *kapi_in(const struct umod_kapi_table *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->v[i].name, name))
			return (void *)t->v[i].addr;
	return NULL;
}

#endif
