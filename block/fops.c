// SPDX-License-Identifier: MIT
/*
 * The disk's file (Linux's block/fops.c, as O_DIRECT I/O): dev/<disk> in
 * the tree is a file of the disk's size; a read or write becomes requests
 * of at most max_sectors, over a page-aligned bounce buffer so that every
 * segment the driver sees is whole sectors within a page (what O_DIRECT
 * demands of its caller on Linux); a partial block is read, patched and
 * written back. fsync is a flush when the queue has a write cache; a
 * punched hole is a discard (or write-zeroes) request; the open and the
 * last close are the driver's open and release.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <stdlib.h>
#include <string.h>

#include "block/blk.h"
#include "fs/internal.h"
#include "kernel/module/module.h"
#include "lib/usercopy.h"

#define REQ_OP_READ		0u
#define REQ_OP_WRITE		1u
#define REQ_OP_FLUSH		2u
#define REQ_OP_DISCARD		3u
#define REQ_OP_WRITE_ZEROES	9u
#define REQ_SYNC		(1u << 11)
#define REQ_PREFLUSH		(1u << 18)
#define QUEUE_FLAG_WC		17
#define GD_READ_ONLY		1
#define BLKGETSIZE64		0x80081272u
#define MAX_IO			(1u << 20)

struct blk_file {
	struct umod_disk *d;
	struct module *pinned;
	unsigned int mode;
};

static struct umod_disk *disk_of(struct file *file)
{
	return ((struct blk_file *)file->private_data)->d;
}

static uint64_t disk_bytes(struct umod_disk *d)
{
	return d->part0.bd_nr_sectors << UMOD_SECTOR_SHIFT;
}

/* one request, counted in the disk's stat file */
static int io(struct umod_disk *d, unsigned int op, uint64_t off, void *buf, unsigned int len)
{
	int group = (op & 0xff) == REQ_OP_DISCARD ? 2 : (op & 0xff) == REQ_OP_FLUSH ? 3 :
		    (op & 1) ? 1 : 0;
	int err;

	__atomic_fetch_add(&d->inflight[group == 1], 1, __ATOMIC_RELAXED);
	err = umod_blk_execute(d, op, off >> UMOD_SECTOR_SHIFT, buf, len);
	__atomic_fetch_sub(&d->inflight[group == 1], 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&d->ios[group], 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&d->sectors[group], len >> UMOD_SECTOR_SHIFT, __ATOMIC_RELAXED);
	return err;
}

/* the largest request: max_sectors, whole logical blocks, at most 1 MiB */
static unsigned int max_io(struct umod_disk *d)
{
	unsigned int lbs = d->disk.queue->limits.logical_block_size;
	unsigned int max = d->disk.queue->limits.max_sectors << UMOD_SECTOR_SHIFT;

	if (max > MAX_IO)
		max = MAX_IO;
	max -= max % lbs;
	return max < lbs ? lbs : max;
}

/* the aligned span [*start, *start + *len) that covers @off.. for @n bytes */
static void span(struct umod_disk *d, uint64_t off, size_t n, uint64_t *start, unsigned int *len)
{
	unsigned int lbs = d->disk.queue->limits.logical_block_size;
	uint64_t end = off + n;

	*start = off - off % lbs;
	end += (lbs - end % lbs) % lbs;
	*len = end - *start > max_io(d) ? max_io(d) : (unsigned int)(end - *start);
}

static long blkdev_rw(struct file *file, char *buf, size_t n, long long *pos, bool write)
{
	struct umod_disk *d = disk_of(file);
	uint64_t size = disk_bytes(d), off = (uint64_t)*pos, start;
	size_t done = 0;
	unsigned int len;
	char *bounce;
	int err = 0;

	if (*pos < 0)
		return -EINVAL;
	if (off >= size)
		return write && n ? -ENOSPC : 0;
	if (n > size - off)
		n = size - off;
	if (posix_memalign((void **)&bounce, 4096, max_io(d)))
		return -ENOMEM;
	while (done < n && !err) {
		size_t skip, take;

		span(d, off + done, n - done, &start, &len);
		skip = off + done - start;
		take = len - skip < n - done ? len - skip : n - done;
		if (!write || skip || take < len)
			err = io(d, REQ_OP_READ, start, bounce, len);
		if (!err && write) {
			memcpy(bounce + skip, buf + done, take);
			err = io(d, REQ_OP_WRITE, start, bounce, len);
		} else if (!err) {
			memcpy(buf + done, bounce + skip, take);
		}
		if (!err)
			done += take;
	}
	free(bounce);
	*pos += (long long)done;
	return done ? (long)done : err;
}

static long blkdev_read(struct file *file, char *buf, unsigned long n, long long *pos)
{
	return blkdev_rw(file, buf, n, pos, false);
}

static long blkdev_write(struct file *file, const char *buf, unsigned long n, long long *pos)
{
	struct umod_disk *d = disk_of(file);

	if (d->part0.bd_read_only || (d->disk.state & (1ul << GD_READ_ONLY)))
		return -EPERM;
	return blkdev_rw(file, (char *)buf, n, pos, true);
}

static long long blkdev_llseek(struct file *file, long long off, int whence)
{
	long long size = (long long)disk_bytes(disk_of(file));

	if (whence == SEEK_END)
		off += size;
	else if (whence == SEEK_CUR)
		off += file->f_pos;
	else if (whence != SEEK_SET)
		return -EINVAL;
	if (off < 0 || off > size)
		return -EINVAL;
	file->f_pos = off;
	return off;
}

/* blkdev_issue_flush(): only a volatile cache is flushed */
static int blkdev_fsync(struct file *file, long long start, long long end, int datasync)
{
	struct umod_disk *d = disk_of(file);
	struct request_queue *q = d->disk.queue;

	if (!(q->queue_flags & (1ul << QUEUE_FLAG_WC)))
		return 0;
	/* blk-mq's flush machinery hands a driver REQ_OP_FLUSH; a bio driver
	 * sees the empty preflush write */
	return io(d, q->tag_set ? REQ_OP_FLUSH : REQ_OP_WRITE | REQ_PREFLUSH | REQ_SYNC, 0,
		  NULL, 0);
}

/* discard or write-zeroes over [off, off + len), in requests of what the queue takes */
static int issue_range(struct umod_disk *d, unsigned int op, uint64_t off, uint64_t len,
		       unsigned int max_sectors)
{
	uint64_t max = (uint64_t)max_sectors << UMOD_SECTOR_SHIFT;
	int err = 0;

	while (len && !err) {
		unsigned int n = (unsigned int)(len < max ? len : max);

		err = io(d, op, off, NULL, n);
		off += n;
		len -= n;
	}
	return err;
}

static long blkdev_fallocate(struct file *file, int mode, long long start, long long len)
{
	struct umod_disk *d = disk_of(file);
	const struct queue_limits *l = &d->disk.queue->limits;
	uint64_t size = disk_bytes(d);
	unsigned int lbs = l->logical_block_size;

	if (mode & ~(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE |
		     FALLOC_FL_NO_HIDE_STALE))
		return -EOPNOTSUPP;
	if (start < 0 || len <= 0 || (uint64_t)start >= size || (uint64_t)len > size - start)
		return -EINVAL;
	if ((start | len) % lbs)
		return -EINVAL;
	if (mode & FALLOC_FL_PUNCH_HOLE) {
		if (!(mode & FALLOC_FL_KEEP_SIZE))
			return -EOPNOTSUPP;
		if (l->max_discard_sectors)
			return issue_range(d, REQ_OP_DISCARD, (uint64_t)start, (uint64_t)len,
					   l->max_discard_sectors);
	} else if (!(mode & FALLOC_FL_ZERO_RANGE)) {
		return -EOPNOTSUPP;
	}
	if (l->max_write_zeroes_sectors)
		return issue_range(d, REQ_OP_WRITE_ZEROES, (uint64_t)start, (uint64_t)len,
				   l->max_write_zeroes_sectors);
	return -EOPNOTSUPP;
}

struct blk_op {
	struct umod_disk *d;
	struct file *file;
	unsigned int cmd;
	unsigned long arg;
	int which;
};

static long op_thunk(void *arg)
{
	struct blk_op *o = arg;
	const struct block_device_operations *fops = o->d->disk.fops;

	switch (o->which) {
	case 0:
		return fops->open ? fops->open(&o->d->part0, o->file->f_mode) : 0;
	case 1:
		if (fops->release)
			fops->release(&o->d->disk, o->file->f_mode);
		return 0;
	default:
		return fops->ioctl ? fops->ioctl(&o->d->part0, o->file->f_mode, o->cmd, o->arg) :
		       -ENOTTY;
	}
}

static long blkdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct blk_op o = { disk_of(file), file, cmd, arg, 2 };
	uint64_t size = disk_bytes(o.d);

	if (cmd == BLKGETSIZE64)
		return umod_copy_to_user((void *)arg, &size, sizeof(size)) ? -EFAULT : 0;
	return umod_blk_call(o.d->owner, op_thunk, &o);
}

/* blkdev_open(): the disk by the node's dev_t, its driver pinned, then its open */
static int blkdev_open(struct inode *inode, struct file *file)
{
	struct umod_file *uf = umod_container_of(file, struct umod_file, file);
	struct blk_file *bf = calloc(1, sizeof(*bf));
	struct blk_op o = { .file = file, .which = 0 };
	long err;

	if (!bf)
		return -ENOMEM;
	if (!(bf->d = umod_disk_get(uf->fs->host, inode->i_rdev))) {
		free(bf);
		return -ENXIO;
	}
	bf->pinned = bf->d->disk.fops ? bf->d->disk.fops->owner : NULL;
	if (bf->pinned && !umod_refcount_try_get(bf->pinned->umod)) {
		umod_disk_put(bf->d);
		free(bf);
		return -ENXIO;
	}
	file->private_data = bf;
	o.d = bf->d;
	err = umod_blk_call(bf->d->owner, op_thunk, &o);
	if (err) {
		if (bf->pinned)
			umod_refcount_put(bf->pinned->umod);
		umod_disk_put(bf->d);
		free(bf);
		file->private_data = NULL;
	}
	return (int)err;
}

static int blkdev_release(struct inode *inode, struct file *file)
{
	struct blk_file *bf = file->private_data;
	struct blk_op o = { .d = bf->d, .file = file, .which = 1 };

	umod_blk_call(bf->d->owner, op_thunk, &o);
	if (bf->pinned)
		umod_refcount_put(bf->pinned->umod);
	umod_disk_put(bf->d);
	free(bf);
	return 0;
}

const struct file_operations umod_blkdev_fops = {
	.llseek = blkdev_llseek,
	.read = blkdev_read,
	.write = blkdev_write,
	.unlocked_ioctl = blkdev_ioctl,
	.open = blkdev_open,
	.release = blkdev_release,
	.fsync = blkdev_fsync,
	.fallocate = blkdev_fallocate,
};

/* umod_fs_stat()'s size of a disk's node: the capacity */
int64_t umod_blkdev_size(struct umod_host *host, unsigned int devt)
{
	struct umod_disk *d = umod_disk_get(host, devt);
	int64_t size;

	if (!d)
		return 0;
	size = (int64_t)disk_bytes(d);
	umod_disk_put(d);
	return size;
}
