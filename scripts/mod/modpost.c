// SPDX-License-Identifier: MIT
/*
 * modpost: the build step between compiling a module's objects and
 * linking its .ko. It reads the providers' Module.symvers (the host's with
 * -i, other trees' with -e), checks each module's undefined symbols
 * against every known export (symbols.c), then for each module object
 * writes foo.mod.c, which defines the module's struct module (in
 * .gnu.linkonce.this_module, pointing at init_module/cleanup_module when
 * the module has them) and adds vermagic=, name= and depends= to
 * .modinfo; and it writes the tree's Module.symvers. On any error it
 * writes nothing and exits 1, so make stops and runs it again next time.
 *
 *   modpost [-w] [-i SYMVERS]... [-e SYMVERS]... [-o OUT] MODULE.o...
 *
 * -w (KBUILD_MODPOST_WARN): undefined symbols are warnings, not errors.
 * Messages use the kernel's modpost wording ("ERROR: modpost: ...").
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/kern_levels.h>

#include "modpost.h"

unsigned int modpost_errors;

void modpost_warn(const char *fmt, ...)
{
	va_list ap;

	fputs("WARNING: modpost: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void modpost_error(const char *fmt, ...)
{
	va_list ap;

	modpost_errors++;
	fputs("ERROR: modpost: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* the ELF checks report through a log: show them with the file's name */
/* the loader's words for a bad object, without their level and newline */
static void elf_message(void *data, const char *fmt, va_list ap)
{
	char text[512];
	const char *t = text;
	size_t n;

	vsnprintf(text, sizeof(text), fmt, ap);
	if (t[0] == KERN_SOH_ASCII && t[1])
		t += 2;
	n = strlen(t);
	if (n && t[n - 1] == '\n')
		n--;
	modpost_error("%s: %.*s\n", (const char *)data, (int)n, t);
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
	err = umod_elf_parse(&m->elf, m->image, m->len, elf_message, (void *)path);
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

/* foo.o -> foo.mod.c */
static int write_mod_c(const struct modpost_symbols *syms, const struct modobj *m)
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
	/* 6.1's lines: the notes' objects are named by their lines, _note_9 and _note_10 */
	fprintf(f, "#include <linux/module.h>\n"
		   "#define INCLUDE_VERMAGIC\n"
		   "#include <linux/build-salt.h>\n"
		   "#include <linux/elfnote-lto.h>\n"
		   "#include <linux/export-internal.h>\n"
		   "#include <linux/vermagic.h>\n"
		   "#include <linux/compiler.h>\n\n"
		   "BUILD_SALT;\n"
		   "BUILD_LTO_INFO;\n\n"
		   "MODULE_INFO(vermagic, VERMAGIC_STRING);\n"
		   "MODULE_INFO(name, KBUILD_MODNAME);\n\n"
		   "__visible struct module __this_module\n"
		   "__section(\".gnu.linkonce.this_module\") = {\n"
		   "\t.name = KBUILD_MODNAME,\n");
	if (m->has_init)
		fprintf(f, "\t.init = init_module,\n");
	if (m->has_cleanup)
		fprintf(f, "\t.exit = cleanup_module,\n");
	fprintf(f, "};\n");
	modpost_write_versions(f, syms, m);
	fprintf(f, "\nMODULE_INFO(depends, \"%s\");\n\n", m->depends ? m->depends : "");
	modpost_write_aliases(f, m);
	/* as Linux's retpoline=Y: what the loading host must provide */
	fprintf(f, "\n#ifdef UMOD_SANITIZE\nMODULE_INFO(sanitize, UMOD_SANITIZE);\n#endif\n");
	if (fclose(f)) {
		modpost_error("%s: %s\n", out, strerror(errno));
		free(out);
		return -EIO;
	}
	free(out);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "Usage: modpost [-w] [-i SYMVERS]... [-e SYMVERS]... [-o OUT] MODULE.o...\n");
}

struct options {
	const char *out;
	bool warn_unresolved;
	const char **dumps;		/* -i and -e files, in order */
	int num_dumps;
};

static int parse_options(int argc, char *argv[], struct options *o)
{
	int c;

	o->out = "Module.symvers";
	o->dumps = calloc((size_t)argc, sizeof(*o->dumps));
	if (!o->dumps)
		return -ENOMEM;
	while ((c = getopt(argc, argv, "wi:e:o:")) != -1) {
		switch (c) {
		case 'w':
			o->warn_unresolved = true;
			break;
		case 'i':
		case 'e':
			o->dumps[o->num_dumps++] = optarg;
			break;
		case 'o':
			o->out = optarg;
			break;
		default:
			usage();
			return -EINVAL;
		}
	}
	if (optind >= argc) {
		usage();
		return -EINVAL;
	}
	return 0;
}

/* providers first, then this tree's modules, then every check */
static int check_symbols(struct modpost_symbols *syms, const struct options *o,
			 struct modobj *mods, int n)
{
	for (int i = 0; i < o->num_dumps; i++)
		if (modpost_read_dump(syms, o->dumps[i]))
			return -1;
	for (int i = 0; i < n; i++)
		if (modpost_add_module(syms, &mods[i]))
			return -1;
	for (int i = 0; i < n; i++)
		if (modpost_check_module(syms, &mods[i], o->warn_unresolved))
			return -1;
	modpost_check_done(syms);
	return modpost_version_exports(syms) ? -1 : 0;
}

static int write_outputs(struct modpost_symbols *syms, const char *out,
			 const struct modobj *mods, int n)
{
	for (int i = 0; i < n; i++)
		if (write_mod_c(syms, &mods[i]))
			return -1;
	return modpost_write_dump(syms, out) ? -1 : 0;
}

int main(int argc, char *argv[])
{
	struct modpost_symbols *syms = NULL;
	struct options o = { 0 };
	struct modobj *mods = NULL;
	int n = 0, ret = 1;

	if (parse_options(argc, argv, &o)) {
		free(o.dumps);
		return 1;
	}
	n = argc - optind;
	mods = calloc((size_t)n, sizeof(*mods));
	if (!mods || modpost_symbols_new(&syms))
		goto out;
	for (int i = 0; i < n; i++)
		if (read_modobj(&mods[i], argv[optind + i]))
			goto out;
	if (check_symbols(syms, &o, mods, n) || modpost_errors)
		goto out;
	if (!write_outputs(syms, o.out, mods, n))
		ret = 0;
out:
	/* no stale Module.symvers: make must run modpost again */
	if (ret)
		unlink(o.out);
	modpost_symbols_free(syms);
	for (int i = 0; mods && i < n; i++) {
		umod_file_unmap(mods[i].image, mods[i].len);
		free(mods[i].depends);
	}
	free(mods);
	free(o.dumps);
	return ret;
}
