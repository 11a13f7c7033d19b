// SPDX-License-Identifier: MIT
/* __memcat_p() (lib/memcat_p.c): two NULL-terminated pointer arrays joined */
#include <stddef.h>

#include "kernel/kapi.h"
#include "mm/internal.h"

#define GFP_KERNEL	0xcc0u

/* a new array of @a's then @b's pointers and a NULL, the calling module's */
static void **kapi___memcat_p(void **a, void **b)
{
	size_t na = 0, nb = 0;
	void **new;

	while (a[na])
		na++;
	while (b[nb])
		nb++;
	new = umod_kmalloc_lib((na + nb + 1) * sizeof(void *), GFP_KERNEL,
			       __builtin_return_address(0));
	if (!new)
		return NULL;
	for (size_t i = 0; i < na; i++)
		new[i] = a[i];
	for (size_t i = 0; i < nb; i++)
		new[na + i] = b[i];
	new[na + nb] = NULL;
	return new;
}

static const struct umod_kapi_export memcat_p_exports[] = {
	UMOD_KAPI_GPL("__memcat_p", kapi___memcat_p),
};

const struct umod_kapi_table umod_kapi_memcat_p = UMOD_KAPI_TABLE(memcat_p_exports);
