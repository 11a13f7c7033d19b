/* SPDX-License-Identifier: MIT */
/*
 * Symbol versions from DWARF, in the spirit of the kernel's
 * gendwarfksyms: the CRC of an exported symbol is a CRC-32 of its type,
 * written out as text with every struct, union, enum and typedef it
 * reaches expanded (once per symbol; a type met again is named only).
 * Only what makes up the ABI is written (names, sizes, offsets,
 * encodings, enumerator values, array bounds, qualifiers), never code
 * addresses or locations, so the CRC does not move with the optimisation
 * level or with unrelated changes.
 */
#ifndef _UMOD_GENDWARFKSYMS_H
#define _UMOD_GENDWARFKSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <elfutils/libdw.h>

struct gdk_symbol {
	const char *name;	/* in: the exported name */
	uint32_t crc;		/* out */
	bool found;		/* out: a DIE described it */
};

/*
 * gdk_compute - fill in the CRC of each of @syms from the DWARF of the
 * object file @path. A symbol with no DIE keeps found == false.
 * @dump: if not NULL, receives each symbol's expanded type text.
 * Returns 0, or -1 after printing why (no such file, no DWARF).
 */
int gdk_compute(const char *path, struct gdk_symbol *syms, size_t n, FILE *dump);

/* types.c: the text of one symbol's DIE; returns a malloc'd string or NULL */
char *gdk_symbol_text(Dwarf_Die *die);

#endif /* _UMOD_GENDWARFKSYMS_H */
