/* SPDX-License-Identifier: MIT */
/*
 * Reading a module file: mapped or read, decompressed when it is compressed.
 */
#ifndef _UMOD_UTIL_FILE_H
#define _UMOD_UTIL_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* a .ko, after decompression (the largest 6.1 .ko is ~20 MiB): -EFBIG */
#define UMOD_MAX_IMAGE_SIZE	(512UL << 20)

/*
 * @fd's size, if it is a regular file of at most @max bytes; else
 * -errno of fstat, -EISDIR, -EINVAL (not a regular file) or -EFBIG, as
 * the kernel's finit_module() answers for these.
 */
int umod_file_check(int fd, uint64_t max, size_t *sizep);
/*
 * Maps @path read-only; a compressed module comes back decompressed.
 * Returns 0, -errno of open/mmap, -EISDIR, -EINVAL (not a regular file),
 * or the errors of umod_decompress(). Free with umod_file_unmap().
 */
int umod_file_map(const char *path, const void **imagep, size_t *lenp);
void umod_file_unmap(const void *image, size_t len);
/*
 * umod_file_read - as umod_file_map(), but a regular file of at most
 * UMOD_READ_MAX bytes is read into the heap (*@heapp = true). Free with
 * umod_file_free(image, len, heap).
 */
#define UMOD_READ_MAX	(256ul << 10)
int umod_file_read(const char *path, const void **imagep, size_t *lenp, bool *heapp);
void umod_file_free(const void *image, size_t len, bool heap);
/* DT_REG, DT_DIR or DT_UNKNOWN for @name in @dirfd (links followed), or -errno */
int umod_file_type_at(int dirfd, const char *name);

#endif /* _UMOD_UTIL_FILE_H */
