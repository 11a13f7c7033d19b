/* SPDX-License-Identifier: MIT */
/*
 * The fuzz targets' contract. Each fuzz_*.c defines LLVMFuzzerTestOneInput;
 * clang links it with libFuzzer for `make fuzz`, the normal compiler links
 * it with replay.c for `make check`, which feeds it the regression inputs.
 * A target aborts on any broken invariant, so both drivers see a crash.
 */
#ifndef _UMOD_FUZZ_H
#define _UMOD_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define fuzz_assert(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: invariant broken: %s\n",		\
			__FILE__, __LINE__, #cond);			\
		abort();						\
	}								\
} while (0)

#endif /* _UMOD_FUZZ_H */
