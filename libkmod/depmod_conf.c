// SPDX-License-Identifier: MIT
/*
 * depmod.d: which file depmod keeps when a module name is found twice, and
 * where it looks, as kmod 30's depmod reads it. Files: every *.conf of
 * /etc/depmod.d, /run/depmod.d, /usr/local/lib/depmod.d and /lib/depmod.d
 * (not under -b, as kmod), or of the -C paths, sorted by file name. Lines
 * ('\' joins the next one; empty and '#' lines skipped):
 *
 *   search DIR...          DIRs under the tree, first named wins; the words
 *                          "built-in" (every other directory of the tree)
 *                          and "external" (the external directories) rank
 *                          those; without any search line: "search updates"
 *   override MOD KVER DIR  MOD is taken from DIR of the tree, whatever the
 *                          search order, if KVER (a regex, or "*") matches
 *                          the release
 *   external KVER DIR      DIR (absolute, not under -b) holds modules too
 *   exclude NAME...        directory entries called NAME are not scanned
 *
 * "include" and "make_map_files" are accepted and ignored; anything else,
 * or an override or external line without its words, is skipped with
 * kmod's "FILE:LINE: ignoring bad line starting with 'CMD'".
 */
#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/file.h"
#include "libkmod/libkmod.h"

static int list_add(struct umod_depmod_list *l, const char *s, size_t len)
{
	char *copy = strndup(s, len);

	if (!copy || umod_array_reserve(&l->v, &l->cap, l->n, sizeof(*l->v))) {
		free(copy);
		return -ENOMEM;
	}
	l->v[l->n++] = copy;
	return 0;
}

static void list_release(struct umod_depmod_list *l)
{
	for (unsigned int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/*
 * The nodes glibc's regcomp() may build: it copies a repeated atom once per
 * repetition, and its epsilon closures grow with the square of the nodes.
 * A release pattern needs a few dozen.
 */
#define REGEX_NODES_MAX 1024UL

static unsigned long bound(unsigned long n)
{
	return n > REGEX_NODES_MAX ? REGEX_NODES_MAX + 1 : n;
}

/* the copies a quantifier at *@p makes of its atom (0: not a quantifier), stepping past it */
static unsigned long repeat_factor(const char **p)
{
	const char *s = *p;
	unsigned long m, n;

	if (*s == '*' || *s == '?' || *s == '+') {
		(*p)++;
		return *s == '+' ? 2 : 1;
	}
	if (*s != '{' || s[1] < '0' || s[1] > '9')
		return 0;
	m = n = bound(strtoul(s + 1, (char **)&s, 10));
	if (*s == ',') {
		s++;
		n = *s >= '0' && *s <= '9' ? bound(strtoul(s, (char **)&s, 10)) : m + 1;
	}
	*p = s + (*s == '}');
	return (m > n ? m : n) + 1;
}

/* past the bracket expression at @p ("[]a]", "[^]a]" and "[[:alpha:]]" included) */
static const char *bracket_end(const char *p)
{
	p += 1 + (p[1] == '^');
	p += *p == ']';
	while (*p && *p != ']') {
		const char *class = p[0] == '[' && p[1] == ':' ? strstr(p + 2, ":]") : NULL;

		p = class ? class + 2 : p + 1;
	}
	return *p ? p + 1 : p;
}

/*
 * Whether @p would make regcomp() build more than REGEX_NODES_MAX nodes:
 * "(a{99}){99}" or "a+++...+" cost memory exponential in their length, and
 * one depmod.d line must not exhaust the host. Each depth holds the size of
 * its group so far (seq) and of its last atom (last), which a quantifier
 * multiplies; an over-estimate only makes the bound stricter.
 */
static bool regex_too_big(const char *p)
{
	unsigned long seq[32] = { 0 }, last[32] = { 0 }, f;
	unsigned int d = 0;

	while (*p) {
		if ((f = repeat_factor(&p))) {
			seq[d] += last[d] * f;
			last[d] *= f + 1;
		} else if (*p == '(') {
			if (++d == 32)
				return true;
			seq[d] = last[d] = 0;
			p++;
		} else if (*p == ')' && d) {
			d--;
			last[d] = seq[d + 1] + 1;
			seq[d] += last[d];
			p++;
		} else {
			p = *p == '[' ? bracket_end(p) : p + 1 + (p[0] == '\\' && p[1]);
			last[d] = 1;
			seq[d]++;
		}
		if (seq[d] > REGEX_NODES_MAX || last[d] > REGEX_NODES_MAX)
			return true;
	}
	return false;
}

/*
 * kmod's cfg_kernel_matches(): "*", or an extended regex found anywhere in
 * the release. A pattern regcomp() refuses matches nothing, and so does one
 * too costly to compile (kmod would try, and exhaust memory).
 */
static bool kernel_matches(const struct umod_depmod_conf *c, const char *pattern)
{
	regex_t re;
	bool match;

	if (!strcmp(pattern, "*"))
		return true;
	if (!c->release || regex_too_big(pattern) ||
	    regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return false;
	match = regexec(&re, c->release, 0, NULL, 0) == 0;
	regfree(&re);
	return match;
}

/* the rest of the line's words, each added to @l */
static int add_words(struct umod_depmod_list *l, char **save)
{
	const char *w;
	int err = 0;

	while (!err && (w = strtok_r(NULL, "\t ", save)))
		err = list_add(l, w, strlen(w));
	return err;
}

/* one logical line: 0, -ENOMEM, or -EINVAL for a line kmod calls bad */
static int parse_line(struct umod_depmod_conf *c, char *line)
{
	char *save = NULL, *cmd = strtok_r(line, "\t ", &save);
	const char *a, *b, *dir;

	if (!cmd)
		return 0;
	if (!strcmp(cmd, "search"))
		return add_words(&c->search, &save);
	if (!strcmp(cmd, "exclude"))
		return add_words(&c->exclude, &save);
	if (!strcmp(cmd, "include") || !strcmp(cmd, "make_map_files"))
		return 0;	/* kmod: "not implemented yet", said only with -v */
	a = strtok_r(NULL, "\t ", &save);
	b = strtok_r(NULL, "\t ", &save);
	if (!strcmp(cmd, "override")) {
		char path[4096];

		dir = strtok_r(NULL, "\t ", &save);
		if (!a || !b || !dir)
			return -EINVAL;
		if (!kernel_matches(c, b))
			return 0;
		/* "DIR/MOD": compared with a file's path up to its extension */
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, a) >= sizeof(path))
			return 0;
		return list_add(&c->override, path, strlen(path));
	}
	if (!strcmp(cmd, "external")) {
		if (!a || !b)
			return -EINVAL;
		return kernel_matches(c, a) ? list_add(&c->external, b, strlen(b)) : 0;
	}
	return -EINVAL;
}

int umod_depmod_conf_parse(struct umod_depmod_conf *c, const char *buf, size_t len,
			   const char *file)
{
	unsigned int lineno = 0;
	size_t pos = 0;
	int err = 0;

	while (!err && pos < len) {
		char *line = umod_conf_next_line(buf, len, &pos, &lineno), *cmd;

		if (!line)
			return -ENOMEM;
		cmd = line + strspn(line, "\t ");
		cmd = strndup(cmd, strcspn(cmd, "\t "));	/* parse_line() cuts the line */
		if (!cmd)
			err = -ENOMEM;
		else if (line[0] != '\0' && line[0] != '#')
			err = parse_line(c, line);
		if (err == -EINVAL) {
			if (c->err)
				fprintf(c->err, "depmod: ERROR: %s:%u: ignoring bad line starting with '%s'\n",
					file, lineno, cmd);
			err = 0;
		}
		free(cmd);
		free(line);
	}
	return err;
}

static int parse_file(const char *path, void *data)
{
	struct umod_depmod_conf *c = data;
	const void *img;
	size_t len;
	int err = umod_file_map(path, &img, &len);

	if (err) {
		if (c->err)
			fprintf(c->err, "depmod: ERROR: file parse %s: %s\n", path, strerror(-err));
		return err == -ENOMEM ? err : 0;
	}
	err = umod_depmod_conf_parse(c, img, len, path);
	umod_file_unmap(img, len);
	return err;
}

int umod_depmod_conf_load(struct umod_depmod_conf *c, const char *const *paths)
{
	static const char *const defaults[] = { "/etc/depmod.d", "/run/depmod.d",
						"/usr/local/lib/depmod.d", "/lib/depmod.d", NULL };
	int err = umod_conf_files_each(paths ? paths : defaults, NULL, NULL, c->err, "depmod",
					   parse_file, c);

	/* kmod's backward compatibility: no search line is "search updates" */
	if (!err && !c->search.n)
		err = list_add(&c->search, "updates", 7);
	return err;
}

void umod_depmod_conf_release(struct umod_depmod_conf *c)
{
	list_release(&c->search);
	list_release(&c->override);
	list_release(&c->external);
	list_release(&c->exclude);
}

bool umod_depmod_conf_excluded(const struct umod_depmod_conf *c, const char *name)
{
	for (unsigned int i = 0; c && i < c->exclude.n; i++)
		if (!strcmp(c->exclude.v[i], name))
			return true;
	return false;
}

static bool under(const struct umod_depmod_file *f, const char *dir)
{
	size_t len = strlen(dir);

	return !f->external && !strncmp(f->relpath, dir, len) && f->relpath[len] == '/';
}

/* does "DIR/MOD" name @relpath's directory and the first @stem bytes of its file name? */
static bool overridden(const char *ov, const char *relpath, size_t stem)
{
	const char *base = strrchr(relpath, '/');
	size_t len = (size_t)((base ? base + 1 : relpath) - relpath) + stem;

	return strlen(ov) == len && !strncmp(ov, relpath, len);
}

/*
 * kmod's ranks: the search list is held newest first, so rank i counts from
 * the last word of the config; the higher rank wins, a tie keeps the file
 * found first. As kmod's loop, a word naming the new file is not tried on
 * the old one.
 */
static bool search_prefer(const struct umod_depmod_conf *c, const struct umod_depmod_file *old,
			  const struct umod_depmod_file *new)
{
	int n = (int)c->search.n, builtin = -1, ext = -1, np = -1, op = -1;

	for (int i = 0; i < n; i++) {
		const char *s = c->search.v[n - 1 - i];

		if (!strcmp(s, "built-in"))
			builtin = i;
		else if (!strcmp(s, "external"))
			ext = i;
		else if (under(new, s))
			np = i;
		else if (under(old, s))
			op = i;
	}
	if (np < 0)
		np = new->external && ext >= 0 ? ext : builtin;
	if (op < 0)
		op = old->external && ext >= 0 ? ext : builtin;
	return np > op;
}

bool umod_depmod_conf_prefer(const struct umod_depmod_conf *c, const struct umod_depmod_file *old,
			     const struct umod_depmod_file *new)
{
	/* the last override line counts, as kmod's list holds them newest first */
	for (unsigned int i = c->override.n; i-- > 0;) {
		if (!new->external && overridden(c->override.v[i], new->relpath, new->stem))
			return true;
		if (!old->external && overridden(c->override.v[i], old->relpath, old->stem))
			return false;
	}
	return search_prefer(c, old, new);
}
