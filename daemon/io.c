// SPDX-License-Identifier: MIT
/*
 * Frames over a stream socket, for both ends. A frame is read header
 * first, and its payload is only allocated once the header has passed the
 * size limit: an oversized request costs the server 16 bytes.
 */
#include <errno.h>
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

/* 0, or -ECONNRESET when the peer closed before @len bytes came */
static int read_all(int fd, void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = recv(fd, p, len, 0);

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

int umod_io_recv(int fd, uint32_t max, struct umod_proto_hdr *hdr, void **payload)
{
	unsigned char raw[UMOD_PROTO_HDR_SIZE];
	void *p;
	int err;

	*payload = NULL;
	err = read_all(fd, raw, sizeof(raw));
	if (err)
		return err;
	err = umod_proto_parse_hdr(raw, hdr, max);
	if (err)
		return err;
	/* one spare byte: an empty payload still gets a pointer */
	p = malloc((size_t)hdr->len + 1);
	if (!p)
		return -ENOMEM;
	err = read_all(fd, p, hdr->len);
	if (err) {
		free(p);
		return err;
	}
	*payload = p;
	return 0;
}
