// SPDX-License-Identifier: MIT
/*
 * The llseek helpers of Linux's fs/read_write.c, the open helpers of
 * fs/open.c, simple_read_from_buffer() of fs/libfs.c, and the exports of
 * user-memory copies (lib/usercopy.c). Pure functions of the struct file
 * they get: modules call them directly as their ops.
 */
#include <errno.h>

#include "fs/internal.h"
#include "kernel/kapi.h"

#define OFFSET_MAX	((long long)(~0ULL >> 1))
#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2
#define SEEK_DATA	3
#define SEEK_HOLE	4

/* vfs_setpos() */
static long long setpos(struct file *file, long long offset, long long maxsize)
{
	if (offset < 0 || offset > maxsize)
		return -EINVAL;
	if (offset != file->f_pos) {
		file->f_pos = offset;
		file->f_version = 0;
	}
	return offset;
}

static long long llseek_size(struct file *file, long long offset, int whence,
			     long long maxsize, long long eof)
{
	switch (whence) {
	case SEEK_END:
		offset += eof;
		break;
	case SEEK_CUR:
		/* "where am I" needs no change, and no check */
		if (offset == 0)
			return file->f_pos;
		offset += file->f_pos;
		break;
	case SEEK_DATA:
		if (offset < 0 || offset >= eof)
			return -ENXIO;
		break;
	case SEEK_HOLE:
		if (offset < 0 || offset >= eof)
			return -ENXIO;
		offset = eof;
		break;
	case SEEK_SET:
		break;
	default:
		return -EINVAL;
	}
	return setpos(file, offset, maxsize);
}

long long umod_default_llseek(struct file *file, long long offset, int whence)
{
	long long size = file->f_inode ? file->f_inode->i_size : 0;

	switch (whence) {
	case SEEK_END:
		offset += size;
		break;
	case SEEK_CUR:
		if (offset == 0)
			return file->f_pos;
		offset += file->f_pos;
		break;
	case SEEK_DATA:
		if (offset >= size)
			return -ENXIO;
		break;
	case SEEK_HOLE:
		if (offset >= size)
			return -ENXIO;
		offset = size;
		break;
	case SEEK_SET:
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0)
		return -EINVAL;
	if (offset != file->f_pos) {
		file->f_pos = offset;
		file->f_version = 0;
	}
	return offset;
}

static long long kapi_generic_file_llseek_size(struct file *file, long long offset,
					       int whence, long long maxsize, long long eof)
{
	return llseek_size(file, offset, whence, maxsize, eof);
}

static long long kapi_generic_file_llseek(struct file *file, long long offset, int whence)
{
	return llseek_size(file, offset, whence, OFFSET_MAX,
			   file->f_inode ? file->f_inode->i_size : 0);
}

static long long kapi_fixed_size_llseek(struct file *file, long long offset, int whence,
					long long size)
{
	if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END)
		return -EINVAL;
	return llseek_size(file, offset, whence, size, size);
}

static long long kapi_no_seek_end_llseek(struct file *file, long long offset, int whence)
{
	if (whence != SEEK_SET && whence != SEEK_CUR)
		return -EINVAL;
	return llseek_size(file, offset, whence, OFFSET_MAX, 0);
}

long long umod_no_llseek(struct file *file, long long offset, int whence)
{
	return -ESPIPE;
}

static long long kapi_noop_llseek(struct file *file, long long offset, int whence)
{
	return file->f_pos;
}

static int kapi_nonseekable_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(UMOD_FMODE_LSEEK | UMOD_FMODE_PREAD | UMOD_FMODE_PWRITE);
	return 0;
}

/* a stream: no position at all (read and write get a NULL ppos) */
static int kapi_stream_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(UMOD_FMODE_LSEEK | UMOD_FMODE_PREAD | UMOD_FMODE_PWRITE |
			  UMOD_FMODE_ATOMIC_POS);
	filp->f_mode |= UMOD_FMODE_STREAM;
	return 0;
}

static int kapi_simple_open(struct inode *inode, struct file *file)
{
	if (inode->i_private)
		file->private_data = inode->i_private;
	return 0;
}

static long kapi_simple_read_from_buffer(void *to, size_t count, long long *ppos,
					 const void *from, size_t available)
{
	long long pos = *ppos;
	size_t left;

	if (pos < 0)
		return -EINVAL;
	if ((unsigned long long)pos >= available || !count)
		return 0;
	if (count > available - (size_t)pos)
		count = available - (size_t)pos;
	left = umod_copy_to_user(to, (const char *)from + pos, count);
	if (left == count)
		return -EFAULT;
	count -= left;
	*ppos = pos + (long long)count;
	return (long)count;
}

static long kapi_simple_write_to_buffer(void *to, size_t available, long long *ppos,
					const void *from, size_t count)
{
	long long pos = *ppos;
	size_t left;

	if (pos < 0)
		return -EINVAL;
	if ((unsigned long long)pos >= available || !count)
		return 0;
	if (count > available - (size_t)pos)
		count = available - (size_t)pos;
	left = umod_copy_from_user((char *)to + pos, from, count);
	if (left == count)
		return -EFAULT;
	count -= left;
	*ppos = pos + (long long)count;
	return (long)count;
}

static const struct umod_kapi_export read_write_exports[] = {
	UMOD_KAPI("default_llseek", umod_default_llseek),
	UMOD_KAPI("generic_file_llseek", kapi_generic_file_llseek),
	UMOD_KAPI("generic_file_llseek_size", kapi_generic_file_llseek_size),
	UMOD_KAPI("fixed_size_llseek", kapi_fixed_size_llseek),
	UMOD_KAPI("no_seek_end_llseek", kapi_no_seek_end_llseek),
	UMOD_KAPI("no_llseek", umod_no_llseek),
	UMOD_KAPI("noop_llseek", kapi_noop_llseek),
	UMOD_KAPI("nonseekable_open", kapi_nonseekable_open),
	UMOD_KAPI("stream_open", kapi_stream_open),
	UMOD_KAPI("simple_open", kapi_simple_open),
	UMOD_KAPI("simple_read_from_buffer", kapi_simple_read_from_buffer),
	UMOD_KAPI("simple_write_to_buffer", kapi_simple_write_to_buffer),
	/* lib/usercopy.c */
	UMOD_KAPI("__access_ok", umod_access_ok),
	UMOD_KAPI("copy_to_user", umod_copy_to_user),
	UMOD_KAPI("copy_from_user", umod_copy_from_user),
	UMOD_KAPI("clear_user", umod_clear_user),
	UMOD_KAPI("strncpy_from_user", umod_strncpy_from_user),
	UMOD_KAPI("strnlen_user", umod_strnlen_user),
};

const struct umod_kapi_table umod_kapi_read_write = UMOD_KAPI_TABLE(read_write_exports);
