/* SPDX-License-Identifier: MIT */
/*
 * .modinfo: "key=value" strings, as the kernel and kmod read them.
 */
#ifndef _UMOD_UTIL_MODINFO_H
#define _UMOD_UTIL_MODINFO_H

#include <stddef.h>

/*
 * Iterates "key=value" strings of a .modinfo image; returns the next one
 * after *@pos (start with *@pos == 0), or NULL at the end.
 */
const char *umod_modinfo_next(const char *sec, size_t size, size_t *pos);
/* the value of the first @key, or NULL */
const char *umod_modinfo_get(const char *sec, size_t size, const char *key);

#endif /* _UMOD_UTIL_MODINFO_H */
