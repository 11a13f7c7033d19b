// SPDX-License-Identifier: MIT
/*
 * The text indexes depmod writes, in kmod 30's formats and orders:
 *   modules.dep      "relpath:" then every dependency, direct or not, in
 *                    topological rank (so the last one loads first)
 *   modules.alias    "alias PATTERN MODNAME", modules in order, aliases in
 *                    .modinfo order
 *   modules.softdep  "softdep MODNAME VALUE"
 *   modules.symbols  "alias symbol:NAME MODNAME", in kmod's hash order
 *   modules.devname  "MODNAME DEVNAME cMAJ:MIN" for modules with both a
 *                    devname: alias and a char-/block-major alias; the
 *                    header only once a line follows
 * and the binary indexes kmod's modprobe reads (index.c's format): .dep.bin,
 * .alias.bin, .symbols.bin, and .builtin.bin, .builtin.alias.bin from the
 * kernel's modules.builtin and modules.builtin.modinfo (empty without).
 * Each file is written as NAME.tmp and renamed over NAME, so a reader
 * never sees half an index.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/array.h"
#include "util/file.h"
#include "util/modinfo.h"
#include "libkmod/depmod.h"
#include "libkmod/libkmod.h"

/* every dependency of @m, direct or not, once each, by rank */
static int all_deps(const struct umod_depmod *d, const struct dmod *m,
		    struct dmod ***out, unsigned int *n, unsigned char *seen)
{
	unsigned int cap = 0, len = 0, top = 0;
	struct dmod **v = NULL;

	if (umod_array_reserve(&v, &cap, 0, sizeof(*v)))
		return -ENOMEM;
	/* v doubles as the work list: entries past @top still need expanding */
	for (const struct dmod *cur = m;; cur = v[top++]) {
		for (unsigned int i = 0; i < cur->n_deps; i++) {
			struct dmod *dep = cur->deps[i];

			if (seen[dep->idx])
				continue;
			seen[dep->idx] = 1;
			if (umod_array_reserve(&v, &cap, len, sizeof(*v))) {
				free(v);
				return -ENOMEM;
			}
			v[len++] = dep;
		}
		if (top == len)
			break;
	}
	for (unsigned int i = 0; i < len; i++)
		seen[v[i]->idx] = 0;
	if (len > 1)
		qsort(v, len, sizeof(*v), umod_depmod_cmp_rank);
	*out = v;
	*n = len;
	return 0;
}

static int output_deps(const struct umod_depmod *d, FILE *out)
{
	unsigned char *seen = calloc(d->n_mods + 1, 1);

	if (!seen)
		return -ENOMEM;
	for (unsigned int i = 0; i < d->n_mods; i++) {
		const struct dmod *m = d->mods[i];
		struct dmod **deps = NULL;
		unsigned int n = 0;

		fprintf(out, "%s:", m->relpath);
		if (m->n_deps && all_deps(d, m, &deps, &n, seen) < 0) {
			free(seen);
			return -ENOMEM;
		}
		for (unsigned int j = 0; j < n; j++)
			fprintf(out, " %s", deps[j]->relpath);
		putc('\n', out);
		free(deps);
	}
	free(seen);
	return 0;
}

static int output_aliases(const struct umod_depmod *d, FILE *out)
{
	fputs("# Aliases extracted from modules themselves.\n", out);
	for (unsigned int i = 0; i < d->n_mods; i++)
		for (unsigned int j = 0; j < d->mods[i]->n_info; j++)
			if (!d->mods[i]->info[j].softdep)
				fprintf(out, "alias %s %s\n", d->mods[i]->info[j].value,
					d->mods[i]->modname);
	return 0;
}

static int output_softdeps(const struct umod_depmod *d, FILE *out)
{
	fputs("# Soft dependencies extracted from modules themselves.\n", out);
	for (unsigned int i = 0; i < d->n_mods; i++)
		for (unsigned int j = 0; j < d->mods[i]->n_info; j++)
			if (d->mods[i]->info[j].softdep)
				fprintf(out, "softdep %s %s\n", d->mods[i]->modname,
					d->mods[i]->info[j].value);
	return 0;
}

static int print_symbol(const char *key, void *value, void *data)
{
	const struct dsymbol *s = value;

	if (s->owner)
		fprintf(data, "alias symbol:%s %s\n", s->name, s->owner->modname);
	return 0;
}

static int output_symbols(const struct umod_depmod *d, FILE *out)
{
	fputs("# Aliases for symbols, used by symbol_request().\n", out);
	return umod_khash_for_each(d->symbols, print_symbol, out);
}

/* the first devname: alias, and the last major/minor alias before it is complete */
static void output_devname_of(const struct dmod *m, FILE *out, bool *empty, FILE *err)
{
	const char *devname = NULL;
	unsigned int major = 0, minor = 0, maj, min;
	char type = '\0';

	for (unsigned int j = 0; j < m->n_info && !(type && devname); j++) {
		const char *v = m->info[j].value;

		if (m->info[j].softdep)
			continue;
		if (!strncmp(v, "devname:", 8))
			devname = v + 8;
		else if (sscanf(v, "char-major-%u-%u", &maj, &min) == 2)
			type = 'c', major = maj, minor = min;
		else if (sscanf(v, "block-major-%u-%u", &maj, &min) == 2)
			type = 'b', major = maj, minor = min;
	}
	if (!devname)
		return;
	if (!type) {
		if (err)
			fprintf(err, "depmod: ERROR: Module '%s' has devname (%s) but lacks major and minor information. Ignoring.\n",
				m->modname, devname);
		return;
	}
	if (*empty)
		fputs("# Device nodes to trigger on-demand module loading.\n", out);
	*empty = false;
	fprintf(out, "%s %s %c%u:%u\n", m->modname, devname, type, major, minor);
}

static int output_devname(const struct umod_depmod *d, FILE *out)
{
	bool empty = true;

	for (unsigned int i = 0; i < d->n_mods; i++)
		output_devname_of(d->mods[i], out, &empty, d->opts.err);
	return 0;
}

/* ---- the binary indexes kmod's modprobe reads ------------------------------ */

static void dep_warn(const struct umod_depmod *d, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));

static void dep_warn(const struct umod_depmod *d, const char *fmt, ...)
{
	va_list ap;

	if (!d->opts.err)
		return;
	va_start(ap, fmt);
	vfprintf(d->opts.err, fmt, ap);
	va_end(ap);
}

/* writes @idx, or nothing at all when @idx is NULL (kmod's empty file) */
static int finish_index(struct umod_index *idx, int err, FILE *out)
{
	if (!err && idx)
		err = umod_index_write(idx, out);
	umod_index_free(idx);
	return err;
}

/* modules.dep.bin: modname -> its modules.dep line, by module order */
/* -w: a key given the same value twice, said as kmod's depmod says it */
static int dup_warn(const struct umod_depmod *d, const char *what, const char *key,
		    const char *modname)
{
	if (d->opts.warn_dups && modname)
		dep_warn(d, "depmod: WARNING: duplicate module %s:\n%s %s\n", what, key, modname);
	else if (d->opts.warn_dups)
		dep_warn(d, "depmod: WARNING: duplicate module %s:\n%s\n", what, key);
	return 0;
}

static int output_deps_bin(const struct umod_depmod *d, FILE *out)
{
	unsigned char *seen = calloc(d->n_mods + 1, 1);
	struct umod_index *idx = NULL;
	int err = seen ? umod_index_new(&idx) : -ENOMEM;

	for (unsigned int i = 0; !err && i < d->n_mods; i++) {
		const struct dmod *m = d->mods[i];
		struct dmod **deps = NULL;
		unsigned int n = 0;
		size_t len = strlen(m->relpath) + 2;
		char *line;

		if (m->n_deps && (err = all_deps(d, m, &deps, &n, seen)))
			break;
		for (unsigned int j = 0; j < n; j++)
			len += strlen(deps[j]->relpath) + 1;
		line = malloc(len);
		if (line) {
			char *p = line + sprintf(line, "%s:", m->relpath);

			for (unsigned int j = 0; j < n; j++)
				p += sprintf(p, " %s", deps[j]->relpath);
			err = umod_index_insert(idx, m->modname, line, m->idx);
			if (err > 0)
				err = dup_warn(d, "deps", line, NULL);
		} else {
			err = -ENOMEM;
		}
		free(line);
		free(deps);
	}
	free(seen);
	return finish_index(idx, err, out);
}

/* kmod's depmod underscores2(): as umod_alias_normalize(), warning when it fails */
static bool index_alias(const struct umod_depmod *d, const char *alias, char *buf, size_t size)
{
	if (umod_alias_normalize(alias, buf, size) >= 0)
		return true;
	dep_warn(d, "depmod: WARNING: Unmatched bracket in %s\n", alias);
	return false;
}

static int output_aliases_bin(const struct umod_depmod *d, FILE *out)
{
	struct umod_index *idx = NULL;
	int err = umod_index_new(&idx);
	char buf[1024];

	for (unsigned int i = 0; !err && i < d->n_mods; i++)
		for (unsigned int j = 0; !err && j < d->mods[i]->n_info; j++) {
			const struct dinfo *in = &d->mods[i]->info[j];

			if (!in->softdep && index_alias(d, in->value, buf, sizeof(buf)))
				err = umod_index_insert(idx, buf, d->mods[i]->modname, d->mods[i]->idx);
			if (err > 0)
				err = dup_warn(d, "alias", buf, d->mods[i]->modname);
		}
	return finish_index(idx, err, out);
}

struct symbols_bin {
	const struct umod_depmod *d;
	struct umod_index *idx;
};

static int index_symbol(const char *key, void *value, void *data)
{
	struct symbols_bin *sb = data;
	const struct dsymbol *s = value;
	char *alias;
	int err;

	if (!s->owner)
		return 0;
	if (asprintf(&alias, "symbol:%s", s->name) < 0)
		return -ENOMEM;
	err = umod_index_insert(sb->idx, alias, s->owner->modname, s->owner->idx);
	if (err > 0)
		err = dup_warn(sb->d, "syms", alias, s->owner->modname);
	free(alias);
	return err;
}

static int output_symbols_bin(const struct umod_depmod *d, FILE *out)
{
	struct symbols_bin sb = { d, NULL };
	int err = umod_index_new(&sb.idx);

	if (!err)
		err = umod_khash_for_each(d->symbols, index_symbol, &sb);
	return finish_index(sb.idx, err, out);
}

/* maps DIRNAME/NAME, or says it could not (kmod writes an empty index then) */
static int map_tree_file(const struct umod_depmod *d, const char *name,
			 const void **img, size_t *len)
{
	char path[4096];
	int err;

	snprintf(path, sizeof(path), "%s/%s", d->opts.dirname, name);
	err = umod_file_map(path, img, len);
	if (err)
		dep_warn(d, "depmod: WARNING: could not open %s at %s: %s\n", name,
			 d->opts.dirname, strerror(-err));
	return err;
}

/* modules.builtin.bin: the name of each "kernel/.../name.ko" line, no value */
static int output_builtin_bin(const struct umod_depmod *d, FILE *out)
{
	struct umod_index *idx = NULL;
	const void *img;
	size_t len;
	int err = 0;

	if (map_tree_file(d, "modules.builtin", &img, &len))
		return 0;
	err = umod_index_new(&idx);
	for (const char *p = img, *end = p + len; !err && p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char line[4096], name[256];

		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		p += n + 1;
		if (!isalpha((unsigned char)line[0])) {
			dep_warn(d, "depmod: ERROR: Invalid modules.builtin line: %s\n", line);
			continue;
		}
		/* a built-in module listed twice is no error (nor a -w warning) */
		if (umod_modname_from_path(line, name, sizeof(name)) >= 0)
			err = umod_index_insert(idx, name, "", 0);
		if (err > 0)
			err = 0;
	}
	umod_file_unmap(img, len);
	return finish_index(idx, err, out);
}

/* the built-in modules of modules.builtin.modinfo, in order of appearance */
static int builtin_alias_one(const struct umod_depmod *d, struct umod_index *idx,
			     const char *sec, size_t size, const char *mod, size_t mlen)
{
	size_t pos = 0;
	const char *kv;
	char name[256], buf[1024];
	int err = 0;

	snprintf(name, sizeof(name), "%.*s", (int)mlen, mod);
	while (!err && (kv = umod_modinfo_next(sec, size, &pos))) {
		if (strncmp(kv, mod, mlen) || strncmp(kv + mlen, ".alias=", 7) ||
		    !index_alias(d, kv + mlen + 7, buf, sizeof(buf)))
			continue;
		err = umod_index_insert(idx, buf, name, 0);
		if (err > 0)
			err = dup_warn(d, "alias", buf, name);
	}
	return err;
}

static int output_builtin_alias_bin(const struct umod_depmod *d, FILE *out)
{
	struct umod_index *idx = NULL;
	const char *sec, *kv, *last = NULL;
	size_t len, pos = 0, last_len = 0;
	unsigned int count = 0;
	int err;

	if (map_tree_file(d, "modules.builtin.modinfo", (const void **)&sec, &len))
		return 0;
	err = umod_index_new(&idx);
	while (!err && (kv = umod_modinfo_next(sec, len, &pos))) {
		const char *dot = strchr(kv, '.');
		size_t n = dot ? (size_t)(dot - kv) : 0;

		if (!n || (last && n == last_len && !strncmp(kv, last, n)))
			continue;
		last = kv;
		last_len = n;
		err = builtin_alias_one(d, idx, sec, len, kv, n);
		count++;
	}
	umod_file_unmap(sec, len);
	if (!count) {
		umod_index_free(idx);
		return err;
	}
	return finish_index(idx, err, out);
}

static const struct depfile {
	const char *name;
	int (*write)(const struct umod_depmod *d, FILE *out);
	bool binary;		/* not part of -n's output */
} depfiles[] = {
	{ "modules.dep", output_deps, false },
	{ "modules.dep.bin", output_deps_bin, true },
	{ "modules.alias", output_aliases, false },
	{ "modules.alias.bin", output_aliases_bin, true },
	{ "modules.softdep", output_softdeps, false },
	{ "modules.symbols", output_symbols, false },
	{ "modules.symbols.bin", output_symbols_bin, true },
	{ "modules.builtin.bin", output_builtin_bin, true },
	{ "modules.builtin.alias.bin", output_builtin_alias_bin, true },
	{ "modules.devname", output_devname, false },
};

int umod_depmod_write_stream(struct umod_depmod *d, FILE *out)
{
	for (size_t i = 0; i < sizeof(depfiles) / sizeof(depfiles[0]); i++) {
		int err = depfiles[i].binary ? 0 : depfiles[i].write(d, out);

		if (err)
			return err;
	}
	return ferror(out) ? -EIO : 0;
}

static int write_one(const struct umod_depmod *d, const struct depfile *f)
{
	char tmp[4096], dst[4096];
	FILE *out;
	int err;

	if ((size_t)snprintf(dst, sizeof(dst), "%s/%s", d->opts.dirname, f->name) >= sizeof(dst) ||
	    (size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", dst) >= sizeof(tmp))
		return -ENAMETOOLONG;
	out = fopen(tmp, "we");
	if (!out)
		return -errno;
	err = f->write(d, out);
	if (ferror(out) && !err)
		err = -EIO;
	if (fclose(out) && !err)
		err = -errno;
	if (!err && rename(tmp, dst) < 0)
		err = -errno;
	if (err)
		unlink(tmp);
	return err;
}

int umod_depmod_write_files(struct umod_depmod *d)
{
	for (size_t i = 0; i < sizeof(depfiles) / sizeof(depfiles[0]); i++) {
		int err = write_one(d, &depfiles[i]);

		if (err) {
			if (d->opts.err)
				fprintf(d->opts.err, "depmod: ERROR: Could not write index '%s': %s\n",
					depfiles[i].name, strerror(-err));
			return err;
		}
	}
	return 0;
}
