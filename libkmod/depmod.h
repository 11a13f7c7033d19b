/* SPDX-License-Identifier: MIT */
/* depmod's in-memory model, shared by depmod.c (computes) and depfiles.c (writes). */
#ifndef _UMOD_DEPMOD_H
#define _UMOD_DEPMOD_H

#include <stdbool.h>
#include <stdint.h>

#include "libkmod/libkmod.h"

/* an undefined symbol of a module */
struct dimport {
	const char *name;	/* in the module's strs */
	uint64_t crc;		/* from __versions, 0 if none */
	bool weak;
};

/* a .modinfo entry depmod writes out: alias= or softdep= */
struct dinfo {
	bool softdep;
	const char *value;	/* in the module's strs */
};

struct dmod {
	char *path;		/* as found: dirname/relpath */
	const char *relpath;	/* in path: what modules.dep shows */
	char *uncrelpath;	/* relpath spelled with ".ko": modules.order's key */
	int sort_idx;		/* < 0: listed in modules.order */
	unsigned int idx;	/* position in the final order */
	unsigned int dep_sort_idx; /* topological rank */
	unsigned int users;	/* modules depending on this one */
	bool visited;		/* cycle report */
	bool external;		/* from a depmod.d external directory: relpath is path */
	struct dmod **deps;	/* direct dependencies, sorted by rank at the end */
	unsigned int n_deps, cap_deps;
	struct dinfo *info;
	unsigned int n_info;
	struct dimport *imports;
	unsigned int n_imports;
	const char **exports;	/* in strs; dropped once entered as symbols */
	uint64_t *export_crcs;
	unsigned int n_exports;
	char *strs;		/* one allocation for every string above */
	char modname[];
};

struct dsymbol {
	struct dmod *owner;	/* NULL: the kernel's */
	uint64_t crc;
	char name[];
};

struct umod_depmod {
	struct umod_depmod_opts opts;
	struct umod_khash *by_name;	/* modname -> dmod */
	struct umod_khash *by_uncrelpath;
	struct umod_khash *symbols;	/* name -> dsymbol, owns them */
	struct dmod **mods;		/* the output order */
	unsigned int n_mods;
};

/* -P: a symbol spelled with the architecture's prefix, as kmod takes it */
static inline const char *umod_depmod_unprefix(const struct umod_depmod *d, const char *name)
{
	return d->opts.sym_prefix && name[0] == d->opts.sym_prefix ? name + 1 : name;
}

/* depmod.c: qsort order of struct dmod pointers by topological rank */
int umod_depmod_cmp_rank(const void *a, const void *b);
/* depmod.c: enters a symbol (a later one of the same name replaces it) */
int umod_depmod_symbol_add(struct umod_depmod *d, const char *name, uint64_t crc,
			   struct dmod *owner);
/* depmod.c: "depmod: LEVEL: ..." on the caller's stream */
void umod_depmod_warn(const struct umod_depmod *d, const char *level, const char *fmt, ...)
	__attribute__((__format__(printf, 3, 4)));

/* depmod_ksyms.c: the kernel's exports from opts.symvers or opts.system_map */
int umod_depmod_load_kernel_symbols(struct umod_depmod *d);

/* a module's file, read into memory reused for the next one */
struct umod_depmod_buf {
	void *p;
	size_t cap;
	bool *loaded;		/* per section: read (depmod_elf.c) */
	unsigned int n_loaded;
};

/* depmod_elf.c: reads one module's exports, .modinfo entries and imports */
int umod_depmod_read_module(struct dmod *m, struct umod_depmod_buf *buf);

#endif /* _UMOD_DEPMOD_H */
