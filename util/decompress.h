/* SPDX-License-Identifier: MIT */
/*
 * Compressed modules (.ko.xz, .ko.zst), recognised by magic as kmod does.
 */
#ifndef _UMOD_UTIL_DECOMPRESS_H
#define _UMOD_UTIL_DECOMPRESS_H

#include <stddef.h>
#include "util/file.h"

#define UMOD_DECOMPRESS_MAX	UMOD_MAX_IMAGE_SIZE

enum umod_compression {
	UMOD_COMPRESSION_NONE,
	UMOD_COMPRESSION_XZ,
	UMOD_COMPRESSION_ZSTD,
};

/* by magic number, as kmod decides */
enum umod_compression umod_compression_of(const void *image, size_t len);
/*
 * Decompresses a whole .xz or .zst image into a new read-only mapping
 * (freed with umod_file_unmap()). Returns 0, -EINVAL (not compressed, or
 * corrupt or truncated data: kmod's errno for those), -EFBIG (more than
 * @max bytes) or -ENOMEM. The out-parameters are set only on success.
 */
int umod_decompress(const void *in, size_t in_len, size_t max,
		    const void **outp, size_t *out_lenp);

#endif /* _UMOD_UTIL_DECOMPRESS_H */
