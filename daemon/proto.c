// SPDX-License-Identifier: MIT
/*
 * The wire protocol's codec (see proto.h for the format). Decoding never
 * copies and never trusts a size: each field header is checked against
 * what is left of the payload before its data is looked at.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "proto.h"

static uint32_t get_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint16_t get_le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static void put_le(unsigned char *p, uint64_t v, unsigned int bytes)
{
	for (unsigned int i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

int umod_proto_parse_hdr(const void *buf, struct umod_proto_hdr *hdr, uint32_t max)
{
	const unsigned char *p = buf;

	if (get_le32(p) != UMOD_PROTO_MAGIC || get_le32(p + 12) != 0)
		return -EBADMSG;
	hdr->version = get_le16(p + 4);
	hdr->op = get_le16(p + 6);
	hdr->len = get_le32(p + 8);
	if (hdr->version != UMOD_PROTO_VERSION)
		return -EPROTONOSUPPORT;
	if (hdr->len > max)
		return -EMSGSIZE;
	return 0;
}

/* ---- fields ---------------------------------------------------------------- */

void umod_proto_cursor_init(struct umod_proto_cursor *cur, const void *payload,
			    size_t len)
{
	cur->p = payload;
	cur->left = payload ? len : 0;
}

bool umod_proto_at_end(const struct umod_proto_cursor *cur)
{
	return cur->left == 0;
}

/* the next field if it has type @type; the cursor moves past it */
static int next_field(struct umod_proto_cursor *cur, unsigned int type,
		      const unsigned char **data, size_t *size)
{
	uint32_t n;

	if (cur->left < UMOD_PROTO_FIELD_HDR)
		return -EBADMSG;
	if (cur->p[0] != type || cur->p[1] || cur->p[2] || cur->p[3])
		return -EBADMSG;
	n = get_le32(cur->p + 4);
	if (n > cur->left - UMOD_PROTO_FIELD_HDR)
		return -EBADMSG;
	*data = cur->p + UMOD_PROTO_FIELD_HDR;
	*size = n;
	cur->p += UMOD_PROTO_FIELD_HDR + n;
	cur->left -= UMOD_PROTO_FIELD_HDR + n;
	return 0;
}

int umod_proto_get_int(struct umod_proto_cursor *cur, int64_t *v)
{
	struct umod_proto_cursor save = *cur;
	const unsigned char *d;
	uint64_t u = 0;
	size_t n;

	if (next_field(cur, UMOD_FIELD_INT, &d, &n))
		return -EBADMSG;
	if (n != 8) {
		*cur = save;
		return -EBADMSG;
	}
	for (int i = 7; i >= 0; i--)
		u = u << 8 | d[i];
	*v = (int64_t)u;
	return 0;
}

/* a string field holds its NUL, and only at the end: it is usable in place */
int umod_proto_get_str(struct umod_proto_cursor *cur, const char **s)
{
	struct umod_proto_cursor save = *cur;
	const unsigned char *d;
	size_t n;

	if (next_field(cur, UMOD_FIELD_STR, &d, &n))
		return -EBADMSG;
	if (n == 0 || memchr(d, '\0', n) != d + n - 1) {
		*cur = save;
		return -EBADMSG;
	}
	*s = (const char *)d;
	return 0;
}

int umod_proto_get_bytes(struct umod_proto_cursor *cur, const void **p, size_t *len)
{
	const unsigned char *d;

	if (next_field(cur, UMOD_FIELD_BYTES, &d, len))
		return -EBADMSG;
	*p = d;
	return 0;
}

/* ---- requests ---------------------------------------------------------------- */

static int get_flags(struct umod_proto_cursor *cur, uint32_t known, uint32_t *flags)
{
	int64_t v;

	if (umod_proto_get_int(cur, &v) || v < 0 || (uint64_t)v & ~(uint64_t)known)
		return -EBADMSG;
	*flags = (uint32_t)v;
	return 0;
}

static int decode_fields(struct umod_proto_cursor *cur, struct umod_request *req)
{
	int64_t seq;

	switch (req->op) {
	case UMOD_OP_INSERT:
		if (umod_proto_get_bytes(cur, &req->insert.image, &req->insert.len) ||
		    umod_proto_get_str(cur, &req->insert.args))
			return -EBADMSG;
		return get_flags(cur, UMOD_INSERT_FORCE_VERMAGIC |
				 UMOD_INSERT_FORCE_MODVERSION, &req->insert.flags);
	case UMOD_OP_REMOVE:
		if (umod_proto_get_str(cur, &req->remove.name))
			return -EBADMSG;
		return get_flags(cur, UMOD_REMOVE_FORCE, &req->remove.flags);
	case UMOD_OP_LIST:
		return 0;
	case UMOD_OP_LOG_READ:
		if (umod_proto_get_int(cur, &seq) || seq < 0)
			return -EBADMSG;
		req->log.seq = (uint64_t)seq;
		return get_flags(cur, UMOD_LOG_ALL_FLAGS, &req->log.flags);
	case UMOD_OP_SYSFS_WRITE:
		if (umod_proto_get_str(cur, &req->sysfs.path) ||
		    umod_proto_get_str(cur, &req->sysfs.value))
			return -EBADMSG;
		return 0;
	case UMOD_OP_SYSFS_LS:
	case UMOD_OP_SYSFS_READ:
		return umod_proto_get_str(cur, &req->sysfs.path);
	default:
		return -EOPNOTSUPP;
	}
}

int umod_proto_decode_request(uint16_t op, const void *payload, size_t len,
			      struct umod_request *req)
{
	struct umod_proto_cursor cur;
	int err;

	memset(req, 0, sizeof(*req));
	req->op = op;
	umod_proto_cursor_init(&cur, payload, len);
	err = decode_fields(&cur, req);
	if (!err && !umod_proto_at_end(&cur))
		err = -EBADMSG;
	return err;
}

int umod_proto_decode(const void *frame, size_t len, struct umod_request *req)
{
	const unsigned char *p = frame;
	struct umod_proto_hdr hdr;
	int err;

	if (len < UMOD_PROTO_HDR_SIZE)
		return -EBADMSG;
	err = umod_proto_parse_hdr(p, &hdr, UMOD_PROTO_MAX_REQUEST);
	if (err)
		return err;
	if (hdr.len != len - UMOD_PROTO_HDR_SIZE)
		return -EBADMSG;
	return umod_proto_decode_request(hdr.op, p + UMOD_PROTO_HDR_SIZE, hdr.len, req);
}

/* ---- encoding ------------------------------------------------------------------ */

static unsigned char *reserve(struct umod_proto_buf *b, size_t n)
{
	unsigned char *p;

	if (b->err)
		return NULL;
	if (n > (size_t)b->max + UMOD_PROTO_HDR_SIZE - b->len) {
		b->err = -EMSGSIZE;
		return NULL;
	}
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->data, cap);
		if (!p) {
			b->err = -ENOMEM;
			return NULL;
		}
		b->data = p;
		b->cap = cap;
	}
	p = b->data + b->len;
	b->len += n;
	return p;
}

void umod_proto_begin(struct umod_proto_buf *b, uint16_t op, uint32_t max)
{
	unsigned char *p;

	b->len = 0;
	b->err = 0;
	b->max = max;
	b->op = op;
	p = reserve(b, UMOD_PROTO_HDR_SIZE);
	if (!p)
		return;
	put_le(p, UMOD_PROTO_MAGIC, 4);
	put_le(p + 4, UMOD_PROTO_VERSION, 2);
	put_le(p + 6, op, 2);
	put_le(p + 8, 0, 8);
}

static void put_field(struct umod_proto_buf *b, unsigned int type,
		      const void *data, size_t len)
{
	unsigned char *p;

	if (len > UINT32_MAX) {
		b->err = b->err ? b->err : -EMSGSIZE;
		return;
	}
	p = reserve(b, UMOD_PROTO_FIELD_HDR + len);
	if (!p)
		return;
	put_le(p, type, 4);
	put_le(p + 4, len, 4);
	if (len)
		memcpy(p + UMOD_PROTO_FIELD_HDR, data, len);
}

void umod_proto_put_int(struct umod_proto_buf *b, int64_t v)
{
	unsigned char d[8];

	put_le(d, (uint64_t)v, 8);
	put_field(b, UMOD_FIELD_INT, d, sizeof(d));
}

void umod_proto_put_str(struct umod_proto_buf *b, const char *s)
{
	put_field(b, UMOD_FIELD_STR, s, strlen(s) + 1);
}

void umod_proto_put_bytes(struct umod_proto_buf *b, const void *p, size_t len)
{
	put_field(b, UMOD_FIELD_BYTES, p, len);
}

int umod_proto_finish(struct umod_proto_buf *b)
{
	if (b->err)
		return b->err;
	put_le(b->data + 8, b->len - UMOD_PROTO_HDR_SIZE, 4);
	return 0;
}

void umod_proto_buf_free(struct umod_proto_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
