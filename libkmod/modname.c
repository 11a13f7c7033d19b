// SPDX-License-Identifier: MIT
/*
 * Module names and aliases as kmod compares them. A module name is a file's
 * base name up to the first '.', with '-' read as '_' (the kernel compares
 * module names the same way). An alias is a pattern (fnmatch(3) syntax:
 * `char-major-250-*`, `pci:v00008086d*`) whose dashes also read as
 * underscores, except inside a [...] class, where '-' is a range.
 */
#include <errno.h>
#include <fnmatch.h>
#include <string.h>

#include "libkmod/libkmod.h"

int umod_modname_from_path(const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t i;

	base = base ? base + 1 : path;
	for (i = 0; base[i] && base[i] != '.'; i++) {
		if (i + 1 >= size)
			return -ENAMETOOLONG;
		buf[i] = base[i] == '-' ? '_' : base[i];
	}
	if (!size)
		return -ENAMETOOLONG;
	buf[i] = '\0';
	return (int)i;
}

bool umod_modname_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if ((*a == '-' ? '_' : *a) != (*b == '-' ? '_' : *b))
			return false;
	return *a == *b;
}

int umod_alias_normalize(const char *alias, char *buf, size_t size)
{
	size_t i = 0;

	for (; alias[i]; i++) {
		if (i + 1 >= size)
			return -ENAMETOOLONG;
		switch (alias[i]) {
		case '-':
			buf[i] = '_';
			break;
		case ']':
			return -EINVAL;
		case '[':
			/* copy the class verbatim, up to and including ']' */
			for (; alias[i] != ']'; i++) {
				if (!alias[i])
					return -EINVAL;
				if (i + 1 >= size)
					return -ENAMETOOLONG;
				buf[i] = alias[i];
			}
			buf[i] = ']';
			break;
		default:
			buf[i] = alias[i];
		}
	}
	if (!size)
		return -ENAMETOOLONG;
	buf[i] = '\0';
	return (int)i;
}

static bool glob_special(char c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

/*
 * fnmatch(3) without flags, but the literal prefix compared here: most
 * patterns (softdep and alias names against every module of a load list)
 * differ from the name at once or have no wildcard at all, and fnmatch's
 * setup costs some hundred instructions a call. Past equal literal
 * prefixes, the rest matches as the whole would.
 */
bool umod_alias_match(const char *pattern, const char *name)
{
	while (*pattern && *pattern == *name && !glob_special(*pattern)) {
		pattern++;
		name++;
	}
	if (!glob_special(*pattern))
		return *pattern == *name;
	return fnmatch(pattern, name, 0) == 0;
}

bool umod_modname_has_module_ext(const char *name, size_t len)
{
	static const char *const exts[] = { ".ko", ".ko.xz", ".ko.zst" };

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t n = strlen(exts[i]);

		if (len >= n && !memcmp(name + len - n, exts[i], n))
			return true;
	}
	return false;
}
