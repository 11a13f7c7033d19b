// SPDX-License-Identifier: MIT
/*
 * A misbehaving client, with the wire format written out by hand: it
 * sends one bad request of the kind named by argv[1] and prints what the
 * daemon answers, and whether it then closes the connection.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static void le(unsigned char *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* magic "UMOD", version, op, payload length, reserved zero */
static void hdr(unsigned char *p, unsigned int version, unsigned int op, uint32_t len)
{
	memcpy(p, "UMOD", 4);
	le(p + 4, version, 2);
	le(p + 6, op, 2);
	le(p + 8, len, 4);
	le(p + 12, 0, 4);
}

static int connect_daemon(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	unsigned char greeting[32];
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", getenv("UMOD_SOCKET"));
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0) {
		perror("connect");
		exit(1);
	}
	if (recv(fd, greeting, sizeof(greeting), MSG_WAITALL) != 32) {
		fprintf(stderr, "no greeting\n");
		exit(1);
	}
	return fd;
}

static void print_reply(int fd)
{
	unsigned char r[32], extra;
	int64_t status = 0;

	if (recv(fd, r, sizeof(r), MSG_WAITALL) != 32) {
		printf("no reply\n");
		return;
	}
	for (int i = 7; i >= 0; i--)
		status = status << 8 | r[24 + i];
	printf("reply op 0x%02x%02x: %s\n", r[7], r[6], strerror((int)-status));
	/* closed, or reset because the rest of our garbage went unread */
	printf("%s\n", recv(fd, &extra, 1, 0) <= 0 ? "then closed" : "still open");
}

int main(int argc, char *argv[])
{
	unsigned char buf[64] = { 0 };
	const char *mode = argv[1];
	int fd = connect_daemon();

	if (!strcmp(mode, "garbage")) {
		memset(buf, 'x', sizeof(buf));
		send(fd, buf, sizeof(buf), 0);
	} else if (!strcmp(mode, "oversized")) {
		hdr(buf, 1, 2, 0x7fffffff);	/* an INSERT of 2 GiB */
		send(fd, buf, 16, 0);
	} else if (!strcmp(mode, "version")) {
		hdr(buf, 2, 4, 0);
		send(fd, buf, 16, 0);
	} else if (!strcmp(mode, "badfield")) {
		hdr(buf, 1, 3, 8);		/* REMOVE, one STR field ... */
		buf[16] = 2;
		le(buf + 20, 1000, 4);		/* ... longer than the payload */
		send(fd, buf, 24, 0);
	} else if (!strcmp(mode, "unknownop")) {
		hdr(buf, 1, 99, 0);
		send(fd, buf, 16, 0);
	} else if (!strcmp(mode, "truncated")) {
		hdr(buf, 1, 3, 100);		/* promises 100 bytes, sends 10, dies */
		send(fd, buf, 26, 0);
		printf("sent 26 of 116 bytes, gone\n");
		return 0;
	}
	print_reply(fd);
	return 0;
}
