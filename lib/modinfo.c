// SPDX-License-Identifier: MIT
/*
 * .modinfo: "key=value" strings separated by one or more NULs. The section
 * comes from the file, so its last string may lack a terminator: such a
 * tail is not a string and is never returned.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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

/* after .modinfo, kmod's modinfo lists the signature as five more entries */
static int signature_entries(const void *image, size_t len,
			     int (*fn)(const char *key, const char *value, void *data),
			     void *data)
{
	struct umod_sig_info si;
	char *key_id, *sig;
	int err;

	if (umod_signature_info(image, len, &si) < 0)
		return 0;	/* unsigned, or a trailer kmod would not show either */
	key_id = umod_signature_hex(si.key_id, si.key_id_len);
	sig = umod_signature_hex(si.sig, si.sig_len);
	err = key_id && sig ? 0 : -ENOMEM;
	if (!err)
		err = fn("sig_id", si.id_type, data);
	if (!err)
		err = fn("signer", si.signer ? si.signer : "", data);
	if (!err)
		err = fn("sig_key", key_id, data);
	if (!err)
		err = fn("sig_hashalgo", si.hash_algo, data);
	if (!err)
		err = fn("signature", sig, data);
	free(key_id);
	free(sig);
	umod_signature_info_release(&si);
	return err;
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
	err = umod_elf_parse(&elf, image, len, NULL);
	idx = err ? 0 : umod_elf_find_section(&elf, ".modinfo");
	if (idx > 0 && elf.sechdrs[idx].sh_type != SHT_NOBITS) {
		sec = umod_elf_section_data(&elf, (unsigned int)idx);
		size = elf.sechdrs[idx].sh_size;
		while (!err && (s = umod_modinfo_next(sec, size, &pos)))
			err = call_split(s, fn, data);
	}
	if (!err)
		err = signature_entries(image, len, fn, data);
	umod_file_unmap(image, len);
	return err;
}
