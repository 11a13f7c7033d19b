// SPDX-License-Identifier: MIT
/*
 * The daemon's wire protocol decoder (daemon/proto.c), on whole request
 * frames as the server receives them. A frame that decodes must point
 * only into itself, with terminated strings, and must survive a round
 * trip: encoded again from the decoded request it decodes to the same.
 */
#include <string.h>

#include "fuzz.h"
#include "proto.h"

static const unsigned char *lo, *hi;

static void check_str(const char *s)
{
	fuzz_assert((const unsigned char *)s >= lo && (const unsigned char *)s < hi);
	fuzz_assert(memchr(s, '\0', (size_t)(hi - (const unsigned char *)s)));
}

static void encode(const struct umod_request *r, struct umod_proto_buf *b)
{
	umod_proto_begin(b, r->op, UMOD_PROTO_MAX_REQUEST);
	switch (r->op) {
	case UMOD_OP_INSERT:
		umod_proto_put_bytes(b, r->insert.image, r->insert.len);
		umod_proto_put_str(b, r->insert.args);
		umod_proto_put_int(b, r->insert.flags);
		break;
	case UMOD_OP_REMOVE:
		umod_proto_put_str(b, r->remove.name);
		umod_proto_put_int(b, r->remove.flags);
		break;
	case UMOD_OP_LOG_READ:
		umod_proto_put_int(b, (int64_t)r->log.seq);
		umod_proto_put_int(b, r->log.flags);
		break;
	case UMOD_OP_SYSFS_WRITE:
		umod_proto_put_str(b, r->sysfs.path);
		umod_proto_put_str(b, r->sysfs.value);
		break;
	case UMOD_OP_SYSFS_LS:
	case UMOD_OP_SYSFS_READ:
		umod_proto_put_str(b, r->sysfs.path);
		break;
	}
}

static void check_fields(const struct umod_request *r)
{
	switch (r->op) {
	case UMOD_OP_INSERT:
		fuzz_assert(r->insert.len <= (size_t)(hi - lo));
		fuzz_assert(!r->insert.len ||
			    ((const unsigned char *)r->insert.image >= lo &&
			     (const unsigned char *)r->insert.image + r->insert.len <= hi));
		check_str(r->insert.args);
		break;
	case UMOD_OP_REMOVE:
		check_str(r->remove.name);
		break;
	case UMOD_OP_SYSFS_WRITE:
		check_str(r->sysfs.value);
		/* fall through */
	case UMOD_OP_SYSFS_LS:
	case UMOD_OP_SYSFS_READ:
		check_str(r->sysfs.path);
		break;
	}
}

static void same(const struct umod_request *a, const struct umod_request *b)
{
	fuzz_assert(a->op == b->op);
	switch (a->op) {
	case UMOD_OP_INSERT:
		fuzz_assert(a->insert.len == b->insert.len && a->insert.flags == b->insert.flags);
		fuzz_assert(!a->insert.len || !memcmp(a->insert.image, b->insert.image, a->insert.len));
		fuzz_assert(!strcmp(a->insert.args, b->insert.args));
		break;
	case UMOD_OP_REMOVE:
		fuzz_assert(!strcmp(a->remove.name, b->remove.name));
		fuzz_assert(a->remove.flags == b->remove.flags);
		break;
	case UMOD_OP_LOG_READ:
		fuzz_assert(a->log.seq == b->log.seq && a->log.flags == b->log.flags);
		break;
	case UMOD_OP_SYSFS_WRITE:
		fuzz_assert(!strcmp(a->sysfs.value, b->sysfs.value));
		/* fall through */
	case UMOD_OP_SYSFS_LS:
	case UMOD_OP_SYSFS_READ:
		fuzz_assert(!strcmp(a->sysfs.path, b->sysfs.path));
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct umod_request req, again;
	struct umod_proto_buf b = { 0 };
	int err;

	lo = data;
	hi = data + size;
	err = umod_proto_decode(data, size, &req);
	if (err) {
		fuzz_assert(err < 0);
		return 0;
	}
	check_fields(&req);
	encode(&req, &b);
	fuzz_assert(umod_proto_finish(&b) == 0);
	fuzz_assert(b.len == size);
	fuzz_assert(umod_proto_decode(b.data, b.len, &again) == 0);
	same(&req, &again);
	umod_proto_buf_free(&b);
	return 0;
}
