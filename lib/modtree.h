/* SPDX-License-Identifier: MIT */
/*
 * The module tree, <base>/lib/modules/<release>/, inside lib/: what depmod
 * computes and writes, what modprobe reads (the modules.* indexes and the
 * modprobe.d configuration) and how names and aliases match. Declarations
 * are grouped by the file that defines them, as in internal.h; nothing here
 * is part of the public ABI.
 */
#ifndef _UMOD_MODTREE_H
#define _UMOD_MODTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct umod_log;

/* ---- khash.c: a hash table that iterates in kmod's order ----------------- */

struct umod_khash;

/* @n_buckets is rounded up to a power of two; -ENOMEM */
int umod_khash_new(struct umod_khash **hp, unsigned int n_buckets);
void umod_khash_free(struct umod_khash *h);
/* the key is borrowed, not copied; a present key is replaced (old value in *@oldp) */
int umod_khash_add(struct umod_khash *h, const char *key, void *value, void **oldp);
void *umod_khash_find(const struct umod_khash *h, const char *key);
int umod_khash_del(struct umod_khash *h, const char *key);
unsigned int umod_khash_count(const struct umod_khash *h);
/* in kmod's iteration order; stops at the first non-zero return */
int umod_khash_for_each(const struct umod_khash *h,
			int (*fn)(const char *key, void *value, void *data), void *data);

/* ---- modname.c: module names and alias patterns -------------------------- */

/*
 * The module name of a path or a name: the base name up to its first '.',
 * '-' as '_' (kmod's modname_normalize). Writes at most @size bytes with
 * the NUL; returns the name's length, or -ENAMETOOLONG.
 */
int umod_modname_from_path(const char *path, char *buf, size_t size);
/*
 * An alias as kmod compares it: '-' as '_' except inside [...] classes.
 * Returns the length, -ENAMETOOLONG, or -EINVAL for an unmatched bracket.
 */
int umod_alias_normalize(const char *alias, char *buf, size_t size);
/* does @name (normalized) match the fnmatch-style @pattern (normalized)? */
bool umod_alias_match(const char *pattern, const char *name);
/* the suffixes depmod and modprobe take as modules: .ko .ko.xz .ko.zst */
bool umod_modname_has_module_ext(const char *name, size_t len);

/* ---- depmod.c: the computation ------------------------------------------- */

struct umod_depmod;

struct umod_depmod_opts {
	const char *dirname;	/* <base>/lib/modules/<release> */
	FILE *err;		/* where warnings go ("depmod: WARNING: ...") */
	bool warn_unknown;	/* -e: "needs unknown symbol" */
};

/*
 * Scans @opts->dirname for modules, orders them by modules.order, reads
 * their exports, aliases, softdeps and imports, and resolves dependencies
 * as kmod's depmod does. Returns 0, -ENOMEM, -errno of the directory, or
 * -ELOOP when modules depend on each other in a cycle (reported on err).
 */
int umod_depmod_run(const struct umod_depmod_opts *opts, struct umod_depmod **dp);
void umod_depmod_free(struct umod_depmod *d);

/* ---- depfiles.c: writing modules.dep & co. in kmod's formats ------------- */

/* writes every index into opts->dirname (atomically, via NAME.tmp) */
int umod_depmod_write_files(struct umod_depmod *d);
/* -n: the text indexes, one after the other, to @out */
int umod_depmod_write_stream(struct umod_depmod *d, FILE *out);

#endif /* _UMOD_MODTREE_H */
