// SPDX-License-Identifier: MIT
/*
 * Modversions in modpost. Each export of this tree gets the CRC of its
 * type, computed from its object's DWARF (scripts/gendwarfksyms), which
 * goes into Module.symvers and, as one SYMBOL_CRC() per export in the
 * order of the module's __ksymtab(_gpl), into foo.mod.c's __kcrctab(_gpl).
 * Each module's __versions lists module_layout and every symbol it
 * imports with the CRC its provider's Module.symvers gives, so the host
 * can refuse a module built against another version of a type.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scripts/gendwarfksyms/gendwarfksyms.h"
#include "modpost.h"

static int version_module(struct treemod *t)
{
	struct gdk_symbol *g = calloc(t->num_exports, sizeof(*g));
	int err = 0;

	if (!g)
		return -ENOMEM;
	for (size_t i = 0; i < t->num_exports; i++)
		g[i].name = t->exports[i]->name;
	if (gdk_compute(t->m->path, g, t->num_exports, NULL) < 0)
		err = 0;	/* said why; every export goes unversioned below */
	for (size_t i = 0; i < t->num_exports; i++) {
		if (g[i].found)
			t->exports[i]->crc = g[i].crc;
		else
			modpost_warn("EXPORT symbol \"%s\" [%s.ko] version generation failed, symbol will not be versioned.\n",
				     g[i].name, t->name);
	}
	free(g);
	return err;
}

int modpost_version_exports(struct modpost_symbols *syms)
{
	for (size_t i = 0; i < syms->num_mods; i++) {
		int err = syms->mods[i].num_exports ? version_module(&syms->mods[i]) : 0;

		if (err)
			return err;
	}
	return 0;
}

static int by_ksymtab_offset(const void *a, const void *b)
{
	const struct export *x = *(const struct export *const *)a;
	const struct export *y = *(const struct export *const *)b;

	return x->ksymtab_off < y->ksymtab_off ? -1 : x->ksymtab_off > y->ksymtab_off;
}

/*
 * One SYMBOL_CRC() per entry of __ksymtab (@gpl false) or __ksymtab_gpl,
 * in entry order: the order the loader reads them in.
 */
static int write_kcrctab(FILE *f, const struct treemod *t, bool gpl)
{
	const struct export **v = calloc(t->num_exports ? t->num_exports : 1, sizeof(*v));
	size_t n = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < t->num_exports; i++)
		if (t->exports[i]->gpl == gpl)
			v[n++] = t->exports[i];
	qsort(v, n, sizeof(*v), by_ksymtab_offset);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "SYMBOL_CRC(%s, 0x%08x, \"%s\");\n", v[i]->name, v[i]->crc,
			gpl ? "_gpl" : "");
	free(v);
	return 0;
}

static void version_line(FILE *f, const struct treemod *t, const char *name, uint32_t crc)
{
	if (strlen(name) >= UMOD_MODULE_NAME_LEN) {
		modpost_error("too long symbol \"%s\" [%s.ko]\n", name, t->name);
		return;
	}
	fprintf(f, "\t{ 0x%08x, \"%s\" },\n", crc, name);
}

static void write_versions(FILE *f, const struct modpost_symbols *syms, const struct treemod *t)
{
	const struct export *layout = modpost_find_export(syms, "module_layout");

	fprintf(f, "\nstatic const struct modversion_info ____versions[]\n"
		   "__used __section(\"__versions\") = {\n");
	if (layout)
		version_line(f, t, "module_layout", layout->crc);
	for (size_t i = 0; i < t->num_imports; i++) {
		const char *name = t->imports[i].name;
		const struct export *e = modpost_find_export(syms, name);

		if (e && strcmp(name, "module_layout"))
			version_line(f, t, name, e->crc);
	}
	fprintf(f, "};\n");
}

int modpost_write_versions(FILE *f, const struct modpost_symbols *syms,
			   const struct modobj *m)
{
	const struct treemod *t = modpost_find_treemod(syms, m);
	int err;

	if (!t)
		return -EINVAL;
	fprintf(f, "\n");
	err = write_kcrctab(f, t, false);
	if (!err)
		err = write_kcrctab(f, t, true);
	if (!err)
		write_versions(f, syms, t);
	return err;
}
