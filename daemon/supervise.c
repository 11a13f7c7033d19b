// SPDX-License-Identifier: MIT
/*
 * umod shell's seccomp supervisor: the system calls FUSE cannot carry as
 * Linux runs them, done by the daemon for the shell's processes.
 *   ioctl   FUSE copies _IOC_SIZE bytes from the argument before the daemon
 *           sees the call (restricted ioctls), so an integer argument of an
 *           _IOW/_IOR number fails with EFAULT; and the VFS takes
 *           FS_IOC_GETFLAGS' and FS_IOC_FSGETXATTR's numbers for itself.
 *   mmap    FUSE never tells the daemon that a file is mapped: the driver's
 *           mmap op is run here, when the process maps, with its range.
 *   mknod   the VFS wants CAP_MKNOD in the initial namespace, which a user
 *           in umod shell's user namespace never has.
 * The shell's process installs a filter (umod_supervise_install()) that
 * sends only these calls here, and only those FUSE would get wrong: an
 * ioctl whose number has a size and whose argument fits in 32 bits (not a
 * pointer of a PIE program), a shared mmap of a file, a mknod of a device.
 * A call on anything but the tree goes on as it was (CONTINUE).
 *
 * An ioctl or mmap reaches its file through FUSE all the same: this
 * process takes a copy of the caller's descriptor (pidfd_getfd()) and
 * makes a neutral ioctl on it, which FUSE brings to tree.c with the
 * file's handle; what to do is left in a table under this thread's id,
 * which only this process's threads can have (umod_supervise_take()).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "daemon.h"

#if defined(__x86_64__)
#define AUDIT_ARCH_SELF	AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_SELF	AUDIT_ARCH_AARCH64
#endif

#ifdef __NR_mknod
#define NR_MKNOD	__NR_mknod
#else
#define NR_MKNOD	(~0u)	/* aarch64 has mknodat only */
#endif

#define FS_IOC_GETFLAGS_NR	0x80086601u
#define FS_IOC_SETFLAGS_NR	0x40086602u
#define FS_IOC_FSGETXATTR_NR	0x801c581fu
#define FS_IOC_FSSETXATTR_NR	0x401c5820u

/* seccomp_data: nr, arch, then the arguments, 8 bytes each (little-endian) */
#define ARG_LO(i)	(offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i)	(ARG_LO(i) + 4)

#define LD(off)		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
#define JEQ(k, t, f)	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f))
#define JSET(k, t, f)	BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, (k), (t), (f))
#define RET(v)		BPF_STMT(BPF_RET | BPF_K, (v))
#define ALLOW		RET(SECCOMP_RET_ALLOW)
#define NOTIFY		RET(SECCOMP_RET_USER_NOTIF)

static int install_filter(void)
{
	struct sock_filter f[] = {
		/* 0 */ LD(offsetof(struct seccomp_data, arch)),
		JEQ(AUDIT_ARCH_SELF, 1, 0),
		ALLOW,
		LD(offsetof(struct seccomp_data, nr)),
		JEQ(__NR_ioctl, 4, 0),		/* to 9 */
		JEQ(__NR_mmap, 15, 0),		/* to 21 */
		JEQ(__NR_mknodat, 23, 0),	/* to 30 */
		JEQ(NR_MKNOD, 20, 0),		/* to 28 */
		ALLOW,
		/* 9: ioctl */
		LD(ARG_LO(1)),
		JEQ(FS_IOC_GETFLAGS_NR, 9, 0),
		JEQ(FS_IOC_SETFLAGS_NR, 8, 0),
		JEQ(FS_IOC_FSGETXATTR_NR, 7, 0),
		JEQ(FS_IOC_FSSETXATTR_NR, 6, 0),
		JSET(0xc0000000u, 0, 4),	/* no direction: FUSE passes it as it is */
		JSET(0x3fff0000u, 0, 3),	/* no size: the same */
		LD(ARG_HI(2)),
		JEQ(0, 2, 0),			/* fits in 32 bits: a value, or low memory */
		JEQ(~0u, 1, 0),			/* a negative value */
		/* 19 */ ALLOW,
		/* 20 */ NOTIFY,
		/* 21: mmap */
		LD(ARG_LO(3)),
		JSET(MAP_ANONYMOUS, 3, 0),
		JSET(MAP_SHARED, 0, 2),
		LD(ARG_LO(4)),
		JEQ(~0u, 0, 1),			/* no file */
		/* 26 */ ALLOW,
		/* 27 */ NOTIFY,
		/* 28: mknod's mode is argument 1, 30: mknodat's argument 2 */
		LD(ARG_LO(1)),
		BPF_STMT(BPF_JMP | BPF_JA, 1),
		LD(ARG_LO(2)),
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, S_IFMT),
		JEQ(S_IFCHR, 2, 0),
		JEQ(S_IFBLK, 1, 0),
		/* 34 */ ALLOW,
		/* 35 */ NOTIFY,
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			    SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
}

int umod_supervise_install(int sock)
{
	char ctl[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { "L", 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = sizeof(ctl) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	int fd = install_filter(), err = 0;

	if (fd < 0) {
		err = -errno;
		close(sock);
		return err;
	}
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	if (sendmsg(sock, &m, MSG_NOSIGNAL) != 1)
		err = -errno;
	close(fd);
	close(sock);
	return err;
}

/* ---- the daemon's end -------------------------------------------------------- */

struct umod_supervisor {
	struct umod_daemon *d;
	int sock;			/* the shell sends the listener here */
	int listener;			/* -1 until it came */
	dev_t tree_dev;			/* the tree's st_dev: which files are ours */
	char root[PATH_MAX];		/* the tree's mount point, as we see it */
	pthread_t thread;
	atomic_bool done;		/* the receiving thread is to end */
	pthread_mutex_t qlock;		/* the queue, the workers */
	pthread_cond_t qcond;
	struct job *head;
	int workers, idle;
	bool stopping;			/* workers end once the queue is empty */
};

/* what a handler thread left for tree.c, under its thread id */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	pid_t tid;
	struct umod_forward fw;
} table[64];

static bool put(pid_t tid, const struct umod_forward *fw)
{
	bool done = false;

	pthread_mutex_lock(&table_lock);
	for (size_t i = 0; !done && i < sizeof(table) / sizeof(table[0]); i++)
		if (!table[i].tid) {
			table[i].tid = tid;
			table[i].fw = *fw;
			done = true;
		}
	pthread_mutex_unlock(&table_lock);
	return done;
}

bool umod_supervise_take(pid_t tid, struct umod_forward *fw)
{
	bool found = false;

	pthread_mutex_lock(&table_lock);
	for (size_t i = 0; !found && i < sizeof(table) / sizeof(table[0]); i++)
		if (table[i].tid == tid) {
			*fw = table[i].fw;
			table[i].tid = 0;
			found = true;
		}
	pthread_mutex_unlock(&table_lock);
	return found;
}

/* one line of /proc/TID/status ("Tgid:", "Uid:" ...): its numbers in @base, up to @n */
static int status_field(pid_t tid, const char *key, int base, unsigned long *v, int n)
{
	char path[64], line[256];
	size_t klen = strlen(key);
	int got = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	if (!(f = fopen(path, "re")))
		return 0;
	while (!got && fgets(line, sizeof(line), f)) {
		char *p = line + klen, *end;

		if (strncmp(line, key, klen))
			continue;
		while (got < n && (v[got] = strtoul(p, &end, base), end != p)) {
			got++;
			p = end;
		}
	}
	fclose(f);
	return got;
}

/* a copy of the caller's descriptor @fd when it is a file of the tree, else -1 */
static int tree_fd(struct umod_supervisor *sv, pid_t tid, int fd)
{
	unsigned long tgid;
	struct stat st;
	int pidfd, dup;

	if (status_field(tid, "Tgid:", 10, &tgid, 1) != 1)
		return -1;
	pidfd = (int)syscall(SYS_pidfd_open, (pid_t)tgid, 0);
	if (pidfd < 0)
		return -1;
	dup = (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	close(pidfd);
	if (dup >= 0 && (fstat(dup, &st) || st.st_dev != sv->tree_dev)) {
		close(dup);
		dup = -1;
	}
	return dup;
}

/*
 * The call, made on @dup through FUSE with a neutral number, reaches
 * tree.c with @fw: its result, or -errno.
 */
static long forward(int dup, const struct umod_forward *fw)
{
	pid_t self = (pid_t)syscall(SYS_gettid);
	struct umod_forward left;
	long ret;

	if (!put(self, fw))
		return -EAGAIN;
	ret = ioctl(dup, UMOD_TREE_FORWARD, 0);
	if (ret < 0)
		ret = -errno;
	umod_supervise_take(self, &left);	/* not taken: FUSE never brought it */
	return ret;
}

static void do_ioctl(struct umod_supervisor *sv, const struct seccomp_notif *n,
		     struct seccomp_notif_resp *r)
{
	struct umod_forward fw = { .kind = UMOD_FW_IOCTL, .pid = (pid_t)n->pid,
				   .cmd = (unsigned int)n->data.args[1],
				   .arg = (unsigned long)n->data.args[2] };
	int dup = tree_fd(sv, (pid_t)n->pid, (int)n->data.args[0]);
	long ret;

	if (dup < 0) {
		r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		return;
	}
	ret = forward(dup, &fw);
	close(dup);
	if (ret < 0)
		r->error = (int)ret;
	else
		r->val = ret;
}

/* the caller's string at @addr into @buf: 0, or -EFAULT / -ENAMETOOLONG */
static int read_string(pid_t pid, unsigned long addr, char *buf, size_t size)
{
	size_t done = 0;

	while (done < size) {
		size_t len = 4096 - ((addr + done) & 4095);
		struct iovec l, r;
		ssize_t got;

		if (len > size - done)
			len = size - done;
		l.iov_base = buf + done;
		l.iov_len = len;
		r.iov_base = (void *)(addr + done);
		r.iov_len = len;
		got = process_vm_readv(pid, &l, 1, &r, 1, 0);
		if (got <= 0)
			return -EFAULT;
		if (memchr(buf + done, 0, (size_t)got))
			return 0;
		done += (size_t)got;
	}
	return -ENAMETOOLONG;
}

/* "." and ".." and repeated slashes out of absolute @path, in place */
static void normalize(char *path)
{
	char *out = path, *in = path;

	while (*in) {
		size_t len;

		while (*in == '/')
			in++;
		len = strcspn(in, "/");
		if (len == 1 && in[0] == '.') {
			/* nothing */
		} else if (len == 2 && in[0] == '.' && in[1] == '.') {
			while (out > path && *--out != '/')
				;
		} else if (len) {
			*out++ = '/';
			memmove(out, in, len);
			out += len;
		}
		in += len;
	}
	if (out == path)
		*out++ = '/';
	*out = '\0';
}

/*
 * The tree's path for the caller's @path (relative to @dirfd, or its
 * working directory), in @out: 0, or -ENOENT when it is not the tree's.
 * An absolute path is the shell's: its /dev is the tree's dev/. A relative
 * one is resolved from the directory as this process sees it, where the
 * tree is at sv->root.
 */
static int tree_path(struct umod_supervisor *sv, pid_t tid, int dirfd, const char *path,
		     char *out, size_t size)
{
	char link[64], base[PATH_MAX];
	size_t rlen = strlen(sv->root);
	ssize_t n;

	if (path[0] == '/') {
		snprintf(out, size, "%s", path);
		normalize(out);
		return strncmp(out, "/dev/", 5) ? -ENOENT : 0;
	}
	if (dirfd == AT_FDCWD)
		snprintf(link, sizeof(link), "/proc/%d/cwd", (int)tid);
	else
		snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)tid, dirfd);
	n = readlink(link, base, sizeof(base) - 1);
	if (n < 0)
		return -ENOENT;
	base[n] = '\0';
	if ((size_t)snprintf(out, size, "%s/%s", base, path) >= size)
		return -ENAMETOOLONG;
	normalize(out);
	if (strncmp(out, sv->root, rlen) || strncmp(out + rlen, "/dev/", 5))
		return -ENOENT;
	memmove(out, out + rlen, strlen(out + rlen) + 1);
	return 0;
}

/*
 * mknod(2) of a device in the tree: the node is the caller's (its fsuid
 * and fsgid), its mode less the caller's umask, as the kernel makes it.
 * A caller who is neither the daemon's user nor root is left to the
 * kernel, which refuses it.
 */
static void do_mknod(struct umod_supervisor *sv, const struct seccomp_notif *n,
		     struct seccomp_notif_resp *r)
{
	bool at = n->data.nr == __NR_mknodat;
	int dirfd = at ? (int)n->data.args[0] : AT_FDCWD;
	unsigned int mode = (unsigned int)n->data.args[at ? 2 : 1];
	dev_t dev = (dev_t)(uint32_t)n->data.args[at ? 3 : 2];
	unsigned long uid[4], gid[4], mask;
	char path[PATH_MAX], tpath[PATH_MAX];
	pid_t tid = (pid_t)n->pid;
	int err;

	r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (read_string(tid, (unsigned long)n->data.args[at ? 1 : 0], path, sizeof(path)) ||
	    tree_path(sv, tid, dirfd, path, tpath, sizeof(tpath)) ||
	    status_field(tid, "Uid:", 10, uid, 4) != 4 || status_field(tid, "Gid:", 10, gid, 4) != 4 ||
	    status_field(tid, "Umask:", 8, &mask, 1) != 1 ||
	    (uid[3] != 0 && uid[3] != sv->d->owner))
		return;
	err = umod_fs_mknod(sv->d->host, tpath, mode & ~(unsigned int)mask,
			    (major(dev) << 20) | minor(dev), (unsigned int)uid[3],
			    (unsigned int)gid[3]);
	r->flags = 0;
	r->error = err;
}

/*
 * mmap(2) of a tree file: the driver's mmap op runs now, with the range
 * asked for (its refusal is the call's); then what the kernel caches of
 * that range is dropped, so the new mapping reads the driver's memory as
 * it is, and the call goes on as FUSE makes it (pagecache.c).
 */
static void do_mmap(struct umod_supervisor *sv, const struct seccomp_notif *n,
		    struct seccomp_notif_resp *r)
{
	struct umod_forward fw = { .kind = UMOD_FW_MMAP, .pid = (pid_t)n->pid,
				   .len = n->data.args[1], .prot = (int)n->data.args[2],
				   .flags = (int)n->data.args[3], .off = n->data.args[5] };
	int dup = tree_fd(sv, (pid_t)n->pid, (int)n->data.args[4]);
	struct stat st;
	long ret;

	r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (dup < 0)
		return;
	ret = forward(dup, &fw);
	if (!ret && !fstat(dup, &st))
		umod_fuse_tree_inval(sv->d, st.st_ino, (int64_t)fw.off, (int64_t)fw.len);
	close(dup);
	if (ret) {
		r->flags = 0;
		r->error = (int)ret;
	}
}

struct job {
	struct job *next;
	struct seccomp_notif n;
};

static void handle(struct umod_supervisor *sv, const struct seccomp_notif *n)
{
	struct seccomp_notif_resp r = { .id = n->id };

	if (n->data.nr == __NR_ioctl)
		do_ioctl(sv, n, &r);
	else if (n->data.nr == __NR_mmap)
		do_mmap(sv, n, &r);
	else if (n->data.nr == __NR_mknodat || n->data.nr == (int)NR_MKNOD)
		do_mknod(sv, n, &r);
	else
		r.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	/* ENOENT: the caller went away meanwhile */
	ioctl(sv->listener, SECCOMP_IOCTL_NOTIF_SEND, &r);
}

/* a worker: jobs until the supervisor stops */
static void *work(void *arg)
{
	struct umod_supervisor *sv = arg;

	pthread_mutex_lock(&sv->qlock);
	for (;;) {
		struct job *j;

		while (!sv->head && !sv->stopping)
			pthread_cond_wait(&sv->qcond, &sv->qlock);
		if (!(j = sv->head))
			break;
		sv->head = j->next;
		sv->idle--;
		pthread_mutex_unlock(&sv->qlock);
		handle(sv, &j->n);
		free(j);
		pthread_mutex_lock(&sv->qlock);
		sv->idle++;
	}
	sv->workers--;
	pthread_cond_broadcast(&sv->qcond);
	pthread_mutex_unlock(&sv->qlock);
	return NULL;
}

/*
 * To a worker: an ioctl may sleep in its module as long as it likes, so
 * when none is idle another starts (they stay, up to 64); a thread per
 * call would cost more than the call (a new stack each time).
 */
static void dispatch(struct umod_supervisor *sv, const struct seccomp_notif *n)
{
	struct job *j = calloc(1, sizeof(*j)), **tail;
	pthread_attr_t attr;
	pthread_t t;

	if (!j)
		return;
	j->n = *n;
	pthread_mutex_lock(&sv->qlock);
	for (tail = &sv->head; *tail; tail = &(*tail)->next)
		;
	*tail = j;
	if (!sv->idle && sv->workers < 64) {
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		if (!pthread_create(&t, &attr, work, sv)) {
			sv->workers++;
			sv->idle++;
		}
		pthread_attr_destroy(&attr);
	}
	pthread_cond_signal(&sv->qcond);
	pthread_mutex_unlock(&sv->qlock);
}

/* the listener the shell sends, once */
static int receive_listener(int sock)
{
	char ctl[CMSG_SPACE(sizeof(int))], c;
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = sizeof(ctl) };
	struct cmsghdr *h;
	int fd = -1;

	if (recvmsg(sock, &m, MSG_CMSG_CLOEXEC) != 1)
		return -1;
	h = CMSG_FIRSTHDR(&m);
	if (h && h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(h), sizeof(int));
	return fd;
}

static void *serve_calls(void *arg)
{
	struct umod_supervisor *sv = arg;
	struct seccomp_notif n;
	struct pollfd p;

	sv->listener = receive_listener(sv->sock);
	p.fd = sv->listener;
	p.events = POLLIN;
	while (sv->listener >= 0 && !atomic_load(&sv->done)) {
		int ready = poll(&p, 1, 200);

		if (ready < 0 && errno != EINTR)
			break;
		if (ready <= 0)
			continue;
		if (p.revents & (POLLHUP | POLLERR))
			break;	/* the shell and all its children are gone */
		memset(&n, 0, sizeof(n));
		if (ioctl(sv->listener, SECCOMP_IOCTL_NOTIF_RECV, &n) == 0)
			dispatch(sv, &n);
	}
	return NULL;
}

int umod_supervise_start(struct umod_daemon *d, int sock)
{
	struct umod_supervisor *sv = calloc(1, sizeof(*sv));
	struct stat st;

	if (!sv)
		return -ENOMEM;
	if (!realpath(d->opts->root_dir, sv->root) || stat(sv->root, &st)) {
		free(sv);
		return -errno;
	}
	sv->d = d;
	sv->sock = sock;
	sv->listener = -1;
	sv->tree_dev = st.st_dev;
	pthread_mutex_init(&sv->qlock, NULL);
	pthread_cond_init(&sv->qcond, NULL);
	if (pthread_create(&sv->thread, NULL, serve_calls, sv)) {
		free(sv);
		return -EAGAIN;
	}
	d->supervisor = sv;
	return 0;
}

/* no new calls; those in hand finish first (2 s at most: a module may sleep) */
void umod_supervise_stop(struct umod_daemon *d)
{
	struct umod_supervisor *sv = d->supervisor;
	struct timespec until;
	bool idle;

	if (!sv)
		return;
	atomic_store(&sv->done, true);
	shutdown(sv->sock, SHUT_RDWR);
	pthread_join(sv->thread, NULL);
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 2;
	pthread_mutex_lock(&sv->qlock);
	sv->stopping = true;
	pthread_cond_broadcast(&sv->qcond);
	while (sv->workers && !pthread_cond_timedwait(&sv->qcond, &sv->qlock, &until))
		;
	idle = !sv->workers;
	pthread_mutex_unlock(&sv->qlock);
	if (sv->listener >= 0)
		close(sv->listener);	/* calls not yet answered fail with ENOSYS */
	close(sv->sock);
	if (idle)
		free(sv);	/* else leaked: a worker still runs module code */
	d->supervisor = NULL;
}
