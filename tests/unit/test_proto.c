// SPDX-License-Identifier: MIT
/*
 * daemon/proto.c: frames round-trip; every malformed header, field and
 * request is refused with its errno, never read past; random bytes never
 * crash the decoder.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "proto.h"

#include <umod/umod.h>

/* (re)starts @b, which is zeroed once and then reused */
static void begin(struct umod_proto_buf *b, uint16_t op)
{
	umod_proto_begin(b, op, UMOD_PROTO_MAX_REQUEST);
}

/* the frame of @b, finished, decoded as the server would */
static int decode(struct umod_proto_buf *b, struct umod_request *req)
{
	assert_int_equal(umod_proto_finish(b), 0);
	return umod_proto_decode(b->data, b->len, req);
}

static void insert_round_trip(void **state)
{
	static const unsigned char image[] = { 0x7f, 'E', 'L', 'F', 0, 1, 2 };
	struct umod_proto_buf b = { 0 };
	struct umod_request req;

	begin(&b, UMOD_OP_INSERT);
	umod_proto_put_bytes(&b, image, sizeof(image));
	umod_proto_put_str(&b, "howmany=2 whom=universe");
	umod_proto_put_int(&b, UMOD_INSERT_FORCE_VERMAGIC);
	assert_int_equal(decode(&b, &req), 0);
	assert_int_equal(req.op, UMOD_OP_INSERT);
	assert_int_equal(req.insert.len, sizeof(image));
	assert_memory_equal(req.insert.image, image, sizeof(image));
	assert_string_equal(req.insert.args, "howmany=2 whom=universe");
	assert_int_equal(req.insert.flags, UMOD_INSERT_FORCE_VERMAGIC);
	umod_proto_buf_free(&b);
}

static void every_op_round_trips(void **state)
{
	struct umod_proto_buf b = { 0 };
	struct umod_request req;

	begin(&b, UMOD_OP_REMOVE);
	umod_proto_put_str(&b, "hellop");
	umod_proto_put_int(&b, UMOD_REMOVE_FORCE);
	assert_int_equal(decode(&b, &req), 0);
	assert_string_equal(req.remove.name, "hellop");
	assert_int_equal(req.remove.flags, UMOD_REMOVE_FORCE);

	begin(&b, UMOD_OP_LIST);
	assert_int_equal(decode(&b, &req), 0);
	assert_int_equal(req.op, UMOD_OP_LIST);

	begin(&b, UMOD_OP_LOG_READ);
	umod_proto_put_int(&b, 1234567890123ll);
	umod_proto_put_int(&b, UMOD_LOG_WAIT | UMOD_LOG_CLEAR);
	assert_int_equal(decode(&b, &req), 0);
	assert_int_equal(req.log.seq, 1234567890123ull);
	assert_int_equal(req.log.flags, UMOD_LOG_WAIT | UMOD_LOG_CLEAR);

	begin(&b, UMOD_OP_SYSFS_WRITE);
	umod_proto_put_str(&b, "module/params/parameters/level");
	umod_proto_put_str(&b, "3\n");
	assert_int_equal(decode(&b, &req), 0);
	assert_string_equal(req.sysfs.path, "module/params/parameters/level");
	assert_string_equal(req.sysfs.value, "3\n");

	begin(&b, UMOD_OP_SYSFS_READ);
	umod_proto_put_str(&b, "module/hellop/initstate");
	assert_int_equal(decode(&b, &req), 0);
	assert_string_equal(req.sysfs.path, "module/hellop/initstate");
	assert_null(req.sysfs.value);
	umod_proto_buf_free(&b);
}

static void negative_ints_and_empty_strings(void **state)
{
	struct umod_proto_buf b = { 0 };
	struct umod_proto_cursor cur;
	const char *s;
	int64_t v;

	begin(&b, UMOD_OP_REPLY);
	umod_proto_put_int(&b, -EPERM);
	umod_proto_put_int(&b, INT64_MIN);
	umod_proto_put_str(&b, "");
	assert_int_equal(umod_proto_finish(&b), 0);
	umod_proto_cursor_init(&cur, b.data + UMOD_PROTO_HDR_SIZE, b.len - UMOD_PROTO_HDR_SIZE);
	assert_int_equal(umod_proto_get_int(&cur, &v), 0);
	assert_int_equal(v, -EPERM);
	assert_int_equal(umod_proto_get_int(&cur, &v), 0);
	assert_true(v == INT64_MIN);
	assert_int_equal(umod_proto_get_str(&cur, &s), 0);
	assert_string_equal(s, "");
	assert_true(umod_proto_at_end(&cur));
	assert_int_equal(umod_proto_get_int(&cur, &v), -EBADMSG);
	umod_proto_buf_free(&b);
}

/* ---- headers ----------------------------------------------------------------- */

static void header_checks(void **state)
{
	struct umod_proto_buf b = { 0 };
	struct umod_proto_hdr hdr;

	begin(&b, UMOD_OP_LIST);
	assert_int_equal(umod_proto_finish(&b), 0);
	assert_int_equal(umod_proto_parse_hdr(b.data, &hdr, 100), 0);
	assert_int_equal(hdr.op, UMOD_OP_LIST);
	assert_int_equal(hdr.len, 0);

	b.data[0] ^= 1;					/* magic */
	assert_int_equal(umod_proto_parse_hdr(b.data, &hdr, 100), -EBADMSG);
	b.data[0] ^= 1;
	b.data[13] = 1;					/* reserved word */
	assert_int_equal(umod_proto_parse_hdr(b.data, &hdr, 100), -EBADMSG);
	b.data[13] = 0;
	b.data[4] = 2;					/* version */
	assert_int_equal(umod_proto_parse_hdr(b.data, &hdr, 100), -EPROTONOSUPPORT);
	b.data[4] = 1;
	b.data[8] = 101;				/* over the limit */
	assert_int_equal(umod_proto_parse_hdr(b.data, &hdr, 100), -EMSGSIZE);
	b.data[8] = 100;				/* at the limit */
	assert_int_equal(umod_proto_parse_hdr(b.data, &hdr, 100), 0);
	umod_proto_buf_free(&b);
}

static void frame_length_must_match(void **state)
{
	struct umod_proto_buf b = { 0 };
	struct umod_request req;

	begin(&b, UMOD_OP_REMOVE);
	umod_proto_put_str(&b, "x");
	umod_proto_put_int(&b, 0);
	assert_int_equal(umod_proto_finish(&b), 0);
	assert_int_equal(umod_proto_decode(b.data, b.len - 1, &req), -EBADMSG);
	assert_int_equal(umod_proto_decode(b.data, UMOD_PROTO_HDR_SIZE - 1, &req), -EBADMSG);
	assert_int_equal(umod_proto_decode(b.data, 0, &req), -EBADMSG);
	assert_int_equal(umod_proto_decode(b.data, b.len, &req), 0);
	umod_proto_buf_free(&b);
}

/* ---- fields ------------------------------------------------------------------- */

static int decode_raw(uint16_t op, const unsigned char *p, size_t len)
{
	struct umod_request req;

	return umod_proto_decode_request(op, p, len, &req);
}

static void field_headers(void **state)
{
	/* REMOVE: STR "ab", INT 0 */
	unsigned char ok[] = {
		2, 0, 0, 0, 3, 0, 0, 0, 'a', 'b', 0,
		1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	};
	unsigned char m[sizeof(ok)];

	assert_int_equal(decode_raw(UMOD_OP_REMOVE, ok, sizeof(ok)), 0);
	for (size_t cut = 0; cut < sizeof(ok); cut++)	/* every truncation */
		assert_int_equal(decode_raw(UMOD_OP_REMOVE, ok, cut), -EBADMSG);
	memcpy(m, ok, sizeof(m));
	m[1] = 1;					/* padding not zero */
	assert_int_equal(decode_raw(UMOD_OP_REMOVE, m, sizeof(m)), -EBADMSG);
	memcpy(m, ok, sizeof(m));
	m[0] = 3;					/* BYTES where STR is due */
	assert_int_equal(decode_raw(UMOD_OP_REMOVE, m, sizeof(m)), -EBADMSG);
	memcpy(m, ok, sizeof(m));
	m[0] = 9;					/* no such type */
	assert_int_equal(decode_raw(UMOD_OP_REMOVE, m, sizeof(m)), -EBADMSG);
	memcpy(m, ok, sizeof(m));
	m[4] = 0xff;					/* size past the payload */
	assert_int_equal(decode_raw(UMOD_OP_REMOVE, m, sizeof(m)), -EBADMSG);
	memcpy(m, ok, sizeof(m));
	m[7] = 0x80;					/* size near 2^32 */
	assert_int_equal(decode_raw(UMOD_OP_REMOVE, m, sizeof(m)), -EBADMSG);
	memcpy(m, ok, sizeof(m));
	m[15] = 4;					/* an INT of 4 bytes is none */
	assert_int_equal(decode_raw(UMOD_OP_REMOVE, m, sizeof(m)), -EBADMSG);
}

static void strings_hold_one_nul_at_the_end(void **state)
{
	unsigned char s[] = { 2, 0, 0, 0, 3, 0, 0, 0, 'a', 'b', 0 };

	assert_int_equal(decode_raw(UMOD_OP_SYSFS_READ, s, sizeof(s)), 0);
	s[10] = 'c';					/* no NUL */
	assert_int_equal(decode_raw(UMOD_OP_SYSFS_READ, s, sizeof(s)), -EBADMSG);
	s[10] = 0;
	s[9] = 0;					/* a NUL inside */
	assert_int_equal(decode_raw(UMOD_OP_SYSFS_READ, s, sizeof(s)), -EBADMSG);
	s[4] = 0;					/* empty: not even the NUL */
	assert_int_equal(decode_raw(UMOD_OP_SYSFS_READ, s, 8), -EBADMSG);
}

/* ---- request schemas ---------------------------------------------------------- */

static void schemas(void **state)
{
	struct umod_proto_buf b = { 0 };
	struct umod_request req;

	begin(&b, 99);					/* unknown op */
	assert_int_equal(decode(&b, &req), -EOPNOTSUPP);
	begin(&b, UMOD_OP_HELLO);			/* server-only */
	assert_int_equal(decode(&b, &req), -EOPNOTSUPP);
	begin(&b, UMOD_OP_LIST | UMOD_OP_REPLY);	/* a reply sent back */
	assert_int_equal(decode(&b, &req), -EOPNOTSUPP);

	begin(&b, UMOD_OP_LIST);			/* a field too many */
	umod_proto_put_int(&b, 0);
	assert_int_equal(decode(&b, &req), -EBADMSG);

	begin(&b, UMOD_OP_REMOVE);			/* a field short */
	umod_proto_put_str(&b, "hellop");
	assert_int_equal(decode(&b, &req), -EBADMSG);

	begin(&b, UMOD_OP_REMOVE);			/* unknown flag bits */
	umod_proto_put_str(&b, "hellop");
	umod_proto_put_int(&b, 2);
	assert_int_equal(decode(&b, &req), -EBADMSG);

	begin(&b, UMOD_OP_INSERT);			/* negative flags */
	umod_proto_put_bytes(&b, "", 0);
	umod_proto_put_str(&b, "");
	umod_proto_put_int(&b, -1);
	assert_int_equal(decode(&b, &req), -EBADMSG);

	begin(&b, UMOD_OP_LOG_READ);			/* negative cursor */
	umod_proto_put_int(&b, -1);
	umod_proto_put_int(&b, 0);
	assert_int_equal(decode(&b, &req), -EBADMSG);

	begin(&b, UMOD_OP_LOG_READ);			/* unknown flag */
	umod_proto_put_int(&b, 0);
	umod_proto_put_int(&b, 4);
	assert_int_equal(decode(&b, &req), -EBADMSG);

	begin(&b, UMOD_OP_SYSFS_WRITE);			/* value missing */
	umod_proto_put_str(&b, "module/x/parameters/y");
	assert_int_equal(decode(&b, &req), -EBADMSG);
	umod_proto_buf_free(&b);
}

/* ---- encoding limits ------------------------------------------------------------- */

static void encoder_limit_sticks(void **state)
{
	struct umod_proto_buf b = { 0 };
	char big[100];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	umod_proto_begin(&b, UMOD_OP_SYSFS_READ, 64);
	umod_proto_put_str(&b, big);			/* 8 + 100 > 64 */
	umod_proto_put_int(&b, 1);			/* would fit: the error stays */
	assert_int_equal(umod_proto_finish(&b), -EMSGSIZE);
	umod_proto_begin(&b, UMOD_OP_SYSFS_READ, 64);	/* a buffer can be reused */
	umod_proto_put_str(&b, "fits");
	assert_int_equal(umod_proto_finish(&b), 0);
	umod_proto_buf_free(&b);
}

/* ---- random input ---------------------------------------------------------------- */

static void random_bytes_never_crash(void **state)
{
	unsigned char frame[256];
	struct umod_request req;
	unsigned int seed = 7;

	for (int i = 0; i < 20000; i++) {
		size_t len = (size_t)rand_r(&seed) % sizeof(frame);

		for (size_t j = 0; j < len; j++)
			frame[j] = (unsigned char)rand_r(&seed);
		/* a valid header half the time, so the fields get exercised */
		if (len >= UMOD_PROTO_HDR_SIZE && (i & 1)) {
			memcpy(frame, "UMOD\1\0", 6);
			frame[6] = (unsigned char)(1 + i % 8);
			frame[7] = 0;
			frame[8] = (unsigned char)(len - UMOD_PROTO_HDR_SIZE);
			memset(frame + 9, 0, 7);
		}
		umod_proto_decode(frame, len, &req);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(insert_round_trip),
		cmocka_unit_test(every_op_round_trips),
		cmocka_unit_test(negative_ints_and_empty_strings),
		cmocka_unit_test(header_checks),
		cmocka_unit_test(frame_length_must_match),
		cmocka_unit_test(field_headers),
		cmocka_unit_test(strings_hold_one_nul_at_the_end),
		cmocka_unit_test(schemas),
		cmocka_unit_test(encoder_limit_sticks),
		cmocka_unit_test(random_bytes_never_crash),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
