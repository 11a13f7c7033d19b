// SPDX-License-Identifier: MIT
/*
 * What modprobe --dump-modversions and --show-exports read of a module
 * image (libkmod/modversions.c): arbitrary bytes give entries or one of
 * kmod's errors, every name a terminated string of bounded length.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "libkmod/libkmod.h"

static int check(uint64_t crc, const char *name, void *data)
{
	(*(unsigned int *)data)++;
	fuzz_assert(strlen(name) < 512);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int n = 0;
	int err = umod_modversions_parse(data, size, check, &n);

	fuzz_assert(err == 0 || err == -ENOEXEC || err == -EINVAL || err == -ENOENT);
	err = umod_modexports_parse(data, size, check, &n);
	fuzz_assert(err == 0 || err == -ENOEXEC || err == -EINVAL || err == -ENOENT);
	return 0;
}
