/* SPDX-License-Identifier: MIT */
/* modpost's pieces: modpost.c (objects, foo.mod.c) and symbols.c (exports, imports). */
#ifndef _UMOD_MODPOST_H
#define _UMOD_MODPOST_H

#include "../../lib/internal.h"

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

/* the kernel's modpost wording; an error makes modpost fail at the end */
void modpost_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void modpost_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern unsigned int modpost_errors;

/* ---- symbols.c ------------------------------------------------------------- */

struct modpost_symbols;

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

#endif /* _UMOD_MODPOST_H */
