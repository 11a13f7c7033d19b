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
 * Each file is written as NAME.tmp and renamed over NAME, so a reader
 * never sees half an index.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "depmod.h"

/* every dependency of @m, direct or not, once each, by rank */
static int all_deps(const struct umod_depmod *d, const struct dmod *m,
		    struct dmod ***out, unsigned int *n, unsigned char *seen)
{
	unsigned int cap = 16, len = 0, top = 0;
	struct dmod **v = malloc(cap * sizeof(*v));

	if (!v)
		return -ENOMEM;
	/* v doubles as the work list: entries past @top still need expanding */
	for (const struct dmod *cur = m;; cur = v[top++]) {
		for (unsigned int i = 0; i < cur->n_deps; i++) {
			struct dmod *dep = cur->deps[i];

			if (seen[dep->idx])
				continue;
			seen[dep->idx] = 1;
			if (len == cap) {
				struct dmod **nv = realloc(v, (cap *= 2) * sizeof(*v));

				if (!nv) {
					free(v);
					return -ENOMEM;
				}
				v = nv;
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

static const struct depfile {
	const char *name;
	int (*write)(const struct umod_depmod *d, FILE *out);
} depfiles[] = {
	{ "modules.dep", output_deps },
	{ "modules.alias", output_aliases },
	{ "modules.softdep", output_softdeps },
	{ "modules.symbols", output_symbols },
	{ "modules.devname", output_devname },
};

int umod_depmod_write_stream(struct umod_depmod *d, FILE *out)
{
	for (size_t i = 0; i < sizeof(depfiles) / sizeof(depfiles[0]); i++) {
		int err = depfiles[i].write(d, out);

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
