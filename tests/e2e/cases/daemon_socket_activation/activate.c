// SPDX-License-Identifier: MIT
/*
 * activate [-n N] SOCKET NOTIFY PIDFILE CMD...: what systemd does for a
 * socket unit and a Type=notify service, without systemd. It listens on
 * the Unix stream socket SOCKET and binds a datagram socket NOTIFY, then
 * forks: the child gets the listener as descriptor 3 with LISTEN_FDS=N
 * (default 1), LISTEN_PID=its own pid and NOTIFY_SOCKET=NOTIFY, and execs
 * CMD. The parent writes the child's pid to PIDFILE and prints every
 * notification as it comes (with MAINPID=<pid> shown as MAINPID=child
 * when it is the child's), then, once the child has exited, its status.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static int bound(const char *path, int type)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, type, 0);

	if (fd < 0 || strlen(path) >= sizeof(sun.sun_path))
		return -1;
	strcpy(sun.sun_path, path);
	unlink(path);
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0)
		return -1;
	if (type == SOCK_STREAM && listen(fd, 16) < 0)
		return -1;
	return fd;
}

static void __attribute__((noreturn)) child(int lfd, const char *nfds, const char *notify,
					    char *argv[])
{
	char pid[32];

	if (dup2(lfd, 3) < 0)
		_exit(127);
	if (lfd != 3)
		close(lfd);
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	setenv("LISTEN_PID", pid, 1);
	setenv("LISTEN_FDS", nfds, 1);
	setenv("NOTIFY_SOCKET", notify, 1);
	execvp(argv[0], argv);
	perror(argv[0]);
	_exit(127);
}

/* one datagram, each line on its own; the child's MAINPID made stable */
static void print_notification(int nfd, pid_t pid)
{
	char buf[512], mainpid[64];
	ssize_t n = recv(nfd, buf, sizeof(buf) - 1, MSG_DONTWAIT);

	if (n <= 0)
		return;
	buf[n] = '\0';
	snprintf(mainpid, sizeof(mainpid), "MAINPID=%d", (int)pid);
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		printf("notify: %s\n", strcmp(line, mainpid) ? line : "MAINPID=child");
	fflush(stdout);
}

int main(int argc, char *argv[])
{
	const char *nfds = "1";
	int lfd, nfd, status;
	FILE *pidfile;
	pid_t pid;

	if (argc > 2 && !strcmp(argv[1], "-n")) {
		nfds = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc < 5) {
		fprintf(stderr, "usage: activate [-n N] SOCKET NOTIFY PIDFILE CMD...\n");
		return 2;
	}
	lfd = bound(argv[1], SOCK_STREAM);
	nfd = bound(argv[2], SOCK_DGRAM);
	if (lfd < 0 || nfd < 0) {
		perror("activate: socket");
		return 2;
	}
	pid = fork();
	if (pid < 0)
		return 2;
	if (pid == 0)
		child(lfd, nfds, argv[2], argv + 4);
	close(lfd);
	pidfile = fopen(argv[3], "w");
	if (!pidfile || fprintf(pidfile, "%d\n", (int)pid) < 0 || fclose(pidfile))
		return 2;
	for (;;) {
		struct pollfd p = { .fd = nfd, .events = POLLIN };

		if (poll(&p, 1, 50) > 0)
			print_notification(nfd, pid);
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	print_notification(nfd, pid);	/* what came just before the exit */
	if (WIFEXITED(status))
		printf("exit status %d\n", WEXITSTATUS(status));
	else
		printf("killed by signal %d\n", WTERMSIG(status));
	return 0;
}
