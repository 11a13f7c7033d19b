// SPDX-License-Identifier: MIT
/*
 * A hostile client of the daemon's socket, for daemon_slow_clients:
 *   slowclient trickle SOCKET   sends a request header a byte every 0.5 s,
 *                               prints the status of the reply that ends it
 *   slowclient hold SOCKET N    opens N connections, prints each greeting's
 *                               status, keeps them open until stdin closes
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int dial(const char *path)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	strncpy(sun.sun_path, path, sizeof(sun.sun_path) - 1);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0) {
		perror("connect");
		exit(2);
	}
	return fd;
}

/* a reply: 16-byte header, then an INT field (8-byte header + 8 bytes) first */
static int64_t read_status(int fd)
{
	unsigned char buf[32];
	size_t got = 0;
	int64_t v;

	while (got < sizeof(buf)) {
		ssize_t n = read(fd, buf + got, sizeof(buf) - got);

		if (n <= 0)
			return n == 0 && got == 0 ? -9999 : -9998;
		got += (size_t)n;
	}
	memcpy(&v, buf + 24, sizeof(v));
	return v;
}

static int trickle(const char *path)
{
	static const unsigned char hdr[16] = "UMOD\1\0\3\0";
	struct timespec t0, t1;
	int fd = dial(path);

	read_status(fd);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t i = 0; i < sizeof(hdr); i++) {
		if (send(fd, hdr + i, 1, MSG_NOSIGNAL) != 1)
			break;
		usleep(500 * 1000);
	}
	long long status = (long long)read_status(fd), ms;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
	/* the deadline is 2 s after the first byte; the 16 bytes take 8 s */
	if (ms >= 2000 && ms < 6000)
		printf("status %lld once the 2 s deadline passed\n", status);
	else
		printf("status %lld after %lld ms\n", status, ms);
	return 0;
}

static int hold(const char *path, int n)
{
	char c;

	for (int i = 0; i < n; i++)
		printf("connection %d: greeting status %lld\n", i + 1,
		       (long long)read_status(dial(path)));
	fflush(stdout);
	while (read(0, &c, 1) > 0)
		;
	return 0;
}

int main(int argc, char *argv[])
{
	if (argc == 3 && !strcmp(argv[1], "trickle"))
		return trickle(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "hold"))
		return hold(argv[2], atoi(argv[3]));
	fprintf(stderr, "usage: slowclient trickle SOCKET | hold SOCKET N\n");
	return 2;
}
