// SPDX-License-Identifier: MIT
/*
 * Module.symvers over arbitrary bytes: every entry delivered has its five
 * fields (no tab or newline inside one, non-empty name and module), lines
 * are numbered one by one, an error names the file and a line, and each
 * entry written back in the kernel's format parses to the same entry.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/symvers.h"

#include "fuzz.h"

struct state {
	unsigned int line;
};

static bool clean(const char *s)
{
	return !strpbrk(s, "\t\n");
}

static int same(const struct umod_symvers_entry *e, void *data)
{
	const struct umod_symvers_entry *orig = data;

	fuzz_assert(e->crc == orig->crc && e->gpl == orig->gpl && e->line == 1);
	fuzz_assert(!strcmp(e->name, orig->name) && !strcmp(e->module, orig->module));
	fuzz_assert(!strcmp(e->ns, orig->ns));
	return 0;
}

static void round_trip(const struct umod_symvers_entry *e)
{
	char buf[8192];
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	long len;

	if (!f)
		return;
	umod_symvers_write(f, e);
	len = ftell(f);
	fclose(f);
	if (len > 0 && (size_t)len < sizeof(buf))
		fuzz_assert(umod_symvers_parse("rt", buf, (size_t)len, same, (void *)e,
					       NULL, 0) == 0);
}

static int check_entry(const struct umod_symvers_entry *e, void *data)
{
	struct state *st = data;

	fuzz_assert(e->line == ++st->line);
	fuzz_assert(*e->name && *e->module);
	fuzz_assert(clean(e->name) && clean(e->module) && clean(e->ns));
	round_trip(e);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state st = { 0 };
	char err[256] = "";
	char *buf = malloc(size ? size : 1);
	int ret;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	ret = umod_symvers_parse("in", buf, size, check_entry, &st, err, sizeof(err));
	fuzz_assert(ret == 0 || ret == -EINVAL || ret == -ENOMEM);
	if (ret == -EINVAL)
		fuzz_assert(!strncmp(err, "in:", 3));
	free(buf);
	return 0;
}
