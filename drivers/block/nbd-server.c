// SPDX-License-Identifier: MIT
/*
 * The NBD protocol, server side (NetworkBlockDevice/nbd's doc/proto.md):
 * the fixed newstyle handshake (NBD_OPT_EXPORT_NAME, GO, INFO, LIST,
 * ABORT; every other option NBD_REP_ERR_UNSUP, so a client falls back to
 * simple replies) and the transmission phase (READ, WRITE, FLUSH, TRIM,
 * WRITE_ZEROES, DISC) with simple replies. Everything the client sends is
 * checked before use: an option's length is bounded, a request outside
 * the export is answered EINVAL (its payload drained, so the stream stays
 * in step) as nbd-server and qemu-nbd answer it; a bad magic ends the
 * connection, as there is no way to find the next request.
 */
#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "drivers/block/nbd-server.h"

#define NBDMAGIC		0x4e42444d41474943ull	/* "NBDMAGIC" */
#define IHAVEOPT		0x49484156454f5054ull	/* "IHAVEOPT" */
#define OPT_REPLY_MAGIC		0x0003e889045565a9ull
#define REQUEST_MAGIC		0x25609513u
#define REPLY_MAGIC		0x67446698u

#define FLAG_FIXED_NEWSTYLE	(1u << 0)	/* handshake flags, both ways */
#define FLAG_NO_ZEROES		(1u << 1)

#define OPT_EXPORT_NAME		1u
#define OPT_ABORT		2u
#define OPT_LIST		3u
#define OPT_INFO		6u
#define OPT_GO			7u

#define REP_ACK			1u
#define REP_SERVER		2u
#define REP_INFO		3u
#define REP_ERR_UNSUP		(0x80000000u | 1)
#define REP_ERR_INVALID		(0x80000000u | 3)
#define REP_ERR_UNKNOWN		(0x80000000u | 6)
#define REP_ERR_TOO_BIG		(0x80000000u | 9)

#define INFO_EXPORT		0u
#define INFO_BLOCK_SIZE		3u

#define TX_HAS_FLAGS		(1u << 0)
#define TX_READ_ONLY		(1u << 1)
#define TX_SEND_FLUSH		(1u << 2)
#define TX_SEND_TRIM		(1u << 5)
#define TX_SEND_WRITE_ZEROES	(1u << 6)

#define CMD_READ		0u
#define CMD_WRITE		1u
#define CMD_DISC		2u
#define CMD_FLUSH		3u
#define CMD_TRIM		4u
#define CMD_WRITE_ZEROES	6u

/* an option's data: a name of 4096 bytes and its info requests fit */
#define OPT_MAX			8192u

struct conn {
	int rfd, wfd;
	const struct umod_nbd_export *e;
	bool opened;
};

static int recv_all(struct conn *c, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(c->rfd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r ? -errno : -ECONNRESET;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* a socket's end must not raise SIGPIPE in the daemon: send(MSG_NOSIGNAL) */
static int send_all(struct conn *c, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t r = send(c->wfd, p, n, MSG_NOSIGNAL);

		if (r < 0 && errno == ENOTSOCK)
			r = write(c->wfd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r ? -errno : -EIO;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* reads and forgets @n bytes: the payload of a write that is refused */
static int drain(struct conn *c, uint64_t n)
{
	char buf[4096];
	int err = 0;

	while (n && !err) {
		size_t take = n < sizeof(buf) ? (size_t)n : sizeof(buf);

		err = recv_all(c, buf, take);
		n -= take;
	}
	return err;
}

static void put_be16(unsigned char *p, uint16_t v) { v = htobe16(v); memcpy(p, &v, 2); }
static void put_be32(unsigned char *p, uint32_t v) { v = htobe32(v); memcpy(p, &v, 4); }
static void put_be64(unsigned char *p, uint64_t v) { v = htobe64(v); memcpy(p, &v, 8); }
static uint16_t get_be16(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return be16toh(v); }
static uint32_t get_be32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return be32toh(v); }
static uint64_t get_be64(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return be64toh(v); }

uint16_t umod_nbd_tx_flags(const struct umod_nbd_export *e)
{
	return (uint16_t)(TX_HAS_FLAGS | TX_SEND_FLUSH | (e->read_only ? TX_READ_ONLY : 0) |
			  (e->trim ? TX_SEND_TRIM : 0) | (e->zero ? TX_SEND_WRITE_ZEROES : 0));
}

/* ---- the handshake ------------------------------------------------------ */

static int opt_reply(struct conn *c, uint32_t opt, uint32_t type, const void *data,
		     uint32_t len)
{
	unsigned char h[20];
	int err;

	put_be64(h, OPT_REPLY_MAGIC);
	put_be32(h + 8, opt);
	put_be32(h + 12, type);
	put_be32(h + 16, len);
	err = send_all(c, h, sizeof(h));
	return err || !len ? err : send_all(c, data, len);
}

/* "" is the default export; the disk's own name names it too */
static bool names_export(struct conn *c, const unsigned char *name, uint32_t len)
{
	return !len || (len == strlen(c->e->name) && !memcmp(name, c->e->name, len));
}

static int opt_list(struct conn *c, uint32_t opt, uint32_t len)
{
	size_t n = strlen(c->e->name);
	unsigned char rep[4 + 4096];
	int err;

	if (len)
		return opt_reply(c, opt, REP_ERR_INVALID, NULL, 0);
	n = n > 4096 ? 4096 : n;
	put_be32(rep, (uint32_t)n);
	memcpy(rep + 4, c->e->name, n);
	err = opt_reply(c, opt, REP_SERVER, rep, (uint32_t)(4 + n));
	return err ? err : opt_reply(c, opt, REP_ACK, NULL, 0);
}

static int open_export(struct conn *c)
{
	int err = c->e->ops->open ? c->e->ops->open(c->e->priv) : 0;

	c->opened = !err;
	return err;
}

/* NBD_OPT_INFO and GO: the export's size and flags, its block sizes, then ACK */
static int opt_info(struct conn *c, uint32_t opt, const unsigned char *d, uint32_t len)
{
	unsigned char info[18];
	uint32_t nlen = len >= 4 ? get_be32(d) : 0;
	int err;

	if (len < 6 || nlen > len - 6 || len - 6 - nlen != 2u * get_be16(d + 4 + nlen))
		return opt_reply(c, opt, REP_ERR_INVALID, NULL, 0);
	if (!names_export(c, d + 4, nlen))
		return opt_reply(c, opt, REP_ERR_UNKNOWN, NULL, 0);
	if (opt == OPT_GO && (err = open_export(c)))
		return opt_reply(c, opt, REP_ERR_UNKNOWN, NULL, 0) ?: 0;
	put_be16(info, INFO_EXPORT);
	put_be64(info + 2, c->e->size);
	put_be16(info + 10, umod_nbd_tx_flags(c->e));
	err = opt_reply(c, opt, REP_INFO, info, 12);
	put_be16(info, INFO_BLOCK_SIZE);
	put_be32(info + 2, 1);	/* any size: the disk's file patches partial blocks */
	put_be32(info + 6, c->e->block > 4096 ? c->e->block : 4096);
	put_be32(info + 10, UMOD_NBD_MAX_PAYLOAD);
	if (!err)
		err = opt_reply(c, opt, REP_INFO, info, 14);
	return err ? err : opt_reply(c, opt, REP_ACK, NULL, 0);
}

/* NBD_OPT_EXPORT_NAME: no reply but the export's; an unknown name ends it */
static int opt_export_name(struct conn *c, const unsigned char *d, uint32_t len,
			   bool no_zeroes)
{
	unsigned char rep[10 + 124] = { 0 };

	if (!names_export(c, d, len) || open_export(c))
		return -ENOENT;
	put_be64(rep, c->e->size);
	put_be16(rep + 8, umod_nbd_tx_flags(c->e));
	return send_all(c, rep, no_zeroes ? 10 : sizeof(rep));
}

/* one option: 1 when transmission starts, 0 for the next option, or -errno */
static int option(struct conn *c, bool no_zeroes)
{
	unsigned char h[16], *d;
	uint32_t opt, len;
	int err;

	if ((err = recv_all(c, h, sizeof(h))))
		return err;
	if (get_be64(h) != IHAVEOPT)
		return -EPROTO;
	opt = get_be32(h + 8);
	len = get_be32(h + 12);
	if (len > OPT_MAX) {
		err = opt == OPT_EXPORT_NAME ? -EPROTO : drain(c, len);
		return err ? err : opt_reply(c, opt, REP_ERR_TOO_BIG, NULL, 0);
	}
	if (!(d = malloc(len ? len : 1)))
		return -ENOMEM;
	err = recv_all(c, d, len);
	if (!err) {
		switch (opt) {
		case OPT_EXPORT_NAME:
			err = opt_export_name(c, d, len, no_zeroes) ?: 1;
			break;
		case OPT_ABORT:
			err = opt_reply(c, opt, REP_ACK, NULL, 0) ?: -ECONNRESET;
			break;
		case OPT_LIST:
			err = opt_list(c, opt, len);
			break;
		case OPT_INFO:
		case OPT_GO:
			err = opt_info(c, opt, d, len);
			err = !err && c->opened ? 1 : err;
			break;
		default:
			err = opt_reply(c, opt, REP_ERR_UNSUP, NULL, 0);
		}
	}
	free(d);
	return err;
}

static int handshake(struct conn *c)
{
	unsigned char h[18], cf[4];
	uint32_t flags;
	int err;

	put_be64(h, NBDMAGIC);
	put_be64(h + 8, IHAVEOPT);
	put_be16(h + 16, FLAG_FIXED_NEWSTYLE | FLAG_NO_ZEROES);
	if ((err = send_all(c, h, sizeof(h))) || (err = recv_all(c, cf, sizeof(cf))))
		return err;
	flags = get_be32(cf);
	if (flags & ~(FLAG_FIXED_NEWSTYLE | FLAG_NO_ZEROES))
		return -EPROTO;	/* the spec: a flag not known ends the session */
	do
		err = option(c, flags & FLAG_NO_ZEROES);
	while (!err);
	return err < 0 ? err : 0;
}

/* ---- transmission ---------------------------------------------------------- */

static int reply(struct conn *c, uint32_t error, const unsigned char *handle,
		 const void *data, uint32_t len)
{
	unsigned char r[16];
	int err;

	put_be32(r, REPLY_MAGIC);
	put_be32(r + 4, error);
	memcpy(r + 8, handle, 8);
	err = send_all(c, r, sizeof(r));
	return err || !len ? err : send_all(c, data, len);
}

/* NBD's error values are Linux's errno numbers, limited to those it names */
static uint32_t nbd_errno(int err)
{
	switch (-err) {
	case EPERM: case EIO: case ENOMEM: case EINVAL: case ENOSPC: case EOVERFLOW:
	case ENOTSUP: case ESHUTDOWN:
		return (uint32_t)-err;
	default:
		return EIO;
	}
}

static int cmd_read(struct conn *c, const unsigned char *handle, uint64_t off, uint32_t len)
{
	void *buf = malloc(len ? len : 1);
	int err;

	if (!buf)
		return reply(c, ENOMEM, handle, NULL, 0);
	err = len ? c->e->ops->read(c->e->priv, buf, len, off) : 0;
	err = err ? reply(c, nbd_errno(err), handle, NULL, 0) : reply(c, 0, handle, buf, len);
	free(buf);
	return err;
}

static int cmd_write(struct conn *c, const unsigned char *handle, uint64_t off, uint32_t len)
{
	void *buf = malloc(len ? len : 1);
	int err;

	if (!buf)
		return drain(c, len) ?: reply(c, ENOMEM, handle, NULL, 0);
	err = recv_all(c, buf, len);
	if (!err) {
		int io = c->e->read_only ? -EPERM :
			 len ? c->e->ops->write(c->e->priv, buf, len, off) : 0;

		err = reply(c, io ? nbd_errno(io) : 0, handle, NULL, 0);
	}
	free(buf);
	return err;
}

/* the command's result as an NBD error (0: done) */
static int cmd_other(struct conn *c, uint16_t type, uint64_t off, uint32_t len)
{
	const struct umod_nbd_export *e = c->e;

	switch (type) {
	case CMD_FLUSH:
		return e->ops->flush ? e->ops->flush(e->priv) : 0;
	case CMD_TRIM:	/* advisory: a disk that cannot discard ignores it */
		if (e->read_only)
			return -EPERM;
		return e->trim && len ? e->ops->trim(e->priv, off, len) : 0;
	case CMD_WRITE_ZEROES:
		if (e->read_only)
			return -EPERM;
		return !e->zero ? -EINVAL : len ? e->ops->zero(e->priv, off, len) : 0;
	default:
		return -EINVAL;
	}
}

/* one request: 1 at NBD_CMD_DISC, 0 for the next, or -errno */
static int request(struct conn *c)
{
	unsigned char r[28];
	uint16_t type;
	uint64_t off;
	uint32_t len;
	bool bad;
	int err;

	if ((err = recv_all(c, r, sizeof(r))))
		return err == -ECONNRESET ? 1 : err;
	if (get_be32(r) != REQUEST_MAGIC)
		return -EPROTO;
	type = get_be16(r + 6);
	off = get_be64(r + 16);
	len = get_be32(r + 24);
	if (type == CMD_DISC)
		return 1;
	bad = off > c->e->size || len > c->e->size - off;
	if ((type == CMD_READ || type == CMD_WRITE) && len > UMOD_NBD_MAX_PAYLOAD)
		bad = true;
	if (bad)
		return (type == CMD_WRITE ? drain(c, len) : 0) ?: reply(c, EINVAL, r + 8, NULL, 0);
	if (type == CMD_READ)
		return cmd_read(c, r + 8, off, len);
	if (type == CMD_WRITE)
		return cmd_write(c, r + 8, off, len);
	err = cmd_other(c, type, off, len);
	return reply(c, err ? nbd_errno(err) : 0, r + 8, NULL, 0);
}

int umod_nbd_serve(int rfd, int wfd, const struct umod_nbd_export *e, bool with_handshake)
{
	struct conn c = { rfd, wfd, e, false };
	int err;

	if (with_handshake)
		err = handshake(&c);
	else
		err = open_export(&c);
	while (!err)
		err = request(&c);
	if (c.opened && e->ops->close)
		e->ops->close(e->priv);
	return err < 0 ? err : 0;
}
