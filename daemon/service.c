// SPDX-License-Identifier: MIT
/*
 * What a service manager hands the daemon and expects back, in systemd's
 * two documented protocols (sd_listen_fds(3), sd_notify(3)), read and
 * spoken by hand: each is a few environment variables and one datagram,
 * stable since systemd 209, and speaking them directly keeps libsystemd
 * out of a program that must also run where there is no systemd.
 *
 * Socket activation: LISTEN_PID names this process and LISTEN_FDS counts
 * the sockets passed from descriptor 3 on (SD_LISTEN_FDS_START). umod's
 * units pass exactly one, a listening Unix stream socket.
 * Readiness: NOTIFY_SOCKET is a datagram socket's path ('@' first: in the
 * abstract namespace) that takes "READY=1", "STOPPING=1", ... messages.
 * Every variable is cleared once read, so that commands the host runs
 * (modprobe.d install lines) do not take them for their own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "daemon.h"

#define LISTEN_FDS_START	3

/* a decimal number and nothing else, at most @max; else -1 */
static long parse_env_number(const char *s, long max)
{
	char *end;
	long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 0 || v > max)
		return -1;
	return v;
}

/* 0 if @fd is what umod_listen_open() would have made: a listening Unix stream socket */
static int check_listener(int fd)
{
	struct sockaddr_un sun;
	socklen_t len = sizeof(int), alen = sizeof(sun);
	int type = 0, listening = 0;

	if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) < 0)
		return -errno;
	len = sizeof(int);
	if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) < 0)
		return -errno;
	if (getsockname(fd, (struct sockaddr *)&sun, &alen) < 0)
		return -errno;
	if (type != SOCK_STREAM || !listening || sun.sun_family != AF_UNIX)
		return -EINVAL;
	return 0;
}

int umod_service_listen_fd(int *fdp)
{
	long pid = parse_env_number(getenv("LISTEN_PID"), 1L << 30);
	long n = parse_env_number(getenv("LISTEN_FDS"), 1L << 16);
	int err;

	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_FDNAMES");
	/* no variables, or meant for the process that started us */
	if (pid < 0 || pid != (long)getpid())
		return 0;
	if (n != 1) {
		fprintf(stderr, "umod: ERROR: the service manager passed %ld sockets (LISTEN_FDS); "
			"the daemon takes one\n", n);
		return -EINVAL;
	}
	err = check_listener(LISTEN_FDS_START);
	if (err) {
		fprintf(stderr, "umod: ERROR: descriptor %d (LISTEN_FDS) is not a listening Unix "
			"stream socket\n", LISTEN_FDS_START);
		return err;
	}
	/* it must not leak into what the host runs, as umod_listen_open()'s does not */
	fcntl(LISTEN_FDS_START, F_SETFD, FD_CLOEXEC);
	*fdp = LISTEN_FDS_START;
	return 1;
}

void umod_service_notify_init(struct umod_daemon *d)
{
	const char *path = getenv("NOTIFY_SOCKET");
	size_t len = path ? strlen(path) : 0;

	d->notify_len = 0;
	if ((path && (path[0] == '/' || path[0] == '@')) && len >= 2 &&
	    len < sizeof(d->notify)) {
		memcpy(d->notify, path, len);
		if (d->notify[0] == '@')
			d->notify[0] = '\0';	/* abstract: no NUL at the end */
		d->notify_len = len;
	}
	unsetenv("NOTIFY_SOCKET");
}

/* best effort, as sd_notify(): a manager that does not listen changes nothing */
void umod_service_notify(struct umod_daemon *d, const char *state)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	char msg[256];
	int fd, len;

	if (!d->notify_len)
		return;
	memcpy(sun.sun_path, d->notify, d->notify_len);
	len = snprintf(msg, sizeof(msg), "%s\nMAINPID=%d", state, (int)getpid());
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return;
	sendto(fd, msg, (size_t)len, MSG_NOSIGNAL, (struct sockaddr *)&sun,
	       (socklen_t)(offsetof(struct sockaddr_un, sun_path) + d->notify_len));
	close(fd);
}
