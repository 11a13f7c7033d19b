// SPDX-License-Identifier: MIT
/*
 * Going into the background the way scripts can rely on: the parent waits
 * on a pipe until the child says it is serving (or has failed, having
 * printed why on the stderr they still share), so `umod daemon && umod
 * insmod ...` never races the socket.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "daemon.h"

/* the parent's side: the child's one byte, or its death, decides */
static void __attribute__((noreturn)) wait_ready(int rfd, pid_t child)
{
	char ok = 0;
	ssize_t n;
	int status;

	do
		n = read(rfd, &ok, 1);
	while (n < 0 && errno == EINTR);
	if (n == 1)
		_exit(ok == 'y' ? 0 : 1);
	/* the pipe closed without a word: the child died before it was ready */
	if (waitpid(child, &status, 0) == child && WIFSIGNALED(status))
		fprintf(stderr, "umod: ERROR: daemon killed by signal %d before it was ready\n",
			WTERMSIG(status));
	else
		fprintf(stderr, "umod: ERROR: daemon exited before it was ready\n");
	_exit(1);
}

/* every inherited descriptor from 3 on goes, but @a and @b (-1: none) */
static void close_others(int a, int b)
{
	unsigned int from = 3;
	int keep[2] = { a < b ? a : b, a < b ? b : a };

	for (int i = 0; i < 2; i++) {
		if (keep[i] < 3)
			continue;
		if ((unsigned int)keep[i] > from)
			close_range(from, (unsigned int)keep[i] - 1, 0);
		from = (unsigned int)keep[i] + 1;
	}
	close_range(from, ~0u, 0);
}

int umod_detach(int *notify, int keep)
{
	int p[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (pid > 0) {
		close(p[1]);
		wait_ready(p[0], pid);
	}
	close(p[0]);
	setsid();
	/* descriptors inherited from the caller (a pipe of $(...)) would keep
	 * their readers waiting for as long as the daemon lives */
	close_others(p[1], keep);
	*notify = p[1];
	return 0;
}

/* once ready, the daemon keeps no terminal: stdio goes to /dev/null */
static void drop_stdio(void)
{
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return;
	fflush(NULL);
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	close(fd);
}

void umod_detach_ready(int notify, bool ok)
{
	char c = ok ? 'y' : 'n';

	if (notify < 0)
		return;
	if (ok)
		drop_stdio();
	while (write(notify, &c, 1) < 0 && errno == EINTR)
		;
	close(notify);
}

/*
 * Refuses what another user could change under us: a file or directory
 * not owned by us (or root), or writable by group or others (a directory
 * with the sticky bit, as /tmp, keeps others from replacing our entries).
 */
int umod_check_private(const struct stat *st, bool is_dir)
{
	if (st->st_uid != geteuid() && st->st_uid != 0)
		return -EPERM;
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) && !(is_dir && (st->st_mode & S_ISVTX)))
		return -EPERM;
	return 0;
}

/* the directory holding @path, as a private one */
static int check_parent(const char *path)
{
	char buf[4096];
	struct stat st;

	if ((size_t)snprintf(buf, sizeof(buf), "%s", path) >= sizeof(buf))
		return -ENAMETOOLONG;
	if (stat(dirname(buf), &st) < 0)
		return -errno;
	return umod_check_private(&st, true);
}

/* "PID\n" at the start of @fd, nothing after it */
static int put_pid(int fd)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%d\n", (int)getpid());

	if (ftruncate(fd, 0) < 0 || pwrite(fd, buf, (size_t)len, 0) != len)
		return -EIO;
	return 0;
}

/*
 * A new pidfile appears whole: written and locked under a temporary name,
 * then linked to @path, which fails rather than follow or replace
 * anything there. Returns the descriptor, -EEXIST, or -errno.
 */
static int pidfile_create(const char *path)
{
	char tmp[4096];
	int fd, err;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= sizeof(tmp))
		return -ENAMETOOLONG;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = fchmod(fd, 0644) < 0 || flock(fd, LOCK_EX | LOCK_NB) < 0 ? -errno : put_pid(fd);
	if (!err && link(tmp, path) < 0)
		err = -errno;
	unlink(tmp);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

/* the pid in a pidfile another daemon holds, for the message; 0 if unreadable */
static long pidfile_holder(int fd)
{
	char buf[32] = "";
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	return n > 0 ? strtol(buf, NULL, 10) : 0;
}

/*
 * An existing pidfile, left by a daemon that died, is taken over if it is
 * a private regular file whose lock nobody holds; another daemon's is
 * -EBUSY, with its pid in *@holder. Never follows a link.
 */
static int pidfile_take_over(const char *path, long *holder)
{
	struct stat st;
	int fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int err;

	if (fd < 0)
		return errno == ELOOP ? -ELOOP : -errno;
	err = fstat(fd, &st) < 0 ? -errno : !S_ISREG(st.st_mode) ? -EINVAL :
	      umod_check_private(&st, false);
	if (!err && flock(fd, LOCK_EX | LOCK_NB) < 0) {
		err = errno == EWOULDBLOCK ? -EBUSY : -errno;
		*holder = pidfile_holder(fd);
	}
	if (!err)
		err = put_pid(fd);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

/*
 * The pidfile is this daemon's while it holds an flock on it, from here
 * until it exits. Returns the locked descriptor, or -errno (-EBUSY:
 * another daemon holds it, *@holder its pid if known).
 */
int umod_pidfile_write(const char *path, long *holder)
{
	int fd, err;

	*holder = 0;
	err = check_parent(path);
	if (err)
		return err;
	fd = pidfile_create(path);
	return fd == -EEXIST ? pidfile_take_over(path, holder) : fd;
}

/* removes the pidfile only if @path is still the file we hold */
void umod_pidfile_remove(const char *path, int fd)
{
	struct stat ours, now;

	if (fd < 0)
		return;
	if (fstat(fd, &ours) == 0 && lstat(path, &now) == 0 &&
	    ours.st_dev == now.st_dev && ours.st_ino == now.st_ino)
		unlink(path);
	close(fd);
}
