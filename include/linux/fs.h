/* SPDX-License-Identifier: MIT */
/*
 * The file model (struct file, struct inode, struct file_operations: in
 * umod/kabi/fs.h, shared with the host), the llseek helpers and the
 * character-device registration calls, as Linux 6.1's linux/fs.h has them.
 * Every member of 6.1's struct file_operations is there; which ones the
 * host calls is said in umod/kabi/fs.h.
 */
#ifndef __KERNEL__
#include_next <linux/fs.h>
#elif !defined(_LINUX_FS_H)
#define _LINUX_FS_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/export.h>
#include <linux/list.h>
#include <umod/kabi/fs.h>
#include <linux/linkage.h>
#include <linux/wait.h>
#include <linux/rculist.h>
#include <linux/seqlock.h>
#include <linux/hash.h>
#include <linux/stat.h>
#include <linux/random.h>
#include <linux/gfp.h>
#include <linux/kconfig.h>
#include <linux/sched.h>
#include <linux/capability.h>
#include <linux/semaphore.h>
#include <linux/sched/signal.h>
#include <linux/uuid.h>
#include <linux/slab.h>
#include <linux/fcntl.h>
#include <linux/cache.h>
#include <linux/llist.h>
#include <linux/xarray.h>
#include <linux/rbtree.h>
#include <linux/init.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/mm_types.h>
#include <linux/atomic.h>
#include <linux/uidgid.h>
#include <linux/lockdep.h>
#include <linux/workqueue.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/cred.h>
#include <asm/byteorder.h>
#include <linux/err.h>


#define FMODE_READ		((fmode_t)UMOD_FMODE_READ)
#define FMODE_WRITE		((fmode_t)UMOD_FMODE_WRITE)
#define FMODE_LSEEK		((fmode_t)UMOD_FMODE_LSEEK)
#define FMODE_PREAD		((fmode_t)UMOD_FMODE_PREAD)
#define FMODE_PWRITE		((fmode_t)UMOD_FMODE_PWRITE)
#define FMODE_ATOMIC_POS	((fmode_t)UMOD_FMODE_ATOMIC_POS)
#define FMODE_STREAM		((fmode_t)UMOD_FMODE_STREAM)

/* uapi asm-generic/fcntl.h, as x86-64 numbers them */
#ifndef O_ACCMODE
#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_CREAT		00000100
#define O_EXCL		00000200
#define O_NOCTTY	00000400
#define O_TRUNC		00001000
#define O_APPEND	00002000
#define O_NONBLOCK	00004000
#define O_DSYNC		00010000
#define O_DIRECT	00040000
#define O_LARGEFILE	00100000
#define O_DIRECTORY	00200000
#define O_NOFOLLOW	00400000
#define O_NOATIME	01000000
#define O_CLOEXEC	02000000
#define O_NDELAY	O_NONBLOCK
#endif

#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2
#define SEEK_DATA	3
#define SEEK_HOLE	4
#define SEEK_MAX	SEEK_HOLE

#define MAX_LFS_FILESIZE	((loff_t)LLONG_MAX)
#ifndef LLONG_MAX
#define LLONG_MAX	((long long)(~0ULL >> 1))
#endif

#define CHRDEV_MAJOR_MAX	512
#define CHRDEV_MAJOR_DYN_END	234
#define CHRDEV_MAJOR_DYN_EXT_START	511
#define CHRDEV_MAJOR_DYN_EXT_END	384

#define FASYNC		UMOD_FASYNC

/* kiocb flags (6.1's IOCB_*, from uapi RWF_*) */
#define IOCB_HIPRI		0x00000001
#define IOCB_DSYNC		0x00000002
#define IOCB_SYNC		0x00000004
#define IOCB_NOWAIT		0x00000008
#define IOCB_APPEND		0x00000010
#define IOCB_EVENTFD		(1 << 16)
#define IOCB_DIRECT		(1 << 17)
#define IOCB_WRITE		(1 << 18)
#define IOCB_WAITQ		(1 << 19)
#define IOCB_NOIO		(1 << 20)

typedef void *fl_owner_t;

static inline bool is_sync_kiocb(struct kiocb *kiocb)
{
	return kiocb->ki_complete == NULL;
}

static inline int iocb_flags(struct file *file)
{
	return (file->f_flags & O_APPEND) ? IOCB_APPEND : 0;
}

static inline void init_sync_kiocb(struct kiocb *kiocb, struct file *filp)
{
	*kiocb = (struct kiocb){
		.ki_filp = filp,
		.ki_flags = iocb_flags(filp),
	};
}

static inline ssize_t call_read_iter(struct file *file, struct kiocb *kio, struct iov_iter *iter)
{
	return file->f_op->read_iter(kio, iter);
}

static inline ssize_t call_write_iter(struct file *file, struct kiocb *kio, struct iov_iter *iter)
{
	return file->f_op->write_iter(kio, iter);
}

/*
 * SIGIO to the processes that asked (fs/fcntl.c): the owner is the
 * process the task calling fasync_helper() acts for.
 */
struct fasync_struct;
int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp);
void kill_fasync(struct fasync_struct **fp, int sig, int band);

static inline struct inode *file_inode(const struct file *f)
{
	return f->f_inode;
}

/* 6.1's d_real() of a dentry outside overlayfs is the dentry itself */
static inline struct dentry *file_dentry(const struct file *file)
{
	return file->f_path.dentry;
}

static inline unsigned int iminor(const struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned int imajor(const struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

static inline loff_t i_size_read(const struct inode *inode)
{
	return inode->i_size;
}

/* the llseek helpers (fs/read_write.c) and the open ones (fs/open.c) */
loff_t no_llseek(struct file *file, loff_t offset, int whence);
loff_t noop_llseek(struct file *file, loff_t offset, int whence);
loff_t default_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
				loff_t maxsize, loff_t eof);
loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size);
loff_t no_seek_end_llseek(struct file *file, loff_t offset, int whence);
int nonseekable_open(struct inode *inode, struct file *filp);
int stream_open(struct inode *inode, struct file *filp);
int simple_open(struct inode *inode, struct file *file);

/* mm/filemap.c: umod keeps no page cache (Documentation/driver-api/files.rst) */
ssize_t generic_file_read_iter(struct kiocb *iocb, struct iov_iter *iter);
ssize_t generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from);
ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
				const void *from, size_t available);
ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos,
			       const void __user *from, size_t count);

/*
 * Character device numbers (fs/char_dev.c). The host knows which module
 * registers a region from the call's return address (to take it back if
 * its exit forgets).
 */
int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count,
			const char *name);
int register_chrdev_region(dev_t from, unsigned int count, const char *name);
void unregister_chrdev_region(dev_t from, unsigned int count);
int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops);
void __unregister_chrdev(unsigned int major, unsigned int baseminor,
			 unsigned int count, const char *name);

static inline int register_chrdev(unsigned int major, const char *name,
				  const struct file_operations *fops)
{
	return __register_chrdev(major, 0, 256, name, fops);
}

static inline void unregister_chrdev(unsigned int major, const char *name)
{
	__unregister_chrdev(major, 0, 256, name);
}

#endif /* _LINUX_FS_H */
