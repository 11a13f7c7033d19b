// SPDX-License-Identifier: MIT
/*
 * Going into the background the way scripts can rely on: the parent waits
 * on a pipe until the child says it is serving (or has failed, having
 * printed why on the stderr they still share), so `umod daemon && umod
 * insmod ...` never races the socket.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int umod_detach(int *notify)
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
	if (p[1] > 3)
		close_range(3, (unsigned int)p[1] - 1, 0);
	close_range((unsigned int)p[1] + 1, ~0u, 0);
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

int umod_pidfile_write(const char *path)
{
	char buf[32];
	int fd, len, err = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	len = snprintf(buf, sizeof(buf), "%d\n", (int)getpid());
	if (write(fd, buf, (size_t)len) != len)
		err = -EIO;
	if (close(fd) < 0 && !err)
		err = -errno;
	return err;
}
