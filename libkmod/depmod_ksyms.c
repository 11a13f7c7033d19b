// SPDX-License-Identifier: MIT
/*
 * depmod -E Module.symvers / -F System.map: the kernel's own exports, read
 * as kmod's depmod reads them, so that -e can tell a symbol nobody
 * provides (or, with -E, whose CRC disagrees) from one the kernel has.
 *   Module.symvers  "0xCRC NAME vmlinux ..." lines (space or tab separated);
 *                   other modules' lines are skipped, a CRC that is not all
 *                   hex is an error for that line only
 *   System.map      "ADDR TYPE __ksymtab_NAME" lines give NAME
 * Either way __this_module and _GLOBAL_OFFSET_TABLE_ are the kernel's too
 * (the loader provides them). Kernel symbols have no owner: they make no
 * dependency, and a module exporting the same name takes it over.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "libkmod/depmod.h"
#include "libkmod/libkmod.h"

/* one line of @buf at *@pos, copied NUL-terminated into @line */
static bool next_line(const char *buf, size_t len, size_t *pos, char *line, size_t size)
{
	const char *p = buf + *pos, *nl;
	size_t n;

	if (*pos >= len)
		return false;
	nl = memchr(p, '\n', len - *pos);
	n = nl ? (size_t)(nl - p) : len - *pos;
	*pos += n + 1;
	if (n >= size)
		n = size - 1;
	memcpy(line, p, n);
	line[n] = '\0';
	return true;
}

static int load_symvers(struct umod_depmod *d, const char *buf, size_t len, const char *file)
{
	char line[10240];
	size_t pos = 0;
	unsigned int lineno = 0;

	while (next_line(buf, len, &pos, line, sizeof(line))) {
		char *save = NULL, *ver = strtok_r(line, " \t", &save), *end;
		char *sym = strtok_r(NULL, " \t", &save), *where = strtok_r(NULL, " \t", &save);
		unsigned long long crc;
		int err;

		lineno++;
		if (!ver || !sym || !where || strcmp(where, "vmlinux"))
			continue;
		crc = strtoull(ver, &end, 16);
		if (*end) {
			umod_depmod_warn(d, "ERROR", "%s:%u Invalid symbol version %s\n", file, lineno, ver);
			continue;
		}
		err = umod_depmod_symbol_add(d, umod_depmod_unprefix(d, sym), crc, NULL);
		if (err)
			return err;
	}
	return 0;
}

static int load_system_map(struct umod_depmod *d, const char *buf, size_t len, const char *file)
{
	char line[10240];
	size_t pos = 0;
	unsigned int lineno = 0;

	while (next_line(buf, len, &pos, line, sizeof(line))) {
		char *p = strchr(line, ' ');
		int err;

		lineno++;
		if (p)
			p = strchr(p + 1, ' ');
		if (!p) {
			umod_depmod_warn(d, "ERROR", "%s:%u: invalid line: %s\n", file, lineno, line);
			continue;
		}
		if (strncmp(++p, "__ksymtab_", 10))
			continue;
		err = umod_depmod_symbol_add(d, p + 10, 0, NULL);
		if (err)
			return err;
	}
	return 0;
}

int umod_depmod_load_kernel_symbols(struct umod_depmod *d)
{
	const char *file = d->opts.symvers ? d->opts.symvers : d->opts.system_map;
	const void *img;
	size_t len;
	int err;

	if (!file)
		return 0;
	err = umod_file_map(file, &img, &len);
	if (err)
		return err;
	err = d->opts.symvers ? load_symvers(d, img, len, file) : load_system_map(d, img, len, file);
	umod_file_unmap(img, len);
	if (!err)
		err = umod_depmod_symbol_add(d, "__this_module", 0, NULL);
	if (!err)
		err = umod_depmod_symbol_add(d, "_GLOBAL_OFFSET_TABLE_", 0, NULL);
	return err;
}
