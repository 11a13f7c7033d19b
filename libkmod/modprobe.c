// SPDX-License-Identifier: MIT
/*
 * modprobe's resolution, as libkmod 30 does it, shared by `umod modprobe`
 * and the host's request_module():
 *
 * lookup    a name (normalised) is tried, first hit wins, against: the
 *           modprobe.d aliases (globs), modules.dep, modules.symbols (for
 *           "symbol:" names), install/remove commands of that exact name,
 *           modules.alias (globs), modules.builtin
 * probe     a module's load list: for each of its dependencies, last
 *           listed first, that dependency's softdep "pre:" modules (each
 *           with its own load list), the dependency, its "post:" modules;
 *           then the module itself the same way. A module with softdeps
 *           ignores its install command (the softdep replaces it).
 * insert    per module of the list: skip it if loaded, print the action
 *           (--show-depends), run its install command or insert it with
 *           its options (modprobe.d, plus the command line's for the module
 *           asked for); errors of softdep modules are ignored
 *
 * Modules are kept per probe as kmod keeps them per context: one object per
 * name, and one more per (name, alias) for those found through an alias, so
 * the visited/required marks behave exactly as kmod's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "libkmod/libkmod.h"

struct umod_probe_mod {
	char *key;		/* "name" or "name\alias"; name and alias follow it */
	const char *name;
	const char *alias;	/* or NULL */
	const char *path;	/* from the db, NULL if not in modules.dep */
	const char *install;	/* install command, or NULL */
	const char *remove;	/* remove command, or NULL */
	bool builtin;
	bool visited, required, ignorecmd;
};

struct mod_list {
	struct umod_probe_mod **v;
	unsigned int n, cap;
};

/* a finished lookup: the same name always finds the same modules */
struct lookup_result {
	struct mod_list mods;
	char name[];
};

struct umod_probe {
	const struct umod_moddb *db;
	const struct umod_modconf *conf;
	struct umod_khash *mods;	/* key -> struct umod_probe_mod, owns them */
	struct umod_khash *lookups;	/* name -> struct lookup_result, owns them */
};

static int list_add(struct mod_list *l, struct umod_probe_mod *m)
{
	if (umod_array_reserve(&l->v, &l->cap, l->n, sizeof(*l->v)))
		return -ENOMEM;
	l->v[l->n++] = m;
	return 0;
}

/* the one object for @name (and @alias): kmod_module_new_from_name/_alias */
static int get_mod(struct umod_probe *p, const char *name, const char *alias,
		   struct umod_probe_mod **mp)
{
	size_t nlen = strlen(name), alen = alias ? strlen(alias) + 1 : 0;
	/* the key "name\alias", then name and alias again as separate strings */
	char *key = malloc(2 * (nlen + alen + 1));
	struct umod_probe_mod *m;

	if (!key)
		return -ENOMEM;
	memcpy(key, name, nlen + 1);
	if (alias) {
		key[nlen] = '\\';
		memcpy(key + nlen + 1, alias, alen);
	}
	m = umod_khash_find(p->mods, key);
	if (m) {
		free(key);
		*mp = m;
		return 0;
	}
	m = calloc(1, sizeof(*m));
	if (!m || umod_khash_add(p->mods, key, m, NULL) < 0) {
		free(m);
		free(key);
		return -ENOMEM;
	}
	m->key = key;
	m->name = key + nlen + alen + 1;
	memcpy((char *)m->name, key, nlen + alen + 1);
	if (alias) {
		((char *)m->name)[nlen] = '\0';
		m->alias = m->name + nlen + 1;
	}
	umod_moddb_module(p->db, m->name, &m->path, NULL, NULL);
	m->builtin = !m->path && umod_moddb_builtin(p->db, m->name);
	*mp = m;
	return 0;
}

int umod_probe_new(const struct umod_moddb *db, const struct umod_modconf *conf,
		   struct umod_probe **pp)
{
	struct umod_probe *p = calloc(1, sizeof(*p));

	if (!p || umod_khash_new(&p->mods, 64) < 0 || umod_khash_new(&p->lookups, 64) < 0) {
		if (p)
			umod_khash_free(p->mods);
		free(p);
		return -ENOMEM;
	}
	p->db = db;
	p->conf = conf;
	*pp = p;
	return 0;
}

static int free_mod(const char *key, void *value, void *data)
{
	struct umod_probe_mod *m = value;

	free(m->key);
	free(m);
	return 0;
}

static int free_lookup(const char *key, void *value, void *data)
{
	struct lookup_result *r = value;

	free(r->mods.v);
	free(r);
	return 0;
}

void umod_probe_free(struct umod_probe *p)
{
	if (!p)
		return;
	umod_khash_for_each(p->mods, free_mod, NULL);
	umod_khash_for_each(p->lookups, free_lookup, NULL);
	umod_khash_free(p->mods);
	umod_khash_free(p->lookups);
	free(p);
}

/* ---- lookup ------------------------------------------------------------------ */

struct lookup {
	struct umod_probe *p;
	const char *alias;
	struct mod_list *out;
};

static int found_via_alias(const char *module, void *data)
{
	struct lookup *lk = data;
	struct umod_probe_mod *m;
	int err = get_mod(lk->p, module, lk->alias, &m);

	return err ? err : list_add(lk->out, m);
}

static int lookup_config(struct umod_probe *p, const char *name, struct mod_list *out)
{
	for (unsigned int i = 0; p->conf && i < p->conf->n; i++) {
		const struct umod_conf_entry *e = &p->conf->v[i];
		struct lookup lk = { p, e->name, out };
		int err;

		if (e->kind != UMOD_CONF_ALIAS || !umod_alias_match(e->name, name))
			continue;
		err = found_via_alias(e->value, &lk);
		if (err)
			return err;
	}
	return 0;
}

/* a name with an install or remove command is a module even without a file */
static int lookup_commands(struct umod_probe *p, const char *name, struct mod_list *out)
{
	static const enum umod_conf_kind kinds[] = { UMOD_CONF_INSTALL, UMOD_CONF_REMOVE };

	for (unsigned int k = 0; p->conf && k < 2; k++)
		for (unsigned int i = 0; i < p->conf->n; i++) {
			const struct umod_conf_entry *e = &p->conf->v[i];
			struct umod_probe_mod *m;
			int err;

			if (e->kind != kinds[k] || strcmp(e->name, name))
				continue;
			err = get_mod(p, name, NULL, &m);
			if (!err && (!out->n || out->v[out->n - 1] != m))
				err = list_add(out, m);
			if (err)
				return err;
			break;
		}
	return 0;
}

static int lookup_by_name(struct umod_probe *p, const char *name, bool in_db,
			  struct mod_list *out)
{
	struct umod_probe_mod *m;
	int err;

	if (in_db ? umod_moddb_module(p->db, name, NULL, NULL, NULL) < 0
		  : !umod_moddb_builtin(p->db, name))
		return 0;
	err = get_mod(p, name, NULL, &m);
	return err ? err : list_add(out, m);
}

/* a copy of a cached result for @name; 1 if there was one */
static int cached_lookup(struct umod_probe *p, const char *name, struct mod_list *out)
{
	struct lookup_result *r = umod_khash_find(p->lookups, name);

	if (!r)
		return 0;
	out->v = malloc((r->mods.n + 1) * sizeof(*out->v));
	if (!out->v)
		return -ENOMEM;
	memcpy(out->v, r->mods.v, r->mods.n * sizeof(*out->v));
	out->n = out->cap = r->mods.n;
	return 1;
}

static int cache_lookup(struct umod_probe *p, const char *name, const struct mod_list *l)
{
	size_t len = strlen(name) + 1;
	struct lookup_result *r = calloc(1, sizeof(*r) + len);

	if (!r)
		return -ENOMEM;
	memcpy(r->name, name, len);
	r->mods.v = malloc((l->n + 1) * sizeof(*l->v));
	if (!r->mods.v || umod_khash_add(p->lookups, r->name, r, NULL) < 0) {
		free(r->mods.v);
		free(r);
		return -ENOMEM;
	}
	if (l->n)
		memcpy(r->mods.v, l->v, l->n * sizeof(*l->v));
	r->mods.n = r->mods.cap = l->n;
	return 0;
}

int umod_probe_lookup(struct umod_probe *p, const char *given,
		      struct umod_probe_mod ***modsp, unsigned int *np)
{
	struct mod_list out = { 0 };
	char name[1024];
	int err = umod_alias_normalize(given, name, sizeof(name));
	struct lookup lk = { p, name, &out };

	if (err < 0)
		return err;
	err = cached_lookup(p, name, &out);
	if (err) {
		if (err < 0)
			return err;
		*modsp = out.v;
		*np = out.n;
		return 0;
	}
	err = lookup_config(p, name, &out);
	if (!err && !out.n)
		err = lookup_by_name(p, name, true, &out);
	if (!err && !out.n && !strncmp(name, "symbol:", 7))
		err = umod_moddb_lookup_alias(p->db, true, name, found_via_alias, &lk);
	if (!err && !out.n)
		err = lookup_commands(p, name, &out);
	if (!err && !out.n)
		err = umod_moddb_lookup_alias(p->db, false, name, found_via_alias, &lk);
	if (!err && !out.n)
		err = umod_moddb_lookup_builtin_alias(p->db, name, found_via_alias, &lk);
	if (!err && !out.n)
		err = lookup_by_name(p, name, false, &out);
	if (!err)
		err = cache_lookup(p, name, &out);
	if (err) {
		free(out.v);
		return err;
	}
	*modsp = out.v;
	*np = out.n;
	return 0;
}

/* ---- the load list ------------------------------------------------------------- */

static int probe_list(struct umod_probe *p, struct umod_probe_mod *m, bool required,
		      bool ignorecmd, struct mod_list *out);

/* each word of a softdep's "pre:" or "post:" part, looked up */
static int softdep_mods(struct umod_probe *p, const char *spec, bool post, struct mod_list *out)
{
	char *copy = strdup(spec), *save = NULL, *tok;
	bool on = false;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, " \t", &save); !err && tok; tok = strtok_r(NULL, " \t", &save)) {
		struct umod_probe_mod **v;
		unsigned int n;

		if (!strcmp(tok, "pre:") || !strcmp(tok, "post:")) {
			on = !strcmp(tok, "post:") == post;
			continue;
		}
		if (!on)
			continue;
		err = umod_probe_lookup(p, tok, &v, &n);
		for (unsigned int i = 0; !err && i < n; i++)
			err = list_add(out, v[i]);
		if (!err)
			free(v);
	}
	free(copy);
	return err;
}

static const char *softdep_of(const struct umod_probe *p, const struct umod_probe_mod *m)
{
	const struct umod_conf_entry *e = p->conf ?
		umod_modconf_first(p->conf, UMOD_CONF_SOFTDEP, m->name) : NULL;

	return e ? e->value : NULL;
}

/* kmod's __kmod_module_fill_softdep(): pre modules, @m, post modules */
static int fill_softdep(struct umod_probe *p, struct umod_probe_mod *m, struct mod_list *out)
{
	struct mod_list pre = { 0 }, post = { 0 };
	const char *spec = softdep_of(p, m);
	int err = 0;

	if (spec)
		err = softdep_mods(p, spec, false, &pre);
	if (!err && spec)
		err = softdep_mods(p, spec, true, &post);
	for (unsigned int i = 0; !err && i < pre.n; i++)
		err = probe_list(p, pre.v[i], false, false, out);
	if (!err)
		err = list_add(out, m);
	m->ignorecmd = pre.n || post.n;
	for (unsigned int i = 0; !err && i < post.n; i++)
		err = probe_list(p, post.v[i], false, false, out);
	free(pre.v);
	free(post.v);
	return err;
}

/* a module's dependencies as kmod lists them: last of modules.dep first */
static int deps_of(struct umod_probe *p, const struct umod_probe_mod *m, struct mod_list *out)
{
	const char *const *deps;
	unsigned int n = 0;

	if (umod_moddb_module(p->db, m->name, NULL, &deps, &n) < 0)
		return 0;
	for (unsigned int i = n; i-- > 0;) {
		char name[256];
		struct umod_probe_mod *d;
		int err = umod_modname_from_path(deps[i], name, sizeof(name));

		if (err <= 0)
			continue;
		err = get_mod(p, name, NULL, &d);
		if (!err)
			err = list_add(out, d);
		if (err)
			return err;
	}
	return 0;
}

static int probe_list(struct umod_probe *p, struct umod_probe_mod *m, bool required,
		      bool ignorecmd, struct mod_list *out)
{
	struct mod_list deps = { 0 };
	int err;

	if (m->visited)
		return 0;
	m->visited = true;
	err = deps_of(p, m, &deps);
	if (!err && required) {
		/* before softdeps can reach them */
		m->required = true;
		for (unsigned int i = 0; i < deps.n; i++)
			deps.v[i]->required = true;
	}
	for (unsigned int i = 0; !err && i < deps.n; i++)
		err = fill_softdep(p, deps.v[i], out);
	if (!err && ignorecmd) {
		err = list_add(out, m);
		m->ignorecmd = true;
	} else if (!err) {
		err = fill_softdep(p, m, out);
	}
	free(deps.v);
	return err;
}

int umod_probe_list(struct umod_probe *p, struct umod_probe_mod *m, bool ignorecmd,
		    struct umod_probe_mod ***listp, unsigned int *np)
{
	struct mod_list out = { 0 };
	int err = probe_list(p, m, true, ignorecmd, &out);

	if (err) {
		free(out.v);
		return err;
	}
	*listp = out.v;
	*np = out.n;
	return 0;
}

/* ---- accessors ----------------------------------------------------------------- */

const char *umod_probe_mod_name(const struct umod_probe_mod *m)
{
	return m->name;
}

const char *umod_probe_mod_path(const struct umod_probe_mod *m)
{
	return m->path;
}

bool umod_probe_mod_builtin(const struct umod_probe_mod *m)
{
	return m->builtin;
}

bool umod_probe_mod_required(const struct umod_probe_mod *m)
{
	return m->required;
}

bool umod_probe_mod_ignorecmd(const struct umod_probe_mod *m)
{
	return m->ignorecmd;
}

const char *umod_probe_mod_alias(const struct umod_probe_mod *m)
{
	return m->alias;
}

const char *umod_probe_command(const struct umod_probe *p, const struct umod_probe_mod *m,
			       bool install)
{
	const struct umod_conf_entry *e = p->conf ?
		umod_modconf_first(p->conf, install ? UMOD_CONF_INSTALL : UMOD_CONF_REMOVE,
				   m->name) : NULL;

	return e ? e->value : NULL;
}

int umod_probe_softdeps(struct umod_probe *p, struct umod_probe_mod *m, bool post,
			struct umod_probe_mod ***listp, unsigned int *np)
{
	struct mod_list out = { 0 };
	const char *spec = softdep_of(p, m);
	int err = spec ? softdep_mods(p, spec, post, &out) : 0;

	if (err) {
		free(out.v);
		return err;
	}
	*listp = out.v;
	*np = out.n;
	return 0;
}

int umod_probe_deps(struct umod_probe *p, struct umod_probe_mod *m,
		    struct umod_probe_mod ***listp, unsigned int *np)
{
	struct mod_list out = { 0 };
	int err = deps_of(p, m, &out);

	if (err) {
		free(out.v);
		return err;
	}
	*listp = out.v;
	*np = out.n;
	return 0;
}

char *umod_probe_options(const struct umod_probe *p, const struct umod_probe_mod *m,
			 const char *extra)
{
	char *opts = p->conf ? umod_modconf_options(p->conf, m->name, m->alias) : strdup("");
	size_t olen, xlen = extra ? strlen(extra) : 0;
	char *s;

	if (!opts)
		return NULL;
	olen = strlen(opts);
	/* kmod's module_options_concat(): module options, ' ', the extra ones */
	s = malloc(olen + xlen + 2);
	if (s) {
		memcpy(s, opts, olen);
		if (olen)
			s[olen++] = ' ';
		memcpy(s + olen, extra ? extra : "", xlen + 1);
	}
	free(opts);
	return s;
}

bool umod_probe_blacklisted(const struct umod_probe *p, const struct umod_probe_mod *m)
{
	return p->conf && umod_modconf_blacklisted(p->conf, m->name);
}
