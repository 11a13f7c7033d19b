/* SPDX-License-Identifier: MIT */
/*
 * The file model module code and the host share: struct file, struct inode,
 * struct file_operations and struct proc_ops as Linux 6.1 lays out the
 * fields modules touch, seq_file, poll tables, cdev and miscdevice. The host
 * allocates every file and inode (fs/file.c) and keeps its own state beside
 * them; modules only read and write the fields named here. Builtin types
 * only (loff_t is long long, dev_t unsigned int, umode_t unsigned short),
 * as in kabi.h.
 */
#ifndef _UMOD_KABI_FS_H
#define _UMOD_KABI_FS_H

#include <umod/kabi/types.h>
#include <umod/kabi/cred.h>

struct module;
struct file;
struct inode;
struct poll_table_struct;
struct proc_dir_entry;
struct seq_file;
struct vm_area_struct;
struct kiocb;
struct iov_iter;
struct cdev;
struct file_lock;
struct page;
struct pipe_inode_info;
struct dir_context;
struct io_comp_batch;
struct io_uring_cmd;
struct wait_page_queue;
struct iovec;
struct kvec;
struct bio_vec;
struct xarray;

/*
 * 6.1's struct kiocb and struct iov_iter: the host builds them for a
 * module that has read_iter/write_iter but no read/write (6.1's
 * new_sync_read()), with an ITER_UBUF over the request's buffer.
 */
struct kiocb {
	struct file *ki_filp;
	long long ki_pos;
	void (*ki_complete)(struct kiocb *iocb, long ret);
	void *private;
	int ki_flags;
	unsigned short ki_ioprio;
	struct wait_page_queue *ki_waitq;
};

/* enum iter_type's values */
#define UMOD_ITER_IOVEC		0
#define UMOD_ITER_KVEC		1
#define UMOD_ITER_BVEC		2
#define UMOD_ITER_PIPE		3
#define UMOD_ITER_XARRAY	4
#define UMOD_ITER_DISCARD	5
#define UMOD_ITER_UBUF		6

struct iov_iter {
	unsigned char iter_type;
	_Bool nofault;
	_Bool data_source;		/* ITER_SOURCE: a write's data */
	_Bool user_backed;
	union {
		unsigned long iov_offset;
		int last_offset;
	};
	unsigned long count;
	union {
		const struct iovec *iov;
		const struct kvec *kvec;
		const struct bio_vec *bvec;
		struct xarray *xarray;
		struct pipe_inode_info *pipe;
		void *ubuf;
	};
	union {
		unsigned long nr_segs;
		struct {
			unsigned int head;
			unsigned int start_head;
		};
		long long xarray_start;
	};
};

/* open flags, as x86-64's uapi fcntl.h numbers them */
#define UMOD_O_ACCMODE	00000003
#define UMOD_O_NONBLOCK	00004000
#define UMOD_O_APPEND	00002000
#define UMOD_FASYNC	00020000

/* fmode_t bits (linux/fs.h) */
#define UMOD_FMODE_READ		0x1u
#define UMOD_FMODE_WRITE	0x2u
#define UMOD_FMODE_LSEEK	0x4u
#define UMOD_FMODE_PREAD	0x8u
#define UMOD_FMODE_PWRITE	0x10u
#define UMOD_FMODE_ATOMIC_POS	0x8000u
#define UMOD_FMODE_STREAM	0x200000u

/* a name as the dcache keeps it (file->f_path.dentry->d_name.name) */
struct qstr {
	union {
		struct {
			unsigned int hash;
			unsigned int len;
		};
		unsigned long long hash_len;
	};
	const unsigned char *name;
};

struct dentry {
	unsigned int d_flags;
	struct dentry *d_parent;
	struct qstr d_name;
	struct inode *d_inode;
};

struct vfsmount;
struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

struct inode {
	unsigned short i_mode;
	kuid_t i_uid;
	kgid_t i_gid;
	unsigned int i_flags;
	unsigned int i_rdev;		/* dev_t of a device node */
	long long i_size;
	unsigned long i_ino;
	const struct file_operations *i_fop;
	struct cdev *i_cdev;		/* the cdev a device node was opened through */
	void *i_private;		/* fs-private: debugfs's data pointer */
	unsigned long __host[4];
};

struct file {
	struct path f_path;
	struct inode *f_inode;
	const struct file_operations *f_op;
	unsigned int f_flags;		/* O_NONBLOCK, O_APPEND, O_ACCMODE ... */
	unsigned int f_mode;		/* FMODE_* */
	long long f_pos;
	void *private_data;		/* the driver's (seq_file's m) */
	unsigned long f_version;
	unsigned long __host[4];
};

/*
 * Every member of Debian 6.1's (6.1.192's, with splice_eof), in its
 * order. Called by the host: open, release, flush, read (else
 * read_iter), write (else write_iter), llseek, poll, unlocked_ioctl; the
 * rest are kept for modules to fill in (DESIGN.md "Headers of 6.1").
 */
struct file_operations {
	struct module *owner;
	long long (*llseek)(struct file *, long long, int);
	long (*read)(struct file *, char *, unsigned long, long long *);
	long (*write)(struct file *, const char *, unsigned long, long long *);
	long (*read_iter)(struct kiocb *, struct iov_iter *);
	long (*write_iter)(struct kiocb *, struct iov_iter *);
	int (*iopoll)(struct kiocb *kiocb, struct io_comp_batch *, unsigned int flags);
	int (*iterate)(struct file *, struct dir_context *);
	int (*iterate_shared)(struct file *, struct dir_context *);
	unsigned int (*poll)(struct file *, struct poll_table_struct *);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	long (*compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	unsigned long mmap_supported_flags;
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *, void *id);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, long long, long long, int datasync);
	int (*fasync)(int, struct file *, int);
	int (*lock)(struct file *, int, struct file_lock *);
	long (*sendpage)(struct file *, struct page *, int, unsigned long, long long *, int);
	unsigned long (*get_unmapped_area)(struct file *, unsigned long, unsigned long,
					   unsigned long, unsigned long);
	int (*check_flags)(int);
	int (*flock)(struct file *, int, struct file_lock *);
	long (*splice_write)(struct pipe_inode_info *, struct file *, long long *,
			     unsigned long, unsigned int);
	long (*splice_read)(struct file *, long long *, struct pipe_inode_info *,
			    unsigned long, unsigned int);
	void (*splice_eof)(struct file *file);
	int (*setlease)(struct file *, long, struct file_lock **, void **);
	long (*fallocate)(struct file *file, int mode, long long offset, long long len);
	void (*show_fdinfo)(struct seq_file *m, struct file *f);
	long (*copy_file_range)(struct file *, long long, struct file *, long long,
				unsigned long, unsigned int);
	long long (*remap_file_range)(struct file *file_in, long long pos_in,
				      struct file *file_out, long long pos_out,
				      long long len, unsigned int remap_flags);
	int (*fadvise)(struct file *, long long, long long, int);
	int (*uring_cmd)(struct io_uring_cmd *ioucmd, unsigned int issue_flags);
	int (*uring_cmd_iopoll)(struct io_uring_cmd *, struct io_comp_batch *,
				unsigned int poll_flags);
};

/* 6.1's struct proc_ops (include/linux/proc_fs.h) */
#define UMOD_PROC_ENTRY_PERMANENT	1u

struct proc_ops {
	unsigned int proc_flags;
	int (*proc_open)(struct inode *, struct file *);
	long (*proc_read)(struct file *, char *, unsigned long, long long *);
	long (*proc_read_iter)(struct kiocb *, struct iov_iter *);	/* when no proc_read */
	long (*proc_write)(struct file *, const char *, unsigned long, long long *);
	long long (*proc_lseek)(struct file *, long long, int);
	int (*proc_release)(struct inode *, struct file *);
	unsigned int (*proc_poll)(struct file *, struct poll_table_struct *);
	long (*proc_ioctl)(struct file *, unsigned int, unsigned long);
	long (*proc_compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*proc_mmap)(struct file *, struct vm_area_struct *);
	unsigned long (*proc_get_unmapped_area)(struct file *, unsigned long,
						unsigned long, unsigned long, unsigned long);
};

/*
 * poll_wait()'s table: the host's queueing function and the events the
 * caller wants; a NULL _qproc means "only ask, don't wait".
 */
struct wait_queue_head;
struct poll_table_struct {
	void (*_qproc)(struct file *, struct wait_queue_head *, struct poll_table_struct *);
	unsigned int _key;
};

/* seq_file (include/linux/seq_file.h) */
struct seq_operations {
	void *(*start)(struct seq_file *m, long long *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, long long *pos);
	int (*show)(struct seq_file *m, void *v);
};

struct seq_file {
	char *buf;
	unsigned long size;
	unsigned long from;
	unsigned long count;
	unsigned long pad_until;
	long long index;
	long long read_pos;
	const struct seq_operations *op;
	int poll_event;
	const struct file *file;
	void *private;
};

/* a character device (include/linux/cdev.h); the kernel's kobj is the host's */
struct cdev {
	unsigned long __kobj[8];
	struct module *owner;
	const struct file_operations *ops;
	struct list_head list;
	unsigned int dev;
	unsigned int count;
};

/* include/linux/miscdevice.h */
struct device;
struct attribute_group;
struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct list_head list;
	struct device *parent;
	struct device *this_device;
	const struct attribute_group **groups;
	const char *nodename;
	unsigned short mode;
};

#endif /* _UMOD_KABI_FS_H */
