// SPDX-License-Identifier: MIT
/*
 * modpost's symbol checks, as the kernel's: every export known from the
 * providers' Module.symvers (-i, -e) and from this tree's objects (their
 * __ksymtab_NAME labels), then each module's undefined symbols against
 * them. An import nobody exports is an error ("undefined!"; a warning with
 * -w, at most 10 shown), a GPL-only one in a GPL-incompatible module is
 * always an error, and so is a namespaced one the module does not
 * MODULE_IMPORT_NS(). What a module uses from other modules becomes its
 * depends=. Builds here are external-module builds: an export may
 * override another tree's, but never the host's ("vmlinux") or one of
 * the same module.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/symtab.h"

#include "modpost.h"

#define MAX_UNRESOLVED_REPORTS	10

int modpost_symbols_new(struct modpost_symbols **symsp)
{
	struct modpost_symbols *syms = calloc(1, sizeof(*syms));

	if (!syms || umod_symtab_new(&syms->tab)) {
		free(syms);
		return -ENOMEM;
	}
	*symsp = syms;
	return 0;
}

void modpost_symbols_free(struct modpost_symbols *syms)
{
	if (!syms)
		return;
	while (syms->all) {
		struct export *e = syms->all;

		syms->all = e->next;
		free(e->name);
		free(e->module);
		free(e->ns);
		free(e);
	}
	for (size_t i = 0; i < syms->num_mods; i++) {
		free(syms->mods[i].name);
		free(syms->mods[i].exports);
		free(syms->mods[i].imports);
	}
	free(syms->mods);
	umod_symtab_free(syms->tab);
	free(syms);
}

static const char *basename_of(const char *path)
{
	const char *p = strrchr(path, '/');

	return p ? p + 1 : path;
}

const struct export *modpost_find_export(const struct modpost_symbols *syms, const char *name)
{
	const struct umod_ksym *ks = umod_symtab_lookup(syms->tab, name);

	return ks ? (const struct export *)(uintptr_t)ks->addr : NULL;
}

/*
 * The kernel's sym_add_exported(): a second export of a name is an error
 * if the first is the host's or the same module's; otherwise the newer
 * one is the one found.
 */
static struct export *add_export(struct modpost_symbols *syms, const char *name,
				 const char *module, const char *ns, bool gpl, uint32_t crc)
{
	const struct export *old = modpost_find_export(syms, name);
	struct export *e = calloc(1, sizeof(*e));
	struct umod_ksym ks = { 0 };

	if (!e || !(e->name = strdup(name)) || !(e->module = strdup(module)) ||
	    !(e->ns = strdup(ns))) {
		if (e) {
			free(e->name);
			free(e->module);
		}
		free(e);
		return NULL;
	}
	e->gpl = gpl;
	e->crc = crc;
	e->next = syms->all;
	syms->all = e;
	if (old && (!strcmp(old->module, "vmlinux") || !strcmp(old->module, module)))
		modpost_error("%s: '%s' exported twice. Previous export was in %s%s\n", module,
			      name, old->module, strcmp(old->module, "vmlinux") ? ".ko" : "");
	if (old)
		umod_symtab_del(syms->tab, name, NULL);
	ks.name = e->name;
	ks.addr = (uint64_t)(uintptr_t)e;
	return umod_symtab_add(syms->tab, &ks) ? NULL : e;
}

static int dump_entry(const struct umod_symvers_entry *entry, void *data)
{
	return add_export(data, entry->name, entry->module, entry->ns, entry->gpl,
			  entry->crc) ? 0 : -ENOMEM;
}

int modpost_read_dump(struct modpost_symbols *syms, const char *path)
{
	char err[512] = "";
	const void *buf;
	size_t len;
	int ret = umod_file_map(path, &buf, &len);

	if (ret) {
		fprintf(stderr, "%s: %s\n", path, strerror(-ret));
		return ret;
	}
	ret = umod_symvers_parse(path, buf, len, dump_entry, syms, err, sizeof(err));
	umod_file_unmap(buf, len);
	if (ret == -EINVAL)
		fprintf(stderr, "FATAL: modpost: parse error in symbol dump file %s\n", err);
	else if (ret)
		fprintf(stderr, "FATAL: modpost: %s: %s\n", path, strerror(-ret));
	return ret;
}

/* the string a symbol labels, if it lies whole inside its section */
static const char *symbol_string(const struct umod_elf *elf, const Elf64_Sym *sym)
{
	const Elf64_Shdr *s;
	const char *data;

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= elf->shnum)
		return NULL;
	s = &elf->sechdrs[sym->st_shndx];
	if (s->sh_type == SHT_NOBITS || sym->st_value >= s->sh_size)
		return NULL;
	data = (const char *)umod_elf_section_data(elf, sym->st_shndx) + sym->st_value;
	return memchr(data, '\0', s->sh_size - sym->st_value) ? data : NULL;
}

/* __kstrtabns_NAME labels: each export's namespace, by export name */
static int collect_namespaces(const struct umod_elf *elf, struct umod_symtab *ns)
{
	for (unsigned int i = 1; i < elf->num_syms; i++) {
		const char *name = umod_elf_symname(elf, &elf->syms[i]);
		struct umod_ksym ks = { 0 };
		const char *str;

		if (strncmp(name, "__kstrtabns_", 12))
			continue;
		str = symbol_string(elf, &elf->syms[i]);
		if (!str)
			continue;
		ks.name = name + 12;
		ks.addr = (uint64_t)(uintptr_t)str;
		if (umod_symtab_add(ns, &ks) == -ENOMEM)
			return -ENOMEM;
	}
	return 0;
}

/* __ksymtab_NAME labels in __ksymtab or __ksymtab_gpl, in symbol-table order */
static int read_exports(struct modpost_symbols *syms, struct treemod *t)
{
	const struct umod_elf *elf = &t->m->elf;
	struct umod_symtab *ns;
	int err = umod_symtab_new(&ns);

	if (!err)
		err = collect_namespaces(elf, ns);
	if (!err && !(t->exports = calloc(elf->num_syms, sizeof(*t->exports))))
		err = -ENOMEM;
	for (unsigned int i = 1; i < elf->num_syms && !err; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		const char *name = umod_elf_symname(elf, sym), *sec;
		const struct umod_ksym *space;
		struct export *e;

		if (strncmp(name, "__ksymtab_", 10) || sym->st_shndx == SHN_UNDEF ||
		    sym->st_shndx >= elf->shnum)
			continue;
		sec = umod_elf_secname(elf, sym->st_shndx);
		if (strcmp(sec, "__ksymtab") && strcmp(sec, "__ksymtab_gpl"))
			continue;
		space = umod_symtab_lookup(ns, name + 10);
		e = add_export(syms, name + 10, t->name,
			       space ? (const char *)(uintptr_t)space->addr : "",
			       !strcmp(sec, "__ksymtab_gpl"), 0);
		if (!e) {
			err = -ENOMEM;
			break;
		}
		e->ksymtab_off = sym->st_value;
		t->exports[t->num_exports++] = e;
	}
	umod_symtab_free(ns);
	return err;
}

/*
 * names the assembler or modpost itself will define; and a sanitized
 * module's calls into the sanitizer runtime, which the host process has
 * (or lacks) outside any export table: the loader checks .modinfo
 */
static bool ignore_undef_symbol(const char *name)
{
	return !strcmp(name, "__this_module") || !strcmp(name, "_GLOBAL_OFFSET_TABLE_") ||
	       !strncmp(name, "__asan_", 7) || !strncmp(name, "__ubsan_", 8);
}

static int read_imports(struct treemod *t)
{
	const struct umod_elf *elf = &t->m->elf;

	t->imports = calloc(elf->num_syms ? elf->num_syms : 1, sizeof(*t->imports));
	if (!t->imports)
		return -ENOMEM;
	for (unsigned int i = 1; i < elf->num_syms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		unsigned char bind = ELF64_ST_BIND(sym->st_info);
		const char *name = umod_elf_symname(elf, sym);

		if (sym->st_shndx != SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK) ||
		    !*name || ignore_undef_symbol(name))
			continue;
		t->imports[t->num_imports++] = (struct import){ name, bind == STB_WEAK };
	}
	return 0;
}

/* every license= must be GPL-compatible; none at all is an error (6.1) */
static void read_license(struct treemod *t)
{
	const struct modobj *m = t->m;
	const char *kv;
	size_t pos = 0;
	bool any = false;

	t->gpl_compatible = true;
	while ((kv = umod_modinfo_next(m->modinfo, m->modinfo_size, &pos))) {
		if (strncmp(kv, "license=", 8))
			continue;
		any = true;
		if (!umod_license_is_gpl_compatible(kv + 8))
			t->gpl_compatible = false;
	}
	if (!any)
		modpost_error("missing MODULE_LICENSE() in %s\n", m->path);
}

int modpost_add_module(struct modpost_symbols *syms, struct modobj *m)
{
	size_t len = strlen(m->path);
	struct treemod *mods = realloc(syms->mods, (syms->num_mods + 1) * sizeof(*mods));
	struct treemod *t;
	int err;

	if (!mods)
		return -ENOMEM;
	syms->mods = mods;
	t = &mods[syms->num_mods];
	memset(t, 0, sizeof(*t));
	t->m = m;
	t->name = strndup(m->path, len - 2);	/* foo.o: checked by the caller */
	if (!t->name)
		return -ENOMEM;
	syms->num_mods++;
	read_license(t);
	err = read_exports(syms, t);
	if (!err)
		err = read_imports(t);
	return err;
}

const struct treemod *modpost_find_treemod(const struct modpost_symbols *syms,
					   const struct modobj *m)
{
	for (size_t i = 0; i < syms->num_mods; i++)
		if (syms->mods[i].m == m)
			return &syms->mods[i];
	return NULL;
}

static bool imports_namespace(const struct modobj *m, const char *ns)
{
	const char *kv;
	size_t pos = 0;

	while ((kv = umod_modinfo_next(m->modinfo, m->modinfo_size, &pos)))
		if (!strncmp(kv, "import_ns=", 10) && !strcmp(kv + 10, ns))
			return true;
	return false;
}

/* appends @module's basename to "a,b" unless it is there already */
static int add_depend(char **list, const char *module)
{
	const char *base = basename_of(module);
	size_t len = *list ? strlen(*list) : 0, blen = strlen(base);
	char *s;

	for (const char *p = *list; p && *p; ) {
		const char *end = strchrnul(p, ',');

		if ((size_t)(end - p) == blen && !memcmp(p, base, blen))
			return 0;
		p = *end ? end + 1 : end;
	}
	s = realloc(*list, len + blen + 2);
	if (!s)
		return -ENOMEM;
	if (len)
		s[len++] = ',';
	memcpy(s + len, base, blen + 1);
	*list = s;
	return 0;
}

static void check_import(struct modpost_symbols *syms, const struct treemod *t,
			 const struct import *imp, const struct export *exp, bool warn)
{
	const char *base = basename_of(t->name);

	if (!exp) {
		if (imp->weak || syms->nr_unresolved++ >= MAX_UNRESOLVED_REPORTS)
			return;
		if (warn)
			modpost_warn("\"%s\" [%s.ko] undefined!\n", imp->name, t->name);
		else
			modpost_error("\"%s\" [%s.ko] undefined!\n", imp->name, t->name);
		return;
	}
	if (*exp->ns && !imports_namespace(t->m, exp->ns))
		modpost_error("module %s uses symbol %s from namespace %s, but does not import it.\n",
			      base, imp->name, exp->ns);
	if (!t->gpl_compatible && exp->gpl)
		modpost_error("GPL-incompatible module %s.ko uses GPL-only symbol '%s'\n",
			      base, imp->name);
}

int modpost_check_module(struct modpost_symbols *syms, struct modobj *m, bool warn_unresolved)
{
	const struct treemod *t = modpost_find_treemod(syms, m);

	if (!t)
		return -EINVAL;
	for (size_t i = 0; i < t->num_imports; i++) {
		const struct export *exp = modpost_find_export(syms, t->imports[i].name);

		check_import(syms, t, &t->imports[i], exp, warn_unresolved);
		if (exp && strcmp(exp->module, "vmlinux") && add_depend(&m->depends, exp->module))
			return -ENOMEM;
	}
	return 0;
}

void modpost_check_done(struct modpost_symbols *syms)
{
	if (syms->nr_unresolved > MAX_UNRESOLVED_REPORTS)
		modpost_warn("suppressed %u unresolved symbol warnings because there were too many)\n",
			     syms->nr_unresolved - MAX_UNRESOLVED_REPORTS);
}

int modpost_write_dump(struct modpost_symbols *syms, const char *path)
{
	FILE *f = fopen(path, "w");
	int ret = 0;

	if (!f) {
		modpost_error("%s: %s\n", path, strerror(errno));
		return -errno;
	}
	for (size_t i = 0; i < syms->num_mods; i++) {
		const struct treemod *t = &syms->mods[i];

		for (size_t j = 0; j < t->num_exports; j++) {
			const struct export *e = t->exports[j];
			struct umod_symvers_entry entry = {
				.crc = e->crc, .name = e->name, .module = e->module,
				.ns = e->ns, .gpl = e->gpl,
			};

			if (umod_symvers_write(f, &entry) < 0)
				ret = -EIO;
		}
	}
	if (fclose(f) || ret) {
		modpost_error("%s: %s\n", path, strerror(EIO));
		return -EIO;
	}
	return 0;
}
