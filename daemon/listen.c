// SPDX-License-Identifier: MIT
/*
 * The listening socket: created mode 0600, so only its owner can even
 * connect, and each connection's peer credentials checked as well, so a
 * socket whose mode was widened still admits nobody else (root excepted,
 * as CAP_SYS_MODULE is root's).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "daemon.h"

/*
 * A socket file left by a daemon that died is removed; one a daemon still
 * listens on, or a file that is no socket, is left alone.
 */
static int clear_stale(const char *path, const struct sockaddr_un *sun)
{
	struct stat st;
	int fd, busy;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (!S_ISSOCK(st.st_mode))
		return -EEXIST;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	busy = connect(fd, (const struct sockaddr *)sun, sizeof(*sun)) == 0 ||
	       errno != ECONNREFUSED;
	close(fd);
	if (busy)
		return -EADDRINUSE;
	return unlink(path) < 0 ? -errno : 0;
}

/* the fallback's directory is ours to create; any other must exist */
static void make_fallback_dir(const char *path)
{
	if (!strcmp(path, UMOD_SOCKET_FALLBACK))
		mkdir("/run/umod", 0755);
}

int umod_listen_open(const char *path, int *fdp)
{
	struct sockaddr_un sun;
	mode_t old;
	int fd, err;

	err = umod_socket_addr(path, &sun);
	if (err)
		return err;
	make_fallback_dir(path);
	err = clear_stale(path, &sun);
	if (err)
		return err;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	/* the mode is right from the first instant: no window for others */
	old = umask(0177);
	err = bind(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0 ? -errno : 0;
	umask(old);
	if (!err && listen(fd, 64) < 0) {
		err = -errno;
		unlink(path);
	}
	if (err) {
		close(fd);
		return err;
	}
	*fdp = fd;
	return 0;
}

/* /proc/PID/comm without its newline; "" if the process is already gone */
static void peer_comm(pid_t pid, char *comm, size_t size)
{
	char path[64];
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, comm, size - 1);
		close(fd);
	}
	if (n < 0)
		n = 0;
	comm[n] = '\0';
	comm[strcspn(comm, "\n")] = '\0';
}

/*
 * The thread runs where the client may: a system call runs on its
 * caller's CPU, so `taskset 2 insmod` has init see smp_processor_id() 1
 * and a soft lockup name CPU#1. The thread keeps the mask until it serves
 * another client or ends; threads module code starts take the process's
 * own (umod_thread_spawn(), as kthreadd's children do not inherit insmod's).
 */
void umod_peer_affinity(pid_t pid)
{
	cpu_set_t set;

	if (sched_getaffinity(pid, sizeof(set), &set) == 0)
		sched_setaffinity(0, sizeof(set), &set);
}

/*
 * Admits the socket's owner and root only. The thread then acts for the
 * peer: module code it runs sees the client as current (pid, comm, CPUs),
 * as the kernel's sees the insmod process that made the system call.
 */
int umod_peer_check(int fd, uid_t owner)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);
	char comm[16];

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return -EPERM;
	if (cred.uid != owner && cred.uid != 0)
		return -EPERM;
	peer_comm(cred.pid, comm, sizeof(comm));
	umod_task_set_identity((int)cred.pid, comm);
	umod_task_set_cred(cred.uid, cred.gid);
	umod_peer_affinity(cred.pid);
	return 0;
}
