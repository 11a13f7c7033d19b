// SPDX-License-Identifier: MIT
/*
 * .ko.xz and .ko.zst decompression (util/decompress.c, liblzma/libzstd):
 * corrupt or truncated streams are refused, and no stream may expand past
 * the bound it is given (16 MiB here, so the fuzzer's memory stays small).
 */
#include <errno.h>

#include "util/decompress.h"
#include "util/file.h"

#include "fuzz.h"

#define FUZZ_MAX	(16u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const void *out;
	size_t len;
	int err = umod_decompress(data, size, FUZZ_MAX, &out, &len);

	fuzz_assert(err == 0 || err == -EINVAL || err == -EILSEQ || err == -EFBIG ||
		    err == -ENOMEM);
	if (!err) {
		fuzz_assert(len <= FUZZ_MAX);
		umod_file_unmap(out, len);
	}
	return 0;
}
