// SPDX-License-Identifier: MIT
/*
 * .modinfo iteration over arbitrary bytes: every string returned lies
 * inside the section and ends there; lookups agree with the iteration.
 * The input is copied into an exact-size buffer so any overread is seen.
 */
#include <string.h>

#include "util/macro.h"
#include "util/modinfo.h"

#include "fuzz.h"

static const char *const keys[] = {
	"name", "vermagic", "license", "depends", "parm", "alias", "",
};

static void check_get(const char *sec, size_t size, const char *key)
{
	const char *v = umod_modinfo_get(sec, size, key);

	if (!v)
		return;
	fuzz_assert(v > sec && v < sec + size);
	fuzz_assert(memchr(v, '\0', (size_t)(sec + size - v)));
	fuzz_assert(!strncmp(v - strlen(key) - 1, key, strlen(key)) && v[-1] == '=');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *sec = malloc(size ? size : 1);
	size_t pos = 0, prev = 0;
	const char *s;

	if (!sec)
		return 0;
	memcpy(sec, data, size);
	while ((s = umod_modinfo_next(sec, size, &pos))) {
		fuzz_assert(s >= sec + prev && s < sec + size);
		fuzz_assert(*s != '\0');
		fuzz_assert(pos > (size_t)(s - sec) && pos <= size);
		fuzz_assert(sec[pos - 1] == '\0');
		prev = pos;
	}
	fuzz_assert(pos <= size);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(keys); i++)
		check_get(sec, size, keys[i]);
	free(sec);
	return 0;
}
