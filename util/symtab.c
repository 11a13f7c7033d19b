// SPDX-License-Identifier: MIT
/*
 * The export table: every symbol the host and loaded modules export, by
 * name. Open addressing with linear probing, at most half full, and
 * backward-shift deletion (no tombstones), so a lookup costs the same with
 * 100 exports as with 100,000.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/symtab.h"

#define SYMTAB_MIN_SLOTS	64

struct umod_symtab {
	struct umod_ksym *slots;	/* name == NULL: empty */
	size_t nslots;			/* a power of two */
	size_t count;
};

/* FNV-1a: short names, no need for anything stronger */
static uint64_t hash_name(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	return h;
}

int umod_symtab_new(struct umod_symtab **tabp)
{
	struct umod_symtab *tab = calloc(1, sizeof(*tab));

	if (!tab)
		return -ENOMEM;
	tab->slots = calloc(SYMTAB_MIN_SLOTS, sizeof(*tab->slots));
	if (!tab->slots) {
		free(tab);
		return -ENOMEM;
	}
	tab->nslots = SYMTAB_MIN_SLOTS;
	*tabp = tab;
	return 0;
}

void umod_symtab_free(struct umod_symtab *tab)
{
	if (!tab)
		return;
	for (size_t i = 0; i < tab->nslots; i++)
		if (tab->slots[i].name && tab->slots[i].name_owned)
			free((char *)tab->slots[i].name);
	free(tab->slots);
	free(tab);
}

/* the slot holding @name, or the empty slot where it would go */
static size_t probe(const struct umod_symtab *tab, const char *name, uint64_t h)
{
	size_t mask = tab->nslots - 1;
	size_t i = h & mask;

	while (tab->slots[i].name &&
	       (tab->slots[i].hash != h || strcmp(tab->slots[i].name, name)))
		i = (i + 1) & mask;
	return i;
}

static int grow(struct umod_symtab *tab)
{
	size_t n = tab->nslots * 2;
	struct umod_ksym *old = tab->slots, *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return -ENOMEM;
	tab->slots = slots;
	tab->nslots = n;
	for (size_t i = 0; i < n / 2; i++)
		if (old[i].name)
			slots[probe(tab, old[i].name, old[i].hash)] = old[i];
	free(old);
	return 0;
}

int umod_symtab_add(struct umod_symtab *tab, const struct umod_ksym *sym)
{
	uint64_t h = hash_name(sym->name);
	size_t i;

	if ((tab->count + 1) * 2 > tab->nslots) {
		int err = grow(tab);

		if (err)
			return err;
	}
	i = probe(tab, sym->name, h);
	if (tab->slots[i].name)
		return -EEXIST;
	tab->slots[i] = *sym;
	tab->slots[i].hash = h;
	tab->count++;
	return 0;
}

const struct umod_ksym *umod_symtab_lookup(const struct umod_symtab *tab,
					   const char *name)
{
	size_t i = probe(tab, name, hash_name(name));

	return tab->slots[i].name ? &tab->slots[i] : NULL;
}

/* refill the hole at @i with later entries of the same probe run */
static void close_gap(struct umod_symtab *tab, size_t i)
{
	size_t mask = tab->nslots - 1, j = i;

	for (;;) {
		j = (j + 1) & mask;
		if (!tab->slots[j].name)
			break;
		size_t home = tab->slots[j].hash & mask;

		/* j may move to i only if its home is not in (i, j] */
		if (((j - home) & mask) >= ((j - i) & mask)) {
			tab->slots[i] = tab->slots[j];
			i = j;
		}
	}
	memset(&tab->slots[i], 0, sizeof(tab->slots[i]));
}

int umod_symtab_del(struct umod_symtab *tab, const char *name,
		    const struct umod_module *owner)
{
	size_t i = probe(tab, name, hash_name(name));

	if (!tab->slots[i].name || tab->slots[i].owner != owner)
		return -ENOENT;
	if (tab->slots[i].name_owned)
		free((char *)tab->slots[i].name);
	tab->count--;
	close_gap(tab, i);
	return 0;
}

size_t umod_symtab_count(const struct umod_symtab *tab)
{
	return tab->count;
}

int umod_symtab_for_each(const struct umod_symtab *tab,
			 int (*fn)(const struct umod_ksym *sym, void *data), void *data)
{
	for (size_t i = 0; i < tab->nslots; i++) {
		int ret = tab->slots[i].name ? fn(&tab->slots[i], data) : 0;

		if (ret)
			return ret;
	}
	return 0;
}
