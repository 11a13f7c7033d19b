/* SPDX-License-Identifier: MIT */
/*
 * Licence strings: the loader and modpost apply the same list.
 */
#ifndef _UMOD_UTIL_LICENSE_H
#define _UMOD_UTIL_LICENSE_H

#include <stdbool.h>

/* the kernel's license_is_gpl_compatible(): the exact strings it accepts */
bool umod_license_is_gpl_compatible(const char *license);

#endif /* _UMOD_UTIL_LICENSE_H */
