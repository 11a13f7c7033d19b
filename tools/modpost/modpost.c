// SPDX-License-Identifier: MIT
/*
 * modpost: the build step between compiling a module's objects and
 * linking its .ko. For each module object it writes foo.mod.c, which
 * defines the module's struct module (in .gnu.linkonce.this_module,
 * pointing at init_module/cleanup_module when the module has them) and
 * adds vermagic= and name= to .modinfo; and it writes the tree's
 * Module.symvers.
 *
 *   modpost [-w] [-i SYMVERS]... [-e SYMVERS]... [-o OUT] MODULE.o...
 *
 * Messages use the kernel's modpost wording ("WARNING: modpost: ...").
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
};

static void modpost_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void modpost_warn(const char *fmt, ...)
{
	va_list ap;

	fputs("WARNING: modpost: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

static void modpost_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void modpost_error(const char *fmt, ...)
{
	va_list ap;

	fputs("ERROR: modpost: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* the ELF checks report through a log: show them with the file's name */
static void elf_message(void *data, uint64_t seq, int level, uint64_t ts,
			const char *text, size_t len)
{
	modpost_error("%s: %s\n", (const char *)data, text);
}

/* "dir/foo-bar.o" is module "foo_bar", as KBUILD_MODNAME spells it */
static int modname_from_path(const char *path, char *name)
{
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len < 3 || strcmp(base + len - 2, ".o") || len - 2 >= UMOD_MODULE_NAME_LEN)
		return -EINVAL;
	for (size_t i = 0; i < len - 2; i++)
		name[i] = base[i] == '-' ? '_' : base[i];
	name[len - 2] = '\0';
	return 0;
}

static bool defines(const struct umod_elf *elf, const char *sym)
{
	for (unsigned int i = 1; i < elf->num_syms; i++)
		if (elf->syms[i].st_shndx != SHN_UNDEF &&
		    !strcmp(umod_elf_symname(elf, &elf->syms[i]), sym))
			return true;
	return false;
}

static int read_modobj(struct modobj *m, const char *path)
{
	struct umod_log *log;
	int idx, err;

	m->path = path;
	if (modname_from_path(path, m->name)) {
		modpost_error("%s: not a module object (NAME.o)\n", path);
		return -EINVAL;
	}
	err = umod_file_map(path, &m->image, &m->len);
	if (err) {
		modpost_error("%s: %s\n", path, strerror(-err));
		return err;
	}
	err = umod_log_new(&log, 0);
	if (err)
		return err;
	umod_log_set_sink(log, elf_message, (void *)path);
	err = umod_elf_parse(&m->elf, m->image, m->len, log);
	umod_log_free(log);
	if (err)
		return err;
	if (m->elf.num_symtabs != 1) {
		modpost_error("%s: no symbol table\n", path);
		return -ENOEXEC;
	}
	idx = umod_elf_find_section(&m->elf, ".modinfo");
	if (idx) {
		m->modinfo = umod_elf_section_data(&m->elf, (unsigned int)idx);
		m->modinfo_size = m->elf.sechdrs[idx].sh_size;
	}
	m->has_init = defines(&m->elf, "init_module");
	m->has_cleanup = defines(&m->elf, "cleanup_module");
	return 0;
}

static void check_modinfo(const struct modobj *m)
{
	if (!umod_modinfo_get(m->modinfo, m->modinfo_size, "license"))
		modpost_warn("missing MODULE_LICENSE() in %s\n", m->path);
}

/* foo.o -> foo.mod.c */
static int write_mod_c(const struct modobj *m)
{
	size_t len = strlen(m->path);
	char *out = malloc(len + 5);
	FILE *f;

	if (!out)
		return -ENOMEM;
	memcpy(out, m->path, len - 2);
	strcpy(out + len - 2, ".mod.c");
	f = fopen(out, "w");
	if (!f) {
		modpost_error("%s: %s\n", out, strerror(errno));
		free(out);
		return -errno;
	}
	fprintf(f, "#include <linux/module.h>\n"
		   "#include <linux/vermagic.h>\n"
		   "#include <linux/compiler.h>\n\n"
		   "MODULE_INFO(vermagic, VERMAGIC_STRING);\n"
		   "MODULE_INFO(name, KBUILD_MODNAME);\n\n"
		   "__visible struct module __this_module\n"
		   "__section(\".gnu.linkonce.this_module\") = {\n"
		   "\t.name = KBUILD_MODNAME,\n");
	if (m->has_init)
		fprintf(f, "\t.init = init_module,\n");
	if (m->has_cleanup)
		fprintf(f, "\t.exit = cleanup_module,\n");
	fprintf(f, "};\n\nMODULE_INFO(depends, \"\");\n");
	if (fclose(f)) {
		modpost_error("%s: %s\n", out, strerror(errno));
		free(out);
		return -EIO;
	}
	free(out);
	return 0;
}

static int write_symvers(const char *path, const struct modobj *mods, int n)
{
	FILE *f = fopen(path, "w");

	(void)mods;
	(void)n;
	if (!f || fclose(f)) {
		modpost_error("%s: %s\n", path, strerror(errno));
		return -EIO;
	}
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "Usage: modpost [-w] [-i SYMVERS]... [-e SYMVERS]... [-o OUT] MODULE.o...\n");
}

int main(int argc, char *argv[])
{
	const char *out = "Module.symvers";
	struct modobj *mods;
	int c, n, ret = 0;

	while ((c = getopt(argc, argv, "wi:e:o:")) != -1) {
		switch (c) {
		case 'w':
		case 'i':
		case 'e':
			break;	/* symbol checks: not yet */
		case 'o':
			out = optarg;
			break;
		default:
			usage();
			return 1;
		}
	}
	n = argc - optind;
	if (n <= 0) {
		usage();
		return 1;
	}
	mods = calloc((size_t)n, sizeof(*mods));
	if (!mods)
		return 1;
	for (int i = 0; i < n && !ret; i++) {
		if (read_modobj(&mods[i], argv[optind + i]))
			ret = 1;
		else
			check_modinfo(&mods[i]);
	}
	for (int i = 0; i < n && !ret; i++)
		if (write_mod_c(&mods[i]))
			ret = 1;
	if (!ret && write_symvers(out, mods, n))
		ret = 1;
	for (int i = 0; i < n; i++)
		umod_file_unmap(mods[i].image, mods[i].len);
	free(mods);
	return ret;
}
