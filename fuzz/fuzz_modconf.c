// SPDX-License-Identifier: MIT
/*
 * modprobe.d parsing (libkmod/config.c) and the lookups modprobe makes on
 * the result: every kind of entry, bad lines skipped with kmod's warning
 * (into a scratch stream), nothing leaked once released.
 */
#include <string.h>

#include "libkmod/libkmod.h"
#include "util/macro.h"

#include "fuzz.h"

static const char *const names[] = { "snd_hda_intel", "foo", "bar-baz", "" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char warnings[4096];
	struct umod_modconf c = { .prog = "modprobe" };

	c.err = fmemopen(warnings, sizeof(warnings), "w");
	if (umod_modconf_parse(&c, (const char *)data, size, "fuzz.conf") == 0) {
		for (unsigned int i = 0; i < c.n; i++)
			fuzz_assert(c.v[i].name && c.v[i].kind <= UMOD_CONF_SOFTDEP);
		for (size_t i = 0; i < UMOD_ARRAY_SIZE(names); i++) {
			free(umod_modconf_options(&c, names[i], "alias"));
			umod_modconf_blacklisted(&c, names[i]);
			umod_modconf_first(&c, UMOD_CONF_INSTALL, names[i]);
			umod_modconf_first(&c, UMOD_CONF_SOFTDEP, names[i]);
		}
	}
	umod_modconf_release(&c);
	if (c.err)
		fclose(c.err);
	return 0;
}
