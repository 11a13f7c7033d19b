// SPDX-License-Identifier: MIT
/*
 * depmod.d parsing (libkmod/depmod_conf.c) and the choices depmod makes on
 * the result: bad lines skipped with kmod's message (into a scratch
 * stream), every word kept a string, nothing leaked once released.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "libkmod/libkmod.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct umod_depmod_file files[] = {
		{ "kernel/m.ko", 1, false }, { "updates/m.ko", 1, false },
		{ "extra/sub/m.ko.xz", 1, false }, { "/opt/ext/m.ko", 1, true },
	};
	char warnings[4096];
	struct umod_depmod_conf c = { .release = "6.1.0-13-amd64" };

	c.err = fmemopen(warnings, sizeof(warnings), "w");
	if (umod_depmod_conf_parse(&c, (const char *)data, size, "fuzz.conf") == 0) {
		for (unsigned int i = 0; i < c.search.n; i++)
			fuzz_assert(c.search.v[i][0] != '\0');
		for (size_t i = 0; i < 4; i++)
			for (size_t j = 0; j < 4; j++)
				umod_depmod_conf_prefer(&c, &files[i], &files[j]);
		umod_depmod_conf_excluded(&c, "m.ko");
	}
	umod_depmod_conf_release(&c);
	if (c.err)
		fclose(c.err);
	return 0;
}
