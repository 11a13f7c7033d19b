// SPDX-License-Identifier: MIT
/*
 * --root DIR: the host's whole tree as one FUSE filesystem, laid out as
 * Linux's:
 *   DIR/proc/   the modules' proc entries and sysctl tables (sys/...), and
 *               modules, kallsyms, sys/kernel/tainted
 *   DIR/sys/    the /sys model (view.c: module/ from kernel/module/sysfs.c,
 *               the rest from fs/sysfs/: kernel/, class/, devices/, bus/ ...)
 *               beside what fs/ serves there (dynamic debug, configfs)
 *   DIR/dev/    device nodes (device_create, misc_register) and
 *               dev/char/MAJ:MIN for every registered character device
 * Files of proc/ and dev/ are opened through libumod's stateful file calls
 * (umod_fs_open ...): each FUSE open is a struct file, its reads and writes
 * carry the offset, release is the module's release; ioctls go through
 * with the size and direction encoded in the number (FUSE's restricted
 * ioctls); poll registers on the module's wait queues and FUSE is told
 * when one is woken. Device nodes show as regular files (mode 0600 unless
 * the driver says otherwise): a FUSE node cannot be a character device
 * served by this process; CUSE could (DESIGN.md).
 *
 * For `umod shell` (umod_tree_set_host()), the tree stands in for the
 * whole of /proc and /dev: a name of the real /proc or /dev (as this
 * process, outside the shell's namespace, sees it) that the tree has not,
 * in a directory the tree has, is a symlink to the same name below the
 * host directory, where the shell's namespace keeps the real ones bound:
 * /proc/self -> HOST/proc/self then resolves for the reader, /dev/null is
 * the real node. /sys passes its top-level names through only: /sys/module,
 * kernel/ and class/ are the tree's alone.
 */
#define FUSE_USE_VERSION 35
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <fuse.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <unistd.h>

#include <umod/umod.h>

#include "daemon.h"

/* fuse.c: libfuse's init hook, shared by both mounts */
void *umod_fuse_init(struct fuse_conn_info *conn, struct fuse_config *cfg);

#define SYSFS_FILE_SIZE	4096
#define VIEW_PAGE	4096

/* an open file of proc/ or dev/ (the view's sys/ files have none: fh 0) */
struct tree_file {
	struct umod_file *f;		/* NULL: one of the daemon's own /proc files */
	pthread_mutex_t lock;
	struct fuse_pollhandle *ph;	/* the last poll's, told at a wake-up */
	/* on the list of open files whose kernel size splice needs (spliced) */
	char *path;
	uint64_t ino;			/* the FUSE node: 0 until known */
	struct tree_file *next;
	bool cached;			/* a device with mmap: FUSE's page cache (pagecache.c) */
};

static struct tree_file *spliced;
static pthread_mutex_t spliced_lock = PTHREAD_MUTEX_INITIALIZER;

static char host_dir[PATH_MAX];	/* "": no pass-through */

/*
 * FUSE checks that mknod's new entry has the type asked for, but a device
 * node here must be a regular file (see the top): the lookup that libfuse
 * makes for the reply, on this thread, says what was made, and every later
 * one says "regular file" (the kernel then replaces its inode).
 */
static _Thread_local struct made_now {
	char path[PATH_MAX];
	mode_t mode;
	dev_t rdev;
} made_now;

void umod_tree_set_host(const char *dir)
{
	snprintf(host_dir, sizeof(host_dir), "%s", dir ? dir : "");
}

enum where { AT_ROOT, AT_VIEW, AT_PROC_BUILTIN, AT_PROC_PID, AT_PROC_DT, AT_FS };

/* /proc/device-tree: a link to the board's tree in /sys, as 6.1 makes it */
#define DT_LINK		"/proc/device-tree"
#define DT_TARGET	"/sys/firmware/devicetree/base"

static bool has_device_tree(struct umod_daemon *d)
{
	return !umod_sysfs_stat(d->host, DT_TARGET, NULL, NULL);
}

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

/* who answers for @path */
static enum where where(struct umod_daemon *d, const char *path)
{
	mode_t mode;

	if (!strcmp(path, "/"))
		return AT_ROOT;
	if (umod_proc_builtin(path))
		return AT_PROC_BUILTIN;
	/* a kernel thread's, not the real /proc's entry of that thread */
	if (umod_proc_pid_stat(path, &mode) == 0)
		return AT_PROC_PID;
	if (!strcmp(path, DT_LINK) && has_device_tree(d))
		return AT_PROC_DT;
	/* sys/: the nodes of fs/ first (class/, dynamic debug's control,
	 * config/), then the sysfs model; directories both have list both */
	if (under(path, "/sys") && strcmp(path, "/sys") &&
	    umod_fs_stat(d->host, path, NULL, NULL) && umod_view_stat(d, path + 4, &mode) == 0)
		return AT_VIEW;
	return AT_FS;
}

/* may a real name at @path show through (its parent is the tree's)? */
static bool passes(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!*host_dir || !slash || !slash[1] || !strcmp(slash, "/.") || !strcmp(slash, "/.."))
		return false;
	if (under(path, "/proc") || under(path, "/dev"))
		return strcmp(path, "/proc") && strcmp(path, "/dev");
	return slash == path + 4 && !strncmp(path, "/sys/", 5);
}

/* a real name not in the tree: the symlink to it (see the top), else -ENOENT */
static int real_stat(const char *path, mode_t *mode, off_t *size)
{
	struct stat st;

	if (!passes(path) || lstat(path, &st))
		return -ENOENT;
	*mode = S_IFLNK | 0777;
	*size = (off_t)(strlen(host_dir) + strlen(path));
	return 0;
}

/* a device node is a regular file here (see the top) */
static mode_t fuse_mode(unsigned int mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) ? S_IFREG | (mode & 07777) : mode;
}

/* @path's mode and size, and who answers for it in *@w (when @w is given) */
static int tree_stat(struct umod_daemon *d, const char *path, mode_t *mode, off_t *size,
		     enum where *w)
{
	enum where at = where(d, path);
	unsigned int m;
	int64_t sz = 0;
	int err;

	*size = 0;
	if (w)
		*w = at;
	switch (at) {
	case AT_ROOT:
		*mode = S_IFDIR | 0555;
		return 0;
	case AT_PROC_BUILTIN:
		*mode = umod_proc_mode(path);
		return 0;
	case AT_PROC_PID:
		return umod_proc_pid_stat(path, mode);
	case AT_PROC_DT:
		*mode = S_IFLNK | 0777;
		*size = (off_t)strlen(DT_TARGET);
		return 0;
	case AT_VIEW:
		err = umod_view_stat(d, path + 4, mode);
		if (!err && S_ISREG(*mode))
			*size = SYSFS_FILE_SIZE;
		return err == -ENOENT ? real_stat(path, mode, size) : err;
	case AT_FS:
		break;
	}
	err = umod_fs_stat(d->host, path, &m, &sz);
	if (!err) {
		*mode = fuse_mode(m);
		*size = (off_t)sz;
	}
	return err == -ENOENT ? real_stat(path, mode, size) : err;
}

/*
 * Files open for reading whose size is 0 get a kernel size splice can read
 * up to (umod_fuse_splice_size()); an attribute reply would set it back to
 * the 0 it carries, unless the size was raised after the request was sent,
 * which makes the kernel keep its own (stat still shows the reply's 0).
 * lseek(SEEK_END) asks through the open file and must get the 0: 6.1's
 * seq_lseek refuses SEEK_END, and `tail` then reads the file through.
 */
static struct tree_file *spliced_find(const char *path)
{
	struct tree_file *tf;

	for (tf = spliced; tf; tf = tf->next)
		if (!strcmp(tf->path, path))
			return tf;
	return NULL;
}

static void spliced_keep(const char *path)
{
	struct tree_file *tf;

	pthread_mutex_lock(&spliced_lock);
	tf = spliced_find(path);
	if (tf && tf->ino)
		umod_fuse_splice_size(path, &tf->ino);
	pthread_mutex_unlock(&spliced_lock);
}

/* first the node (from another open of the path, or the mount), then the list */
static void spliced_add(struct tree_file *tf, const char *path)
{
	struct tree_file *other;

	if (!(tf->path = strdup(path)))
		return;
	pthread_mutex_lock(&spliced_lock);
	other = spliced_find(path);
	tf->ino = other ? other->ino : 0;
	pthread_mutex_unlock(&spliced_lock);
	/* a stat of our own mount: not under the lock, other workers answer it */
	if (umod_fuse_splice_size(path, &tf->ino))
		tf->ino = 0;
	pthread_mutex_lock(&spliced_lock);
	tf->next = spliced;
	spliced = tf;
	pthread_mutex_unlock(&spliced_lock);
}

/* the last close of a path drops the pages the kernel kept of it */
static void spliced_del(struct tree_file *tf)
{
	struct tree_file **p;
	bool last;

	if (!tf->path)
		return;
	pthread_mutex_lock(&spliced_lock);
	for (p = &spliced; *p && *p != tf; p = &(*p)->next)
		;
	if (*p)
		*p = tf->next;
	last = !spliced_find(tf->path);
	pthread_mutex_unlock(&spliced_lock);
	if (last && tf->ino)
		umod_fuse_drop_cache(tf->ino);
	free(tf->path);
}

static int tree_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct umod_daemon *d = umod_fuse_daemon();
	unsigned int uid, gid;
	enum where w;
	mode_t mode;
	off_t size;
	int err = tree_stat(d, path, &mode, &size, &w);

	if (err)
		return err;
	/* fi: asked for through an open file (lseek's SEEK_END): the real 0 */
	if (!fi && S_ISREG(mode) && !size)
		spliced_keep(path);
	memset(st, 0, sizeof(*st));
	st->st_mode = mode;
	st->st_nlink = S_ISDIR(mode) ? 2 : 1;
	/* a kernel thread is root's */
	st->st_uid = w == AT_PROC_PID ? 0 : d->owner;
	st->st_gid = w == AT_PROC_PID ? 0 : umod_fuse_gid();
	if (w == AT_FS && umod_fs_owner(d->host, path, &uid, &gid) == 0) {
		st->st_uid = uid;	/* what proc_set_user(), a mknod or a chown set */
		st->st_gid = gid;
	}
	if (*made_now.path && !strcmp(path, made_now.path)) {
		st->st_mode = made_now.mode;	/* mknod's reply (above tree_mknod) */
		st->st_rdev = made_now.rdev;
		made_now.path[0] = '\0';
	}
	st->st_size = size;
	st->st_atim = st->st_mtim = st->st_ctim = umod_fuse_mounted();
	return 0;
}

struct fill {
	void *buf;
	fuse_fill_dir_t fill;
	bool merge;		/* a second source follows: list each name once */
	char **names;		/* what was listed, when another source follows */
	size_t count, cap;
};

static bool listed(struct fill *f, const char *name)
{
	for (size_t i = 0; i < f->count; i++)
		if (!strcmp(f->names[i], name))
			return true;
	return false;
}

static int remember(struct fill *f, const char *name)
{
	if (f->count == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 32;
		char **names = realloc(f->names, cap * sizeof(*names));

		if (!names)
			return -ENOMEM;
		f->names = names;
		f->cap = cap;
	}
	if (!(f->names[f->count] = strdup(name)))
		return -ENOMEM;
	f->count++;
	return 0;
}

static int fill_mode(void *data, const char *name, mode_t mode)
{
	struct fill *f = data;
	struct stat st = { .st_mode = fuse_mode(mode) };

	if (f->merge && listed(f, name))
		return 0;
	if ((*host_dir || f->merge) && remember(f, name))
		return -ENOMEM;
	return f->fill(f->buf, name, &st, 0, 0) ? -ENOBUFS : 0;
}

/* after the tree's entries of @path: the real ones it has not, as symlinks */
static int fill_real(struct fill *f, const char *path)
{
	char sub[PATH_MAX];
	struct dirent *e;
	DIR *dir;
	int err = 0;

	/* only these directories take real names (passes()) */
	if (!*host_dir || (!under(path, "/proc") && !under(path, "/dev") && strcmp(path, "/sys")))
		return 0;
	if (!(dir = opendir(path)))
		return 0;
	while (!err && (e = readdir(dir))) {
		struct stat st = { .st_mode = S_IFLNK | 0777 };

		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= sizeof(sub) ||
		    !passes(sub) || listed(f, e->d_name))
			continue;
		err = f->fill(f->buf, e->d_name, &st, 0, 0) ? -ENOBUFS : 0;
	}
	closedir(dir);
	return err;
}

static void fill_done(struct fill *f)
{
	for (size_t i = 0; i < f->count; i++)
		free(f->names[i]);
	free(f->names);
}

static int fill_fs(void *data, const char *name, unsigned int mode)
{
	return fill_mode(data, name, (mode_t)mode);
}

/* the tree's own entries of directory @path */
static int list_tree(struct umod_daemon *d, const char *path, struct fill *f)
{
	struct umod_host *host = d->host;

	if (!strcmp(path, "/"))
		return umod_fs_list(host, "/", fill_fs, f);
	if (!strcmp(path, "/proc")) {
		fill_mode(f, "devices", S_IFREG | 0444);
		if (has_device_tree(d))
			fill_mode(f, "device-tree", S_IFLNK | 0777);
		fill_mode(f, "kallsyms", S_IFREG | 0444);
		fill_mode(f, "modules", S_IFREG | 0444);
		umod_proc_pid_list(path, fill_mode, f);
		return umod_fs_list(host, path, fill_fs, f);
	}
	/* the sysctl tables' entries (fs/proc/proc_sysctl.c) beside the daemon's */
	if (!strcmp(path, "/proc/sys/kernel")) {
		fill_mode(f, "hung_task_timeout_secs", S_IFREG | 0644);
		fill_mode(f, "tainted", S_IFREG | 0444);
	}
	if (under(path, "/sys")) {
		int err, verr;

		if (where(d, path) == AT_VIEW)
			return umod_view_list(d, path + 4, fill_mode, f);
		f->merge = true;
		err = umod_fs_list(host, path, fill_fs, f);
		verr = umod_view_list(d, strcmp(path, "/sys") ? path + 4 : "/", fill_mode, f);
		return err && err != -ENOENT ? err : err && verr ? verr : 0;
	}
	if (where(d, path) == AT_PROC_PID)
		return umod_proc_pid_list(path, fill_mode, f);
	return umod_fs_list(host, path, fill_fs, f);
}

static int tree_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
			struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	struct fill f = { .buf = buf, .fill = fill };
	int err;

	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	err = list_tree(umod_fuse_daemon(), path, &f);
	if (!err)
		err = fill_real(&f, path);
	fill_done(&f);
	return err;
}

/*
 * The kernel-internal restart codes never reach user space: Linux turns
 * -ERESTARTSYS into EINTR (or restarts the call) on the way out, and the
 * FUSE device refuses them in a reply, which would leave the request
 * unanswered. A request cannot be restarted from here: EINTR.
 */
static long to_user(long ret)
{
	return ret <= -512 && ret >= -516 ? -EINTR : ret;
}

/* sysfs-like files of the view, and the daemon's /proc: checks as fuse.c's */
static int view_open(struct umod_daemon *d, const char *path, int flags, enum where w)
{
	mode_t mode = umod_proc_mode(path);
	int err = w == AT_PROC_PID ? umod_proc_pid_stat(path, &mode) :
		  w == AT_VIEW ? umod_view_stat(d, path + 4, &mode) : 0;

	if (err)
		return err;
	if (S_ISDIR(mode))
		return -EISDIR;
	/* proc: the kernel's DAC check was all (root passes); sysfs: as kernfs */
	if (w != AT_VIEW)
		return 0;
	if ((flags & O_ACCMODE) != O_RDONLY && !(mode & 0222))
		return -EACCES;
	if ((flags & O_ACCMODE) != O_WRONLY && !(mode & 0444))
		return -EACCES;
	return 0;
}

static int tree_open(const char *path, struct fuse_file_info *fi)
{
	struct umod_daemon *d = umod_fuse_daemon();
	enum where w = where(d, path);
	struct tree_file *tf;
	int err;

	fi->direct_io = 1;	/* sizes are nominal (0, 4096): always ask */
	fi->fh = 0;
	if (w == AT_VIEW)
		return view_open(d, path, fi->flags, w);
	if (w != AT_FS && w != AT_PROC_BUILTIN && w != AT_PROC_PID)
		return -EISDIR;
	if (!(tf = calloc(1, sizeof(*tf))))
		return -ENOMEM;
	if (w != AT_FS)
		err = view_open(d, path, fi->flags, w);
	else {
		umod_fuse_identity();
		err = umod_fs_open(d->host, path,
				   fi->flags & (O_ACCMODE | O_NONBLOCK | O_APPEND), &tf->f);
	}
	if (err) {
		free(tf);
		return (int)to_user(err);
	}
	pthread_mutex_init(&tf->lock, NULL);
	fi->fh = (uint64_t)(uintptr_t)tf;
	fi->nonseekable = tf->f && !umod_fs_seekable(tf->f);
	if ((fi->flags & O_ACCMODE) != O_WRONLY)
		spliced_add(tf, path);
	/* a shared mmap() needs the page cache (FUSE refuses it on direct I/O) */
	if (tf->f && umod_fs_mappable(tf->f)) {
		tf->cached = true;
		fi->direct_io = 0;
		fi->keep_cache = 0;	/* each open sees the driver's memory afresh */
	}
	return 0;
}

static struct tree_file *tree_file(struct fuse_file_info *fi)
{
	return (struct tree_file *)(uintptr_t)fi->fh;
}

/*
 * A /proc file has no size limit (seq_file grows its buffer until a record
 * fits): render into a buffer doubled until the text fits, up to a bound
 * no real listing reaches.
 */
#define PROC_TEXT_MAX	(64u << 20)

static char *render(struct umod_daemon *d, const char *path, ssize_t *len)
{
	size_t size = VIEW_PAGE * 4;
	char *value = NULL, *grown;

	do {
		size *= 2;
		grown = realloc(value, size + 1);
		if (!grown) {
			*len = -ENOMEM;
			break;
		}
		value = grown;
		if (!under(path, "/proc")) {
			*len = umod_view_read(d, path + 4, value, VIEW_PAGE + 1);
			break;
		}
		*len = umod_proc_read(d, path, value, size + 1);
	} while (*len == -EFBIG && size < PROC_TEXT_MAX);
	return value;
}

static int view_read(struct umod_daemon *d, const char *path, char *buf, size_t size,
		     off_t off)
{
	ssize_t len;
	char *value = render(d, path, &len);

	if (len >= 0) {
		len = off >= len ? 0 : len - off;
		if ((size_t)len > size)
			len = (ssize_t)size;
		memcpy(buf, value + off, (size_t)len);
	}
	free(value);
	return (int)len;
}

static int tree_read(const char *path, char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	struct tree_file *tf = tree_file(fi);
	int64_t pos = off;

	if (!tf || !tf->f)
		return view_read(umod_fuse_daemon(), path, buf, size, off);
	umod_fuse_identity();
	if (tf->cached)
		return (int)to_user(umod_tree_cache_read(tf->f, buf, size, off));
	return (int)to_user(umod_fs_read(tf->f, buf, size, &pos));
}

static int tree_write(const char *path, const char *buf, size_t size, off_t off,
		      struct fuse_file_info *fi)
{
	struct tree_file *tf = tree_file(fi);
	int64_t pos = off;

	if (!tf || !tf->f) {
		/* comm_write(): another thread group's name is not to be set */
		if (where(umod_fuse_daemon(), path) == AT_PROC_PID)
			return -EINVAL;
		/* seq files without proc_write, as pde_write() answers */
		if (under(path, "/proc")) {
			int err = (int)umod_proc_write(umod_fuse_daemon(), path, buf, size);

			return err == -EACCES ? -EIO : err;
		}
		return (int)umod_view_write(umod_fuse_daemon(), path + 4, buf, size);
	}
	umod_fuse_identity();
	if (tf->cached)
		return (int)to_user(umod_tree_cache_write(tf->f, buf, size, off, fi->writepage));
	return (int)to_user(umod_fs_write(tf->f, buf, size, &pos));
}

static int tree_release(const char *path, struct fuse_file_info *fi)
{
	struct tree_file *tf = tree_file(fi);

	if (!tf)
		return 0;
	spliced_del(tf);
	umod_fuse_identity();
	if (tf->f)
		umod_fs_release(tf->f);
	if (tf->ph)
		fuse_pollhandle_destroy(tf->ph);
	pthread_mutex_destroy(&tf->lock);
	free(tf);
	return 0;
}

/* a disk's file: fsync is a flush, a punched hole a discard (block/fops.c) */
static int tree_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
	struct tree_file *tf = tree_file(fi);

	if (!tf || !tf->f)
		return 0;
	umod_fuse_identity();
	return (int)to_user(umod_fs_fsync(tf->f, datasync));
}

static int tree_fallocate(const char *path, int mode, off_t off, off_t len,
			  struct fuse_file_info *fi)
{
	struct tree_file *tf = tree_file(fi);

	if (!tf || !tf->f)
		return -EOPNOTSUPP;
	umod_fuse_identity();
	return (int)to_user(umod_fs_fallocate(tf->f, mode, off, len));
}

/* `echo x > node` truncates first: devices and proc entries ignore that */
static int tree_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	return 0;
}

static int tree_readlink(const char *path, char *buf, size_t size)
{
	struct umod_daemon *d = umod_fuse_daemon();
	mode_t mode;
	off_t len;
	ssize_t n;

	if (where(d, path) == AT_PROC_DT) {
		snprintf(buf, size, "%s", DT_TARGET);
		return 0;
	}
	if (where(d, path) == AT_FS && umod_fs_readlink(d->host, path, buf, size) >= 0)
		return 0;
	if (where(d, path) != AT_VIEW || umod_view_stat(d, path + 4, &mode) == -ENOENT) {
		if (tree_stat(d, path, &mode, &len, NULL) || !S_ISLNK(mode))
			return -EINVAL;
		/* FUSE wants it terminated, cut if need be */
		snprintf(buf, size, "%s%s", host_dir, path);
		return 0;
	}
	n = umod_view_readlink(d, path + 4, buf, size);
	return n < 0 ? (int)n : 0;
}

/*
 * What a user makes in dev/ (fs/namei.c): mknod, symlinks, unlink, chmod,
 * chown. The kernel has checked the caller's rights on the directory and
 * the node (default_permissions) and applied the umask; the new node is
 * the caller's (its fsuid and fsgid, as Linux gives it).
 */
static int tree_mknod(const char *path, mode_t mode, dev_t rdev)
{
	const struct fuse_context *c = fuse_get_context();
	unsigned int devt = (major(rdev) << 20) | minor(rdev);
	int err;

	made_now.path[0] = '\0';
	err = umod_fs_mknod(umod_fuse_daemon()->host, path, mode, devt, c->uid, c->gid);
	if (!err) {
		snprintf(made_now.path, sizeof(made_now.path), "%s", path);
		made_now.mode = mode;
		made_now.rdev = rdev;
	}
	return err;
}

/* mkdir(2) and rmdir(2): a user's directories in dev/, configfs's items */
static int tree_mkdir(const char *path, mode_t mode)
{
	const struct fuse_context *c = fuse_get_context();
	struct umod_daemon *d = umod_fuse_daemon();

	if (where(d, path) != AT_FS)
		return -EPERM;
	umod_fuse_identity();
	return (int)to_user(umod_fs_mkdir(d->host, path, mode, c->uid, c->gid));
}

static int tree_rmdir(const char *path)
{
	struct umod_daemon *d = umod_fuse_daemon();

	if (where(d, path) != AT_FS)
		return -EPERM;
	umod_fuse_identity();
	return (int)to_user(umod_fs_rmdir(d->host, path));
}

static int tree_rename(const char *from, const char *to, unsigned int flags)
{
	if (flags & ~RENAME_NOREPLACE)
		return -EINVAL;	/* RENAME_EXCHANGE, RENAME_WHITEOUT */
	return umod_fs_rename(umod_fuse_daemon()->host, from, to, flags & RENAME_NOREPLACE);
}

static int tree_symlink(const char *target, const char *path)
{
	const struct fuse_context *c = fuse_get_context();

	return umod_fs_symlink(umod_fuse_daemon()->host, target, path, c->uid, c->gid);
}

static int tree_unlink(const char *path)
{
	return umod_fs_unlink(umod_fuse_daemon()->host, path);
}

static int tree_chmod(const char *path, mode_t mode, struct fuse_file_info *fi)
{
	return umod_fs_setattr(umod_fuse_daemon()->host, path, mode & 07777, -1u, -1u);
}

static int tree_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
	return umod_fs_setattr(umod_fuse_daemon()->host, path, -1u, uid, gid);
}

/* _IOC_SIZE and _IOC_DIR of asm-generic/ioctl.h */
#define IOC_SIZE(cmd)	(((cmd) >> 16) & 0x3fffu)
#define IOC_DIR(cmd)	(((cmd) >> 30) & 0x3u)
#define IOC_READ	2u

/*
 * May this daemon reach @pid's memory (ptrace access)? Asked once per
 * caller on each thread; the first refusal is said once, in the log.
 */
static bool caller_reachable(struct umod_daemon *d, pid_t pid)
{
	static _Thread_local pid_t last;
	static _Thread_local bool verdict;
	static atomic_bool told;
	int r;

	if (pid == last)
		return verdict;
	r = umod_fs_process_reachable((int)pid);
	last = pid;
	verdict = r > 0;
	if (!r && !atomic_exchange(&told, true))
		umod_host_log(d->host, 4, "umod: ioctl from pid %d: its memory cannot be reached "
			      "(ptrace access denied: another user, or kernel.yama.ptrace_scope); "
			      "ioctl arguments are limited to their _IOC_SIZE bytes\n", (int)pid);
	return verdict;
}

/*
 * An ioctl as Linux runs it: the module gets the caller's own argument and
 * its copies reach the caller's memory. FUSE (restricted ioctls) has
 * copied the _IOC_SIZE bytes at the argument into @data and copies @data
 * back out after a success: @data is first made what the caller now holds.
 * Without access to the caller, the module works on FUSE's copy instead.
 */
static long ioctl_as_caller(struct umod_daemon *d, struct tree_file *tf, unsigned int cmd,
			    void *arg, void *data)
{
	pid_t pid = fuse_get_context()->pid;
	size_t size = IOC_SIZE(cmd);
	long ret;

	/* a kernel buffer: the VFS's own call (FS_IOC_GETFLAGS through fileattr_get) */
	if ((intptr_t)arg < 0 || !caller_reachable(d, pid)) {
		if (IOC_DIR(cmd) && size && data)
			return umod_fs_ioctl(tf->f, cmd, 0, data, size);
		return umod_fs_ioctl(tf->f, cmd, (unsigned long)(uintptr_t)arg, NULL, 0);
	}
	ret = umod_fs_ioctl_process(tf->f, cmd, (unsigned long)(uintptr_t)arg, (int)pid);
	if (ret >= 0 && (IOC_DIR(cmd) & IOC_READ) && size && data) {
		struct iovec l = { data, size }, r = { arg, size };

		if (process_vm_readv(pid, &l, 1, &r, 1, 0) != (ssize_t)size)
			memset(data, 0, size);	/* unmapped: FUSE's copy-out fails too */
	}
	return ret;
}

/* a call umod shell's supervisor brought (supervise.c): its caller's own */
static long forwarded(struct tree_file *tf, const struct umod_forward *fw)
{
	struct umod_map *m;

	umod_fuse_identity_of(fw->pid);
	if (fw->kind == UMOD_FW_IOCTL)
		return umod_fs_ioctl_process(tf->f, fw->cmd, fw->arg, (int)fw->pid);
	/* the driver's mmap op, when the process maps (pagecache.c serves it) */
	return umod_fs_mmap(tf->f, fw->off, fw->len, fw->prot, fw->flags, &m);
}

static int tree_ioctl(const char *path, unsigned int cmd, void *arg,
		      struct fuse_file_info *fi, unsigned int flags, void *data)
{
	struct tree_file *tf = tree_file(fi);
	struct umod_forward fw;
	long ret;

	if (!tf || !tf->f)
		return -ENOTTY;
	if (cmd == UMOD_TREE_FORWARD && umod_supervise_take(fuse_get_context()->pid, &fw)) {
		ret = to_user(forwarded(tf, &fw));
	} else {
		umod_fuse_identity();
		ret = to_user(ioctl_as_caller(umod_fuse_daemon(), tf, cmd, arg, data));
	}
	return ret < -4095 || ret > 0x7fffffff ? -EIO : (int)ret;
}

/* a wait queue the file's poll named was woken: FUSE asks again */
static void tree_poll_wake(void *data)
{
	struct tree_file *tf = data;

	pthread_mutex_lock(&tf->lock);
	if (tf->ph)
		fuse_notify_poll(tf->ph);
	pthread_mutex_unlock(&tf->lock);
}

static int tree_poll(const char *path, struct fuse_file_info *fi,
		     struct fuse_pollhandle *ph, unsigned int *reventsp)
{
	struct tree_file *tf = tree_file(fi);
	unsigned int revents = 0;
	int err;

	if (!tf || !tf->f) {
		if (ph)
			fuse_pollhandle_destroy(ph);
		*reventsp = POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM;
		return 0;
	}
	if (ph) {
		pthread_mutex_lock(&tf->lock);
		if (tf->ph)
			fuse_pollhandle_destroy(tf->ph);
		tf->ph = ph;
		pthread_mutex_unlock(&tf->lock);
	}
	umod_fuse_identity();
	err = umod_fs_poll(tf->f, ~0u, ph ? tree_poll_wake : NULL, tf, &revents);
	*reventsp = revents;
	return err;
}

const struct fuse_operations umod_tree_ops = {
	.init = umod_fuse_init,
	.getattr = tree_getattr,
	.readdir = tree_readdir,
	.open = tree_open,
	.read = tree_read,
	.write = tree_write,
	.release = tree_release,
	.truncate = tree_truncate,
	.fsync = tree_fsync,
	.fallocate = tree_fallocate,
	.readlink = tree_readlink,
	.mknod = tree_mknod,
	.mkdir = tree_mkdir,
	.rmdir = tree_rmdir,
	.rename = tree_rename,
	.symlink = tree_symlink,
	.unlink = tree_unlink,
	.chmod = tree_chmod,
	.chown = tree_chown,
	.ioctl = tree_ioctl,
	.poll = tree_poll,
};
