// SPDX-License-Identifier: MIT
/*
 * modprobe.d: kmod's configuration language, read as kmod 30 reads it.
 *
 * Files: every *.conf (not hidden) of BASE/etc/modprobe.d, /run/modprobe.d,
 * /usr/local/lib/modprobe.d and /lib/modprobe.d, plus the tree's
 * modules.softdep, all sorted by file name; a name already taken by an
 * earlier directory hides the later file (so /etc overrides /lib).
 *
 * Lines: '\' at the end joins the next line; empty lines and lines starting
 * with '#' are skipped. Commands, whitespace-separated:
 *   alias PATTERN MODULE          blacklist MODULE
 *   options MODULE REST           install MODULE REST
 *   remove MODULE REST            softdep MODULE [pre: A...] [post: B...]
 * Names are normalised ('-' as '_'), REST is kept (tabs as spaces). A line
 * that does not parse is skipped with kmod's message naming the file and
 * line; the rest of the file still counts.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/file.h"
#include "libkmod/libkmod.h"

static void conf_warn(const struct umod_modconf *c, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));

static void conf_warn(const struct umod_modconf *c, const char *fmt, ...)
{
	va_list ap;

	if (!c->err)
		return;
	fprintf(c->err, "%s: ERROR: ", c->prog ? c->prog : "modprobe");
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
}

static int entry_add(struct umod_modconf *c, enum umod_conf_kind kind,
		     const char *name, const char *value)
{
	size_t nlen = strlen(name) + 1, vlen = value ? strlen(value) + 1 : 0;
	struct umod_conf_entry *e;

	if (umod_array_reserve(&c->v, &c->cap, c->n, sizeof(*c->v)))
		return -ENOMEM;
	e = &c->v[c->n];
	e->kind = kind;
	e->name = malloc(nlen + vlen);
	if (!e->name)
		return -ENOMEM;
	memcpy(e->name, name, nlen);
	e->value = NULL;
	if (value) {
		e->value = e->name + nlen;
		memcpy(e->value, value, vlen);
	}
	c->n++;
	return 0;
}

/* kmod's underscores(): in place, '-' as '_' outside [...]; -EINVAL if NULL or unmatched */
static int underscores(char *s)
{
	if (!s)
		return -EINVAL;
	return umod_alias_normalize(s, s, strlen(s) + 1) < 0 ? -EINVAL : 0;
}

static void tabs_to_spaces(char *s)
{
	for (; *s; s++)
		if (*s == '\t')
			*s = ' ';
}

/* the rest of the line after one separator, as strtok_r(NULL, "") gives it */
static char *rest_of(char *save)
{
	return save && *save ? save : NULL;
}

static const struct {
	const char *cmd;
	enum umod_conf_kind kind;
	bool has_rest;		/* the value is the rest of the line */
} commands[] = {
	{ "alias", UMOD_CONF_ALIAS, false },
	{ "blacklist", UMOD_CONF_BLACKLIST, false },
	{ "options", UMOD_CONF_OPTIONS, true },
	{ "install", UMOD_CONF_INSTALL, true },
	{ "remove", UMOD_CONF_REMOVE, true },
	{ "softdep", UMOD_CONF_SOFTDEP, true },
};

/* one logical line: 0, -ENOMEM, or -EINVAL for a line kmod ignores */
static int parse_line(struct umod_modconf *c, char *line, const char *file)
{
	char *save = NULL, *cmd = strtok_r(line, "\t ", &save), *name, *value;

	if (!cmd)
		return 0;
	if (!strcmp(cmd, "include") || !strcmp(cmd, "config")) {
		conf_warn(c, "%s: command %s is deprecated and not parsed anymore\n", file, cmd);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(cmd, commands[i].cmd))
			continue;
		name = strtok_r(NULL, "\t ", &save);
		if (commands[i].has_rest)
			value = rest_of(save);
		else if (commands[i].kind == UMOD_CONF_ALIAS)
			value = strtok_r(NULL, "\t ", &save);
		else
			value = NULL;
		if (underscores(name) < 0)
			return -EINVAL;
		if (commands[i].kind == UMOD_CONF_ALIAS && underscores(value) < 0)
			return -EINVAL;
		if (commands[i].has_rest && !value)
			return -EINVAL;
		if (commands[i].kind == UMOD_CONF_OPTIONS)
			tabs_to_spaces(value);
		return entry_add(c, commands[i].kind, name, value);
	}
	return -EINVAL;
}

/* next logical line of [*pos, len): joins '\'-newline; counts physical lines */
char *umod_conf_next_line(const char *buf, size_t len, size_t *pos, unsigned int *lineno)
{
	char *out;
	size_t n = 0;

	if (*pos >= len)
		return NULL;
	out = malloc(len - *pos + 1);
	if (!out)
		return NULL;
	while (*pos < len) {
		char ch = buf[(*pos)++];

		if (ch == '\n') {
			++*lineno;
			if (n && out[n - 1] == '\\') {
				n--;
				continue;
			}
			break;
		}
		out[n++] = ch;
	}
	if (*pos >= len && (!n || buf[len - 1] != '\n'))
		++*lineno;	/* a last line without its newline */
	out[n] = '\0';
	return out;
}

int umod_modconf_parse(struct umod_modconf *c, const char *buf, size_t len, const char *file)
{
	unsigned int lineno = 0;
	size_t pos = 0;
	char *line;
	int err = 0;

	while (!err && pos < len) {
		char *cmd;


		line = umod_conf_next_line(buf, len, &pos, &lineno);
		if (!line)
			return -ENOMEM;
		cmd = line + strspn(line, "\t ");
		cmd = strndup(cmd, strcspn(cmd, "\t "));	/* parse_line() cuts the line */
		if (!cmd)
			err = -ENOMEM;
		else if (line[0] != '\0' && line[0] != '#')
			err = parse_line(c, line, file);
		if (err == -EINVAL) {
			conf_warn(c, "%s line %u: ignoring bad line starting with '%s'\n",
				  file, lineno, cmd);
			err = 0;
		}
		free(cmd);
		free(line);
	}
	return err;
}

/* ---- the files, in kmod's order -------------------------------------------- */

struct conf_file {
	char *base;	/* the name that sorts and hides */
	char *path;
};

struct conf_files {
	struct conf_file *v;
	unsigned int n, cap;
};

/* sorted by base name; a base name already present keeps its first path */
static int files_insert(struct conf_files *f, const char *base, const char *path)
{
	unsigned int i = 0;

	while (i < f->n && strcmp(f->v[i].base, base) < 0)
		i++;
	if (i < f->n && !strcmp(f->v[i].base, base))
		return 0;
	if (umod_array_reserve(&f->v, &f->cap, f->n, sizeof(*f->v)))
		return -ENOMEM;
	memmove(&f->v[i + 1], &f->v[i], (f->n - i) * sizeof(f->v[0]));
	f->v[i].base = strdup(base);
	f->v[i].path = strdup(path);
	f->n++;
	return f->v[i].base && f->v[i].path ? 0 : -ENOMEM;
}

static bool is_conf_name(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len > 5 && !strcmp(name + len - 5, ".conf");
}

static int files_add_dir(struct conf_files *f, const char *dir, FILE *errf, const char *prog)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int err = 0;

	if (!d)
		return 0;	/* a missing directory is no configuration */
	while (!err && (de = readdir(d))) {
		char path[4096];
		int type;

		if (!is_conf_name(de->d_name))
			continue;
		type = umod_file_type_at(dirfd(d), de->d_name);
		if (type == DT_DIR && errf)
			fprintf(errf, "%s: ERROR: Directories inside directories are not supported: %s/%s\n",
				prog, dir, de->d_name);
		if (type != DT_REG)
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= sizeof(path))
			continue;
		err = files_insert(f, de->d_name, path);
	}
	closedir(d);
	return err;
}

static int parse_file(struct umod_modconf *c, const char *path)
{
	const void *img;
	size_t len;
	int err = umod_file_map(path, &img, &len);

	if (err)
		return err == -ENOMEM ? err : 0;	/* unreadable: as if absent */
	err = umod_modconf_parse(c, img, len, path);
	umod_file_unmap(img, len);
	return err;
}

int umod_conf_files_each(const char *const *paths, const char *extra_name,
			 const char *extra_path, FILE *errf, const char *prog,
			 int (*fn)(const char *path, void *data), void *data)
{
	struct conf_files f = { 0 };
	int err = 0;

	for (unsigned int i = 0; !err && paths[i]; i++) {
		const char *slash = strrchr(paths[i], '/');
		int type = umod_file_type_at(AT_FDCWD, paths[i]);

		if (type == DT_DIR)
			err = files_add_dir(&f, paths[i], errf, prog);
		else if (type == DT_REG)
			err = files_insert(&f, slash ? slash + 1 : paths[i], paths[i]);
	}
	if (!err && extra_path && umod_file_type_at(AT_FDCWD, extra_path) == DT_REG)
		err = files_insert(&f, extra_name, extra_path);
	for (unsigned int i = 0; !err && i < f.n; i++)
		err = fn(f.v[i].path, data);
	for (unsigned int i = 0; i < f.n; i++) {
		free(f.v[i].base);
		free(f.v[i].path);
	}
	free(f.v);
	return err;
}

static int parse_file_cb(const char *path, void *data)
{
	return parse_file(data, path);
}

int umod_modconf_load(struct umod_modconf *c, const char *const *paths,
		      const char *softdep_file)
{
	return umod_conf_files_each(paths, "modules.softdep", softdep_file, c->err,
				    c->prog ? c->prog : "modprobe", parse_file_cb, c);
}

void umod_modconf_release(struct umod_modconf *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		free(c->v[i].name);
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}

/* ---- queries ------------------------------------------------------------------ */

const struct umod_conf_entry *umod_modconf_first(const struct umod_modconf *c,
						 enum umod_conf_kind kind, const char *modname)
{
	for (unsigned int i = 0; i < c->n; i++)
		if (c->v[i].kind == kind && umod_alias_match(c->v[i].name, modname))
			return &c->v[i];
	return NULL;
}

bool umod_modconf_blacklisted(const struct umod_modconf *c, const char *modname)
{
	for (unsigned int i = 0; i < c->n; i++)
		if (c->v[i].kind == UMOD_CONF_BLACKLIST && !strcmp(c->v[i].name, modname))
			return true;
	return false;
}

/* kmod_module_get_options(): every options line for the name or the alias used */
char *umod_modconf_options(const struct umod_modconf *c, const char *modname,
			   const char *alias)
{
	size_t len = 0;
	char *s = NULL;

	for (unsigned int i = 0; i < c->n; i++) {
		const struct umod_conf_entry *e = &c->v[i];
		size_t n;
		char *t;

		if (e->kind != UMOD_CONF_OPTIONS || !(!strcmp(e->name, modname) ||
						      (alias && !strcmp(e->name, alias))))
			continue;
		n = strlen(e->value);
		t = realloc(s, len + n + 2);
		if (!t) {
			free(s);
			return NULL;
		}
		s = t;
		if (len)
			s[len++] = ' ';
		memcpy(s + len, e->value, n + 1);
		len += n;
	}
	return s ? s : strdup("");
}

/* ---- the kernel command line ------------------------------------------------ */

/* kmod's kcmdline_parse_result(): modprobe.blacklist=a,b or MODULE.PARAM[=VALUE] */
static int kcmdline_entry(struct umod_modconf *c, char *modname, char *param, char *value)
{
	int err = 0;

	if (!strcmp(modname, "modprobe") && !strncmp(param, "blacklist=", 10)) {
		for (char *t; !err && (t = strsep(&value, ","));)
			err = entry_add(c, UMOD_CONF_BLACKLIST, t, NULL);
		return err;
	}
	if (underscores(modname) < 0) {
		conf_warn(c, "Ignoring bad option on kernel command line while parsing module name: '%s'\n",
			  modname);
		return 0;
	}
	return entry_add(c, UMOD_CONF_OPTIONS, modname, param);
}

enum kc_state { KC_MODNAME, KC_PARAM, KC_VALUE, KC_IGNORE };

/*
 * kmod 30's state machine: words are separated by spaces (not inside
 * quotes, which only a value or a whole word may open); a word
 * "mod.param[=value]" is an option of mod, anything else is skipped. A
 * word quoted whole, as grub passes "mod.p=a b", gets its quotes moved
 * around the value: mod p="a b".
 */
int umod_modconf_parse_kcmdline(struct umod_modconf *c, const char *cmdline)
{
	char *buf = strdup(cmdline), *p, *modname, *param = NULL, *value = NULL, *quote = NULL;
	enum kc_state st = KC_MODNAME;
	bool quoted = false, more = true;
	int err = 0;

	if (!buf)
		return -ENOMEM;
	for (p = modname = buf; more && !err; p++) {
		bool done = false;

		switch (*p) {
		case '"':
			quoted = !quoted;
			if (quoted && st == KC_MODNAME && p == modname)
				quote = p, modname = p + 1;
			else if (quoted && st == KC_MODNAME)
				st = KC_IGNORE;
			break;
		case '\0':
		case '\n':
			more = false;
			/* fall through */
		case ' ':
			if (quoted && st == KC_VALUE)
				break;
			if (quoted) {
				st = KC_IGNORE;
			} else if (st == KC_VALUE || st == KC_PARAM) {
				*p = '\0';
				done = true;
			} else {
				modname = p + 1, st = KC_MODNAME, quote = NULL;
			}
			break;
		case '.':
			if (st == KC_MODNAME)
				*p = '\0', param = p + 1, st = KC_PARAM;
			else if (st == KC_PARAM)
				st = KC_IGNORE;
			break;
		case '=':
			if (st == KC_PARAM)
				value = p + 1, st = KC_VALUE;
			else if (st == KC_MODNAME)
				st = KC_IGNORE;
			break;
		}
		if (!done)
			continue;
		if (quote && value) {
			/* "mod\0p=a b" becomes mod\0p="a b" */
			memmove(quote, modname, (size_t)(value - modname));
			modname--, param--, value--;
			*value = '"';
		}
		err = kcmdline_entry(c, modname, param, value);
		modname = p + 1, st = KC_MODNAME, quote = NULL, value = NULL;
	}
	free(buf);
	return err;
}

/* ---- modprobe -c ----------------------------------------------------------------- */

/*
 * kmod keeps a softdep's module names in one buffer, in line order, and
 * prints the span from its first "pre:" name to its last, then the span of
 * the "post:" names, with no space between the two: "pre: a bpost: c".
 * A name between two of the other kind is inside that span too.
 */
static void show_softdep(FILE *out, const char *spec)
{
	char *copy = strdup(spec), *save = NULL, *tok, *names[256];
	int mode = 0, first[3] = { -1, -1, -1 }, last[3] = { -1, -1, -1 }, n = 0;

	if (!copy)
		return;
	for (tok = strtok_r(copy, " \t\n\v\f\r", &save); tok && n < 256;
	     tok = strtok_r(NULL, " \t\n\v\f\r", &save)) {
		if (!strcmp(tok, "pre:") || !strcmp(tok, "post:")) {
			mode = tok[1] == 'r' ? 1 : 2;
			continue;
		}
		if (!mode)
			continue;
		if (first[mode] < 0)
			first[mode] = n;
		last[mode] = n;
		names[n++] = tok;
	}
	for (int m = 1; m <= 2; m++) {
		if (first[m] < 0)
			continue;
		fputs(m == 1 ? "pre:" : "post:", out);
		for (int i = first[m]; i <= last[m]; i++)
			fprintf(out, " %s", names[i]);
	}
	free(copy);
}

void umod_modconf_show(const struct umod_modconf *c, FILE *out)
{
	static const struct {
		enum umod_conf_kind kind;
		const char *word;
	} order[] = {
		{ UMOD_CONF_BLACKLIST, "blacklist" }, { UMOD_CONF_INSTALL, "install" },
		{ UMOD_CONF_REMOVE, "remove" }, { UMOD_CONF_ALIAS, "alias" },
		{ UMOD_CONF_OPTIONS, "options" }, { UMOD_CONF_SOFTDEP, "softdep" },
	};

	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		for (unsigned int i = 0; i < c->n; i++) {
			const struct umod_conf_entry *e = &c->v[i];

			if (e->kind != order[k].kind)
				continue;
			fprintf(out, "%s %s", order[k].word, e->name);
			if (e->kind == UMOD_CONF_SOFTDEP) {
				fputc(' ', out);
				show_softdep(out, e->value);
			} else if (e->value) {
				fprintf(out, " %s", e->value);
			}
			fputc('\n', out);
		}
	}
}
