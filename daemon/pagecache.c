// SPDX-License-Identifier: MIT
/*
 * A device with an mmap op, through FUSE's page cache (tree.c opens it so):
 * a user process's shared mapping of it is pages of the kernel's cache of
 * the FUSE file, which FUSE fills with READs when they are first touched
 * and writes back with WRITEs (flagged "from the page cache") at msync(),
 * munmap(), close and the kernel's periodic write-back. Those go to the
 * pages of the driver's mapping (fs/mmap.c): the driver's memory as its
 * mmap op and fault op give it. The mapping is made when the process maps
 * (umod shell's supervisor runs the driver's mmap op then, supervise.c)
 * or, without one, at the first READ or write-back it does not hold
 * (map_lazily()).
 *
 * FUSE cannot tell a READ made for a fault from one made for read(2) on
 * the same file (both fill the cache), so a READ that no mapping holds
 * goes to the driver's read op when it has one, as many as it takes to
 * fill the request (a short answer is the end of the file for the cache);
 * read(2) and write(2) of such a device are thus cached as a regular
 * file's are (Documentation/driver-api/mmap.rst says what that changes).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>

#include "daemon.h"

/*
 * No mapping holds @off: one from the driver's mmap op over the pages of
 * the request, or, when the driver refuses that range (its mmap op
 * checks the size), over the page at @off alone. Read-write when the open
 * mode allows it.
 */
static int map_lazily(struct umod_file *f, off_t off, size_t size)
{
	uint64_t at = (uint64_t)off & ~4095ULL;
	uint64_t len = (((uint64_t)off + size + 4095) & ~4095ULL) - at;
	int prot[2] = { PROT_READ | PROT_WRITE, PROT_READ };
	struct umod_map *m;
	int err = -EINVAL;

	for (int tries = 0; tries < 2 && err; tries++, len = 4096)
		for (int i = 0; i < 2 && err && err != -ENODEV; i++)
			err = umod_fs_mmap(f, at, len, prot[i], MAP_SHARED, &m);
	return err;
}

/* read(2)'s way: the driver's read op until the request is full or it ends */
static ssize_t read_full(struct umod_file *f, char *buf, size_t size, off_t off)
{
	int64_t pos = off;
	size_t done = 0;

	while (done < size) {
		ssize_t n = umod_fs_read(f, buf + done, size - done, &pos);

		if (n < 0)
			return done ? (ssize_t)done : n;
		if (!n)
			break;
		done += (size_t)n;
	}
	return (ssize_t)done;
}

ssize_t umod_tree_cache_read(struct umod_file *f, char *buf, size_t size, off_t off)
{
	ssize_t n = umod_fs_map_read(f, buf, size, off);
	int err;

	if (n != -ENXIO)
		return n == -EFAULT ? -EIO : n;
	n = read_full(f, buf, size, off);
	if (n != -EINVAL)	/* -EINVAL: no read op */
		return n;
	err = map_lazily(f, off, size);
	if (err)
		return -EIO;
	n = umod_fs_map_read(f, buf, size, off);
	return n < 0 ? -EIO : n;
}

ssize_t umod_tree_cache_write(struct umod_file *f, const char *buf, size_t size, off_t off,
			      bool writeback)
{
	int64_t pos = off;
	ssize_t n;
	int err;

	if (!writeback)
		return umod_fs_write(f, buf, size, &pos);	/* write(2): the driver's op */
	n = umod_fs_map_write(f, buf, size, off);
	if (n != -ENXIO)
		return n < 0 ? -EIO : n;
	err = map_lazily(f, off, size);
	if (err)
		return -EIO;
	n = umod_fs_map_write(f, buf, size, off);
	return n < 0 ? -EIO : n;
}
