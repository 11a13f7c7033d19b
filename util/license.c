// SPDX-License-Identifier: MIT
/*
 * Which MODULE_LICENSE() strings count as GPL-compatible: exactly the
 * kernel's list (include/linux/license.h), compared byte for byte. The
 * loader lets only these modules use EXPORT_SYMBOL_GPL symbols, and taints
 * the host for any other; modpost applies the same list at build time.
 */
#include <string.h>

#include "util/license.h"
#include "util/macro.h"

static const char *const gpl_compatible[] = {
	"GPL",
	"GPL v2",
	"GPL and additional rights",
	"Dual BSD/GPL",
	"Dual MIT/GPL",
	"Dual MPL/GPL",
};

bool umod_license_is_gpl_compatible(const char *license)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(gpl_compatible); i++)
		if (!strcmp(license, gpl_compatible[i]))
			return true;
	return false;
}
