// SPDX-License-Identifier: MIT
/*
 * Frames over a stream socket, for both ends. A frame is read header
 * first, and its payload is only allocated once the header has passed the
 * size limit: an oversized request costs the server 16 bytes. The server
 * gives a frame a deadline once its first byte has come: a peer that
 * trickles it a byte at a time is dropped when the deadline passes, not
 * kept as long as each byte comes within the socket's read timeout.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <time.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "daemon.h"

int umod_io_write_all(int fd, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	while (len) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* milliseconds left until @deadline (CLOCK_MONOTONIC), at least 0 */
static int ms_left(const struct timespec *deadline)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (deadline->tv_sec - now.tv_sec) * 1000LL + (deadline->tv_nsec - now.tv_nsec) / 1000000;
	return ms < 0 ? 0 : ms > INT_MAX ? INT_MAX : (int)ms;
}

/* waits until @fd is readable before @deadline (NULL: no deadline) */
static int wait_readable(int fd, const struct timespec *deadline)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int n;

	if (!deadline)
		return 0;
	do
		n = poll(&p, 1, ms_left(deadline));
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n == 0 ? -ETIMEDOUT : 0;
}

/* 0, -ECONNRESET when the peer closed before @len bytes came, -ETIMEDOUT */
static int read_all(int fd, void *buf, size_t len, const struct timespec *deadline)
{
	unsigned char *p = buf;

	while (len) {
		int err = wait_readable(fd, deadline);
		ssize_t n;

		if (err)
			return err;
		n = recv(fd, p, len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ? -ETIMEDOUT : -errno;
		if (n == 0)
			return -ECONNRESET;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int umod_io_send(int fd, const struct umod_proto_buf *b)
{
	return umod_io_write_all(fd, b->data, b->len);
}

int umod_io_recv(int fd, uint32_t max, unsigned int deadline_ms,
		 struct umod_proto_hdr *hdr, void **payload)
{
	unsigned char raw[UMOD_PROTO_HDR_SIZE];
	struct timespec deadline, *dl = NULL;
	void *p;
	int err;

	*payload = NULL;
	/* the first byte may take the socket's own timeout: the peer is idle */
	err = read_all(fd, raw, 1, NULL);
	if (!err && deadline_ms) {
		clock_gettime(CLOCK_MONOTONIC, &deadline);
		deadline.tv_sec += deadline_ms / 1000;
		deadline.tv_nsec += (long)(deadline_ms % 1000) * 1000000L;
		if (deadline.tv_nsec >= 1000000000L) {
			deadline.tv_sec++;
			deadline.tv_nsec -= 1000000000L;
		}
		dl = &deadline;
	}
	if (!err)
		err = read_all(fd, raw + 1, sizeof(raw) - 1, dl);
	if (err)
		return err;
	err = umod_proto_parse_hdr(raw, hdr, max);
	if (err)
		return err;
	/* one spare byte: an empty payload still gets a pointer */
	p = malloc((size_t)hdr->len + 1);
	if (!p)
		return -ENOMEM;
	err = read_all(fd, p, hdr->len, dl);
	if (err) {
		free(p);
		return err;
	}
	*payload = p;
	return 0;
}
