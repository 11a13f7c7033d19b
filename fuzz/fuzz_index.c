// SPDX-License-Identifier: MIT
/*
 * kmod's binary index files as umod reads them (libkmod/index.c): exact and
 * wildcard lookups over arbitrary bytes. Every hit points inside the input
 * and is terminated there; a corrupt file only loses hits. The dump of
 * modprobe -c walks the whole trie without looping.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "libkmod/libkmod.h"

static void check_in(const uint8_t *data, size_t size, const char *s)
{
	fuzz_assert((const uint8_t *)s >= data && (const uint8_t *)s < data + size);
	fuzz_assert(memchr(s, '\0', (size_t)(data + size - (const uint8_t *)s)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "usb_storage", "pci:v00008086d000010D3sv0sd0bc02sc00i00",
					     "char_major_10_200", "symbol:printk", "", "a*b?[c]" };
	struct umod_index_hit *hits;
	unsigned int n;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *v = umod_index_lookup(data, size, names[i]);

		if (v)
			check_in(data, size, v);
		fuzz_assert(umod_index_searchwild(data, size, names[i], &hits, &n) == 0 || !hits);
		for (unsigned int j = 0; j < n; j++)
			check_in(data, size, hits[j].value);
		free(hits);
	}
	/* modprobe -c: the whole dump, into a bounded scratch stream */
	char dump[4096];
	FILE *out = fmemopen(dump, sizeof(dump), "w");

	if (out) {
		umod_index_dump(data, size, "alias ", out);
		fclose(out);
	}
	return 0;
}
