/* SPDX-License-Identifier: MIT */
/*
 * kmod's half of umod, as kmod's libkmod/: the module tree
 * <base>/lib/modules/<release>/ (what depmod computes and writes, what
 * modprobe reads: the modules.* indexes and the modprobe.d configuration,
 * how names and aliases match), and what modinfo shows of a module file,
 * its appended signature included. Declarations are grouped by the file
 * that defines them; nothing here is part of the public ABI. The host
 * reaches this part through this header only (request_module).
 */
#ifndef _UMOD_LIBKMOD_H
#define _UMOD_LIBKMOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- khash.c: a hash table that iterates in kmod's order ----------------- */

struct umod_khash;

/* @n_buckets is rounded up to a power of two; -ENOMEM */
int umod_khash_new(struct umod_khash **hp, unsigned int n_buckets);
void umod_khash_free(struct umod_khash *h);
/* the key is borrowed, not copied; a present key is replaced (old value in *@oldp) */
int umod_khash_add(struct umod_khash *h, const char *key, void *value, void **oldp);
void *umod_khash_find(const struct umod_khash *h, const char *key);
int umod_khash_del(struct umod_khash *h, const char *key);
unsigned int umod_khash_count(const struct umod_khash *h);
/* in kmod's iteration order; stops at the first non-zero return */
int umod_khash_for_each(const struct umod_khash *h,
			int (*fn)(const char *key, void *value, void *data), void *data);

/* ---- index.c: kmod's binary index files ----------------------------------- */

struct umod_index;

int umod_index_new(struct umod_index **ip);
void umod_index_free(struct umod_index *idx);
/* adds @value under @key (copies both): 0, 1 if the key had that value already (it is
 * kept twice, as kmod keeps it), -EILSEQ for non-ASCII, -ENOMEM */
int umod_index_insert(struct umod_index *idx, const char *key, const char *value,
		      unsigned int priority);
/* the whole file, at the start of a seekable @out; 0 or -EIO */
int umod_index_write(const struct umod_index *idx, FILE *out);
/*
 * The first value of @key in an index file image (kmod's index_search()),
 * pointing into @image; NULL if absent, or if the file is not a valid
 * index (bad magic or major version, an offset or string out of bounds).
 */
const char *umod_index_lookup(const void *image, size_t len, const char *key);
/* has @image an index file's header (magic, major version, root)? */
bool umod_index_valid(const void *image, size_t len);

/* one value found by umod_index_searchwild(); @value points into the image */
struct umod_index_hit {
	const char *value;
	uint32_t priority;
};

/*
 * Every value whose pattern key matches @name (kmod's index_searchwild():
 * the same values, in the same order, duplicates included), as a malloc'd
 * array (free it). A corrupt file gives fewer hits, never a wild read.
 * Returns 0 or -ENOMEM.
 */
int umod_index_searchwild(const void *image, size_t len, const char *name,
			  struct umod_index_hit **hitsp, unsigned int *np);

/*
 * Every key and value of an index file image, "PREFIXkey value\n", in
 * kmod's index_dump() order (a key's values before the keys it prefixes,
 * children by character). A damaged file is dumped as far as it reads.
 */
void umod_index_dump(const void *image, size_t len, const char *prefix, FILE *out);

/* ---- modname.c: module names and alias patterns -------------------------- */

/*
 * The module name of a path or a name: the base name up to its first '.',
 * '-' as '_' (kmod's modname_normalize). Writes at most @size bytes with
 * the NUL; returns the name's length, or -ENAMETOOLONG.
 */
int umod_modname_from_path(const char *path, char *buf, size_t size);
/* are @a and @b the same module name, '-' and '_' alike? */
bool umod_modname_eq(const char *a, const char *b);
/*
 * An alias as kmod compares it: '-' as '_' except inside [...] classes.
 * Returns the length, -ENAMETOOLONG, or -EINVAL for an unmatched bracket.
 */
int umod_alias_normalize(const char *alias, char *buf, size_t size);
/* does @name (normalized) match the fnmatch-style @pattern (normalized)? */
bool umod_alias_match(const char *pattern, const char *name);
/* the suffixes depmod and modprobe take as modules: .ko .ko.xz .ko.zst */
bool umod_modname_has_module_ext(const char *name, size_t len);

/* ---- config.c: modprobe.d ------------------------------------------------ */

enum umod_conf_kind {
	UMOD_CONF_ALIAS,	/* name: pattern, value: module */
	UMOD_CONF_BLACKLIST,	/* name: module */
	UMOD_CONF_OPTIONS,	/* name: module, value: "a=1 b=2" */
	UMOD_CONF_INSTALL,	/* name: pattern, value: shell command */
	UMOD_CONF_REMOVE,
	UMOD_CONF_SOFTDEP,	/* name: pattern, value: "pre: a b post: c" */
};

struct umod_conf_entry {
	enum umod_conf_kind kind;
	char *name;		/* owned; value lives in the same allocation */
	char *value;
};

/* the configuration, entries in file and line order; zero-initialise */
struct umod_modconf {
	FILE *err;		/* the caller's stream for warnings, or NULL */
	const char *prog;	/* their prefix: "modprobe" */
	struct umod_conf_entry *v;
	unsigned int n, cap;
};

/*
 * umod_modconf_parse - add the lines of one file, @buf of @len bytes (need
 * not be NUL-terminated). A bad line is skipped with kmod's warning on
 * c->err ("FILE line N: ignoring bad line starting with 'CMD'").
 * Returns 0 or -ENOMEM.
 */
int umod_modconf_parse(struct umod_modconf *c, const char *buf, size_t len, const char *file);
/*
 * Reads every file of @paths (directories, or files as -C names them) in
 * kmod's order, with @softdep_file (may be NULL) sorted in as
 * "modules.softdep". Missing paths are skipped. Returns 0 or -ENOMEM.
 */
int umod_modconf_load(struct umod_modconf *c, const char *const *paths,
		      const char *softdep_file);
void umod_modconf_release(struct umod_modconf *c);
/* the first entry of @kind whose pattern matches @modname (install, remove, softdep) */
const struct umod_conf_entry *umod_modconf_first(const struct umod_modconf *c,
						 enum umod_conf_kind kind, const char *modname);
bool umod_modconf_blacklisted(const struct umod_modconf *c, const char *modname);
/* the options for @modname or for the @alias it was found by, joined; malloc'd, NULL: -ENOMEM */
char *umod_modconf_options(const struct umod_modconf *c, const char *modname,
			   const char *alias);

/*
 * umod_modconf_parse_kcmdline - the module options of a kernel command
 * line, as kmod adds those of /proc/cmdline after every file:
 * "mod.param[=value]" is "options mod param[=value]", "modprobe.blacklist=a,b"
 * blacklists a and b. Returns 0 or -ENOMEM.
 */
int umod_modconf_parse_kcmdline(struct umod_modconf *c, const char *cmdline);
/* modprobe -c: every entry, kind by kind in kmod's order, in kmod's words */
void umod_modconf_show(const struct umod_modconf *c, FILE *out);

/*
 * The *.conf files (not hidden, regular) of @paths (directories, or files
 * as -C names them), plus @extra_path (may be NULL) as if named
 * @extra_name, sorted by file name, a name seen in an earlier path hiding
 * the later ones: kmod's order for modprobe.d and depmod.d. @fn(path) for
 * each; returns its first non-zero return, or -ENOMEM. A directory named
 * *.conf is reported on @err (may be NULL) with kmod's words, "PROG: ERROR: ...".
 */
int umod_conf_files_each(const char *const *paths, const char *extra_name,
			 const char *extra_path, FILE *err, const char *prog,
			 int (*fn)(const char *path, void *data), void *data);
/* one logical line ('\'-newline joined) of [*@pos, @len), malloc'd; NULL at the end or -ENOMEM */
char *umod_conf_next_line(const char *buf, size_t len, size_t *pos, unsigned int *lineno);

/* ---- moddb.c: the text indexes of a tree ----------------------------------- */

/* one modules.dep line: the module's path and its dependencies, as written */
typedef int (*umod_moddep_fn)(const char *path, const char *const *deps,
			      unsigned int n_deps, void *data);
/* one "alias PATTERN MODULE" line of modules.alias or modules.symbols */
typedef int (*umod_modalias_fn)(const char *pattern, const char *module, void *data);

/*
 * The parsers: @buf of @len bytes (no NUL needed), named @file in warnings
 * on @err (may be NULL) for lines that do not parse, which are skipped.
 * They stop at the first non-zero return of @fn and pass it back.
 */
int umod_moddep_parse(const char *buf, size_t len, const char *file, FILE *err,
		      umod_moddep_fn fn, void *data);
int umod_modalias_parse(const char *buf, size_t len, const char *file, FILE *err,
			umod_modalias_fn fn, void *data);

struct umod_moddb;

/* reads modules.dep, .alias, .symbols and .builtin of @dirname (missing: empty) */
int umod_moddb_open(const char *dirname, FILE *err, struct umod_moddb **dbp);
void umod_moddb_close(struct umod_moddb *db);
/*
 * The module @name (normalised) of modules.dep: its absolute path and its
 * dependencies' (modules.dep order). Valid until close. 0 or -ENOENT.
 */
int umod_moddb_module(const struct umod_moddb *db, const char *name, const char **pathp,
		      const char *const **depsp, unsigned int *n_depsp);
bool umod_moddb_builtin(const struct umod_moddb *db, const char *name);
/* calls @fn for the module of each alias (or symbol: alias) matching @name, in file order */
int umod_moddb_lookup_alias(const struct umod_moddb *db, bool symbols, const char *name,
			    int (*fn)(const char *module, void *data), void *data);

/* the same for the "alias" entries of modules.builtin.modinfo */
int umod_moddb_lookup_builtin_alias(const struct umod_moddb *db, const char *name,
				    int (*fn)(const char *module, void *data), void *data);

/* @fn(key, value) for each "NAME.key=value" of modules.builtin.modinfo, in order */
int umod_moddb_builtin_info(const struct umod_moddb *db, const char *name,
			    int (*fn)(const char *key, const char *value, void *data), void *data);

/* ---- modprobe.c: resolution and load lists ------------------------------- */

struct umod_probe;
struct umod_probe_mod;

/* a resolver over @db and @conf (may be NULL), both borrowed; -ENOMEM */
int umod_probe_new(const struct umod_moddb *db, const struct umod_modconf *conf,
		   struct umod_probe **pp);
/* frees every struct umod_probe_mod it handed out */
void umod_probe_free(struct umod_probe *p);
/*
 * The modules @name stands for, kmod's lookup order (see modprobe.c); the
 * array is malloc'd (free it), the modules belong to @p. *@np == 0: none.
 * Returns 0, -ENOMEM, or -EINVAL/-ENAMETOOLONG for a name kmod refuses.
 */
int umod_probe_lookup(struct umod_probe *p, const char *name,
		      struct umod_probe_mod ***modsp, unsigned int *np);
/* @m's load list, dependencies and softdeps first; malloc'd array, -ENOMEM */
int umod_probe_list(struct umod_probe *p, struct umod_probe_mod *m, bool ignorecmd,
		    struct umod_probe_mod ***listp, unsigned int *np);
/* @m's dependencies, the last of its modules.dep line first; malloc'd array */
int umod_probe_deps(struct umod_probe *p, struct umod_probe_mod *m,
		    struct umod_probe_mod ***listp, unsigned int *np);
/* @m's softdep modules, "pre:" or (@post) "post:"; malloc'd array */
int umod_probe_softdeps(struct umod_probe *p, struct umod_probe_mod *m, bool post,
			struct umod_probe_mod ***listp, unsigned int *np);
const char *umod_probe_mod_name(const struct umod_probe_mod *m);
/* absolute path of the module file, NULL if modules.dep has none */
const char *umod_probe_mod_path(const struct umod_probe_mod *m);
const char *umod_probe_mod_alias(const struct umod_probe_mod *m);
bool umod_probe_mod_builtin(const struct umod_probe_mod *m);
/* a dependency of a module asked for (errors count), not only a softdep */
bool umod_probe_mod_required(const struct umod_probe_mod *m);
/* its install command does not apply (it has softdeps, or was asked so) */
bool umod_probe_mod_ignorecmd(const struct umod_probe_mod *m);
const char *umod_probe_command(const struct umod_probe *p, const struct umod_probe_mod *m,
			       bool install);
/* modprobe.d options for @m, then @extra (may be NULL): malloc'd, NULL: -ENOMEM */
char *umod_probe_options(const struct umod_probe *p, const struct umod_probe_mod *m,
			 const char *extra);

bool umod_probe_blacklisted(const struct umod_probe *p, const struct umod_probe_mod *m);

/* ---- modprobe_run.c: carrying out a load list ------------------------------ */

/* flags of umod_probe_insert(): kmod's KMOD_PROBE_* */
#define UMOD_PROBE_IGNORE_LOADED	(1u << 0)	/* --show-depends, --ignore-loaded */
#define UMOD_PROBE_FAIL_ON_LOADED	(1u << 1)	/* --first-time */
#define UMOD_PROBE_DRY_RUN		(1u << 2)	/* -n */
#define UMOD_PROBE_IGNORE_COMMAND	(1u << 3)	/* --ignore-install */
#define UMOD_PROBE_BLACKLIST_ALL	(1u << 4)	/* -b: also for module names */

/* umod_probe_insert()'s "skipped": the module asked for is blacklisted */
#define UMOD_PROBE_BLACKLISTED		1

struct umod_probe_ops {
	void *data;
	/* > 0 if the module called @name is loaded or loading */
	int (*is_loaded)(void *data, const char *name);
	/* loads @m's file (umod_probe_mod_path()) with @options: 0 or -errno */
	int (*insert)(void *data, const struct umod_probe_mod *m, const char *options);
	/* NULL: umod_probe_run_command() */
	int (*run_install)(void *data, const struct umod_probe_mod *m, const char *cmd,
			   const char *options);
	/* kmod's print_action(): @cmd for an install command, else NULL */
	void (*show)(void *data, const struct umod_probe_mod *m, const char *cmd,
		     const char *options);
	/* a message in kmod's words, without prefix */
	void (*error)(void *data, const char *msg);
};

/*
 * umod_probe_insert - load @mod and what it needs, as modprobe does.
 * Returns 0, UMOD_PROBE_BLACKLISTED, -EEXIST (loaded, with
 * UMOD_PROBE_FAIL_ON_LOADED), -ENOENT (no file), -ENOMEM, or the first
 * error of ops->insert or an install command for a required module.
 */
int umod_probe_insert(struct umod_probe *p, struct umod_probe_mod *mod, unsigned int flags,
		      const char *extra, const struct umod_probe_ops *ops);
/*
 * Runs an install/remove @command for module @name through /bin/sh, with
 * $CMDLINE_OPTS replaced by @options and MODPROBE_MODULE set, as kmod does.
 * Returns 0 or -EINVAL (could not run, or a non-zero status: reported
 * through ops->error), -ENOMEM.
 */
int umod_probe_run_command(const struct umod_probe_ops *ops, const char *type,
			   const char *name, const char *command, const char *options);

/* ---- modversions.c: a module's symbol versions, as modprobe dumps them ---- */

/* one entry: its CRC and name; a non-zero return stops the walk */
typedef int (*umod_modversion_fn)(uint64_t crc, const char *name, void *data);

/*
 * The __versions table of a module image (--dump-modversions), in table
 * order. Returns 0, @fn's first non-zero return, -ENOEXEC (not ELF),
 * -EINVAL (a damaged ELF, or a table of partial records) or -ENOENT (no
 * __versions section), kmod's errors for each case.
 */
int umod_modversions_parse(const void *image, size_t len, umod_modversion_fn fn, void *data);
/* the module's exports and their CRCs (--show-exports), same errors */
int umod_modexports_parse(const void *image, size_t len, umod_modversion_fn fn, void *data);
/* either of them for a file (decompressed if need be); plus the file's -errno */
int umod_modversions_file(const char *path, bool exports, umod_modversion_fn fn, void *data);

/* ---- depmod_conf.c: depmod.d ------------------------------------------------ */

struct umod_depmod_list {
	char **v;
	unsigned int n, cap;
};

/* depmod.d, words in config order; zero-initialise, set err and release */
struct umod_depmod_conf {
	FILE *err;			/* "depmod: ERROR: ..." for bad lines, or NULL */
	const char *release;		/* what override and external versions match */
	struct umod_depmod_list search;	/* dirs of the tree, "built-in", "external" */
	struct umod_depmod_list override;	/* "DIR/MOD" */
	struct umod_depmod_list external;	/* directories outside the tree */
	struct umod_depmod_list exclude;	/* entry names not scanned */
};

/* a module file as the search order sees it */
struct umod_depmod_file {
	const char *relpath;	/* under the tree, or the path of an external one */
	size_t stem;		/* its file name's length up to the first '.' */
	bool external;
};

/*
 * umod_depmod_conf_parse - add the lines of one depmod.d file, @buf of @len
 * bytes (need not be NUL-terminated); a bad line is skipped with kmod's
 * message on c->err. Returns 0 or -ENOMEM.
 */
int umod_depmod_conf_parse(struct umod_depmod_conf *c, const char *buf, size_t len,
			   const char *file);
/* every file of @paths (NULL: kmod's four depmod.d directories); then the default search */
int umod_depmod_conf_load(struct umod_depmod_conf *c, const char *const *paths);
void umod_depmod_conf_release(struct umod_depmod_conf *c);
bool umod_depmod_conf_excluded(const struct umod_depmod_conf *c, const char *name);
/* should @new replace @old, a module of the same name found before it? */
bool umod_depmod_conf_prefer(const struct umod_depmod_conf *c, const struct umod_depmod_file *old,
			     const struct umod_depmod_file *new);

/* ---- depmod.c: the computation ------------------------------------------- */

struct umod_depmod;

struct umod_depmod_opts {
	const char *dirname;	/* <base>/lib/modules/<release> */
	FILE *err;		/* where warnings go ("depmod: WARNING: ...") */
	bool warn_unknown;	/* -e: "needs unknown symbol" */
	const char *symvers;	/* -E: the kernel's Module.symvers (CRCs are checked) */
	const char *system_map;	/* -F: the kernel's System.map (when no -E) */
	const struct umod_depmod_conf *conf;	/* depmod.d, or NULL: "search updates" */
	char sym_prefix;	/* -P: a leading character symbols drop, or 0 */
	bool warn_dups;		/* -w: say which index keys hold a value twice */
};

/*
 * Scans @opts->dirname for modules, orders them by modules.order, reads
 * their exports, aliases, softdeps and imports, and resolves dependencies
 * as kmod's depmod does. Returns 0, -ENOMEM, -errno of the directory, or
 * -ELOOP when modules depend on each other in a cycle (reported on err);
 * the -errno of a symvers or System.map file that cannot be read.
 */
int umod_depmod_run(const struct umod_depmod_opts *opts, struct umod_depmod **dp);
void umod_depmod_free(struct umod_depmod *d);

/* ---- depfiles.c: writing modules.dep & co. in kmod's formats ------------- */

/* writes every index into opts->dirname (atomically, via NAME.tmp) */
int umod_depmod_write_files(struct umod_depmod *d);
/* -n: the text indexes, one after the other, to @out */
int umod_depmod_write_stream(struct umod_depmod *d, FILE *out);

/* ---- signature.c: an appended module signature, as modinfo shows it ---- */

/* what kmod's modinfo shows of an appended signature; strings owned */
struct umod_sig_info {
	const char *id_type;		/* "PKCS#7", "X509", "PGP": static */
	char *signer;			/* NUL-terminated, signer_len bytes */
	size_t signer_len;
	unsigned char *key_id;		/* the certificate's serial for PKCS#7 */
	size_t key_id_len;
	const char *hash_algo;		/* "sha256": static */
	unsigned char *sig;
	size_t sig_len;
};

/*
 * Reads the signature appended to a module image. Returns 0 (release the
 * info after), -ENODATA (no "~Module signature appended~" trailer) or
 * -EBADMSG (a trailer kmod would not show: bad lengths, types, PKCS#7),
 * -ENOMEM.
 */
int umod_signature_info(const void *image, size_t len, struct umod_sig_info *info);
void umod_signature_info_release(struct umod_sig_info *info);
/*
 * modinfo's five signature entries (sig_id, signer, sig_key, sig_hashalgo,
 * signature) of @image, through @fn; none for an unsigned module. Returns
 * 0, @fn's first non-zero return, or -ENOMEM.
 */
int umod_signature_entries(const void *image, size_t len,
			   int (*fn)(const char *key, const char *value, void *data),
			   void *data);
/* kmod's hex form: "AB:CD:..." with "\n\t\t" after every 20 bytes; malloc'd */
char *umod_signature_hex(const unsigned char *bytes, size_t len);

#endif /* _UMOD_LIBKMOD_H */
