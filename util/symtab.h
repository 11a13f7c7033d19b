/* SPDX-License-Identifier: MIT */
/*
 * The export table: symbols by name, with their flags, namespace and
 * CRC. The loader keeps one per host (its own exports and every loaded
 * module's); modpost one per run (the exports it has read).
 */
#ifndef _UMOD_UTIL_SYMTAB_H
#define _UMOD_UTIL_SYMTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct umod_module;

#define UMOD_KSYM_GPL		(1u << 0)

struct umod_ksym {
	const char *name;	/* owned by the exporter (or the table, if copied) */
	const char *ns;		/* namespace or NULL; lives with name */
	uint64_t addr;
	struct umod_module *owner;	/* NULL: exported by the host */
	unsigned int flags;
	uint64_t hash;
	uint32_t crc;		/* modversions: the CRC of its type, if has_crc */
	bool has_crc;
	bool name_owned;	/* the table frees name (one allocation with ns) */
};

struct umod_symtab;

int umod_symtab_new(struct umod_symtab **tabp);
void umod_symtab_free(struct umod_symtab *tab);
/* copies *@sym in; -EEXIST if the name is taken, -ENOMEM */
int umod_symtab_add(struct umod_symtab *tab, const struct umod_ksym *sym);
/* removes @name if @owner exports it; returns 0 or -ENOENT */
int umod_symtab_del(struct umod_symtab *tab, const char *name,
		    const struct umod_module *owner);
const struct umod_ksym *umod_symtab_lookup(const struct umod_symtab *tab,
					   const char *name);
size_t umod_symtab_count(const struct umod_symtab *tab);
/* calls @fn for each symbol; stops at the first non-zero return */
int umod_symtab_for_each(const struct umod_symtab *tab,
			 int (*fn)(const struct umod_ksym *sym, void *data), void *data);

#endif /* _UMOD_UTIL_SYMTAB_H */
