// SPDX-License-Identifier: MIT
/*
 * depmod's computation, in the phases and orders of kmod 30's depmod, so
 * that the files written from it are byte-identical to kmod's:
 *
 *   scan      walk the directory depth-first in readdir order (skipping
 *             "build" and "source"); a second module of the same name is
 *             kept only if it lives under updates/ and the first does not
 *             (kmod's default search "updates built-in")
 *   order     modules listed in modules.order first, in its order; the
 *             others after them, in kmod's hash order of their names
 *   load      per module in that order: its exports (the __crc_ symbols,
 *             else the __ksymtab_strings), its .modinfo aliases and
 *             softdeps, its imports (undefined symbols in symbol-table
 *             order, then the __versions entries no symbol matched); a
 *             symbol exported twice belongs to the later module
 *   resolve   each import found among the exports makes its owner a
 *             dependency (once), counting a user of the owner
 *   sort      topological: modules without users first, taken from a stack
 *             seeded in module order; every dependency list is then sorted
 *             by that rank
 * Files that cannot be read are reported and kept without exports or
 * imports, as kmod keeps them in modules.dep.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/array.h"
#include "util/file.h"
#include "libkmod/depmod.h"
#include "libkmod/libkmod.h"

#define warn umod_depmod_warn

void umod_depmod_warn(const struct umod_depmod *d, const char *level, const char *fmt, ...)
{
	va_list ap;

	if (!d->opts.err)
		return;
	fprintf(d->opts.err, "depmod: %s: ", level);
	va_start(ap, fmt);
	vfprintf(d->opts.err, fmt, ap);
	va_end(ap);
}

/* ---- scan ------------------------------------------------------------------ */

static void dmod_free(struct dmod *m)
{
	if (!m)
		return;
	free(m->path);
	free(m->uncrelpath);
	free(m->deps);
	free(m->info);
	free(m->imports);
	free(m->exports);
	free(m->export_crcs);
	free(m->strs);
	free(m);
}

/* kmod's default when depmod.d says nothing: "search updates" */
static const struct umod_depmod_conf default_conf = {
	.search = { .v = (char *[]){ "updates" }, .n = 1 },
};

static const struct umod_depmod_conf *conf_of(const struct umod_depmod *d)
{
	return d->opts.conf ? d->opts.conf : &default_conf;
}

/* does @m, found after @old of the same name, replace it? */
static bool replaces(const struct umod_depmod *d, const struct dmod *old, const struct dmod *m)
{
	struct umod_depmod_file o = { old->relpath, strlen(old->modname), old->external };
	struct umod_depmod_file n = { m->relpath, strlen(m->modname), m->external };

	return umod_depmod_conf_prefer(conf_of(d), &o, &n);
}

static int dmod_new(struct umod_depmod *d, const char *path, bool external, struct dmod **mp)
{
	size_t dirlen = strlen(d->opts.dirname), namelen;
	char name[PATH_MAX];
	const char *base;
	struct dmod *m;
	int n = umod_modname_from_path(path, name, sizeof(name));

	if (n <= 0)
		return n < 0 ? n : -EINVAL;
	namelen = (size_t)n;
	m = calloc(1, sizeof(*m) + namelen + 1);
	if (!m)
		return -ENOMEM;
	memcpy(m->modname, name, namelen + 1);
	m->path = strdup(path);
	if (!m->path)
		goto nomem;
	/* an external module is shown by its whole path */
	m->external = external;
	m->relpath = external ? m->path : m->path + dirlen + 1;
	base = strrchr(m->relpath, '/');
	base = base ? base + 1 : m->relpath;
	/* kmod's "uncompressed relative path": the name's own spelling + ".ko" */
	m->uncrelpath = strndup(m->relpath, (size_t)(base - m->relpath) + namelen + 3);
	if (!m->uncrelpath)
		goto nomem;
	m->sort_idx = 1;
	*mp = m;
	return 0;
nomem:
	dmod_free(m);
	return -ENOMEM;
}

static int add_module(struct umod_depmod *d, const char *path, bool external)
{
	struct dmod *m, *old;
	int err = dmod_new(d, path, external, &m);

	if (err)
		return err;
	old = umod_khash_find(d->by_name, m->modname);
	if (old) {
		if (!replaces(d, old, m)) {
			dmod_free(m);
			return 0;
		}
		umod_khash_del(d->by_name, old->modname);
		umod_khash_del(d->by_uncrelpath, old->uncrelpath);
		dmod_free(old);
	}
	err = umod_khash_add(d->by_name, m->modname, m, NULL);
	if (!err)
		err = umod_khash_add(d->by_uncrelpath, m->uncrelpath, m, NULL);
	if (err) {
		umod_khash_del(d->by_name, m->modname);
		dmod_free(m);
	}
	return err;
}

/* only regular files and directories count (symlinks followed) */
static bool entry_is_dir(DIR *dir, const struct dirent *de, bool *is_dir)
{
	int type = de->d_type;

	if (type != DT_REG && type != DT_DIR)
		type = umod_file_type_at(dirfd(dir), de->d_name);
	*is_dir = type == DT_DIR;
	return type == DT_REG || type == DT_DIR;
}

/* @path holds the directory, with room to PATH_MAX; @len is its length */
static int scan_dir(struct umod_depmod *d, char *path, size_t len, bool external)
{
	DIR *dir = opendir(path);
	struct dirent *de;
	int err = 0;

	if (!dir)
		return -errno;
	while (!err && (de = readdir(dir))) {
		size_t nlen = strlen(de->d_name);
		bool is_dir;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    !strcmp(de->d_name, "build") || !strcmp(de->d_name, "source") ||
		    umod_depmod_conf_excluded(d->opts.conf, de->d_name))
			continue;
		if (len + nlen + 2 >= PATH_MAX || !entry_is_dir(dir, de, &is_dir))
			continue;
		path[len] = '/';
		memcpy(path + len + 1, de->d_name, nlen + 1);
		if (is_dir)
			err = scan_dir(d, path, len + 1 + nlen, external);
		else if (umod_modname_has_module_ext(de->d_name, nlen))
			err = add_module(d, path, external);
		path[len] = '\0';
		if (err && err != -ENOMEM) {
			warn(d, "ERROR", "failed %s/%s: %s\n", path, de->d_name, strerror(-err));
			err = 0;
		}
	}
	closedir(dir);
	return err;
}

/* depmod.d's external directories, the last configured first (kmod's list order) */
static int scan_externals(struct umod_depmod *d)
{
	const struct umod_depmod_list *ext = &conf_of(d)->external;
	char path[PATH_MAX];
	int err = 0;

	for (unsigned int i = ext->n; !err && i-- > 0;) {
		size_t len = strlen(ext->v[i]);

		if (len >= sizeof(path))
			continue;
		memcpy(path, ext->v[i], len + 1);
		err = scan_dir(d, path, len, true);
		if (err && err != -ENOMEM) {
			warn(d, "ERROR", "could not open directory %s: %s\n", ext->v[i], strerror(-err));
			err = 0;
		}
	}
	return err;
}

/* ---- order ----------------------------------------------------------------- */

static int collect_mod(const char *key, void *value, void *data)
{
	struct umod_depmod *d = data;

	d->mods[d->n_mods++] = value;
	return 0;
}

static int cmp_sort_idx(const void *a, const void *b)
{
	const struct dmod *x = *(struct dmod *const *)a, *y = *(struct dmod *const *)b;

	if (x->sort_idx != y->sort_idx)
		return x->sort_idx < y->sort_idx ? -1 : 1;
	/* kmod's sort is stable here: keep the hash order */
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* modules.order: a line is a path relative to the tree, ".ko" spelled */
static void apply_order(struct umod_depmod *d, char *buf, size_t len)
{
	unsigned int lineno = 0;
	char *p = buf, *end = buf + len;

	/* a last line without '\n' means a truncated file: kmod sorts nothing */
	if (len && buf[len - 1] != '\n') {
		for (char *q = buf; q < end; q++)
			lineno += *q == '\n';
		warn(d, "ERROR", "%s/modules.order:%u corrupted line misses '\\n'\n",
		     d->opts.dirname, lineno + 1);
		return;
	}
	for (lineno = 1; p < end; lineno++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		struct dmod *m;

		*nl = '\0';
		m = umod_khash_find(d->by_uncrelpath, p);
		if (m)
			m->sort_idx = (int)lineno - INT_MAX;
		p = nl + 1;
	}
	if (d->n_mods > 1)
		qsort(d->mods, d->n_mods, sizeof(d->mods[0]), cmp_sort_idx);
}

static int order_modules(struct umod_depmod *d)
{
	char path[PATH_MAX];
	const void *img;
	size_t len;
	char *buf;
	int err;

	d->mods = calloc(umod_khash_count(d->by_name) + 1, sizeof(d->mods[0]));
	if (!d->mods)
		return -ENOMEM;
	umod_khash_for_each(d->by_name, collect_mod, d);
	for (unsigned int i = 0; i < d->n_mods; i++)
		d->mods[i]->idx = i;
	snprintf(path, sizeof(path), "%s/modules.order", d->opts.dirname);
	err = umod_file_map(path, &img, &len);
	if (err) {
		warn(d, "WARNING", "could not open modules.order at %s: %s\n",
		     d->opts.dirname, strerror(-err));
		return 0;
	}
	buf = malloc(len + 1);
	if (buf) {
		if (len)	/* an empty file maps to NULL: memcpy() may not take it */
			memcpy(buf, img, len);
		apply_order(d, buf, len);
		free(buf);
	}
	umod_file_unmap(img, len);
	for (unsigned int i = 0; i < d->n_mods; i++)
		d->mods[i]->idx = i;
	return buf ? 0 : -ENOMEM;
}

/* ---- resolve and sort ------------------------------------------------------ */

static void symbol_free(struct dsymbol *s)
{
	free(s);
}

static int free_symbol_cb(const char *key, void *value, void *data)
{
	symbol_free(value);
	return 0;
}

static int free_mod_cb(const char *key, void *value, void *data)
{
	dmod_free(value);
	return 0;
}

int umod_depmod_symbol_add(struct umod_depmod *d, const char *name, uint64_t crc,
			   struct dmod *owner)
{
	size_t len = strlen(name);
	struct dsymbol *s = malloc(sizeof(*s) + len + 1), *old;
	int err;

	if (!s)
		return -ENOMEM;
	s->owner = owner;
	s->crc = crc;
	memcpy(s->name, name, len + 1);
	err = umod_khash_add(d->symbols, s->name, s, (void **)&old);
	if (err)
		free(s);
	symbol_free(old);
	return err;
}

static int add_dependency(struct dmod *m, struct dmod *owner)
{
	for (unsigned int i = 0; i < m->n_deps; i++)
		if (m->deps[i] == owner)
			return 0;
	if (umod_array_reserve(&m->deps, &m->cap_deps, m->n_deps, sizeof(*m->deps)))
		return -ENOMEM;
	m->deps[m->n_deps++] = owner;
	owner->users++;
	return 0;
}

static int resolve_module(struct umod_depmod *d, struct dmod *m)
{
	for (unsigned int i = 0; i < m->n_imports; i++) {
		const char *name = m->imports[i].name;	/* warnings show it as written */
		const char *key = name + (name[0] == '.');	/* PPC64's .foo is foo */
		struct dsymbol *s = umod_khash_find(d->symbols, umod_depmod_unprefix(d, key));
		int err;

		if (!s) {
			if (d->opts.warn_unknown && !m->imports[i].weak)
				warn(d, "WARNING", "%s needs unknown symbol %s\n", m->path, name);
			continue;
		}
		/* -E: CRCs compared as kmod does (a module's from its __crc_ value) */
		if (d->opts.symvers && d->opts.warn_unknown && s->crc != m->imports[i].crc &&
		    !m->imports[i].weak)
			warn(d, "WARNING", "%s disagrees about version of symbol %s\n", m->path, name);
		if (!s->owner)
			continue;
		err = add_dependency(m, s->owner);
		if (err)
			return err;
	}
	return 0;
}

int umod_depmod_cmp_rank(const void *a, const void *b)
{
	const struct dmod *x = *(struct dmod *const *)a, *y = *(struct dmod *const *)b;

	return x->dep_sort_idx < y->dep_sort_idx ? -1 : x->dep_sort_idx > y->dep_sort_idx;
}

static void report_cycles(struct umod_depmod *d, unsigned int *users, unsigned int left);

/* Kahn's sort with kmod's stack discipline; the rank orders modules.dep */
static int sort_dependencies(struct umod_depmod *d)
{
	unsigned int n = d->n_mods, n_roots = 0, n_sorted = 0;
	unsigned int *users = calloc(2 * (size_t)n + 1, sizeof(*users));
	unsigned int *roots = users + n;

	if (!users)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		users[i] = d->mods[i]->users;
		if (!users[i])
			roots[n_roots++] = i;
	}
	while (n_roots) {
		struct dmod *m = d->mods[roots[--n_roots]];

		m->dep_sort_idx = n_sorted++;
		for (unsigned int j = 0; j < m->n_deps; j++)
			if (--users[m->deps[j]->idx] == 0)
				roots[n_roots++] = m->deps[j]->idx;
	}
	if (n_sorted < n) {
		report_cycles(d, users, n - n_sorted);
		free(users);
		return -ELOOP;
	}
	free(users);
	/* no deps: deps may be NULL, which qsort() must not be given */
	for (unsigned int i = 0; i < n; i++)
		if (d->mods[i]->n_deps > 1)
			qsort(d->mods[i]->deps, d->mods[i]->n_deps, sizeof(struct dmod *),
			      umod_depmod_cmp_rank);
	return 0;
}

static void print_cycle(const struct umod_depmod *d, const unsigned int *path,
			unsigned int depth, const struct dmod *m)
{
	unsigned int from = depth;
	size_t len = strlen(m->modname) + 1;
	char *buf;

	while (from > 0) {
		len += strlen(d->mods[path[--from]]->modname) + 4;
		if (d->mods[path[from]] == m)
			break;
	}
	buf = malloc(len);
	if (!buf)
		return;
	buf[0] = '\0';
	for (unsigned int i = from; i < depth; i++) {
		strcat(buf, d->mods[path[i]]->modname);
		strcat(buf, " -> ");
	}
	strcat(buf, m->modname);
	warn(d, "ERROR", "Cycle detected: %s\n", buf);
	free(buf);
}

/*
 * kmod's report: a depth-first walk from each module still holding users;
 * meeting a visited module prints the walk back to it. The walk's path
 * only grows, so a line may show more than the cycle itself, as kmod's do.
 */
static void report_cycles(struct umod_depmod *d, unsigned int *users, unsigned int left)
{
	unsigned int n = d->n_mods, edges = 1, *stack, *path;

	warn(d, "ERROR", "Found %u modules in dependency cycles!\n", left);
	for (unsigned int i = 0; i < n; i++)
		edges += d->mods[i]->n_deps;
	stack = calloc((size_t)edges + n + 1, sizeof(*stack));
	if (!stack)
		return;
	path = stack + edges;
	for (unsigned int root = 0; root < n && left; root++) {
		unsigned int sp = 0, depth = 0;

		if (!users[root])
			continue;
		left--;
		stack[sp++] = root;
		while (sp) {
			struct dmod *m = d->mods[stack[--sp]];

			if (m->visited) {
				print_cycle(d, path, depth, m);
				continue;
			}
			m->visited = true;
			if (!m->n_deps)
				continue;
			path[depth++] = m->idx;
			for (unsigned int j = 0; j < m->n_deps; j++) {
				stack[sp++] = m->deps[j]->idx;
				users[m->deps[j]->idx]--;
			}
		}
	}
	free(stack);
}

/* ---- load ------------------------------------------------------------------ */

static int load_modules(struct umod_depmod *d)
{
	struct umod_depmod_buf buf = { 0 };

	for (unsigned int i = 0; i < d->n_mods; i++) {
		struct dmod *m = d->mods[i];
		int err = umod_depmod_read_module(m, &buf);

		if (err == -ENOMEM) {
			free(buf.p);
			free(buf.loaded);
			return err;
		}
		if (err)
			warn(d, "ERROR", "failed to load symbols from %s: %s\n",
			     m->path, strerror(-err));
	}
	free(buf.p);
	free(buf.loaded);
	/* in module order: a symbol exported twice goes to the later module */
	for (unsigned int i = 0; i < d->n_mods; i++) {
		struct dmod *m = d->mods[i];

		for (unsigned int j = 0; j < m->n_exports; j++) {
			int err = umod_depmod_symbol_add(d, umod_depmod_unprefix(d, m->exports[j]),
							 m->export_crcs[j], m);

			if (err)
				return err;
		}
	}
	return 0;
}

/* ---- the whole run --------------------------------------------------------- */

void umod_depmod_free(struct umod_depmod *d)
{
	if (!d)
		return;
	for (unsigned int i = 0; i < d->n_mods; i++)
		dmod_free(d->mods[i]);
	if (d->symbols)
		umod_khash_for_each(d->symbols, free_symbol_cb, NULL);
	umod_khash_free(d->symbols);
	umod_khash_free(d->by_name);
	umod_khash_free(d->by_uncrelpath);
	free(d->mods);
	free(d);
}

static int run_phases(struct umod_depmod *d)
{
	char path[PATH_MAX];
	int err;

	if (strlen(d->opts.dirname) >= sizeof(path))
		return -ENAMETOOLONG;
	strcpy(path, d->opts.dirname);
	/* kmod reads the kernel's symbols first: they are replaced by modules' */
	err = umod_depmod_load_kernel_symbols(d);
	if (!err)
		err = scan_dir(d, path, strlen(path), false);
	if (!err)
		err = scan_externals(d);
	if (!err)
		err = order_modules(d);
	if (!err)
		err = load_modules(d);
	for (unsigned int i = 0; !err && i < d->n_mods; i++)
		err = resolve_module(d, d->mods[i]);
	if (!err)
		err = sort_dependencies(d);
	return err;
}

int umod_depmod_run(const struct umod_depmod_opts *opts, struct umod_depmod **dp)
{
	struct umod_depmod *d = calloc(1, sizeof(*d));
	int err;

	if (!d)
		return -ENOMEM;
	d->opts = *opts;
	/* kmod's table sizes: they decide the iteration orders */
	err = umod_khash_new(&d->by_name, 512);
	if (!err)
		err = umod_khash_new(&d->by_uncrelpath, 512);
	if (!err)
		err = umod_khash_new(&d->symbols, 2048);
	if (!err)
		err = run_phases(d);
	if (err) {
		/* modules found but not yet ordered are only in the hash */
		if (!d->mods && d->by_name)
			umod_khash_for_each(d->by_name, free_mod_cb, NULL);
		umod_depmod_free(d);
		return err;
	}
	*dp = d;
	return 0;
}
