// SPDX-License-Identifier: MIT
/*
 * What a module file says about itself, as kmod_module_get_info() gives it
 * to modinfo: the .modinfo entries in section order, then the appended
 * signature's fields.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "util/elf.h"
#include "util/file.h"
#include "util/modinfo.h"
#include "libkmod/libkmod.h"

/* "key=value" split as kmod does: no '=' means the whole string is the key */
static int call_split(const char *s, int (*fn)(const char *key, const char *value,
					       void *data), void *data)
{
	char *key = strdup(s), *eq;
	int ret;

	if (!key)
		return -ENOMEM;
	eq = strchr(key, '=');
	if (eq)
		*eq = '\0';
	ret = fn(key, eq ? eq + 1 : key + strlen(key), data);
	free(key);
	return ret;
}

UMOD_API int umod_modinfo_for_each(const char *path,
				   int (*fn)(const char *key, const char *value, void *data),
				   void *data)
{
	const void *image = NULL;
	struct umod_elf elf;
	size_t len = 0, pos = 0, size;
	const char *sec, *s;
	int idx, err;

	if (!path || !fn)
		return -EINVAL;
	err = umod_file_map(path, &image, &len);
	if (err)
		return err;
	err = umod_elf_parse(&elf, image, len, NULL, NULL);
	idx = err ? 0 : umod_elf_find_section(&elf, ".modinfo");
	if (idx > 0 && elf.sechdrs[idx].sh_type != SHT_NOBITS) {
		sec = umod_elf_section_data(&elf, (unsigned int)idx);
		size = elf.sechdrs[idx].sh_size;
		while (!err && (s = umod_modinfo_next(sec, size, &pos)))
			err = call_split(s, fn, data);
	}
	if (!err)
		err = umod_signature_entries(image, len, fn, data);
	umod_file_unmap(image, len);
	return err;
}
