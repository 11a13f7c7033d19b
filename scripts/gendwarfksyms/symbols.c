// SPDX-License-Identifier: MIT
/*
 * Finding each exported symbol's DIE in an object file and turning its
 * type text into a CRC. libdwfl opens the file because a relocatable
 * object's debug sections only make sense with their relocations applied.
 */
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "gendwarfksyms.h"

static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/* the requested symbols by name: open addressing over indexes into syms */
struct wanted {
	struct gdk_symbol *syms;
	size_t *slots;		/* (index + 1), 0 = empty */
	size_t mask;
	bool *definition;	/* per symbol: the DIE found so far is a definition */
	Dwarf_Die *die;		/* per symbol: best DIE so far */
};

static size_t hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static int wanted_init(struct wanted *w, struct gdk_symbol *syms, size_t n)
{
	size_t cap = 16;

	while (cap < n * 2)
		cap *= 2;
	w->syms = syms;
	w->mask = cap - 1;
	w->slots = calloc(cap, sizeof(*w->slots));
	w->definition = calloc(n ? n : 1, sizeof(*w->definition));
	w->die = calloc(n ? n : 1, sizeof(*w->die));
	if (!w->slots || !w->definition || !w->die)
		return -1;
	for (size_t i = 0; i < n; i++) {
		size_t h = hash(syms[i].name) & w->mask;

		while (w->slots[h])
			h = (h + 1) & w->mask;
		w->slots[h] = i + 1;
		syms[i].found = false;
	}
	return 0;
}

static void wanted_free(struct wanted *w)
{
	free(w->slots);
	free(w->definition);
	free(w->die);
}

static long wanted_find(const struct wanted *w, const char *name)
{
	for (size_t h = hash(name) & w->mask; w->slots[h]; h = (h + 1) & w->mask)
		if (!strcmp(w->syms[w->slots[h] - 1].name, name))
			return (long)w->slots[h] - 1;
	return -1;
}

static bool has_flag(Dwarf_Die *die, unsigned int at)
{
	Dwarf_Attribute a;
	bool v = false;

	return dwarf_attr_integrate(die, at, &a) && dwarf_formflag(&a, &v) == 0 && v;
}

/* a top-level function or variable: keep it if wanted, a definition winning */
static void consider(struct wanted *w, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die source = *die, origin;
	const char *name;
	bool def;
	long i;

	if (dwarf_attr(die, DW_AT_abstract_origin, &a) && dwarf_formref_die(&a, &origin))
		source = origin;
	if (!dwarf_attr_integrate(&source, DW_AT_name, &a) || !(name = dwarf_formstring(&a)))
		return;
	if (!has_flag(&source, DW_AT_external) || (i = wanted_find(w, name)) < 0)
		return;
	def = !has_flag(&source, DW_AT_declaration);
	if (w->syms[i].found && (w->definition[i] || !def))
		return;
	w->syms[i].found = true;
	w->definition[i] = def;
	w->die[i] = source;
}

static void scan_cu(struct wanted *w, Dwarf_Die *cu)
{
	Dwarf_Die c;

	if (dwarf_child(cu, &c) != 0)
		return;
	do {
		int tag = dwarf_tag(&c);

		if (tag == DW_TAG_subprogram || tag == DW_TAG_variable)
			consider(w, &c);
	} while (dwarf_siblingof(&c, &c) == 0);
}

static int crcs(struct wanted *w, size_t n, FILE *dump)
{
	for (size_t i = 0; i < n; i++) {
		char *text;

		if (!w->syms[i].found)
			continue;
		text = gdk_symbol_text(&w->die[i]);
		if (!text) {
			fprintf(stderr, "gendwarfksyms: out of memory\n");
			return -1;
		}
		w->syms[i].crc = (uint32_t)crc32(0, (const Bytef *)text, (uInt)strlen(text));
		if (dump)
			fprintf(dump, "%s\n", text);
		free(text);
	}
	return 0;
}

int gdk_compute(const char *path, struct gdk_symbol *syms, size_t n, FILE *dump)
{
	Dwfl *dwfl = dwfl_begin(&offline_callbacks);
	struct wanted w = { 0 };
	Dwfl_Module *mod;
	Dwarf_Die *cu = NULL;
	Dwarf_Addr bias;
	int ret = -1;

	if (!dwfl || wanted_init(&w, syms, n) < 0) {
		fprintf(stderr, "gendwarfksyms: out of memory\n");
		goto out;
	}
	mod = dwfl_report_offline(dwfl, path, path, -1);
	if (!mod || dwfl_report_end(dwfl, NULL, NULL) != 0) {
		fprintf(stderr, "gendwarfksyms: %s: %s\n", path, dwfl_errmsg(-1));
		goto out;
	}
	if (!dwfl_module_getdwarf(mod, &bias)) {
		fprintf(stderr, "gendwarfksyms: %s: no DWARF debug information (build with -g)\n", path);
		goto out;
	}
	while ((cu = dwfl_module_nextcu(mod, cu, &bias)))
		scan_cu(&w, cu);
	ret = crcs(&w, n, dump);
out:
	wanted_free(&w);
	if (dwfl)
		dwfl_end(dwfl);
	return ret;
}
