// SPDX-License-Identifier: MIT
/*
 * mm/filemap.c's generic_file_read_iter() and generic_file_write_iter(),
 * as far as umod's files can have them. Linux serves both from the
 * inode's page cache; umod keeps none. A read at or past the inode's size
 * is end of file, as filemap_read() makes it (a device node's size is 0,
 * so every read of one ends there, as on 6.1). Reading cached pages below
 * the size, and writing any, is refused with -EINVAL, 6.1's answer for a
 * file it cannot read or write. The driver book's scull-async.c calls
 * them from read_iter/write_iter, which umod reaches only for a driver
 * without read/write.
 */
#include <errno.h>

#include <umod/kabi/fs.h>

#include "kernel/kapi.h"

static long kapi_generic_file_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	struct inode *inode = iocb->ki_filp->f_inode;

	if (!iter->count)
		return 0;
	if (!inode || iocb->ki_pos >= inode->i_size)
		return 0;
	return -EINVAL;
}

static long kapi_generic_file_write_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	return iter->count ? -EINVAL : 0;
}

static const struct umod_kapi_export filemap_exports[] = {
	UMOD_KAPI("generic_file_read_iter", kapi_generic_file_read_iter),
	UMOD_KAPI("generic_file_write_iter", kapi_generic_file_write_iter),
};

const struct umod_kapi_table umod_kapi_filemap = UMOD_KAPI_TABLE(filemap_exports);
