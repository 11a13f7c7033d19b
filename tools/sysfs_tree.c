// SPDX-License-Identifier: MIT
/*
 * A /sys/module subtree as text, one line per entry, sorted by name within
 * each directory and each directory before what it holds:
 *
 *   /sys/module/hellop/ 0755                         directory
 *   /sys/module/hellop/initstate 0444 live           file: path, mode, value
 *   /sys/module/user/holders/x 0777 -> ../../x       link
 *
 * The value is the file's contents without its one trailing newline, with
 * backslashes, newlines, tabs and other control bytes written as C escapes
 * (\\, \n, \t, \xHH). An empty file has nothing after its mode; a file
 * that cannot be read shows "(unreadable: REASON)".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "tools.h"

struct entry {
	char *name;
	enum umod_sysfs_type type;
	unsigned int mode;
};

struct entries {
	struct entry *v;
	size_t n, cap;
};

static int collect(void *data, const char *name, enum umod_sysfs_type type, unsigned int mode)
{
	struct entries *e = data;

	if (e->n == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 16;
		struct entry *v = realloc(e->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		e->v = v;
		e->cap = cap;
	}
	e->v[e->n].name = strdup(name);
	if (!e->v[e->n].name)
		return -ENOMEM;
	e->v[e->n].type = type;
	e->v[e->n++].mode = mode;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

static void print_escaped(FILE *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\')
			fputs("\\\\", out);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
}

static void print_file(struct umod_host *host, const char *path, unsigned int mode, FILE *out)
{
	char buf[UMOD_SYSFS_PAGE_SIZE + 1];
	ssize_t len = umod_sysfs_read(host, path, buf, sizeof(buf));

	fprintf(out, "/sys/module/%s %04o", path, mode);
	if (len < 0) {
		fprintf(out, " (unreadable: %s)\n", strerror((int)-len));
		return;
	}
	if ((size_t)len >= sizeof(buf))
		len = sizeof(buf) - 1;
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	/* a binary attribute (notes/): its size, not bytes that differ per build */
	if (memchr(buf, '\0', (size_t)len)) {
		fprintf(out, " <binary, %zd bytes>\n", len);
		return;
	}
	if (len) {
		fputc(' ', out);
		print_escaped(out, buf, (size_t)len);
	}
	fputc('\n', out);
}

static int print_dir(struct umod_host *host, const char *path, FILE *out);

static int print_entry(struct umod_host *host, const char *dir, const struct entry *e, FILE *out)
{
	char path[4096], target[4096];
	ssize_t n;

	if (snprintf(path, sizeof(path), "%s%s%s", dir, *dir ? "/" : "", e->name) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	switch (e->type) {
	case UMOD_SYSFS_DIR:
		fprintf(out, "/sys/module/%s/ %04o\n", path, e->mode);
		return print_dir(host, path, out);
	case UMOD_SYSFS_LINK:
		n = umod_sysfs_readlink(host, path, target, sizeof(target));
		fprintf(out, "/sys/module/%s %04o -> %s\n", path, e->mode, n < 0 ? "?" : target);
		return 0;
	default:
		print_file(host, path, e->mode, out);
		return 0;
	}
}

static int print_dir(struct umod_host *host, const char *path, FILE *out)
{
	struct entries e = { 0 };
	int err = umod_sysfs_list(host, path, collect, &e);

	if (!err && e.n > 1)	/* an empty directory has no array at all */
		qsort(e.v, e.n, sizeof(*e.v), by_name);
	for (size_t i = 0; !err && i < e.n; i++)
		err = print_entry(host, path, &e.v[i], out);
	for (size_t i = 0; i < e.n; i++)
		free(e.v[i].name);
	free(e.v);
	return err;
}

int umod_tool_print_sysfs(struct umod_host *host, const char *dir, FILE *out)
{
	unsigned int mode;
	int err = umod_sysfs_stat(host, dir, NULL, &mode);

	if (err)
		return err;
	fprintf(out, "/sys/module/%s%s %04o\n", dir, *dir ? "/" : "", mode);
	err = print_dir(host, dir, out);
	fflush(out);
	return err;
}
