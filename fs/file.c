// SPDX-License-Identifier: MIT
/*
 * The host's file model: a namespace per host (a tree of nodes: proc/...,
 * dev/...; /sys is fs/sysfs/'s), and open files whose operations call module
 * code through umod_call(), so that a fault in a module's read is an oops
 * of that request. Opening takes the module references Linux takes (the
 * cdev's owner and the fops' owner for a device, none for a proc entry,
 * whose removal instead waits for the operations in flight and releases
 * the files still open, as proc_entry_rundown() does).
 *
 * Front ends (the daemon's FUSE tree, a program embedding libumod) use the
 * public calls at the end: umod_fs_open/read/write/llseek/ioctl/poll/
 * release, umod_fs_stat and umod_fs_list.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs/configfs/configfs_internal.h"
#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "util/symtab.h"
#include "fs/proc/internal.h"
#include "lib/dynamic_debug.h"

/* ---- the namespaces, one per host ------------------------------------------- */

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };

static struct umod_fs_node *node_new(struct umod_fs *fs, const char *name,
				     enum umod_fs_kind kind, unsigned int mode)
{
	struct umod_fs_node *n = calloc(1, sizeof(*n));

	if (!n || !(n->name = strdup(name))) {
		free(n);
		return NULL;
	}
	n->fs = fs;
	n->kind = kind;
	n->mode = mode;
	n->refs = 1;
	umod_list_init(&n->children);
	umod_list_init(&n->sibling);
	umod_list_init(&n->files);
	n->inode.i_mode = (unsigned short)mode;
	n->dentry.d_name.name = (const unsigned char *)n->name;
	n->dentry.d_name.len = (unsigned int)strlen(n->name);
	n->dentry.d_inode = &n->inode;
	n->dentry.d_parent = &n->dentry;
	return n;
}

static struct umod_fs *fs_new(struct umod_host *host)
{
	struct umod_fs *fs = calloc(1, sizeof(*fs));

	if (!fs)
		return NULL;
	fs->host = host;
	pthread_mutex_init(&fs->lock, NULL);
	pthread_cond_init(&fs->idle, NULL);
	umod_list_init(&fs->regions);
	umod_list_init(&fs->cdevs);
	umod_list_init(&fs->files);
	umod_list_init(&fs->sysctls);
	fs->root = node_new(fs, "", UMOD_FS_DIR, S_IFDIR | 0555);
	if (fs->root) {
		fs->proc = umod_fs_node_add(fs->root, "proc", UMOD_FS_DIR, S_IFDIR | 0555, NULL);
		fs->dev = umod_fs_node_add(fs->root, "dev", UMOD_FS_DIR, S_IFDIR | 0755, NULL);
		/* sys/: what fs/ serves there (dynamic debug's control, configfs) */
		fs->sys = umod_fs_node_add(fs->root, "sys", UMOD_FS_DIR, S_IFDIR | 0555, NULL);
		if (fs->dev)
			umod_fs_node_add(fs->dev, "char", UMOD_FS_DIR, S_IFDIR | 0755, NULL);
	}
	if (!fs->proc || !fs->dev || !fs->sys || umod_sysctl_init_fs(fs) ||
	    umod_ddebug_init_fs(fs) || umod_configfs_init_fs(fs)) {
		/* the nodes made so far stay unreachable: no memory left anyway */
		free(fs);
		return NULL;
	}
	/* the misc class's minors Linux reserves for its own drivers stay free
	 * here: no built-in driver claims them */
	return fs;
}

struct umod_fs *umod_fs_of(struct umod_host *host)
{
	struct umod_fs *fs = NULL;

	if (!host)
		return NULL;
	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *l = registry.next; l != &registry; l = l->next) {
		struct umod_fs *f = umod_container_of(l, struct umod_fs, link);

		if (f->host == host) {
			fs = f;
			break;
		}
	}
	if (!fs && (fs = fs_new(host)))
		umod_list_add(&fs->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	return fs;
}

/* the namespace of @host if it has one; never makes one */
static struct umod_fs *fs_find(struct umod_host *host)
{
	struct umod_fs *fs = NULL;

	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *l = registry.next; l != &registry; l = l->next)
		if (umod_container_of(l, struct umod_fs, link)->host == host)
			fs = umod_container_of(l, struct umod_fs, link);
	pthread_mutex_unlock(&registry_lock);
	return fs;
}

static void node_free_tree(struct umod_fs_node *n)
{
	while (n->children.next != &n->children) {
		struct umod_list *l = n->children.next;

		umod_list_del(l);
		node_free_tree(umod_container_of(l, struct umod_fs_node, sibling));
	}
	free(n->link);
	free(n->name);
	free(n);
}

/*
 * The host is going (its modules are unloaded or abandoned, its front ends
 * gone): its namespace goes with it, so that a host made later at the same
 * address starts afresh. Open files left by a front end that never closed
 * them are freed without a call into their modules.
 */
void umod_fs_host_gone(struct umod_host *host)
{
	struct umod_fs *fs = fs_find(host);

	if (!fs)
		return;
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&fs->link);
	pthread_mutex_unlock(&registry_lock);
	while (fs->files.next != &fs->files) {
		struct umod_file *f = umod_container_of(fs->files.next, struct umod_file, fs_link);

		umod_list_del(&f->fs_link);
		umod_list_del(&f->node_link);
		umod_fs_maps_free_locked(f);
		pthread_mutex_destroy(&f->pos_lock);
		free(f);	/* its node may be gone with the tree: not put */
	}
	umod_chrdev_host_gone(fs);
	node_free_tree(fs->root);
	pthread_cond_destroy(&fs->idle);
	pthread_mutex_destroy(&fs->lock);
	free(fs);
}

struct umod_module *umod_fs_umod(struct module *m)
{
	return m ? m->umod : NULL;
}

struct umod_fs *umod_fs_of_module(struct module *m)
{
	struct umod_module *mod = umod_fs_umod(m);

	return mod ? umod_fs_of(mod->host) : NULL;
}

/* ---- the tree ---------------------------------------------------------------- */

struct umod_fs_node *umod_fs_child(struct umod_fs_node *dir, const char *name)
{
	for (struct umod_list *l = dir->children.next; l != &dir->children; l = l->next) {
		struct umod_fs_node *n = umod_container_of(l, struct umod_fs_node, sibling);

		if (!strcmp(n->name, name))
			return n;
	}
	return NULL;
}

struct umod_fs_node *umod_fs_node_add(struct umod_fs_node *dir, const char *name,
				      enum umod_fs_kind kind, unsigned int mode,
				      struct umod_module *owner)
{
	struct umod_fs_node *n = node_new(dir->fs, name, kind, mode);

	if (!n)
		return NULL;
	n->parent = dir;
	n->dentry.d_parent = &dir->dentry;
	n->owner = umod_module_made(owner, UMOD_MADE_FS_NODE);
	n->inode.i_ino = (unsigned long)(uintptr_t)n;
	/* newest last, as readdir lists a proc directory in creation order */
	umod_list_add(&n->sibling, dir->children.prev);
	return n;
}

static void node_put(struct umod_fs_node *n)
{
	if (--n->refs)
		return;
	free(n->link);
	free(n->name);
	free(n);
}

static void release_file_locked(struct umod_file *f);
static void poll_drop(struct umod_file *f);

void umod_fs_node_remove(struct umod_fs_node *node)
{
	struct umod_fs *fs = node->fs;

	while (node->children.next != &node->children)
		umod_fs_node_remove(umod_container_of(node->children.next,
						      struct umod_fs_node, sibling));
	node->removed = true;
	umod_list_del(&node->sibling);
	/* a device's open files go on working, as a deleted node's do */
	if (node->kind != UMOD_FS_PROC) {
		while (node->files.next != &node->files)
			umod_list_del(node->files.next);
		node_put(node);
		return;
	}
	/* proc_entry_rundown(): no new operation starts, those running end */
	for (struct umod_list *l = node->files.next; l != &node->files; l = l->next)
		umod_container_of(l, struct umod_file, node_link)->dead = true;
	for (;;) {
		bool busy = false;

		for (struct umod_list *l = node->files.next; l != &node->files; l = l->next)
			busy |= umod_container_of(l, struct umod_file, node_link)->inflight > 0;
		if (!busy)
			break;
		pthread_cond_wait(&fs->idle, &fs->lock);
	}
	/* then the files still open are released (close_pdeo()) */
	while (node->files.next != &node->files) {
		struct umod_file *f = umod_container_of(node->files.next, struct umod_file,
							node_link);

		umod_list_del(&f->node_link);
		release_file_locked(f);
	}
	node_put(node);
}

struct umod_fs_node *umod_fs_walk(struct umod_fs *fs, const char *path)
{
	struct umod_fs_node *n = fs->root;
	char name[256];

	while (n && *path) {
		size_t len = strcspn(path, "/");

		if (!len) {
			path++;
			continue;
		}
		if (n->kind != UMOD_FS_DIR || len >= sizeof(name))
			return NULL;
		memcpy(name, path, len);
		name[len] = '\0';
		path += len;
		n = umod_fs_child(n, name);
	}
	return n;
}

/* ---- calls into module code ------------------------------------------------- */

enum fop {
	FOP_OPEN, FOP_READ, FOP_WRITE, FOP_LLSEEK, FOP_IOCTL, FOP_POLL, FOP_RELEASE,
	FOP_FLUSH, FOP_FSYNC, FOP_FALLOCATE,
};

struct fop_args {
	struct umod_file *f;
	enum fop op;
	void *buf;
	size_t n;
	long long *pos;
	long long off;
	int whence;
	unsigned int cmd;
	unsigned long arg;
	int upid;		/* > 0: user memory is this process's */
	void *ubuf;		/* else this window (call_fop()) */
	size_t ulen;
	struct poll_table_struct *pt;
	long long len;			/* FOP_FALLOCATE */
};

static long proc_op(struct fop_args *a, const struct proc_ops *p)
{
	struct file *file = &a->f->file;

	switch (a->op) {
	case FOP_OPEN:
		return p->proc_open ? p->proc_open(file->f_inode, file) : 0;
	case FOP_READ:
		if (p->proc_read)
			return p->proc_read(file, a->buf, a->n, a->pos);
		return p->proc_read_iter ? umod_sync_rw_iter(file, p->proc_read_iter, a->buf,
							     a->n, a->pos, false) : -EIO;
	case FOP_WRITE:
		return p->proc_write ? p->proc_write(file, a->buf, a->n, a->pos) : -EIO;
	case FOP_LLSEEK:
		return p->proc_lseek ? p->proc_lseek(file, a->off, a->whence) :
		       umod_default_llseek(file, a->off, a->whence);
	case FOP_IOCTL:
		return p->proc_ioctl ? p->proc_ioctl(file, a->cmd, a->arg) : -ENOTTY;
	case FOP_POLL:
		return p->proc_poll ? (long)p->proc_poll(file, a->pt) : 0x145; /* DEFAULT_POLLMASK */
	case FOP_RELEASE:
		return p->proc_release ? p->proc_release(file->f_inode, file) : 0;
	case FOP_FLUSH:
		return 0;
	case FOP_FSYNC:
		return -EINVAL;
	case FOP_FALLOCATE:
		return -EOPNOTSUPP;
	}
	return -EINVAL;
}

static long dev_op(struct fop_args *a, const struct file_operations *p)
{
	struct file *file = &a->f->file;

	switch (a->op) {
	case FOP_OPEN:
		return p->open ? p->open(file->f_inode, file) : 0;
	case FOP_READ:
		if (p->read)
			return p->read(file, a->buf, a->n, a->pos);
		return p->read_iter ? umod_sync_rw_iter(file, p->read_iter, a->buf, a->n,
							a->pos, false) : -EINVAL;
	case FOP_WRITE:
		if (p->write)
			return p->write(file, a->buf, a->n, a->pos);
		return p->write_iter ? umod_sync_rw_iter(file, p->write_iter, a->buf, a->n,
							 a->pos, true) : -EINVAL;
	case FOP_LLSEEK:
		return p->llseek ? p->llseek(file, a->off, a->whence) : -ESPIPE;
	case FOP_IOCTL:
		return p->unlocked_ioctl ? p->unlocked_ioctl(file, a->cmd, a->arg) : -ENOTTY;
	case FOP_POLL:
		return p->poll ? (long)p->poll(file, a->pt) : 0x145;	/* DEFAULT_POLLMASK */
	case FOP_RELEASE:
		return p->release ? p->release(file->f_inode, file) : 0;
	case FOP_FLUSH:
		return p->flush ? p->flush(file, NULL) : 0;
	case FOP_FSYNC:
		return p->fsync ? p->fsync(file, 0, 0x7fffffffffffffffLL, a->whence) : -EINVAL;
	case FOP_FALLOCATE:
		return p->fallocate ? p->fallocate(file, a->whence, a->off, a->len) : -EOPNOTSUPP;
	}
	return -EINVAL;
}

static long fop_thunk(void *arg)
{
	struct fop_args *a = arg;
	struct umod_file *f = a->f;

	if (f->node->kind == UMOD_FS_PROC)
		return proc_op(a, f->node->proc_ops);
	return dev_op(a, f->file.f_op);
}

/*
 * Runs one operation as the module's code, with @buf/@len as the "user"
 * memory copy_to_user() and friends may touch. An oops answers -EIO.
 */
static long call_fn(struct fop_args *a, long (*thunk)(void *), void *arg)
{
	struct umod_uwindow save;
	long ret;

	/* each operation is a new system call: an earlier interruption is spent */
	umod_task_clear_signals(umod_task_current());
	if (a->upid > 0)
		umod_uaccess_enter_process(&save, a->upid);
	else
		umod_uaccess_enter(&save, a->ubuf, a->ulen);
	if (!a->f->mod)
		ret = thunk(arg);
	else if (umod_call(a->f->mod, thunk, arg, &ret))
		ret = -EIO;
	umod_uaccess_leave(&save);
	return ret;
}

static long call_fop(struct fop_args *a, void *ubuf, size_t ulen)
{
	a->ubuf = ubuf;
	a->ulen = ulen;
	return call_fn(a, fop_thunk, a);
}

/* fs->lock held: the file's module references go, then the file */
static void file_free_locked(struct umod_file *f)
{
	umod_fs_maps_free_locked(f);
	umod_list_del(&f->fs_link);
	for (int i = 0; i < 2; i++)
		if (f->pinned[i])
			umod_refcount_put(f->pinned[i]->umod);
	node_put(f->node);
	pthread_mutex_destroy(&f->pos_lock);
	free(f->text);
	free(f);
}

/* fs->lock held; dropped around the release op */
static void release_file_locked(struct umod_file *f)
{
	struct fop_args a = { .f = f, .op = FOP_RELEASE };

	pthread_mutex_lock(&f->pos_lock);
	poll_drop(f);
	pthread_mutex_unlock(&f->pos_lock);
	if (f->node->kind == UMOD_FS_PROC || f->node->kind == UMOD_FS_DEV) {
		pthread_mutex_unlock(&f->fs->lock);
		call_fop(&a, NULL, 0);
		pthread_mutex_lock(&f->fs->lock);
	}
	f->dead = true;		/* the node stays referenced until the front end lets go */
}

static int op_begin(struct umod_file *f)
{
	int err = 0;

	pthread_mutex_lock(&f->fs->lock);
	if (f->dead)
		err = -EIO;
	else
		f->inflight++;
	pthread_mutex_unlock(&f->fs->lock);
	return err;
}

static void op_end(struct umod_file *f)
{
	pthread_mutex_lock(&f->fs->lock);
	if (!--f->inflight)
		pthread_cond_broadcast(&f->fs->idle);
	pthread_mutex_unlock(&f->fs->lock);
}

struct any_call {
	struct fop_args a;	/* first: call_fop() hands it to the thunk */
	long (*fn)(void *);
	void *arg;
};

static long any_thunk(void *arg)
{
	struct any_call *c = arg;

	return c->fn(c->arg);
}

long umod_fs_call(struct umod_file *f, long (*fn)(void *), void *arg, int upid)
{
	struct any_call c = { .a = { .f = f, .upid = upid }, .fn = fn, .arg = arg };
	long ret;

	if (op_begin(f))
		return -EIO;
	ret = call_fn(&c.a, any_thunk, &c);
	op_end(f);
	return ret;
}

/* ---- opening ----------------------------------------------------------------- */

static bool pin(struct umod_file *f, struct module *m)
{
	if (!m)
		return true;
	if (!umod_refcount_try_get(m->umod))
		return false;
	f->pinned[f->pinned[0] ? 1 : 0] = m;
	return true;
}

/* fs->lock held: what opening a device node does (chrdev_open()) */
static int open_dev(struct umod_file *f, unsigned int devt)
{
	struct umod_module *mod = NULL;
	struct cdev *cd = umod_cdev_lookup(f->fs, devt, &mod);

	if (S_ISBLK(f->node->mode))
		return -ENXIO;	/* a block node: no block layer yet */
	if (!cd || !pin(f, cd->owner))
		return -ENXIO;
	if (!cd->ops || !pin(f, cd->ops->owner))
		return -ENXIO;
	f->file.f_op = cd->ops;
	f->node->inode.i_rdev = devt;
	f->node->inode.i_cdev = cd;
	f->mod = mod;
	return 0;
}

/*
 * What open(2) checks after the VFS's permission check. That one is the
 * caller's (its credentials: root passes with CAP_DAC_OVERRIDE; the tree's
 * FUSE mount has the kernel do it, default_permissions): a proc entry or a
 * device node then opens whatever its mode, and its ops answer (a proc
 * entry without proc_write: EIO). Sysfs-like text refuses a direction its
 * mode does not allow, for root too, as kernfs_fop_open() does.
 */
static int check_access(struct umod_fs_node *n, int flags)
{
	int acc = flags & O_ACCMODE;

	if (n->kind == UMOD_FS_DIR)
		return -EISDIR;
	if (n->kind == UMOD_FS_LINK)
		return -ELOOP;	/* the front end follows links itself */
	if (n->kind != UMOD_FS_TEXT)
		return 0;
	if (acc != O_RDONLY && !(n->mode & 0222))
		return -EACCES;
	if (acc != O_WRONLY && !(n->mode & 0444))
		return -EACCES;
	return 0;
}

static struct umod_file *file_new(struct umod_fs_node *n, int flags)
{
	struct umod_file *f = calloc(1, sizeof(*f));
	int acc = flags & O_ACCMODE;

	if (!f)
		return NULL;
	f->fs = n->fs;
	f->node = n;
	n->refs++;
	pthread_mutex_init(&f->pos_lock, NULL);
	umod_list_init(&f->node_link);
	umod_list_init(&f->maps);
	umod_list_add(&f->fs_link, &n->fs->files);
	f->file.f_inode = &n->inode;
	f->file.f_path.dentry = &n->dentry;
	f->file.f_flags = (unsigned int)flags;
	f->file.f_mode = UMOD_FMODE_LSEEK | UMOD_FMODE_PREAD | UMOD_FMODE_PWRITE |
			 (acc != O_WRONLY ? UMOD_FMODE_READ : 0) |
			 (acc != O_RDONLY ? UMOD_FMODE_WRITE : 0);
	f->mod = n->owner;
	return f;
}

/* "dev/char/MAJ:MIN" parsed into *@devt */
static bool char_path(const char *path, unsigned int *devt)
{
	unsigned int maj, min;
	char end;

	while (*path == '/')
		path++;
	if (strncmp(path, "dev/char/", 9) ||
	    sscanf(path + 9, "%u:%u%c", &maj, &min, &end) != 2 || maj >= 4096 ||
	    min >= (1u << 20))
		return false;
	*devt = (maj << 20) | min;
	return true;
}

/*
 * A device registered without a node of its own is reached as
 * dev/char/MAJ:MIN, the way one would mknod it: a node made for the one
 * open, outside the tree (crw------- as mknod by root with umask 077).
 */
static struct umod_fs_node *char_node(struct umod_fs *fs, const char *path)
{
	struct umod_fs_node *n, *dir = umod_fs_child(fs->dev, "char");
	unsigned int devt;

	if (!dir || !char_path(path, &devt) || !umod_cdev_lookup(fs, devt, NULL))
		return NULL;
	n = node_new(fs, strrchr(path, '/') + 1, UMOD_FS_DEV, S_IFCHR | 0600);
	if (n) {
		n->parent = dir;
		n->inode.i_rdev = devt;
		n->refs = 0;	/* the file's reference is the only one */
	}
	return n;
}

static int open_locked(struct umod_fs *fs, const char *path, int flags,
		       struct umod_file **fp)
{
	struct umod_fs_node *n = umod_fs_walk(fs, path);
	struct umod_file *f;
	int err;

	if (!n)
		n = char_node(fs, path);
	if (!n)
		return -ENOENT;
	err = check_access(n, flags);
	if (err) {
		if (!n->refs) {		/* char_node()'s, which nobody holds yet */
			n->refs = 1;
			node_put(n);
		}
		return err;
	}
	if (!(f = file_new(n, flags)))
		return -ENOMEM;
	if (n->kind == UMOD_FS_DEV && n->host_fops)
		f->file.f_op = n->host_fops;
	else if (n->kind == UMOD_FS_DEV && S_ISBLK(n->mode))
		f->file.f_op = &umod_blkdev_fops;	/* blkdev_open() finds the disk */
	else if (n->kind == UMOD_FS_DEV && (err = open_dev(f, n->inode.i_rdev))) {
		file_free_locked(f);
		return err;
	}
	umod_list_add(&f->node_link, &n->files);
	f->inflight = 1;	/* the open op: a removal waits for it */
	*fp = f;
	return 0;
}

/* a host text file: rendered at open, into a buffer grown until it fits */
#define TEXT_MAX	(64u << 20)

static long text_render(struct umod_file *f)
{
	size_t size = 4096;

	for (;;) {
		char *buf = malloc(size);
		long n;

		if (!buf)
			return -ENOMEM;
		n = f->node->text_show(f->node, buf, size);
		if (n < 0 || (size_t)n < size || size >= TEXT_MAX) {
			if (n < 0) {
				free(buf);
				return n;
			}
			f->text = buf;
			return (size_t)n < size ? n : (long)size;
		}
		free(buf);
		size *= 4;
	}
}

/* ---- the public calls ---------------------------------------------------------- */

int umod_fs_open(struct umod_host *host, const char *path, int flags,
		   struct umod_file **fp)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct fop_args a = { .op = FOP_OPEN };
	struct umod_file *f = NULL;
	long ret;
	int err;

	if (!fs || !path || !fp)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	err = open_locked(fs, path, flags, &f);
	pthread_mutex_unlock(&fs->lock);
	if (err)
		return err;
	a.f = f;
	ret = f->node->kind == UMOD_FS_TEXT ? text_render(f) : call_fop(&a, NULL, 0);
	pthread_mutex_lock(&fs->lock);
	f->inflight--;
	pthread_cond_broadcast(&fs->idle);
	if (ret < 0 || f->dead) {
		umod_list_del(&f->node_link);
		file_free_locked(f);
		pthread_mutex_unlock(&fs->lock);
		return ret < 0 ? (int)ret : -ENOENT;
	}
	if (f->node->kind == UMOD_FS_TEXT)
		f->text_len = (size_t)ret;
	pthread_mutex_unlock(&fs->lock);
	*fp = f;
	return 0;
}

/* a host text file: the text made at open */
static ssize_t text_read(struct umod_file *f, void *buf, size_t n, long long pos)
{
	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= f->text_len)
		return 0;
	if (n > f->text_len - (size_t)pos)
		n = f->text_len - (size_t)pos;
	memcpy(buf, f->text + pos, n);
	return (ssize_t)n;
}

/*
 * read(2) and write(2): at *@pos, or at the file's position when @pos is
 * NULL (which then moves); a stream file (stream_open()) has no position.
 */
static ssize_t rw(struct umod_file *f, enum fop op, void *buf, size_t n, int64_t *pos)
{
	struct fop_args a = { .f = f, .op = op, .buf = buf, .n = n };
	long long p;
	long ret;

	if (!f || (!buf && n))
		return -EINVAL;
	if (!(f->file.f_mode & (op == FOP_READ ? UMOD_FMODE_READ : UMOD_FMODE_WRITE)))
		return -EBADF;
	if (n > 0x7ffff000)	/* MAX_RW_COUNT */
		n = a.n = 0x7ffff000;
	p = pos ? *pos : f->file.f_pos;
	if (f->node->kind == UMOD_FS_TEXT)
		return op == FOP_READ ? text_read(f, buf, n, p) : -EIO;
	if (op_begin(f))
		return -EIO;
	a.pos = (f->file.f_mode & UMOD_FMODE_STREAM) ? NULL : &p;
	ret = call_fop(&a, buf, n);
	op_end(f);
	if (ret >= 0 && !(f->file.f_mode & UMOD_FMODE_STREAM)) {
		if (pos)
			*pos = p;
		else
			f->file.f_pos = p;
	}
	if (ret > (long)n)	/* a module claiming more than it was given */
		ret = -EIO;
	return ret;
}

ssize_t umod_fs_read(struct umod_file *f, void *buf, size_t n, int64_t *pos)
{
	return rw(f, FOP_READ, buf, n, pos);
}

ssize_t umod_fs_write(struct umod_file *f, const void *buf, size_t n, int64_t *pos)
{
	return rw(f, FOP_WRITE, (void *)buf, n, pos);
}

/* fsync(2) and fallocate(2) of a device file (a disk's: a flush, a discard) */
static long file_op(struct umod_file *f, struct fop_args *a)
{
	long ret;

	if (!f)
		return -EINVAL;
	if (f->node->kind != UMOD_FS_DEV)
		return a->op == FOP_FSYNC ? 0 : -EOPNOTSUPP;
	if (op_begin(f))
		return -EIO;
	ret = call_fop(a, NULL, 0);
	op_end(f);
	return ret;
}

int umod_fs_fsync(struct umod_file *f, int datasync)
{
	struct fop_args a = { .f = f, .op = FOP_FSYNC, .whence = datasync };

	return (int)file_op(f, &a);
}

int umod_fs_fallocate(struct umod_file *f, int mode, int64_t off, int64_t len)
{
	struct fop_args a = { .f = f, .op = FOP_FALLOCATE, .whence = mode, .off = off,
			      .len = len };

	if (f && !(f->file.f_mode & UMOD_FMODE_WRITE))
		return -EBADF;
	return (int)file_op(f, &a);
}

int64_t umod_fs_llseek(struct umod_file *f, int64_t off, int whence)
{
	struct fop_args a = { .f = f, .op = FOP_LLSEEK, .off = off, .whence = whence };
	long ret;

	if (!f)
		return -EINVAL;
	if (f->node->kind == UMOD_FS_TEXT)
		return umod_default_llseek(&f->file, off, whence);
	if (!(f->file.f_mode & UMOD_FMODE_LSEEK))
		return -ESPIPE;
	if (op_begin(f))
		return -EIO;
	ret = call_fop(&a, NULL, 0);
	op_end(f);
	return ret;
}

/* the ioctl op, user memory being @data's @size bytes, or process @a->upid's */
static long do_ioctl(struct fop_args *a, void *data, size_t size)
{
	long ret;

	if (a->f->node->kind == UMOD_FS_TEXT)
		return -ENOTTY;
	if (op_begin(a->f))
		return -EIO;
	ret = call_fop(a, data, data ? size : 0);
	op_end(a->f);
	return ret;
}

long umod_fs_ioctl(struct umod_file *f, unsigned int cmd, unsigned long arg,
		     void *data, size_t size)
{
	struct fop_args a = { .f = f, .op = FOP_IOCTL, .cmd = cmd, .arg = arg };

	if (!f)
		return -EINVAL;
	if (data)
		a.arg = (unsigned long)(uintptr_t)data;
	return do_ioctl(&a, data, size);
}

long umod_fs_ioctl_process(struct umod_file *f, unsigned int cmd, unsigned long arg, int pid)
{
	struct fop_args a = { .f = f, .op = FOP_IOCTL, .cmd = cmd, .arg = arg, .upid = pid };

	if (!f || pid <= 0)
		return -EINVAL;
	return do_ioctl(&a, NULL, 0);
}

/*
 * poll: each wait queue the module's poll op names (poll_wait()) gets an
 * entry of the file's, whose wake function tells the front end (@fn) that
 * the file may be ready, as the kernel's poll table entries wake a poller.
 * The entries live until the next poll of the file or its release.
 */
struct poll_entry {
	struct wait_queue_entry wq;
	struct wait_queue_head *head;
	struct umod_file *f;
	struct poll_entry *next;
};

struct poll_req {
	struct poll_table_struct pt;
	struct umod_file *f;
};

typedef void (*wq_fn)(struct wait_queue_head *, struct wait_queue_entry *);

/* add_wait_queue() and remove_wait_queue(), as the host exports them */
static wq_fn wq_op(struct umod_fs *fs, const char *name)
{
	return (wq_fn)(uintptr_t)umod_kapi_addr(fs->host, name);
}

static int poll_wake(struct wait_queue_entry *e, unsigned int mode, int flags, void *key)
{
	struct poll_entry *pe = umod_container_of(e, struct poll_entry, wq);

	pe->f->poll_fn(pe->f->poll_data);
	return 0;
}

static void poll_queue(struct file *file, struct wait_queue_head *wq,
		       struct poll_table_struct *pt)
{
	struct umod_file *f = umod_container_of(pt, struct poll_req, pt)->f;
	struct poll_entry *pe = calloc(1, sizeof(*pe));
	wq_fn add = wq_op(f->fs, "add_wait_queue");

	if (!pe || !add) {
		free(pe);
		return;
	}
	pe->wq.func = poll_wake;
	pe->head = wq;
	pe->f = f;
	pe->next = f->polls;
	f->polls = pe;
	add(wq, &pe->wq);
}

/* the file's entries leave their queues; pos_lock held */
static void poll_drop(struct umod_file *f)
{
	wq_fn del = wq_op(f->fs, "remove_wait_queue");

	while (f->polls) {
		struct poll_entry *pe = f->polls;

		f->polls = pe->next;
		if (del)
			del(pe->head, &pe->wq);
		free(pe);
	}
}

int umod_fs_poll(struct umod_file *f, unsigned int events, umod_fs_poll_fn fn,
		 void *data, unsigned int *revents)
{
	struct poll_req r = { .pt = { fn ? poll_queue : NULL, events }, .f = f };
	struct fop_args a = { .f = f, .op = FOP_POLL, .pt = &r.pt };
	long ret;

	if (!f || !revents)
		return -EINVAL;
	if (f->node->kind == UMOD_FS_TEXT) {
		*revents = 0x145;
		return 0;
	}
	if (op_begin(f)) {
		*revents = 0x8 | 0x10;	/* EPOLLERR | EPOLLHUP: its entry went */
		return 0;
	}
	pthread_mutex_lock(&f->pos_lock);
	if (fn) {
		poll_drop(f);
		f->poll_fn = fn;
		f->poll_data = data;
	}
	ret = call_fop(&a, NULL, 0);
	pthread_mutex_unlock(&f->pos_lock);
	op_end(f);
	*revents = (unsigned int)ret;
	return 0;
}

int umod_fs_release(struct umod_file *f)
{
	struct umod_fs *fs;
	struct fop_args a = { .f = f, .op = FOP_FLUSH };
	bool dead;

	if (!f)
		return -EINVAL;
	fs = f->fs;
	umod_fs_unmap_all(f);
	pthread_mutex_lock(&fs->lock);
	dead = f->dead;
	if (!dead)
		f->dead = true;	/* nothing else starts; the node's rundown skips it */
	umod_list_del(&f->node_link);
	while (f->inflight)
		pthread_cond_wait(&fs->idle, &fs->lock);
	pthread_mutex_unlock(&fs->lock);
	pthread_mutex_lock(&f->pos_lock);
	poll_drop(f);
	pthread_mutex_unlock(&f->pos_lock);
	if (!dead && f->node->kind != UMOD_FS_TEXT) {
		call_fop(&a, NULL, 0);
		a.op = FOP_RELEASE;
		call_fop(&a, NULL, 0);
	}
	pthread_mutex_lock(&fs->lock);
	file_free_locked(f);
	pthread_mutex_unlock(&fs->lock);
	return 0;
}

int umod_fs_process_reachable(int pid)
{
	return umod_uaccess_reachable(pid);
}

/*
 * vfs_llseek() of 6.1: no FMODE_LSEEK (nonseekable_open, stream_open), no
 * llseek op on a device, or no_llseek: -ESPIPE. A proc entry falls back to
 * default_llseek.
 */
int umod_fs_seekable(struct umod_file *f)
{
	const struct file_operations *op = f->file.f_op;

	if (!(f->file.f_mode & UMOD_FMODE_LSEEK))
		return 0;
	if (f->node->kind == UMOD_FS_PROC)
		return f->node->proc_ops->proc_lseek != umod_no_llseek;
	if (f->node->kind == UMOD_FS_DEV)
		return op && op->llseek && op->llseek != umod_no_llseek;
	return 1;
}

void *umod_fs_private(struct umod_file *f)
{
	return f ? f->file.private_data : NULL;
}

/* fs->lock held: a device that can be mapped has every offset (umod.h) */
static int64_t mappable_size(struct umod_fs *fs, unsigned int devt)
{
	struct cdev *cd = umod_cdev_lookup(fs, devt, NULL);

	return cd && cd->ops && cd->ops->mmap ? (int64_t)UMOD_FS_MAP_SIZE : 0;
}

int umod_fs_stat(struct umod_host *host, const char *path, unsigned int *mode,
		   int64_t *size)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *n;
	unsigned int devt;
	int err = 0;

	if (!fs || !path)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	n = umod_fs_walk(fs, path);
	if (n) {
		if (mode)
			*mode = n->mode;
		if (size)
			*size = S_ISBLK(n->mode) ? umod_blkdev_size(host, n->inode.i_rdev) :
				n->kind == UMOD_FS_DEV && S_ISCHR(n->mode) ?
				mappable_size(fs, n->inode.i_rdev) : n->inode.i_size;
	} else if (char_path(path, &devt) && umod_cdev_lookup(fs, devt, NULL)) {
		if (mode)
			*mode = S_IFCHR | 0600;
		if (size)
			*size = mappable_size(fs, devt);
	} else {
		err = -ENOENT;
	}
	pthread_mutex_unlock(&fs->lock);
	return err;
}

struct list_ctx {
	umod_fs_list_fn fn;
	void *data;
	struct umod_fs *fs;
};

static int list_char(void *data, const char *name)
{
	struct list_ctx *c = data;

	return c->fn(c->data, name, S_IFCHR | 0600);
}

/*
 * The names are copied first: @fn runs without the lock, and may call us
 * (but not for dev/char's numbers, listed under it).
 */
int umod_fs_list(struct umod_host *host, const char *path, umod_fs_list_fn fn,
		   void *data)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *dir;
	struct list_ctx c = { fn, data, fs };
	struct { char *name; unsigned int mode; } *v = NULL;
	size_t n = 0, cap = 0;
	int err = 0;

	if (!fs || !path || !fn)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	dir = umod_fs_walk(fs, path);
	if (!dir)
		err = -ENOENT;
	else if (dir->kind != UMOD_FS_DIR)
		err = -ENOTDIR;
	for (struct umod_list *l = err ? NULL : dir->children.next;
	     l && l != &dir->children; l = l->next) {
		struct umod_fs_node *k = umod_container_of(l, struct umod_fs_node, sibling);

		if (n == cap) {
			void *nv = realloc(v, (cap = cap ? 2 * cap : 16) * sizeof(*v));

			if (!nv) {
				err = -ENOMEM;
				break;
			}
			v = nv;
		}
		v[n].mode = k->mode;
		if (!(v[n].name = strdup(k->name))) {
			err = -ENOMEM;
			break;
		}
		n++;
	}
	pthread_mutex_unlock(&fs->lock);
	for (size_t i = 0; i < n; i++) {
		if (!err)
			err = fn(data, v[i].name, v[i].mode);
		free(v[i].name);
	}
	free(v);
	if (!err && dir == umod_fs_child(fs->dev, "char")) {
		pthread_mutex_lock(&fs->lock);
		err = umod_chrdev_list(fs, list_char, &c);
		pthread_mutex_unlock(&fs->lock);
	}
	return err;
}

/* signal-safe: the operation running on this thread is interrupted (its
 * client went away): an interruptible sleep in it ends with -ERESTARTSYS */
void umod_fs_interrupt_current(void)
{
	struct umod_task *t = umod_task_peek();

	if (t)
		umod_task_signal(t);
}

/* ---- what a going module leaves ------------------------------------------------ */

void umod_fs_kill_files(struct umod_fs *fs, struct umod_module *mod)
{
	bool busy = true;

	for (struct umod_list *l = fs->files.next; l != &fs->files; l = l->next) {
		struct umod_file *f = umod_container_of(l, struct umod_file, fs_link);

		if (f->mod == mod)
			f->dead = true;
	}
	while (busy) {
		busy = false;
		for (struct umod_list *l = fs->files.next; l != &fs->files; l = l->next) {
			struct umod_file *f = umod_container_of(l, struct umod_file, fs_link);

			busy |= f->mod == mod && f->inflight > 0;
		}
		if (busy)
			pthread_cond_wait(&fs->idle, &fs->lock);
	}
	/* their poll entries are on the module's wait queues: off them now
	 * (no poll runs any more, so pos_lock is free to take) */
	for (struct umod_list *l = fs->files.next; l != &fs->files; l = l->next) {
		struct umod_file *f = umod_container_of(l, struct umod_file, fs_link);

		if (f->mod == mod) {
			pthread_mutex_lock(&f->pos_lock);
			poll_drop(f);
			pthread_mutex_unlock(&f->pos_lock);
		}
	}
}

/*
 * What @mod left behind when its memory goes: each proc entry and char
 * region is reported and removed (its devices and classes went before,
 * drivers/base/init.c), then the files
 * still open on its ops are cut off (none of its code is called again).
 */
void umod_fs_leftovers(struct umod_module *mod)
{
	struct umod_fs *fs = fs_find(mod->host);	/* none: nothing was made */

	if (!fs)
		return;
	pthread_mutex_lock(&fs->lock);
	umod_sysctl_leftovers(fs, mod);	/* first: its entries are proc's too */
	if (umod_module_has_made(mod, UMOD_MADE_FS_NODE)) {	/* else it owns no node */
		umod_configfs_leftovers(fs, mod);
		umod_proc_leftovers(fs, mod, fs->proc);
	}
	umod_chrdev_leftovers(fs, mod);
	umod_fs_kill_files(fs, mod);
	pthread_mutex_unlock(&fs->lock);
}

/*
 * mkdir(2) and rmdir(2): meaningful in configfs's groups only (-EPERM
 * elsewhere, as where Linux's directory has no such op); the directory's
 * ops run without the lock, its node held.
 */
static struct umod_fs_node *held_parent(struct umod_fs *fs, const char *path,
					const char **name, int *errp)
{
	const char *slash = strrchr(path, '/');
	char dir[1024];
	struct umod_fs_node *n;

	*name = slash ? slash + 1 : path;
	if ((size_t)(*name - path) >= sizeof(dir)) {
		*errp = -ENAMETOOLONG;
		return NULL;
	}
	memcpy(dir, path, (size_t)(*name - path));
	dir[*name - path] = '\0';
	n = umod_fs_walk(fs, dir);
	*errp = !n ? -ENOENT : n->kind != UMOD_FS_DIR ? -ENOTDIR : 0;
	return *errp ? NULL : n;
}

/* fs->lock held, dropped: @err, or @dir's mkdir of @name, or its rmdir of @n, @n held */
static int dir_op(struct umod_fs *fs, int err, struct umod_fs_node *dir, struct umod_fs_node *n,
		  const char *name)
{
	if (err) {
		pthread_mutex_unlock(&fs->lock);
		return err;
	}
	n->refs++;
	pthread_mutex_unlock(&fs->lock);
	err = name ? dir->dir_ops->mkdir(fs, dir, name) : dir->dir_ops->rmdir(fs, n);
	pthread_mutex_lock(&fs->lock);
	node_put(n);
	pthread_mutex_unlock(&fs->lock);
	return err;
}

/* a directory with ops (configfs's groups) runs them; elsewhere a user's (namei.c) */
int umod_fs_mkdir(struct umod_host *host, const char *path, unsigned int mode,
		  unsigned int uid, unsigned int gid)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *dir;
	const char *name;
	int err;

	if (!fs || !path)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	dir = held_parent(fs, path, &name, &err);
	if (dir && (!*name || umod_fs_child(dir, name)))
		err = -EEXIST;
	else if (dir && (!dir->dir_ops || !dir->dir_ops->mkdir)) {
		pthread_mutex_unlock(&fs->lock);
		return umod_namei_mkdir(host, path, mode, uid, gid);
	}
	return dir_op(fs, err, dir, dir, name);
}

int umod_fs_rmdir(struct umod_host *host, const char *path)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *dir, *n = NULL;
	const char *name;
	int err;

	if (!fs || !path)
		return -EINVAL;
	pthread_mutex_lock(&fs->lock);
	dir = held_parent(fs, path, &name, &err);
	if (dir && !(n = umod_fs_child(dir, name)))
		err = -ENOENT;
	else if (n && n->kind != UMOD_FS_DIR)
		err = -ENOTDIR;
	else if (n && (!dir->dir_ops || !dir->dir_ops->rmdir)) {
		pthread_mutex_unlock(&fs->lock);
		return umod_namei_rmdir(host, path);
	}
	return dir_op(fs, err, dir, n, NULL);
}
