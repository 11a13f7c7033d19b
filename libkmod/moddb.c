// SPDX-License-Identifier: MIT
/*
 * The indexes of a module tree, read back: kmod's .bin files when depmod
 * wrote them (see "the database" below), else depmod's text files:
 *   modules.dep      "path: dep dep": a module's file and its dependencies,
 *                    the last one to load first (paths relative to the tree)
 *   modules.alias    "alias PATTERN MODULE" (glob patterns)
 *   modules.symbols  "alias symbol:NAME MODULE"
 *   modules.builtin  one "kernel/.../name.ko" per built-in module
 * Lines that do not parse are skipped with a warning naming the file and
 * line; '#' lines are comments. The parsers take a buffer, so fuzzers and
 * unit tests can feed them directly.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/modinfo.h"
#include "libkmod/libkmod.h"

static void db_warn(FILE *err, const char *fmt, ...) __attribute__((__format__(printf, 2, 3)));

static void db_warn(FILE *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	fputs("modprobe: WARNING: ", err);
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
}

/* splits a copy of @buf into lines; calls @fn on each non-comment one */
static int for_each_line(const char *buf, size_t len,
			 int (*fn)(char *line, unsigned int lineno, void *data), void *data)
{
	char *copy = malloc(len + 1), *p, *end;
	unsigned int lineno = 0;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	if (len)	/* an empty file maps to NULL */
		memcpy(copy, buf, len);
	copy[len] = '\0';
	for (p = copy, end = copy + len; !err && p < end; p++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			nl = end;
		*nl = '\0';
		lineno++;
		if (*p && *p != '#')
			err = fn(p, lineno, data);
		p = nl;
	}
	free(copy);
	return err;
}

/* ---- modules.dep ----------------------------------------------------------- */

struct dep_parse {
	umod_moddep_fn fn;
	void *data;
	const char *file;
	FILE *err;
};

static int dep_line(char *line, unsigned int lineno, void *data)
{
	struct dep_parse *dp = data;
	char *colon = strchr(line, ':'), *save = NULL, *tok;
	const char *deps[256];
	unsigned int n = 0;

	if (!colon || colon == line) {
		db_warn(dp->err, "%s line %u: ignoring bad line\n", dp->file, lineno);
		return 0;
	}
	*colon = '\0';
	for (tok = strtok_r(colon + 1, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (n == sizeof(deps) / sizeof(deps[0])) {
			db_warn(dp->err, "%s line %u: too many dependencies\n", dp->file, lineno);
			return 0;
		}
		deps[n++] = tok;
	}
	return dp->fn(line, deps, n, dp->data);
}

int umod_moddep_parse(const char *buf, size_t len, const char *file, FILE *err,
		      umod_moddep_fn fn, void *data)
{
	struct dep_parse dp = { fn, data, file, err };

	return for_each_line(buf, len, dep_line, &dp);
}

/* ---- modules.alias, modules.symbols ------------------------------------------ */

struct alias_parse {
	umod_modalias_fn fn;
	void *data;
	const char *file;
	FILE *err;
};

static int alias_line(char *line, unsigned int lineno, void *data)
{
	struct alias_parse *ap = data;
	char *save = NULL, *cmd = strtok_r(line, " \t", &save);
	char *pattern = strtok_r(NULL, " \t", &save), *mod = strtok_r(NULL, " \t", &save);

	if (!cmd)
		return 0;
	if (strcmp(cmd, "alias") || !pattern || !mod) {
		db_warn(ap->err, "%s line %u: ignoring bad line starting with '%s'\n",
			ap->file, lineno, cmd);
		return 0;
	}
	return ap->fn(pattern, mod, ap->data);
}

int umod_modalias_parse(const char *buf, size_t len, const char *file, FILE *err,
			umod_modalias_fn fn, void *data)
{
	struct alias_parse ap = { fn, data, file, err };

	return for_each_line(buf, len, alias_line, &ap);
}

/* ---- the database ---------------------------------------------------------
 *
 * The files stay mapped. Where depmod wrote kmod's binary indexes (and
 * kmod's modprobe reads nothing else), lookups use them: a module's line
 * from modules.dep.bin, aliases and symbols through the wildcard search of
 * modules.alias.bin / .symbols.bin / .builtin.alias.bin (index.c), built-in
 * names from modules.builtin.bin. Without them, the text files: modules.dep
 * indexed by module name in one pass (a line split only when asked for). The alias files
 * are scanned per lookup, a pattern's literal prefix checked before
 * fnmatch(), which keeps a lookup in the 26,000 aliases of a distribution
 * kernel to a few milliseconds without an index file.
 */

struct db_file {
	const char *buf;
	size_t len;
};

struct db_dep {
	const char *line;	/* in the mapped modules.dep */
	size_t len;
	bool parsed;
	char *path;		/* absolute, once parsed */
	char **deps;		/* absolute, in modules.dep order */
	unsigned int n_deps;
	char name[];
};

struct umod_moddb {
	char *dirname;
	FILE *err;
	struct db_file dep, dep_bin, alias, symbols, builtin, builtin_modinfo;
	/* kmod's indexes, used instead of the text files when valid */
	struct db_file alias_bin, symbols_bin, builtin_bin, builtin_alias_bin;
	struct umod_khash *deps;	/* name -> struct db_dep */
};

static char *tree_path(const struct umod_moddb *db, const char *rel, size_t len)
{
	size_t dlen = strlen(db->dirname);
	char *s;

	if (rel[0] == '/')
		return strndup(rel, len);
	/* not asprintf: a load list builds hundreds of these, printf costs 1,600 instructions each */
	s = malloc(dlen + len + 2);
	if (!s)
		return NULL;
	memcpy(s, db->dirname, dlen);
	s[dlen] = '/';
	memcpy(s + dlen + 1, rel, len);
	s[dlen + 1 + len] = '\0';
	return s;
}

static void db_dep_free(struct db_dep *d)
{
	if (!d)
		return;
	for (unsigned int i = 0; i < d->n_deps; i++)
		free(d->deps[i]);
	free(d->deps);
	free(d->path);
	free(d);
}

/* indexes one line of modules.dep by its module's name; first line wins */
static int index_dep_line(struct umod_moddb *db, const char *line, size_t len)
{
	const char *colon = memchr(line, ':', len), *base;
	char name[256];
	size_t n = 0;
	struct db_dep *d;

	if (!colon || colon == line || *line == '#')
		return 0;
	for (base = colon; base > line && base[-1] != '/'; base--)
		;
	while (base + n < colon && base[n] != '.' && n + 1 < sizeof(name)) {
		name[n] = base[n] == '-' ? '_' : base[n];
		n++;
	}
	name[n] = '\0';
	if (!n || umod_khash_find(db->deps, name))
		return 0;
	d = calloc(1, sizeof(*d) + n + 1);
	if (!d)
		return -ENOMEM;
	memcpy(d->name, name, n + 1);
	d->line = line;
	d->len = len;
	if (umod_khash_add(db->deps, d->name, d, NULL) < 0) {
		free(d);
		return -ENOMEM;
	}
	return 0;
}

static int index_deps(struct umod_moddb *db)
{
	const char *p = db->dep.buf, *end = p + db->dep.len;

	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		int err = index_dep_line(db, p, len);

		if (err)
			return err;
		p += len + 1;
	}
	return 0;
}

static int parse_dep_entry(const struct umod_moddb *db, struct db_dep *d)
{
	const char *colon = memchr(d->line, ':', d->len), *p, *end = d->line + d->len;
	unsigned int n = 0;

	d->parsed = true;
	d->path = tree_path(db, d->line, (size_t)(colon - d->line));
	for (p = colon + 1; p < end; p++)
		n += (*p != ' ' && *p != '\t') && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == ':');
	d->deps = calloc(n + 1, sizeof(*d->deps));
	if (!d->path || !d->deps)
		return -ENOMEM;
	for (p = colon + 1; p < end;) {
		size_t len;

		p += strspn(p, " \t");
		if (p >= end)
			break;
		for (len = 0; p + len < end && p[len] != ' ' && p[len] != '\t'; len++)
			;
		d->deps[d->n_deps] = tree_path(db, p, len);
		if (!d->deps[d->n_deps++])
			return -ENOMEM;
		p += len;
	}
	return 0;
}

static void map_file(struct umod_moddb *db, const char *name, struct db_file *f)
{
	char *path;

	if (asprintf(&path, "%s/%s", db->dirname, name) < 0)
		return;
	if (umod_file_map(path, (const void **)&f->buf, &f->len) < 0) {
		f->buf = NULL;
		f->len = 0;
	}
	free(path);
}

int umod_moddb_open(const char *dirname, FILE *err, struct umod_moddb **dbp)
{
	struct umod_moddb *db = calloc(1, sizeof(*db));
	int e;

	if (!db)
		return -ENOMEM;
	db->err = err;
	db->dirname = strdup(dirname);
	e = db->dirname ? 0 : -ENOMEM;
	if (!e) {
		map_file(db, "modules.dep.bin", &db->dep_bin);
		if (!umod_index_valid(db->dep_bin.buf, db->dep_bin.len))
			map_file(db, "modules.dep", &db->dep);
		/* with the index, only the modules looked up enter the table */
		e = umod_khash_new(&db->deps, db->dep.buf ? 4096 : 64);
	}
	if (!e) {
		map_file(db, "modules.alias", &db->alias);
		map_file(db, "modules.symbols", &db->symbols);
		map_file(db, "modules.builtin", &db->builtin);
		map_file(db, "modules.builtin.modinfo", &db->builtin_modinfo);
		map_file(db, "modules.alias.bin", &db->alias_bin);
		map_file(db, "modules.symbols.bin", &db->symbols_bin);
		map_file(db, "modules.builtin.bin", &db->builtin_bin);
		map_file(db, "modules.builtin.alias.bin", &db->builtin_alias_bin);
		e = index_deps(db);
	}
	if (e) {
		umod_moddb_close(db);
		return e;
	}
	*dbp = db;
	return 0;
}

static int free_dep_cb(const char *key, void *value, void *data)
{
	db_dep_free(value);
	return 0;
}

void umod_moddb_close(struct umod_moddb *db)
{
	if (!db)
		return;
	if (db->deps)
		umod_khash_for_each(db->deps, free_dep_cb, NULL);
	umod_khash_free(db->deps);
	umod_file_unmap(db->dep.buf, db->dep.len);
	umod_file_unmap(db->dep_bin.buf, db->dep_bin.len);
	umod_file_unmap(db->alias.buf, db->alias.len);
	umod_file_unmap(db->symbols.buf, db->symbols.len);
	umod_file_unmap(db->builtin.buf, db->builtin.len);
	umod_file_unmap(db->builtin_modinfo.buf, db->builtin_modinfo.len);
	umod_file_unmap(db->alias_bin.buf, db->alias_bin.len);
	umod_file_unmap(db->symbols_bin.buf, db->symbols_bin.len);
	umod_file_unmap(db->builtin_bin.buf, db->builtin_bin.len);
	umod_file_unmap(db->builtin_alias_bin.buf, db->builtin_alias_bin.len);
	free(db->dirname);
	free(db);
}

/* the line of modules.dep.bin for @name, entered in the table on first use */
static struct db_dep *bin_dep(const struct umod_moddb *db, const char *name)
{
	const char *line = db->dep_bin.buf ?
		umod_index_lookup(db->dep_bin.buf, db->dep_bin.len, name) : NULL;

	if (!line || index_dep_line((struct umod_moddb *)db, line, strlen(line)) < 0)
		return NULL;
	return umod_khash_find(db->deps, name);
}

int umod_moddb_module(const struct umod_moddb *db, const char *name, const char **pathp,
		      const char *const **depsp, unsigned int *n_depsp)
{
	struct db_dep *d = umod_khash_find(db->deps, name);

	if (!d)
		d = bin_dep(db, name);
	if (!d)
		return -ENOENT;
	if (!d->parsed && parse_dep_entry(db, d) < 0)
		return -ENOMEM;
	if (!d->path)
		return -ENOMEM;
	if (pathp)
		*pathp = d->path;
	if (depsp)
		*depsp = (const char *const *)d->deps;
	if (n_depsp)
		*n_depsp = d->n_deps;
	return 0;
}

static bool bin_ok(const struct db_file *f)
{
	return f->buf && umod_index_valid(f->buf, f->len);
}

/* the modules of every hit of @name in the index @f, kmod's order */
static int search_bin(const struct db_file *f, const char *name,
		      int (*fn)(const char *module, void *data), void *data)
{
	struct umod_index_hit *hits;
	unsigned int n;
	int err = umod_index_searchwild(f->buf, f->len, name, &hits, &n);

	for (unsigned int i = 0; !err && i < n; i++)
		err = fn(hits[i].value, data);
	free(hits);
	return err;
}

bool umod_moddb_builtin(const struct umod_moddb *db, const char *name)
{
	const char *p = db->builtin.buf, *end = p + db->builtin.len;
	size_t nlen = strlen(name);

	if (bin_ok(&db->builtin_bin))
		return umod_index_lookup(db->builtin_bin.buf, db->builtin_bin.len, name) != NULL;
	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *base;
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p), i = 0;

		for (base = p + len; base > p && base[-1] != '/'; base--)
			;
		while (i < nlen && base + i < p + len &&
		       (base[i] == name[i] || (base[i] == '-' && name[i] == '_')))
			i++;
		if (i == nlen && (base + i == p + len || base[i] == '.'))
			return true;
		p += len + 1;
	}
	return false;
}

/* could @pattern (raw, '-' unnormalised) match @name? compares the literal prefix */
static bool prefix_may_match(const char *pattern, size_t plen, const char *name)
{
	for (size_t i = 0; i < plen; i++) {
		char c = pattern[i];

		if (c == '*' || c == '?' || c == '[' || c == '\\')
			return true;
		if (c == '-')
			c = '_';
		if (c != name[i])
			return false;
	}
	return name[plen] == '\0';
}

static int scan_aliases(const struct db_file *f, const char *name,
			int (*fn)(const char *module, void *data), void *data)
{
	const char *p = f->buf, *end = p + f->len;

	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *pat = p + 6, *sp, *mod;
		char norm[1024], modname[256];
		int err;

		if (len < 9 || memcmp(p, "alias ", 6))
			goto next;
		sp = memchr(pat, ' ', len - 6);
		if (!sp || !prefix_may_match(pat, (size_t)(sp - pat), name))
			goto next;
		mod = sp + 1;
		if ((size_t)(sp - pat) >= sizeof(norm) || (size_t)(p + len - mod) >= sizeof(modname))
			goto next;
		memcpy(norm, pat, (size_t)(sp - pat));
		norm[sp - pat] = '\0';
		memcpy(modname, mod, (size_t)(p + len - mod));
		modname[p + len - mod] = '\0';
		modname[strcspn(modname, " \t")] = '\0';
		if (umod_alias_normalize(norm, norm, sizeof(norm)) < 0 ||
		    !umod_alias_match(norm, name) || !modname[0])
			goto next;
		err = fn(modname, data);
		if (err)
			return err;
next:
		p += len + 1;
	}
	return 0;
}

int umod_moddb_lookup_alias(const struct umod_moddb *db, bool symbols, const char *name,
			    int (*fn)(const char *module, void *data), void *data)
{
	const struct db_file *bin = symbols ? &db->symbols_bin : &db->alias_bin;

	if (bin_ok(bin))
		return search_bin(bin, name, fn, data);
	return scan_aliases(symbols ? &db->symbols : &db->alias, name, fn, data);
}

/* modules.builtin.modinfo: "module.alias=PATTERN" strings, NUL-separated */
int umod_moddb_lookup_builtin_alias(const struct umod_moddb *db, const char *name,
				    int (*fn)(const char *module, void *data), void *data)
{
	const char *sec = db->builtin_modinfo.buf, *kv;
	size_t pos = 0;

	if (bin_ok(&db->builtin_alias_bin))
		return search_bin(&db->builtin_alias_bin, name, fn, data);
	while (sec && (kv = umod_modinfo_next(sec, db->builtin_modinfo.len, &pos))) {
		const char *dot = strchr(kv, '.');
		char modname[256], norm[1024];
		size_t n;
		int err;

		if (!dot || strncmp(dot + 1, "alias=", 6) || (n = (size_t)(dot - kv)) >= sizeof(modname))
			continue;
		if (umod_alias_normalize(dot + 7, norm, sizeof(norm)) < 0 || !umod_alias_match(norm, name))
			continue;
		memcpy(modname, kv, n);
		modname[n] = '\0';
		err = fn(modname, data);
		if (err)
			return err;
	}
	return 0;
}

int umod_moddb_builtin_info(const struct umod_moddb *db, const char *name,
			    int (*fn)(const char *key, const char *value, void *data), void *data)
{
	const char *sec = db->builtin_modinfo.buf, *kv;
	size_t pos = 0, nlen = strlen(name);

	while (sec && (kv = umod_modinfo_next(sec, db->builtin_modinfo.len, &pos))) {
		const char *eq = strchr(kv, '=');
		char key[256];
		int err;

		if (!eq || strncmp(kv, name, nlen) || kv[nlen] != '.' ||
		    (size_t)(eq - kv - (ptrdiff_t)nlen - 1) >= sizeof(key))
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)(eq - kv - (ptrdiff_t)nlen - 1), kv + nlen + 1);
		err = fn(key, eq + 1, data);
		if (err)
			return err;
	}
	return 0;
}
