// SPDX-License-Identifier: MIT
/*
 * Module.symvers, the kernel's list of exported symbols, one per line:
 *
 *   0x%08x <TAB> symbol <TAB> module <TAB> EXPORT_SYMBOL[_GPL] <TAB> namespace
 *
 * The namespace field may be empty but its tab must be there. modpost
 * reads the providers' files and writes the tree's own; depmod and a fuzz
 * target reuse the parser. The input is not trusted: every field is
 * checked, and the first bad line is reported as "file:line: reason".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/symvers.h"

#define SYMVERS_FIELDS	5

static int bad_line(char *err, size_t errsize, const char *path, unsigned int line,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int bad_line(char *err, size_t errsize, const char *path, unsigned int line,
		    const char *fmt, ...)
{
	va_list ap;
	int n;

	if (err && errsize) {
		n = snprintf(err, errsize, "%s:%u: ", path, line);
		va_start(ap, fmt);
		if (n >= 0 && (size_t)n < errsize)
			vsnprintf(err + n, errsize - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/* "0x" and 1..8 hex digits, as modpost writes them */
static bool parse_crc(const char *s, uint32_t *crc)
{
	uint32_t v = 0;
	size_t n = 0;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return false;
	for (s += 2; *s; s++, n++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned int)(*s - '0');
		else if ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'f')
			d = (unsigned int)((*s | 0x20) - 'a' + 10);
		else
			return false;
		if (n == 8)
			return false;
		v = v << 4 | d;
	}
	*crc = v;
	return n > 0;
}

/* splits @line in place at tabs; returns the number of fields found */
static int split_fields(char *line, char *field[SYMVERS_FIELDS])
{
	int n = 0;

	field[n++] = line;
	for (char *p = line; *p; p++) {
		if (*p != '\t')
			continue;
		if (n == SYMVERS_FIELDS)
			return SYMVERS_FIELDS + 1;
		*p = '\0';
		field[n++] = p + 1;
	}
	return n;
}

static int parse_line(const char *path, char *line, unsigned int lineno,
		      struct umod_symvers_entry *e, char *err, size_t errsize)
{
	char *f[SYMVERS_FIELDS];
	int n = split_fields(line, f);

	if (n != SYMVERS_FIELDS)
		return bad_line(err, errsize, path, lineno, "%s (expected 5 tab-separated fields)",
				n > SYMVERS_FIELDS ? "too many fields" : "too few fields");
	if (!parse_crc(f[0], &e->crc))
		return bad_line(err, errsize, path, lineno, "bad CRC '%s'", f[0]);
	if (!*f[1])
		return bad_line(err, errsize, path, lineno, "empty symbol name");
	if (!*f[2])
		return bad_line(err, errsize, path, lineno, "empty module name");
	if (!strcmp(f[3], "EXPORT_SYMBOL"))
		e->gpl = false;
	else if (!strcmp(f[3], "EXPORT_SYMBOL_GPL"))
		e->gpl = true;
	else
		return bad_line(err, errsize, path, lineno, "%s: unknown license %s", f[1], f[3]);
	e->name = f[1];
	e->module = f[2];
	e->ns = f[4];
	e->line = lineno;
	return 0;
}

int umod_symvers_parse(const char *path, const char *buf, size_t len,
		       int (*fn)(const struct umod_symvers_entry *e, void *data),
		       void *data, char *err, size_t errsize)
{
	char *copy = malloc(len + 1), *line, *end;
	unsigned int lineno = 0;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, buf, len);
	copy[len] = '\0';
	end = copy + len;
	for (line = copy; !ret && line < end; ) {
		char *nl = memchr(line, '\n', (size_t)(end - line));
		struct umod_symvers_entry e;

		if (nl)
			*nl = '\0';
		lineno++;
		if (strlen(line) != (size_t)((nl ? nl : end) - line))
			ret = bad_line(err, errsize, path, lineno, "NUL byte in line");
		else
			ret = parse_line(path, line, lineno, &e, err, errsize);
		if (!ret)
			ret = fn(&e, data);
		line = nl ? nl + 1 : end;
	}
	free(copy);
	return ret;
}

int umod_symvers_write(FILE *file, const struct umod_symvers_entry *e)
{
	return fprintf(file, "0x%08x\t%s\t%s\tEXPORT_SYMBOL%s\t%s\n", e->crc, e->name,
		       e->module, e->gpl ? "_GPL" : "", e->ns ? e->ns : "");
}
