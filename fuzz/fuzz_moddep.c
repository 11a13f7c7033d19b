// SPDX-License-Identifier: MIT
/*
 * The text indexes modprobe reads (libkmod/moddb.c): the same bytes as
 * modules.dep and as modules.alias/modules.symbols. Every line handed out
 * has terminated strings; bad lines are skipped with a warning.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "libkmod/libkmod.h"

static int dep(const char *path, const char *const *deps, unsigned int n, void *data)
{
	fuzz_assert(path && *path);
	for (unsigned int i = 0; i < n; i++)
		fuzz_assert(deps[i] && strlen(deps[i]) < 1u << 20);
	return 0;
}

static int alias(const char *pattern, const char *module, void *data)
{
	fuzz_assert(pattern && module && strlen(pattern) + strlen(module) < 1u << 20);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char warnings[4096];
	FILE *err = fmemopen(warnings, sizeof(warnings), "w");
	int ret = umod_moddep_parse((const char *)data, size, "modules.dep", err, dep, NULL);

	fuzz_assert(ret == 0 || ret == -ENOMEM);
	ret = umod_modalias_parse((const char *)data, size, "modules.alias", err, alias, NULL);
	fuzz_assert(ret == 0 || ret == -ENOMEM);
	if (err)
		fclose(err);
	return 0;
}
