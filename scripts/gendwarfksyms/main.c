// SPDX-License-Identifier: MIT
/*
 * gendwarfksyms: print the DWARF-based CRC of each named symbol of an
 * object file, as Module.symvers wants it.
 *
 *   gendwarfksyms [-d] FILE.o SYMBOL...     "0x%08x\tSYMBOL" per symbol
 *   gendwarfksyms [-d] FILE.o < SYMBOLS     names one per line on stdin
 *
 * -d prints each symbol's expanded type text to stderr. A symbol without
 * a DIE is reported and the exit status is 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gendwarfksyms.h"

static char **read_names(size_t *n)
{
	char line[1024], **v = NULL;
	size_t cap = 0;

	*n = 0;
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, " \t\r\n")] = '\0';
		if (!line[0])
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			v = realloc(v, cap * sizeof(*v));
			if (!v)
				return NULL;
		}
		v[(*n)++] = strdup(line);
	}
	return v;
}

int main(int argc, char *argv[])
{
	struct gdk_symbol *syms;
	char **names;
	size_t n;
	int opt, dump = 0, ret = 0;

	while ((opt = getopt(argc, argv, "d")) != -1) {
		if (opt != 'd') {
			fprintf(stderr, "Usage: gendwarfksyms [-d] FILE.o [SYMBOL...]\n");
			return 2;
		}
		dump = 1;
	}
	if (optind >= argc) {
		fprintf(stderr, "Usage: gendwarfksyms [-d] FILE.o [SYMBOL...]\n");
		return 2;
	}
	if (optind + 1 < argc) {
		names = argv + optind + 1;
		n = (size_t)(argc - optind - 1);
	} else if (!(names = read_names(&n)) && n) {
		fprintf(stderr, "gendwarfksyms: out of memory\n");
		return 1;
	}
	syms = calloc(n ? n : 1, sizeof(*syms));
	if (!syms)
		return 1;
	for (size_t i = 0; i < n; i++)
		syms[i].name = names[i];
	if (gdk_compute(argv[optind], syms, n, dump ? stderr : NULL) < 0)
		return 1;
	for (size_t i = 0; i < n; i++) {
		if (syms[i].found) {
			printf("0x%08x\t%s\n", syms[i].crc, syms[i].name);
		} else {
			fprintf(stderr, "gendwarfksyms: %s: no DWARF description of %s\n",
				argv[optind], syms[i].name);
			ret = 1;
		}
	}
	free(syms);
	/* names read from stdin are ours to free (LSan under SANITIZE=) */
	if (names != argv + optind + 1) {
		for (size_t i = 0; i < n; i++)
			free(names[i]);
		free(names);
	}
	return ret;
}
