// SPDX-License-Identifier: MIT
/*
 * umod modinfo: kmod's modinfo for module files; no daemon involved.
 * Layout as kmod's: "filename:" first (the path made absolute), then the
 * .modinfo keys in section order as "key:" padded to 16 columns, the parm
 * and parmtype entries merged per parameter and printed last. -F prints
 * bare values; -0 ends each item with a NUL and prints key=value.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <umod/umod.h>

#include "libkmod/libkmod.h"
#include "tools.h"

struct param {
	struct param *next;
	char *name, *desc, *type;	/* owned */
};

struct modinfo {
	const char *base, *release;	/* -b, -k: the tree names are looked up in */
	struct umod_moddb *db;		/* opened on the first name */
	const char *field;	/* -F: only this key's values */
	char sep;		/* '\n', or '\0' with -0 */
	struct param *params;	/* newest name first, as kmod keeps them */
};

static struct param *find_param(struct modinfo *mi, const char *name, size_t len)
{
	struct param *p;

	for (p = mi->params; p; p = p->next)
		if (strlen(p->name) == len && !memcmp(p->name, name, len))
			return p;
	p = calloc(1, sizeof(*p));
	if (!p || !(p->name = strndup(name, len))) {
		free(p);
		return NULL;
	}
	p->next = mi->params;
	mi->params = p;
	return p;
}

/* "NAME:TEXT" of a parm (description) or parmtype entry */
static int add_param(struct modinfo *mi, const char *key, const char *value)
{
	const char *colon = strchr(value, ':');
	struct param *p;
	char **slot;

	if (!colon) {
		umod_tool_err("Found invalid \"%s=%s\": missing ':'\n", key, value);
		return 0;
	}
	p = find_param(mi, value, (size_t)(colon - value));
	if (!p)
		return -ENOMEM;
	slot = !strcmp(key, "parm") ? &p->desc : &p->type;
	free(*slot);
	*slot = strdup(colon + 1);
	return *slot ? 0 : -ENOMEM;
}

static int one_entry(const char *key, const char *value, void *data)
{
	struct modinfo *mi = data;
	int keylen = (int)strlen(key);

	if (mi->field) {
		if (!strcmp(mi->field, "parm"))
			return strcmp(key, "parm") && strcmp(key, "parmtype") ? 0 :
			       add_param(mi, key, value);
		if (!strcmp(mi->field, key))
			printf("%s%c", value, mi->sep);
		return 0;
	}
	if (!strcmp(key, "parm") || !strcmp(key, "parmtype"))
		return add_param(mi, key, value);
	if (mi->sep == '\0')
		printf("%s=%s%c", key, value, mi->sep);
	else
		printf("%s:%-*s%s%c", key, 15 - keylen, "", value, mi->sep);
	return 0;
}

static void free_param(struct param *p)
{
	free(p->name);
	free(p->desc);
	free(p->type);
	free(p);
}

/* the parameters: with a "parm:" label in the full listing, bare for -F parm */
static void print_params(struct modinfo *mi, bool labelled)
{
	const char *label = labelled ? "parm:" : "";
	int width = labelled ? 16 : 0;

	while (mi->params) {
		struct param *p = mi->params;

		mi->params = p->next;
		printf("%-*s%s:", width, label, p->name);
		if (!p->desc)
			printf(labelled ? "%s" : " (%s)", p->type);
		else if (p->type)
			printf("%s (%s)", p->desc, p->type);
		else
			printf("%s", p->desc);
		putchar(mi->sep);
		free_param(p);
	}
}

static void free_params(struct modinfo *mi)
{
	while (mi->params) {
		struct param *p = mi->params;

		mi->params = p->next;
		free_param(p);
	}
}

/* kmod names the file by its path made absolute, unnormalised */
static void absolute(const char *path, char *buf, size_t size)
{
	char cwd[PATH_MAX];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		snprintf(buf, size, "%s", path);
	else
		snprintf(buf, size, "%s/%s", cwd, path);
}

static int show_file(struct modinfo *mi, const char *path, off_t size)
{
	char abs[PATH_MAX * 2], name[PATH_MAX];
	int err;

	absolute(path, abs, sizeof(abs));
	if (mi->field && !strcmp(mi->field, "filename")) {
		printf("%s%c", abs, mi->sep);
		return 0;
	}
	if (!mi->field)
		printf("%-16s%s%c", "filename:", abs, mi->sep);
	/* an empty file cannot even be mapped: kmod says EINVAL */
	err = size ? umod_modinfo_for_each(path, one_entry, mi) : -EINVAL;
	if (!err && (!mi->field || !strcmp(mi->field, "parm")))
		print_params(mi, !mi->field);
	free_params(mi);	/* what an error left */
	if (err) {
		umod_tool_modname(path, true, name, sizeof(name));
		umod_tool_err("could not get modinfo from '%s': %s\n", name, strerror(-err));
	}
	return err;
}

/* a built-in module, as kmod shows one: its name, "(builtin)", then its entries */
static int show_builtin(struct modinfo *mi, const char *name)
{
	int err;

	if (mi->field && !strcmp(mi->field, "filename")) {
		printf("(builtin)%c", mi->sep);
		return 0;
	}
	if (!mi->field)
		printf("%-16s%s%c%-16s(builtin)%c", "name:", name, mi->sep, "filename:", mi->sep);
	err = umod_moddb_builtin_info(mi->db, name, one_entry, mi);
	if (!err && (!mi->field || !strcmp(mi->field, "parm")))
		print_params(mi, !mi->field);
	free_params(mi);
	return err;
}

/* a name or alias, resolved in the tree as modprobe resolves it (-m: names only) */
static int show_name(struct modinfo *mi, const char *arg, bool is_name)
{
	char dirname[PATH_MAX];
	struct umod_probe *p = NULL;
	struct umod_probe_mod **v = NULL;
	unsigned int n = 0;
	struct stat st;
	int err = 0;

	if (!mi->db && (umod_tool_tree_dir(mi->base, mi->release, dirname, sizeof(dirname)) < 0 ||
			umod_moddb_open(dirname, NULL, &mi->db) < 0))
		return -ENOMEM;
	if (umod_probe_new(mi->db, NULL, &p) < 0)
		return -ENOMEM;
	if (umod_probe_lookup(p, arg, &v, &n) < 0)
		n = 0;
	for (unsigned int i = 0; i < n && is_name; i++)
		if (umod_probe_mod_alias(v[i]))
			n = 0;	/* found through an alias: not a module name */
	if (!n)
		umod_tool_err(is_name ? "Module name %s not found.\n" : "Module %s not found.\n", arg);
	for (unsigned int i = 0; i < n; i++) {
		const char *path = umod_probe_mod_path(v[i]);

		if (path && stat(path, &st) == 0)
			err |= show_file(mi, path, st.st_size);
		else if (umod_probe_mod_builtin(v[i]))
			err |= show_builtin(mi, umod_probe_mod_name(v[i]));
	}
	free(v);
	umod_probe_free(p);
	return n ? err : -ENOENT;
}

/* a file if it is one with a module's extension, else a name in the tree */
static int show(struct modinfo *mi, const char *arg, bool is_name)
{
	struct stat st;

	if (!is_name && stat(arg, &st) == 0 && S_ISREG(st.st_mode) &&
	    umod_modname_has_module_ext(arg, strlen(arg)))
		return show_file(mi, arg, st.st_size);
	return show_name(mi, arg, is_name);
}

static void help(void)
{
	printf("Usage:\n"
	       "\tmodinfo [options] <modulename|filename> [args]\n"
	       "Options:\n"
	       "\t-a, --author                Print only 'author'\n"
	       "\t-d, --description           Print only 'description'\n"
	       "\t-l, --license               Print only 'license'\n"
	       "\t-p, --parameters            Print only 'parm'\n"
	       "\t-n, --filename              Print only 'filename'\n"
	       "\t-0, --null                  Use \\0 instead of \\n\n"
	       "\t-m, --modname               Handle argument as module name instead of alias or filename\n"
	       "\t-F, --field=FIELD           Print only provided FIELD\n"
	       "\t-k, --set-version=VERSION   Use VERSION instead of umod's release\n"
	       "\t-b, --basedir=DIR           Use DIR as filesystem root for /lib/modules\n"
	       "\t-V, --version               Show version\n"
	       "\t-h, --help                  Show this help\n");
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "author", no_argument, NULL, 'a' },
		{ "description", no_argument, NULL, 'd' },
		{ "license", no_argument, NULL, 'l' },
		{ "parameters", no_argument, NULL, 'p' },
		{ "filename", no_argument, NULL, 'n' },
		{ "null", no_argument, NULL, '0' },
		{ "modname", no_argument, NULL, 'm' },
		{ "field", required_argument, NULL, 'F' },
		{ "basedir", required_argument, NULL, 'b' },
		{ "set-version", required_argument, NULL, 'k' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct modinfo mi = { .sep = '\n', .release = umod_tool_default_release() };
	bool is_name = false;
	int c, err = 0;

	umod_tool_log_open("modinfo", false);
	while ((c = getopt_long(argc, argv, "adlpn0mF:b:k:Vh", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			mi.base = optarg;
			break;
		case 'k':
			mi.release = optarg;
			break;
		case 'a':
			mi.field = "author";
			break;
		case 'd':
			mi.field = "description";
			break;
		case 'l':
			mi.field = "license";
			break;
		case 'p':
			mi.field = "parm";
			break;
		case 'n':
			mi.field = "filename";
			break;
		case '0':
			mi.sep = '\0';
			break;
		case 'm':
			is_name = true;
			break;
		case 'F':
			mi.field = optarg;
			break;
		case 'h':
			help();
			return 0;
		case 'V':
			return umod_tool_print_version();
		default:
			return 1;
		}
	}
	if (optind >= argc) {
		umod_tool_err("missing module or filename.\n");
		return 1;
	}
	for (int i = optind; i < argc; i++)
		if (show(&mi, argv[i], is_name) < 0)
			err = 1;
	umod_moddb_close(mi.db);
	return err;
}

const struct umod_cmd umod_cmd_modinfo = {
	.name = "modinfo",
	.run = run,
	.help = "show the .modinfo of module files",
};
