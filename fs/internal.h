/* SPDX-License-Identifier: MIT */
/*
 * What fs/ and drivers/ share: the host's file namespace (a tree of nodes:
 * proc/..., dev/...), open files, and the entry into module code for a
 * file operation. One namespace per host, made on first use.
 */
#ifndef _UMOD_FS_INTERNAL_H
#define _UMOD_FS_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <umod/kabi/fs.h>
#include <umod/umod.h>
#include <umod/kabi/wait.h>

#include "lib/usercopy.h"
#include "util/list.h"

struct umod_host;
struct umod_module;

enum umod_fs_kind {
	UMOD_FS_DIR = 1,
	UMOD_FS_PROC,		/* a proc entry: proc_ops */
	UMOD_FS_DEV,		/* a device node: its dev_t names a cdev */
	UMOD_FS_TEXT,		/* host text: show() renders it at open (/proc/misc ...) */
	UMOD_FS_LINK,		/* a symlink: a user's (namei.c), a tty line's pty (devtmpfs.c) */
};

struct umod_fs;
struct umod_fs_node;

/*
 * A directory where mkdir(2) and rmdir(2) mean something (configfs's
 * groups): called without fs->lock, the directories referenced. @rmdir
 * gets the directory to remove, a child of the one the ops belong to.
 */
struct umod_fs_dir_ops {
	int (*mkdir)(struct umod_fs *fs, struct umod_fs_node *dir, const char *name);
	int (*rmdir)(struct umod_fs *fs, struct umod_fs_node *node);
};

struct umod_fs_node {
	struct umod_fs *fs;
	struct umod_fs_node *parent;	/* NULL: the root */
	struct umod_list children;	/* of a directory */
	struct umod_list sibling;	/* on the parent's children */
	struct umod_list files;		/* umod_file.node_link: files open on it */
	enum umod_fs_kind kind;
	char *name;
	unsigned int mode;		/* S_IF* | permission bits */
	unsigned int uid, gid;		/* when ids: proc_set_user(), a user's mknod, chown */
	bool ids;
	char *link;			/* UMOD_FS_LINK: the target */
	struct umod_module *owner;	/* who made it (NULL: the host) */
	int refs;			/* the tree's, one per open file; fs->lock */
	int nreg;			/* proc_sysctl.c: tables in this directory and below
					 * (-1: a directory that stays, as proc/sys) */
	bool removed;
	struct inode inode;		/* i_private = the data it was made with */
	struct dentry dentry;		/* its name, for file->f_path.dentry */
	const struct proc_ops *proc_ops;
	const struct file_operations *host_fops;	/* UMOD_FS_DEV served by the host
							 * itself (a network port), no cdev */
	const struct umod_fs_dir_ops *dir_ops;	/* UMOD_FS_DIR; NULL: mkdir/rmdir -EPERM */
	/* proc_create_single()/proc_create_seq(): the host's own proc_ops use these */
	int (*single_show)(struct seq_file *, void *);
	const struct seq_operations *seq_ops;
	unsigned int state_size;
	/* UMOD_FS_TEXT: the whole text into @buf; returns its length, which may
	 * exceed @size (then it is called again with a larger buffer) */
	int (*text_show)(struct umod_fs_node *node, char *buf, size_t size);
	void *text_data;
};

struct umod_fs {
	struct umod_host *host;
	struct umod_list link;		/* on the registry of namespaces */
	pthread_mutex_t lock;		/* the tree, open files, chrdevs */
	pthread_cond_t idle;		/* an operation in flight ended */
	struct umod_fs_node *root, *proc, *dev, *sys;
	struct umod_list regions;	/* char_dev.c: chrdev regions */
	struct umod_list cdevs;		/* char_dev.c: cdev map entries */
	struct umod_list files;		/* every open file */
	struct umod_list sysctls;	/* proc/proc_sysctl.c: registered tables */
	unsigned char misc_minors[256 / 8];	/* drivers/char/misc.c: used minors */
	struct class *misc_class;	/* drivers/char/misc.c: /sys/class/misc */
	struct umod_list misc_list;	/* drivers/char/misc.c: its registrations */
};

/* an open file: what the module sees first, then the host's state */
struct umod_file {
	struct file file;
	struct umod_fs *fs;
	struct umod_fs_node *node;
	struct umod_module *mod;	/* whose code its ops are (umod_call) */
	struct module *pinned[2];	/* references taken at open, put at release */
	struct umod_list node_link;	/* on node->files */
	struct umod_list fs_link;	/* on fs->files */
	int inflight;			/* operations running; fs->lock */
	bool dead;			/* its module went: ops fail, no release */
	pthread_mutex_t pos_lock;	/* f_pos, as FMODE_ATOMIC_POS */
	struct poll_entry *polls;	/* its entries on wait queues; pos_lock */
	umod_fs_poll_fn poll_fn;
	void *poll_data;
	char *text;			/* UMOD_FS_TEXT: rendered at open */
	size_t text_len;
	struct umod_list maps;		/* mmap.c: its mappings (umod_vma.link), newest first; fs->lock */
};

/* the namespace of @host, made on first use; NULL only without memory */
struct umod_fs *umod_fs_of(struct umod_host *host);
/* module @m's host's namespace (@m NULL: none) */
struct umod_fs *umod_fs_of_module(struct module *m);
struct umod_module *umod_fs_umod(struct module *m);

/* fs->lock held: a child of @dir by name, or NULL */
struct umod_fs_node *umod_fs_child(struct umod_fs_node *dir, const char *name);
/* fs->lock held: a new node in @dir (NULL: no memory); the tree holds it */
struct umod_fs_node *umod_fs_node_add(struct umod_fs_node *dir, const char *name,
				      enum umod_fs_kind kind, unsigned int mode,
				      struct umod_module *owner);
/* fs->lock held: @node (and what is below it) leaves the tree; files open
 * on it fail from now on; waits for the operations in flight on them */
void umod_fs_node_remove(struct umod_fs_node *node);
/* fs->lock held: the node at @path ("proc/x"), or NULL */
struct umod_fs_node *umod_fs_walk(struct umod_fs *fs, const char *path);

/*
 * file.c: @fn(@arg) as @f's module's code, as one of its operations (an
 * oops answers -EIO, as does a file whose module went). @upid > 0: user
 * memory is that process's; else there is none.
 */
long umod_fs_call(struct umod_file *f, long (*fn)(void *), void *arg, int upid);

/* mmap.c: @f's mappings are closed (their vm_ops->close) and freed, before
 * its release, as munmap comes before the last fput() */
void umod_fs_unmap_all(struct umod_file *f);
/* mmap.c, fs->lock held: what is left of them is freed, no module code run */
void umod_fs_maps_free_locked(struct umod_file *f);

/* read_write.c's default_llseek(), for procfs's default */
long long umod_default_llseek(struct file *file, long long offset, int whence);
long long umod_no_llseek(struct file *file, long long offset, int whence);
/* read or write through ->read_iter/->write_iter (fs/read_write.c) */
long umod_sync_rw_iter(struct file *file, long (*fn)(struct kiocb *, struct iov_iter *),
		       void *buf, size_t len, long long *ppos, bool write);

/* fs->lock held: every file whose ops are @mod's fails from now on, once
 * the operations in flight have ended; none of its ops is called again */
void umod_fs_kill_files(struct umod_fs *fs, struct umod_module *mod);

/* char_dev.c, fs->lock held: the cdev for @devt, or NULL */
struct cdev *umod_cdev_lookup(struct umod_fs *fs, unsigned int devt,
			      struct umod_module **modp);
/* char_dev.c: the host goes: every region and map entry is freed (what
 * an abandoned module registered otherwise stays, as its memory does) */
void umod_chrdev_host_gone(struct umod_fs *fs);
/* char_dev.c, fs->lock held: @mod's cdevs and regions go, reported */
void umod_chrdev_leftovers(struct umod_fs *fs, struct umod_module *mod);

/* char_dev.c, fs->lock held: the map from dev_t ranges to cdevs */
int umod_cdev_map_locked(struct umod_fs *fs, struct umod_module *mod, struct cdev *p,
			 unsigned int dev, unsigned int count);
void umod_cdev_unmap_locked(struct umod_fs *fs, struct cdev *p);
/* the first cdev @mod added under @major, or NULL */
struct cdev *umod_cdev_find_mod(struct umod_fs *fs, struct umod_module *mod,
				unsigned int major);
/* drivers/char/misc.c: @mod's misc devices go, reported (not under fs->lock) */
void umod_misc_leftovers(struct umod_module *mod);
/* drivers/char/misc.c: the misc class, made with the host as misc_init() */
int umod_misc_init(struct umod_host *host);
void umod_misc_exit(struct umod_host *host);

/* char_dev.c: a region host code takes for a module's devices (*@major 0:
 * a dynamic one, set on return), and its release */
int umod_chrdev_region_add(struct umod_fs *fs, struct umod_module *owner, unsigned int *major,
			   unsigned int baseminor, unsigned int count, const char *name);
void umod_chrdev_region_del(struct umod_fs *fs, unsigned int major, unsigned int baseminor,
			    unsigned int count);
/* char_dev.c: dev/char/MAJ:MIN entries, fs->lock held */
int umod_chrdev_list(struct umod_fs *fs, int (*fn)(void *, const char *), void *data);
/* char_dev.c: @fn for each registered region by major, for /proc/devices */
int umod_chrdev_for_each_region(struct umod_host *host,
				int (*fn)(void *data, unsigned int major, const char *name),
				void *data);

/* block/fops.c: a disk's node (S_IFBLK) opens with these; its size is the capacity */
extern const struct file_operations umod_blkdev_fops;
int64_t umod_blkdev_size(struct umod_host *host, unsigned int devt);
/* block/genhd.c: @fn for each registered block major, ascending, for /proc/devices */
int umod_blkdev_for_each_region(struct umod_host *host,
				int (*fn)(void *data, unsigned int major, const char *name),
				void *data);

/* proc/generic.c, fs->lock held: @mod's entries below @dir go, each
 * reported with its path */
void umod_proc_leftovers(struct umod_fs *fs, struct umod_module *mod, struct umod_fs_node *dir);

/* proc/generic.c: a host text file below proc/ (its directories made), and its removal */
struct umod_fs_node *umod_proc_text(struct umod_host *host, const char *path, unsigned int mode,
				    int (*show)(struct umod_fs_node *node, char *buf, size_t size),
				    void *data);
void umod_proc_text_remove(struct umod_host *host, const char *path);

/* fs/seq_file.c: the host's proc_ops for proc_create_single/seq */
extern const struct proc_ops umod_proc_single_ops, umod_proc_seq_ops;

/* namei.c: mkdir(2) and rmdir(2) where no directory ops answer (a user's, in dev/) */
int umod_namei_mkdir(struct umod_host *host, const char *path, unsigned int mode,
		     unsigned int uid, unsigned int gid);
int umod_namei_rmdir(struct umod_host *host, const char *path);

/* ---- file.c: what the loader calls -------------------------------------- */

/* the module's proc entries, devices, classes and open files go (unload.c) */
void umod_fs_leftovers(struct umod_module *mod);
/* the host goes: its file namespace with it (unload.c, after the last module) */
void umod_fs_host_gone(struct umod_host *host);

#endif /* _UMOD_FS_INTERNAL_H */
