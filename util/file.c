// SPDX-License-Identifier: MIT
/*
 * Reading a .ko: mapped read-only and private, so the page cache is shared
 * and nothing is copied that the loader does not place (debug sections
 * stay on disk). The loader never writes to the image. A compressed module
 * (.ko.xz, .ko.zst) is decompressed into memory here (decompress.c), so the
 * loader, depmod and modinfo all see a plain ELF image.
 *
 * The loader reads a small module instead (umod_file_read()): one copy
 * costs less than the page faults on the mapped file plus its munmap.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/decompress.h"
#include "util/file.h"

/* an empty file maps to (NULL, 0): the ELF check then names the problem */
int umod_file_check(int fd, uint64_t max, size_t *sizep)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	if ((uint64_t)st.st_size > max)
		return -EFBIG;
	*sizep = (size_t)st.st_size;
	return 0;
}

int umod_file_map(const char *path, const void **imagep, size_t *lenp)
{
	size_t size = 0;
	void *p = NULL;
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = umod_file_check(fd, UMOD_MAX_IMAGE_SIZE, &size);
	if (err)
		goto out;
	if (size > 0) {
		p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED) {
			err = -errno;
			goto out;
		}
	}
	if (umod_compression_of(p, size) != UMOD_COMPRESSION_NONE) {
		/* sets the out-parameters only on success */
		err = umod_decompress(p, size, UMOD_DECOMPRESS_MAX, imagep, lenp);
		munmap(p, size);
		goto out;
	}
	*imagep = p;
	*lenp = size;
out:
	close(fd);
	return err;
}

/*
 * One pread of up to UMOD_READ_MAX bytes: a short read is the whole file,
 * so a module needs no fstat. A file that fills the buffer may be larger:
 * it is mapped instead. A directory or device fails the read.
 */
int umod_file_read(const char *path, const void **imagep, size_t *lenp, bool *heapp)
{
	void *buf = malloc(UMOD_READ_MAX);
	ssize_t n;
	int fd, err = 0;

	*heapp = false;
	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return -errno;
	}
	do
		n = pread(fd, buf, UMOD_READ_MAX, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		err = -errno;
	close(fd);
	if (n == (ssize_t)UMOD_READ_MAX || err == -EISDIR || err == -EINVAL) {
		free(buf);	/* large, or not a regular file: let the mapper say */
		return umod_file_map(path, imagep, lenp);
	}
	if (!err && umod_compression_of(buf, (size_t)n) != UMOD_COMPRESSION_NONE)
		err = umod_decompress(buf, (size_t)n, UMOD_DECOMPRESS_MAX, imagep, lenp);
	else if (!err)
		*heapp = true;
	if (*heapp) {
		*imagep = buf;
		*lenp = (size_t)n;
	} else {
		free(buf);
	}
	return err;
}

void umod_file_free(const void *image, size_t len, bool heap)
{
	if (heap)
		free((void *)image);
	else
		umod_file_unmap(image, len);
}

void umod_file_unmap(const void *image, size_t len)
{
	if (image && len)
		munmap((void *)image, len);
}

int umod_file_type_at(int dirfd, const char *name)
{
	struct stat st;

	if (fstatat(dirfd, name, &st, 0) < 0)
		return -errno;
	if (S_ISREG(st.st_mode))
		return DT_REG;
	return S_ISDIR(st.st_mode) ? DT_DIR : DT_UNKNOWN;
}
