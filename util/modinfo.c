// SPDX-License-Identifier: MIT
/*
 * .modinfo: "key=value" strings separated by one or more NULs. The section
 * comes from the file, so its last string may lack a terminator: such a
 * tail is not a string and is never returned.
 */
#include <string.h>

#include "util/modinfo.h"

const char *umod_modinfo_next(const char *sec, size_t size, size_t *pos)
{
	size_t p = *pos;

	while (p < size && sec[p] == '\0')
		p++;
	if (p >= size)
		return NULL;
	const char *s = sec + p;
	const char *end = memchr(s, '\0', size - p);

	if (!end) {
		*pos = size;
		return NULL;
	}
	*pos = (size_t)(end - sec) + 1;
	return s;
}

const char *umod_modinfo_get(const char *sec, size_t size, const char *key)
{
	size_t klen = strlen(key), pos = 0;
	const char *s;

	while ((s = umod_modinfo_next(sec, size, &pos)))
		if (!strncmp(s, key, klen) && s[klen] == '=')
			return s + klen + 1;
	return NULL;
}
