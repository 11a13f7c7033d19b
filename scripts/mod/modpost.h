/* SPDX-License-Identifier: MIT */
/*
 * modpost's pieces: modpost.c (objects, foo.mod.c), symbols.c (exports,
 * imports) and versions.c (modversions CRCs).
 */
#ifndef _UMOD_MODPOST_H
#define _UMOD_MODPOST_H

#include <stdio.h>

#include <umod/kabi.h>

#include "util/elf.h"
#include "util/file.h"
#include "util/license.h"
#include "util/modinfo.h"
#include "util/symtab.h"
#include "util/symvers.h"

struct modobj {
	const char *path;		/* foo.o, as given */
	char name[UMOD_MODULE_NAME_LEN];
	struct umod_elf elf;
	const void *image;
	size_t len;
	const char *modinfo;
	size_t modinfo_size;
	bool has_init, has_cleanup;
	char *depends;			/* "a,b": modules whose exports it uses */
};

/* file2alias.c: MODULE_ALIAS lines for @m's device tables (MODULE_DEVICE_TABLE) */
void modpost_write_aliases(FILE *f, const struct modobj *m);

/* the kernel's modpost wording; an error makes modpost fail at the end */
void modpost_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void modpost_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern unsigned int modpost_errors;

/* ---- symbols.c ------------------------------------------------------------- */

struct export {
	char *name;
	char *module;		/* exporter's path without .o, or "vmlinux" */
	char *ns;		/* "" when none */
	uint32_t crc;
	bool gpl;		/* in __ksymtab_gpl, else __ksymtab */
	uint64_t ksymtab_off;	/* this tree's: its entry's offset in that section */
	struct export *next;	/* every export, for freeing */
};

struct import {
	const char *name;	/* in the object's string table */
	bool weak;
};

struct treemod {
	struct modobj *m;
	char *name;		/* path without .o: the kernel's mod->name */
	bool gpl_compatible;
	struct export **exports;	/* in symbol-table order */
	size_t num_exports;
	struct import *imports;
	size_t num_imports;
};

struct modpost_symbols {
	struct umod_symtab *tab;	/* name -> struct export (in addr) */
	struct export *all;
	struct treemod *mods;
	size_t num_mods;
	unsigned int nr_unresolved;
};

/* the export found for @name (the newest one), or NULL */
const struct export *modpost_find_export(const struct modpost_symbols *syms, const char *name);
/* the tree's record of module object @m, or NULL */
const struct treemod *modpost_find_treemod(const struct modpost_symbols *syms,
					   const struct modobj *m);

int modpost_symbols_new(struct modpost_symbols **symsp);
void modpost_symbols_free(struct modpost_symbols *syms);
/* a provider's Module.symvers (-i, -e); a missing or malformed file is fatal */
int modpost_read_dump(struct modpost_symbols *syms, const char *path);
/* the exports and imports of one module object of this tree */
int modpost_add_module(struct modpost_symbols *syms, struct modobj *m);
/* each import against every known export; sets m->depends */
int modpost_check_module(struct modpost_symbols *syms, struct modobj *m,
			 bool warn_unresolved);
/* what could not be said because there was too much */
void modpost_check_done(struct modpost_symbols *syms);
/* this tree's exports, in the kernel's format */
int modpost_write_dump(struct modpost_symbols *syms, const char *path);

/* ---- versions.c -------------------------------------------------------------- */

/* the CRC of each of the tree's exports, from its object's DWARF */
int modpost_version_exports(struct modpost_symbols *syms);
/* foo.mod.c's __kcrctab(_gpl) and __versions, for module object @m */
int modpost_write_versions(FILE *f, const struct modpost_symbols *syms,
			   const struct modobj *m);

#endif /* _UMOD_MODPOST_H */
