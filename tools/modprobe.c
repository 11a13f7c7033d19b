// SPDX-License-Identifier: MIT
/*
 * umod modprobe: kmod's modprobe over a umod module tree. Names and aliases
 * resolve through libkmod/modprobe.c (modules.dep/.alias/.symbols and
 * modprobe.d); --show-depends and -n need no daemon; loading and removal
 * go through the daemon, dependencies first, unused ones removed after.
 *
 *   umod modprobe [-d BASE] [-S RELEASE] [-C CONFIG] [-r] [-n] [-q] [-v] [-a]
 *                 [-b] [--show-depends] [-R] [--first-time] [-i]
 *                 [-f|--force-vermagic|--force-modversion] NAME [param=value ...]
 *
 * As in kmod, -b is --use-blacklist and the tree's root is -d (--dirname).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "../daemon/daemon.h"
#include "util/file.h"
#include "libkmod/libkmod.h"
#include "tools.h"

#define MAX_CONFIGS	16

struct modprobe {
	/* options */
	bool remove, dry_run, quiet, verbose, show, ignore_loaded, first_time;
	bool resolve_only, all, use_blacklist, ignore_commands;
	bool show_config, show_versions, show_exports;
	unsigned int insert_flags;	/* UMOD_INSERT_FORCE_* */
	const char *base, *release;
	const char *config[MAX_CONFIGS + 1];	/* -C, in order */
	unsigned int n_config;
	char dirname[PATH_MAX];
	/* the tree */
	struct umod_modconf conf;
	struct umod_moddb *db;
	struct umod_probe *probe;
	/* the daemon, connected on first need */
	struct umod_client client;
	int conn;		/* 0: not tried, 1: connected, < 0: failed */
};

static void help(void)
{
	printf("Usage:\n"
	       "\tumod modprobe [options] [-i] [-b] modulename [parameters...]\n"
	       "\tumod modprobe [options] -a [-i] [-b] modulename [modulename...]\n"
	       "\tumod modprobe [options] -r [-i] modulename [modulename...]\n"
	       "\tumod modprobe [options] -R modulename\n"
	       "\tumod modprobe [options] -D modulename\n"
	       "\tumod modprobe [options] -c\n"
	       "\tumod modprobe [options] --dump-modversions filename\n\n"
	       "Options:\n"
	       "\t-a, --all                   Consider every non-argument to be a module name\n"
	       "\t-r, --remove                Remove modules instead of inserting\n"
	       "\t-R, --resolve-alias         Only lookup and print alias and exit\n"
	       "\t    --first-time            Fail if module already inserted or removed\n"
	       "\t-i, --ignore-install        Ignore install commands\n"
	       "\t-i, --ignore-remove         Ignore remove commands\n"
	       "\t-b, --use-blacklist         Apply blacklist to resolved alias.\n"
	       "\t-f, --force                 Force module insertion or removal.\n"
	       "\t    --force-modversion      Ignore module's version\n"
	       "\t    --force-vermagic        Ignore module's version magic\n"
	       "\t-D, --show-depends          Only print module dependencies and exit\n"
	       "\t-c, --showconfig            Print out known configuration and exit\n"
	       "\t-c, --show-config           Same as --showconfig\n"
	       "\t    --show-modversions      Dump module symbol version and exit\n"
	       "\t    --dump-modversions      Same as --show-modversions\n"
	       "\t    --show-exports          Only print module exported symbol versions and exit\n"
	       "\t-n, --dry-run               Do not execute operations, just print out\n"
	       "\t-C, --config=FILE           Use FILE instead of default search paths\n"
	       "\t-d, --dirname=DIR           Use DIR as filesystem root for /lib/modules\n"
	       "\t-S, --set-version=VERSION   Use VERSION instead of `uname -r`\n"
	       "\t-q, --quiet                 disable messages\n"
	       "\t-v, --verbose               enables more messages\n"
	       "\t-V, --version               show version\n"
	       "\t-h, --help                  show this help\n");
}

static void mp_err(const struct modprobe *mp, const char *level, const char *fmt, ...)
	__attribute__((__format__(printf, 3, 4)));

static void mp_err(const struct modprobe *mp, const char *level, const char *fmt, ...)
{
	va_list ap;

	if (mp->quiet)
		return;
	fprintf(stderr, "modprobe: %s: ", level);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* kmod's LOG(): FATAL, but only a WARNING with -a, where the other names go on */
#define mp_log(mp, ...) mp_err(mp, (mp)->all ? "WARNING" : "FATAL", __VA_ARGS__)

/* ---- the daemon's view: what is loaded ---------------------------------------- */

static bool connected(struct modprobe *mp)
{
	char buf[4096];

	if (!mp->conn)
		mp->conn = umod_client_open(&mp->client, umod_socket_default(buf, sizeof(buf)))
			   ? -1 : 1;
	return mp->conn > 0;
}

/* the module's refcnt, or -1 if the daemon does not have it loaded */
static long loaded_refcnt(struct modprobe *mp, const char *name)
{
	struct umod_listed m;
	int status, n;

	if (!connected(mp) || umod_client_list(&mp->client, &status) || status)
		return -1;
	while ((n = umod_client_next_module(&mp->client, &m)) > 0)
		if (umod_modname_eq(m.name, name))
			return (long)m.refcnt;
	return -1;
}

static int is_loaded(void *data, const char *name)
{
	return loaded_refcnt(data, name) >= 0;
}

static int insert(void *data, const struct umod_probe_mod *m, const char *options)
{
	struct modprobe *mp = data;
	const void *image;
	size_t len;
	int err, status;

	if (!connected(mp)) {
		umod_tool_connect(&mp->client);	/* says why, in insmod's words */
		return -ECONNREFUSED;
	}
	err = umod_file_map(umod_probe_mod_path(m), &image, &len);
	if (err)
		return err;
	err = umod_client_insert(&mp->client, image, len, options, mp->insert_flags, &status);
	umod_file_unmap(image, len);
	if (!err && status == -ENOTRECOVERABLE)
		umod_tool_die_of_oops(&mp->client);
	return err ? err : status;
}

static void show(void *data, const struct umod_probe_mod *m, const char *cmd, const char *options)
{
	if (cmd)
		printf("install %s %s\n", cmd, options);
	else if (umod_probe_mod_path(m))
		printf("insmod %s %s\n", umod_probe_mod_path(m), options);
	else if (umod_probe_mod_builtin(m))
		printf("builtin %s\n", umod_probe_mod_name(m));
	/*
	 * -v: before the load it announces runs (an install command shares
	 * stdout). --show-depends runs nothing: one write at exit, as kmod's.
	 */
	if (!((struct modprobe *)data)->show)
		fflush(stdout);
}

static void report(void *data, const char *msg)
{
	mp_err(data, "ERROR", "%s", msg);
}

/* ---- inserting ---------------------------------------------------------------- */

/*
 * A fresh resolver per name: kmod frees its module objects (and their
 * visited marks) once a name is done, so with -a each name starts anew.
 */
static int lookup(struct modprobe *mp, const char *name, struct umod_probe_mod ***v,
		  unsigned int *n)
{
	int err;

	umod_probe_free(mp->probe);
	mp->probe = NULL;
	err = umod_probe_new(mp->db, &mp->conf, &mp->probe);
	if (!err)
		err = umod_probe_lookup(mp->probe, name, v, n);

	if (err == -ENOMEM)
		mp_err(mp, "FATAL", "%s\n", strerror(ENOMEM));
	else if (err)
		*n = 0, *v = NULL, err = 0;	/* an unusable name matches nothing */
	return err;
}

static void insert_error(struct modprobe *mp, const struct umod_probe_mod *m, int err)
{
	const char *name = umod_probe_mod_name(m);

	if (err == -EEXIST)
		mp_err(mp, "ERROR", "could not insert '%s': Module already in kernel\n", name);
	else if (err == -ENOENT)
		mp_err(mp, "ERROR", "could not insert '%s': Unknown symbol in module, or unknown parameter (see dmesg)\n",
		       name);
	else if (err != -ECONNREFUSED)
		mp_err(mp, "ERROR", "could not insert '%s': %s\n", name, umod_tool_strerror(-err));
}

static int do_insert(struct modprobe *mp, const char *name, const char *extra)
{
	struct umod_probe_ops ops = { mp, is_loaded, insert, NULL, NULL, report };
	unsigned int flags = 0, n;
	struct umod_probe_mod **v;
	int err = lookup(mp, name, &v, &n);

	if (err)
		return err;
	if (!n) {
		mp_log(mp, "Module %s not found in directory %s\n", name, mp->dirname);
		return -ENOENT;
	}
	if (mp->show || mp->verbose)
		ops.show = show;
	flags |= mp->ignore_loaded ? UMOD_PROBE_IGNORE_LOADED : 0;
	flags |= mp->dry_run ? UMOD_PROBE_DRY_RUN : 0;
	flags |= mp->first_time ? UMOD_PROBE_FAIL_ON_LOADED : 0;
	flags |= mp->ignore_commands ? UMOD_PROBE_IGNORE_COMMAND : 0;
	flags |= mp->use_blacklist ? UMOD_PROBE_BLACKLIST_ALL : 0;
	for (unsigned int i = 0; i < n; i++) {
		if (mp->resolve_only) {
			printf("%s\n", umod_probe_mod_name(v[i]));
			continue;
		}
		err = umod_probe_insert(mp->probe, v[i], flags, extra, &ops);
		if (err > 0)
			err = 0;	/* blacklisted: skipped, not failed */
		else if (err < 0)
			insert_error(mp, v[i], err);
	}
	free(v);
	return err;
}

/* ---- removing ----------------------------------------------------------------- */

static int remove_module(struct modprobe *mp, struct umod_probe_mod *m, bool softdep);

/* softdeps go too, their errors ignored and built-in ones skipped, as kmod's */
static int remove_deps_list(struct modprobe *mp, struct umod_probe_mod **v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		remove_module(mp, v[i], true);
	return 0;
}

/* rmmod, then each dependency nothing else uses any more */
static int remove_one(struct modprobe *mp, struct umod_probe_mod *m)
{
	const char *name = umod_probe_mod_name(m);
	struct umod_probe_mod **deps;
	unsigned int n;
	int err = 0, status;

	if (mp->verbose)
		printf("rmmod %s\n", name);
	if (mp->dry_run)
		return 0;
	if (connected(mp)) {
		err = umod_client_remove(&mp->client, name, 0, &status);
		if (!err && status == -ENOTRECOVERABLE)
			umod_tool_die_of_oops(&mp->client);
		if (!err)
			err = status;
	}
	if (err == -ENOENT && mp->first_time)
		mp_log(mp, "Module %s is not in kernel.\n", name);
	else if (err == -ENOENT)
		err = 0;
	if (umod_probe_deps(mp->probe, m, &deps, &n) < 0)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++)
		if (loaded_refcnt(mp, umod_probe_mod_name(deps[i])) == 0)
			remove_one(mp, deps[i]);
	free(deps);
	return err;
}

/* modprobe's own command_do(), not libkmod's: its message names no command */
static int run_remove_command(struct modprobe *mp, struct umod_probe_mod *m, const char *cmd)
{
	struct umod_probe_ops ops = { .data = mp };
	int err;

	if (mp->verbose)
		printf("remove %s\n", cmd);
	if (mp->dry_run)
		return 0;
	err = umod_probe_run_command(&ops, "remove", umod_probe_mod_name(m), cmd, "");
	if (err == -EINVAL)
		mp_log(mp, "Error running remove command for %s\n", umod_probe_mod_name(m));
	return err;
}

/* kmod's rmmod_do_module(): post softdeps, the module (or its command), pre softdeps */
static int remove_module(struct modprobe *mp, struct umod_probe_mod *m, bool softdep)
{
	const char *name = umod_probe_mod_name(m), *cmd = NULL;
	struct umod_probe_mod **pre = NULL, **post = NULL;
	unsigned int n_pre = 0, n_post = 0;
	long refcnt;
	int err = 0;

	if (!mp->ignore_commands) {
		if (umod_probe_softdeps(mp->probe, m, false, &pre, &n_pre) < 0 ||
		    umod_probe_softdeps(mp->probe, m, true, &post, &n_post) < 0) {
			err = -ENOMEM;
			goto out;
		}
		cmd = umod_probe_command(mp->probe, m, false);
	}
	refcnt = cmd ? 0 : loaded_refcnt(mp, name);
	if (!cmd && umod_probe_mod_builtin(m)) {
		if (!softdep)
			mp_log(mp, "Module %s is builtin.\n", name);
		err = softdep ? 0 : -ENOENT;
		goto out;
	}
	if (refcnt < 0) {
		if (mp->first_time)
			mp_log(mp, "Module %s is not in kernel.\n", name);
		err = mp->first_time ? -ENOENT : 0;
		goto out;
	}
	remove_deps_list(mp, post, n_post);
	if (cmd) {
		err = run_remove_command(mp, m, cmd);
	} else if (refcnt > 0) {
		mp_log(mp, "Module %s is in use.\n", name);
		err = -EBUSY;
	} else {
		err = remove_one(mp, m);
	}
	if (!err)
		remove_deps_list(mp, pre, n_pre);
out:
	free(pre);
	free(post);
	return err;
}

static int do_remove(struct modprobe *mp, const char *name)
{
	struct umod_probe_mod **v;
	unsigned int n;
	int err = lookup(mp, name, &v, &n);

	if (err)
		return err;
	if (!n) {
		mp_log(mp, "Module %s not found.\n", name);
		return -ENOENT;
	}
	for (unsigned int i = 0; i < n && !err; i++)
		err = remove_module(mp, v[i], false);
	free(v);
	return err;
}

/* ---- queries: -c, --dump-modversions, --show-exports ------------------------- */

static void dump_index(const struct modprobe *mp, const char *file)
{
	char path[PATH_MAX + 32];
	const void *img;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s", mp->dirname, file);
	if (umod_file_map(path, &img, &len))
		return;
	umod_index_dump(img, len, "alias ", stdout);
	umod_file_unmap(img, len);
}

/* kmod's show_config(): the configuration, then the alias and symbol indexes */
static int show_config(struct modprobe *mp)
{
	umod_modconf_show(&mp->conf, stdout);
	puts("\n# End of configuration files. Dumping indexes now:\n");
	fflush(stdout);
	dump_index(mp, "modules.alias.bin");
	dump_index(mp, "modules.symbols.bin");
	return 0;
}

static int print_version(uint64_t crc, const char *name, void *data)
{
	printf("0x%08llx\t%s\n", (unsigned long long)crc, name);
	return 0;
}

static int show_versions(struct modprobe *mp, const char *path)
{
	int err = umod_modversions_file(path, mp->show_exports && !mp->show_versions,
					print_version, NULL);

	if (err == -ENOENT && umod_file_type_at(AT_FDCWD, path) < 0)
		mp_log(mp, "Module %s not found.\n", path);
	else if (err)
		mp_log(mp, "could not get %s of %s: %s\n",
		       mp->show_versions ? "modversions" : "symbols", path, strerror(-err));
	return err;
}

/* ---- setup ---------------------------------------------------------------------- */

/* kmod's options_from_array(): a value with a space gets quotes */
static char *extra_options(int argc, char *argv[], int first)
{
	size_t len = 1;
	char *s, *p;

	for (int i = first; i < argc; i++)
		len += strlen(argv[i]) + 3;
	s = p = malloc(len);
	if (!s)
		return NULL;
	*s = '\0';
	for (int i = first; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		bool quote = eq && eq[1] != '"' && eq[1] != '\'' && strchr(eq + 1, ' ');

		if (p != s)
			*p++ = ' ';
		if (quote)
			p += sprintf(p, "%.*s\"%s\"", (int)(eq + 1 - argv[i]), argv[i], eq + 1);
		else
			p += sprintf(p, "%s", argv[i]);
	}
	return s;
}

/* kmod adds the module options of /proc/cmdline after every file */
static int kernel_cmdline(struct modprobe *mp)
{
	char buf[4096];
	FILE *f = fopen("/proc/cmdline", "re");
	size_t n;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return umod_modconf_parse_kcmdline(&mp->conf, buf);
}

static int open_tree(struct modprobe *mp)
{
	char dirs[4][PATH_MAX], softdep[PATH_MAX + 32];
	static const char *const sub[] = { "etc/modprobe.d", "run/modprobe.d",
					   "usr/local/lib/modprobe.d", "lib/modprobe.d" };
	const char *paths[MAX_CONFIGS + 1] = { NULL };
	const char *root = mp->base ? mp->base : "";
	int err;

	if (umod_tool_tree_dir(mp->base, mp->release, mp->dirname, sizeof(mp->dirname)) < 0)
		return -ENAMETOOLONG;
	for (int i = 0; i < 4; i++) {
		snprintf(dirs[i], sizeof(dirs[i]), "%s/%s", root, sub[i]);
		paths[i] = dirs[i];
	}
	if (mp->n_config) {
		/* -C replaces the default directories; each may be a file or a directory */
		for (unsigned int i = 0; i <= mp->n_config; i++)
			paths[i] = mp->config[i];
	}
	snprintf(softdep, sizeof(softdep), "%s/modules.softdep", mp->dirname);
	mp->conf.err = stderr;	/* libkmod reports config errors even with -q */
	mp->conf.prog = "modprobe";
	err = umod_modconf_load(&mp->conf, paths, softdep);
	if (!err)
		err = kernel_cmdline(mp);
	if (!err)
		err = umod_moddb_open(mp->dirname, mp->quiet ? NULL : stderr, &mp->db);
	return err;
}

static int parse_options(struct modprobe *mp, int argc, char *argv[])
{
	enum { OPT_FIRST_TIME = 256, OPT_FORCE_VERMAGIC, OPT_FORCE_MODVERSION, OPT_VERSIONS,
	       OPT_EXPORTS };
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "remove", no_argument, NULL, 'r' },
		{ "resolve-alias", no_argument, NULL, 'R' },
		{ "first-time", no_argument, NULL, OPT_FIRST_TIME },
		{ "ignore-install", no_argument, NULL, 'i' },
		{ "ignore-remove", no_argument, NULL, 'i' },
		{ "use-blacklist", no_argument, NULL, 'b' },
		{ "force", no_argument, NULL, 'f' },
		{ "force-modversion", no_argument, NULL, OPT_FORCE_MODVERSION },
		{ "force-vermagic", no_argument, NULL, OPT_FORCE_VERMAGIC },
		{ "show-depends", no_argument, NULL, 'D' },
		{ "showconfig", no_argument, NULL, 'c' },
		{ "show-config", no_argument, NULL, 'c' },
		{ "show-modversions", no_argument, NULL, OPT_VERSIONS },
		{ "dump-modversions", no_argument, NULL, OPT_VERSIONS },
		{ "show-exports", no_argument, NULL, OPT_EXPORTS },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "show", no_argument, NULL, 'n' },
		{ "config", required_argument, NULL, 'C' },
		{ "dirname", required_argument, NULL, 'd' },
		{ "set-version", required_argument, NULL, 'S' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "arRibfDcnC:d:S:qvVh", opts, NULL)) != -1) {
		switch (c) {
		case 'a': mp->all = true; break;
		case 'r': mp->remove = true; break;
		case 'R': mp->resolve_only = true; break;
		case 'i': mp->ignore_commands = true; break;
		case 'b': mp->use_blacklist = true; break;
		case 'n': mp->dry_run = true; break;
		case 'q': mp->quiet = true; break;
		case 'v': mp->verbose = true; break;
		case 'c': mp->show_config = true; break;
		case OPT_VERSIONS: mp->show_versions = true; break;
		case OPT_EXPORTS: mp->show_exports = true; break;
		case 'C':
			if (mp->n_config == MAX_CONFIGS) {
				mp_err(mp, "ERROR", "too many -C\n");
				return -EINVAL;
			}
			mp->config[mp->n_config++] = optarg;
			break;
		case 'd': mp->base = optarg; break;
		case 'S': mp->release = optarg; break;
		case OPT_FIRST_TIME: mp->first_time = true; break;
		case 'f':
			mp->insert_flags |= UMOD_INSERT_FORCE_VERMAGIC | UMOD_INSERT_FORCE_MODVERSION;
			break;
		case OPT_FORCE_VERMAGIC: mp->insert_flags |= UMOD_INSERT_FORCE_VERMAGIC; break;
		case OPT_FORCE_MODVERSION: mp->insert_flags |= UMOD_INSERT_FORCE_MODVERSION; break;
		case 'D':
			mp->show = mp->dry_run = mp->ignore_loaded = true;
			break;
		case 'V':
			exit(umod_tool_print_version());
		case 'h':
			help();
			exit(0);
		default:
			return -EINVAL;
		}
	}
	return 0;
}

static int run_names(struct modprobe *mp, int argc, char *argv[])
{
	int err = 0;

	if (mp->remove || mp->all) {
		/* kmod's rmmod_all()/insmod_all(): every name, the last error counts */
		for (int i = optind; i < argc; i++) {
			int r = mp->remove ? do_remove(mp, argv[i]) : do_insert(mp, argv[i], NULL);

			if (r < 0)
				err = r;
		}
		return err;
	}
	char *extra = extra_options(argc, argv, optind + 1);

	if (!extra)
		return -ENOMEM;
	err = do_insert(mp, argv[optind], extra);
	free(extra);
	return err;
}

static int run(int argc, char *argv[])
{
	struct modprobe mp = { .release = umod_tool_default_release() };
	int err;

	umod_tool_log_open("modprobe", false);
	if (parse_options(&mp, argc, argv) < 0)
		return 1;
	if (optind >= argc && !mp.show_config) {
		mp_err(&mp, "ERROR", "missing parameters. See -h.\n");
		return 1;
	}
	err = open_tree(&mp);
	if (err)
		mp_err(&mp, "FATAL", "%s: %s\n", mp.dirname, strerror(-err));
	else if (mp.show_config)
		err = show_config(&mp);
	else if (mp.show_versions || mp.show_exports)
		err = show_versions(&mp, argv[optind]);
	else
		err = run_names(&mp, argc, argv);
	if (mp.conn > 0)
		umod_client_close(&mp.client);
	umod_probe_free(mp.probe);
	umod_moddb_close(mp.db);
	umod_modconf_release(&mp.conf);
	return err < 0 ? 1 : 0;
}

const struct umod_cmd umod_cmd_modprobe = {
	.name = "modprobe",
	.run = run,
	.help = "load a module and what it needs, by name or alias",
};
