// SPDX-License-Identifier: MIT
/*
 * --sysfs DIR: the host's /sys model as a real filesystem, so that `cat
 * DIR/module/hellop/parameters/whom` and `echo 3 > .../level` work with
 * normal tools. The files are what the model says, read and written
 * through it on every access (no caching: a module that comes or goes,
 * or a value a module changes, shows at once). As on sysfs, attribute
 * files have size 4096, a read-only file cannot be opened for writing even
 * by root, and each write() is one store.
 *
 * libfuse runs its loop in a thread of its own; the daemon's signals stay
 * blocked there. Stopping sets the session's exit flag and interrupts the
 * thread's read of /dev/fuse with SIGUSR1 until the loop has returned.
 */
#define FUSE_USE_VERSION 35
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <fuse_log.h>
#include <fuse_lowlevel.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <umod/umod.h>

#include "daemon.h"

extern char **environ;

#define SYSFS_FILE_SIZE	4096	/* the size sysfs reports for every attribute */

struct umod_fuse {
	struct umod_daemon *d;
	bool tree;		/* --root's whole tree (tree.c), else --sysfs's view */
	const char *dir;
	struct fuse *fuse;
	pthread_t thread;
	atomic_bool done;
	struct timespec mounted;	/* every file's times, as sysfs's are boot's */
	char error[256];	/* libfuse's last complaint, for our one message */
};

extern const struct fuse_operations umod_tree_ops;	/* tree.c */
void *umod_fuse_init(struct fuse_conn_info *conn, struct fuse_config *cfg);

static struct umod_fuse *fuse_of_call(void)
{
	return fuse_get_context()->private_data;
}

static struct umod_daemon *daemon_of_call(void)
{
	return fuse_of_call()->d;
}

struct umod_daemon *umod_fuse_daemon(void)
{
	return daemon_of_call();
}

struct timespec umod_fuse_mounted(void)
{
	return fuse_of_call()->mounted;
}

/*
 * The last few clients' names: the loop hands each request to whichever
 * of its threads is free, so a per-thread memory of the last client
 * missed on almost every request (and reread /proc/PID/comm: four system
 * calls), and a release, which the kernel sends with pid 0, spoilt it too.
 */
#define COMM_SLOTS	8

static struct {
	pid_t pid;
	char comm[32];
} comm_cache[COMM_SLOTS];
static unsigned int comm_next;
static pthread_mutex_t comm_lock = PTHREAD_MUTEX_INITIALIZER;

static bool cached_comm(pid_t pid, char *comm, size_t size)
{
	bool hit = false;

	pthread_mutex_lock(&comm_lock);
	for (unsigned int i = 0; i < COMM_SLOTS && !hit; i++)
		if (comm_cache[i].pid == pid) {
			snprintf(comm, size, "%s", comm_cache[i].comm);
			hit = true;
		}
	pthread_mutex_unlock(&comm_lock);
	return hit;
}

static void remember_comm(pid_t pid, const char *comm)
{
	pthread_mutex_lock(&comm_lock);
	comm_cache[comm_next].pid = pid;
	snprintf(comm_cache[comm_next].comm, sizeof(comm_cache[0].comm), "%s", comm);
	comm_next = (comm_next + 1) % COMM_SLOTS;
	pthread_mutex_unlock(&comm_lock);
}

static void read_comm(pid_t pid, char *comm, size_t size)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "re");
	if (f) {
		if (fgets(comm, (int)size, f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
}

/*
 * The client's pid, name and CPUs become current's, as the kernel runs a
 * system call as its caller; a thread serves many clients, so the last one
 * is remembered to spare reading /proc per request.
 */
void umod_fuse_identity(void)
{
	umod_fuse_identity_of(fuse_get_context()->pid);
}

void umod_fuse_identity_of(pid_t pid)
{
	static _Thread_local pid_t last;
	const struct fuse_context *ctx = fuse_get_context();
	char comm[32] = "";

	if (pid == last)
		return;
	/* pid 0 (a release): no process to name */
	if (pid > 0 && !cached_comm(pid, comm, sizeof(comm))) {
		read_comm(pid, comm, sizeof(comm));
		remember_comm(pid, comm);
	}
	umod_task_set_identity((int)pid, comm);
	umod_task_set_cred(ctx->uid, ctx->gid);
	umod_peer_affinity(pid);
	last = pid;
}

/* the daemon's group, every file's: asked at mount, not per getattr */
static gid_t fuse_gid;

gid_t umod_fuse_gid(void)
{
	return fuse_gid;
}

/*
 * splice(2) and sendfile(2) of a FUSE file go through the page cache up to
 * the inode's size on hosts from 6.5 until FUSE uses copy_splice_read() for
 * direct_io files; the tree's /proc and /dev files report size 0, as
 * Linux's do, so they would read as empty. The kernel's size is raised,
 * without changing what stat shows, by storing one byte at the end of a
 * large span (FUSE's NOTIFY_STORE): the first read comes back short and the
 * kernel cuts the size to what was there, as it does for any short read.
 * The kernel takes a store's end as the size only when it is beyond the
 * size it has, so each store ends one byte further. The node is the
 * st_ino the kernel has for the path (libfuse numbers nodes so unless
 * use_ino is set).
 */
#define SPLICE_SIZE	(1ull << 40)

static atomic_uint_fast64_t splice_stores;

int umod_fuse_splice_size(const char *path, uint64_t *ino)
{
	struct umod_fuse *uf = fuse_of_call();
	struct fuse_bufvec bv = FUSE_BUFVEC_INIT(1);
	char full[PATH_MAX], byte = 0;
	struct stat st;

	if (!*ino) {
		if ((size_t)snprintf(full, sizeof(full), "%s%s", uf->dir, path) >= sizeof(full))
			return -ENAMETOOLONG;
		if (stat(full, &st))
			return -errno;
		*ino = st.st_ino;
	}
	bv.buf[0].mem = &byte;
	return fuse_lowlevel_notify_store(fuse_get_session(uf->fuse), *ino,
					  SPLICE_SIZE + atomic_fetch_add(&splice_stores, 1), &bv, 0);
}

void umod_fuse_drop_cache(uint64_t ino)
{
	fuse_lowlevel_notify_inval_inode(fuse_get_session(fuse_of_call()->fuse), ino, 0, 0);
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct umod_daemon *d = daemon_of_call();
	mode_t mode;
	int err = umod_view_stat(d, path, &mode);

	if (err)
		return err;
	memset(st, 0, sizeof(*st));
	st->st_mode = mode;
	st->st_nlink = S_ISDIR(mode) ? 2 : 1;
	st->st_uid = d->owner;
	st->st_gid = umod_fuse_gid();
	st->st_size = S_ISREG(mode) ? SYSFS_FILE_SIZE : 0;
	st->st_atim = st->st_mtim = st->st_ctim = fuse_of_call()->mounted;
	return 0;
}

struct fill {
	void *buf;
	fuse_fill_dir_t fill;
};

static int fill_one(void *data, const char *name, mode_t mode)
{
	struct fill *f = data;
	struct stat st = { .st_mode = mode };

	return f->fill(f->buf, name, &st, 0, 0) ? -ENOBUFS : 0;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	struct fill f = { buf, fill };

	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	return umod_view_list(daemon_of_call(), path, fill_one, &f);
}

/* sysfs: no write method, no opening for write, whoever asks */
static int fs_open(const char *path, struct fuse_file_info *fi)
{
	mode_t mode;
	int err = umod_view_stat(daemon_of_call(), path, &mode);

	if (err)
		return err;
	if (S_ISDIR(mode))
		return -EISDIR;
	if ((fi->flags & O_ACCMODE) != O_RDONLY && !(mode & 0222))
		return -EACCES;
	if ((fi->flags & O_ACCMODE) != O_WRONLY && !(mode & 0444))
		return -EACCES;
	fi->direct_io = 1;	/* the size is nominal: always ask us */
	return 0;
}

static int fs_read(const char *path, char *buf, size_t size, off_t off,
		   struct fuse_file_info *fi)
{
	char *value = malloc(UMOD_SYSFS_PAGE_SIZE + 1);
	ssize_t len;

	if (!value)
		return -ENOMEM;
	len = umod_view_read(daemon_of_call(), path, value, UMOD_SYSFS_PAGE_SIZE + 1);
	if (len >= 0) {
		if (off >= len)
			len = 0;
		else {
			len -= off;
			if ((size_t)len > size)
				len = (ssize_t)size;
			memcpy(buf, value + off, (size_t)len);
		}
	}
	free(value);
	return (int)len;
}

static int fs_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	ssize_t n = umod_view_write(daemon_of_call(), path, buf, size);

	return (int)n;
}

/* `echo x > file` truncates first; a sysfs attribute ignores that */
static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
	return 0;
}

static int fs_readlink(const char *path, char *buf, size_t size)
{
	ssize_t n = umod_view_readlink(daemon_of_call(), path, buf, size);

	return n < 0 ? (int)n : 0;
}

void *umod_fuse_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
	/* every lookup and attribute goes to the model, as sysfs is live */
	cfg->entry_timeout = 0;
	cfg->attr_timeout = 0;
	cfg->negative_timeout = 0;
	/* direct I/O is each open's choice (tree.c keeps the page cache for mmap) */
	/* unlink is unlink: an open file stays usable without a hidden rename */
	cfg->hard_remove = 1;
	/* a client gone during a blocking read: its thread gets SIGUSR2 */
	cfg->intr = 1;
	cfg->intr_signal = SIGUSR2;
	return fuse_get_context()->private_data;
}

static const struct fuse_operations fs_ops = {
	.init = umod_fuse_init,
	.getattr = fs_getattr,
	.readdir = fs_readdir,
	.open = fs_open,
	.read = fs_read,
	.write = fs_write,
	.truncate = fs_truncate,
	.readlink = fs_readlink,
};

/* ---- the loop's thread ------------------------------------------------------ */

static void on_usr1(int sig)
{
}

/* FUSE's INTERRUPT for the request this thread runs: its sleep ends */
static void on_usr2(int sig)
{
	umod_fs_interrupt_current();
}

static void *loop_main(void *arg)
{
	struct umod_fuse *uf = arg;
	struct sigaction sa = { .sa_handler = on_usr1 };
	struct sigaction sa2 = { .sa_handler = on_usr2 };
	struct fuse_loop_config cfg = { .clone_fd = 0, .max_idle_threads = 10 };
	sigset_t set;

	/* interruptible: no SA_RESTART, so a blocked read returns EINTR */
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa2, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	/* the loop's workers, started from here, inherit the mask */
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	/* the tree's reads may block in a module: a thread per request */
	if (uf->tree)
		fuse_loop_mt(uf->fuse, &cfg);
	else
		fuse_loop(uf->fuse);
	atomic_store(&uf->done, true);
	return NULL;
}

static struct umod_fuse *log_target;	/* only during fuse_new/fuse_mount */

static void capture_log(enum fuse_log_level level, const char *fmt, va_list ap)
{
	if (log_target && level <= FUSE_LOG_ERR) {
		vsnprintf(log_target->error, sizeof(log_target->error), fmt, ap);
		log_target->error[strcspn(log_target->error, "\n")] = '\0';
	}
}

/* fuse_new() and fuse_mount(), libfuse's complaints kept for one message */
/* is there a umod mount on @dir (ours, of a daemon that was killed)? */
static bool umod_mounted_on(const char *dir)
{
	FILE *f = fopen("/proc/self/mounts", "re");
	char src[256], at[4096], type[64];
	bool found = false;

	if (!f)
		return false;
	while (!found && fscanf(f, "%255s %4095s %63s %*[^\n]", src, at, type) == 3)
		found = !strcmp(type, "fuse.umod") && !strcmp(at, dir);
	fclose(f);
	return found;
}

/* lazily, as root; through fusermount3 -uz otherwise, as it allows a mount's owner */
static void detach_mount(const char *dir)
{
	char *argv[] = { "fusermount3", "-u", "-z", (char *)dir, NULL };
	pid_t pid;
	int status;

	if (umount2(dir, MNT_DETACH) == 0)
		return;
	if (posix_spawnp(&pid, "fusermount3", NULL, NULL, argv, environ) == 0)
		waitpid(pid, &status, 0);
}

/*
 * A daemon killed with SIGKILL leaves its mount behind, dead ("Transport
 * endpoint is not connected"): detach it, so that this one mounts on a
 * clean directory.
 */
static void clear_dead_mount(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) == 0 || errno != ENOTCONN || !umod_mounted_on(dir))
		return;
	fprintf(stderr, "umod: WARNING: %s: a dead mount of an earlier daemon was there: detached\n",
		dir);
	detach_mount(dir);
}

static int mount_fs(struct umod_daemon *d, struct umod_fuse *uf)
{
	bool root = geteuid() == 0;
	char *argv[] = { "umod", "-o", uf->tree ?
		(root ? "allow_other,default_permissions,fsname=umod,subtype=umod" :
			"default_permissions,fsname=umod,subtype=umod") :
		(root ? "allow_other,default_permissions,fsname=umod-sysfs,subtype=umod" :
			"default_permissions,fsname=umod-sysfs,subtype=umod"), NULL };
	struct fuse_args args = FUSE_ARGS_INIT(3, argv);
	int err = -EIO;

	clear_dead_mount(uf->dir);
	fuse_gid = getegid();
	clock_gettime(CLOCK_REALTIME, &uf->mounted);
	log_target = uf;
	fuse_set_log_func(capture_log);
	uf->fuse = uf->tree ? fuse_new(&args, &umod_tree_ops, sizeof(umod_tree_ops), uf) :
		   fuse_new(&args, &fs_ops, sizeof(fs_ops), uf);
	if (uf->fuse && fuse_mount(uf->fuse, uf->dir) == 0)
		err = 0;
	else if (uf->fuse) {
		fuse_destroy(uf->fuse);
		uf->fuse = NULL;
	}
	fuse_opt_free_args(&args);
	log_target = NULL;
	return err;
}

static struct umod_fuse *start_one(struct umod_daemon *d, const char *dir, bool tree)
{
	struct umod_fuse *uf = calloc(1, sizeof(*uf));
	int err;

	if (uf) {
		uf->d = d;
		uf->dir = dir;
		uf->tree = tree;
	}
	err = uf ? mount_fs(d, uf) : -ENOMEM;
	if (!err && pthread_create(&uf->thread, NULL, loop_main, uf)) {
		fuse_unmount(uf->fuse);
		fuse_destroy(uf->fuse);
		snprintf(uf->error, sizeof(uf->error), "no thread");
		err = -EAGAIN;
	}
	if (err) {
		fprintf(stderr, "umod: WARNING: cannot mount %s at %s: %s; running without it\n",
			tree ? "the tree" : "sysfs", dir,
			uf && *uf->error ? uf->error : strerror(-err));
		free(uf);
		return NULL;
	}
	return uf;
}

int umod_fuse_tree_inval(struct umod_daemon *d, uint64_t ino, int64_t off, int64_t len)
{
	if (!d->fuse_root)
		return -ENOENT;
	return fuse_lowlevel_notify_inval_inode(fuse_get_session(d->fuse_root->fuse),
						(fuse_ino_t)ino, off, len);
}

/* each set before its loop runs: the first request may come at once */
int umod_fuse_start(struct umod_daemon *d)
{
	int err = 0;

	if (d->opts->sysfs_dir && !(d->fuse = start_one(d, d->opts->sysfs_dir, false)))
		err = -EIO;
	if (d->opts->root_dir && !(d->fuse_root = start_one(d, d->opts->root_dir, true)))
		err = -EIO;
	return err;
}

/*
 * The loop ends once every request thread has: one stuck in module code
 * (an uninterruptible sleep) never does. After FUSE_DRAIN_MS such a
 * thread, its loop and the session it would answer on are left to the
 * process's end (which closes the session: its readers then fail), and
 * the mount is detached now, so that nothing new reaches it.
 */
#define FUSE_DRAIN_MS	2000

static void stop_one(struct umod_fuse *uf)
{
	struct timespec tick = { .tv_nsec = 10 * 1000000L };

	if (!uf)
		return;
	fuse_exit(uf->fuse);
	/* a signal that lands just before the read is lost: send until it ends */
	for (int ms = 0; !atomic_load(&uf->done) && ms < FUSE_DRAIN_MS; ms += 10) {
		pthread_kill(uf->thread, SIGUSR1);
		nanosleep(&tick, NULL);
	}
	if (!atomic_load(&uf->done)) {
		umod_host_log(uf->d->host, 4, "umod: a request on %s still runs module code: the mount is detached, the daemon exits without it\n",
			      uf->dir);
		detach_mount(uf->dir);
		return;
	}
	pthread_join(uf->thread, NULL);
	fuse_unmount(uf->fuse);
	fuse_destroy(uf->fuse);
	free(uf);
}

void umod_fuse_stop(struct umod_daemon *d)
{
	stop_one(d->fuse);
	stop_one(d->fuse_root);
	d->fuse = d->fuse_root = NULL;
}
