// SPDX-License-Identifier: MIT
/*
 * drivers/block/nbd-server.c: a client's byte stream (a memfd) served
 * against an 8 KiB export in memory, the replies read back from another
 * memfd: the handshake's answers, requests inside the export passed on,
 * requests outside it refused with EINVAL without reaching the export and
 * with the stream kept in step.
 */
#include <endian.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "drivers/block/nbd-server.h"

#define SIZE	8192u

static unsigned char disk[SIZE];
static unsigned int calls;

static int mem_read(void *priv, void *buf, uint32_t len, uint64_t off)
{
	assert_true(len <= SIZE && off <= SIZE - len);
	memcpy(buf, disk + off, len);
	calls++;
	return 0;
}

static int mem_write(void *priv, const void *buf, uint32_t len, uint64_t off)
{
	assert_true(len <= SIZE && off <= SIZE - len);
	memcpy(disk + off, buf, len);
	calls++;
	return 0;
}

static const struct umod_nbd_export_ops ops = { .read = mem_read, .write = mem_write };
static const struct umod_nbd_export exp_ = { "disk0", SIZE, 512, false, false, false, &ops, NULL };

static unsigned char in[4096], out[65536];
static size_t nin, nout;

static void put(const void *p, size_t n)
{
	memcpy(in + nin, p, n);
	nin += n;
}

static void put32(uint32_t v) { v = htobe32(v); put(&v, 4); }
static void put64(uint64_t v) { v = htobe64(v); put(&v, 8); }

static void request(uint16_t type, uint64_t off, uint32_t len, const void *payload)
{
	uint16_t t[2] = { 0, htobe16(type) };

	put32(0x25609513);
	put(t, 4);
	put64(0x1122334455667788ull);
	put64(off);
	put32(len);
	if (payload)
		put(payload, len);
}

static void serve(bool handshake)
{
	int rfd = memfd_create("in", 0), wfd = memfd_create("out", 0);

	assert_int_equal(write(rfd, in, nin), (ssize_t)nin);
	lseek(rfd, 0, SEEK_SET);
	assert_int_equal(umod_nbd_serve(rfd, wfd, &exp_, handshake), 0);
	nout = (size_t)pread(wfd, out, sizeof(out), 0);
	close(rfd);
	close(wfd);
}

static uint32_t be32_at(size_t off)
{
	uint32_t v;

	memcpy(&v, out + off, 4);
	return be32toh(v);
}

static int reset(void **state)
{
	nin = nout = 0;
	calls = 0;
	memset(disk, 0, sizeof(disk));
	return 0;
}

/* the kernel's side: no handshake; a write past the end drained, then served on */
static void bounds_refused_in_step(void **state)
{
	request(1, SIZE - 2, 4, "JUNK");		/* past the end */
	request(0, UINT64_MAX - 1, 4, NULL);		/* offset + length wraps */
	request(1, 100, 5, "HELLO");
	request(0, 100, 5, NULL);
	request(2, 0, 0, NULL);
	serve(false);
	assert_int_equal(calls, 2);
	assert_int_equal(nout, 16 * 4 + 5);
	assert_int_equal(be32_at(0), 0x67446698);
	assert_int_equal(be32_at(4), 22);		/* EINVAL */
	assert_int_equal(be32_at(16 + 4), 22);
	assert_int_equal(be32_at(32 + 4), 0);
	assert_int_equal(be32_at(48 + 4), 0);
	assert_memory_equal(out + 64, "HELLO", 5);
}

/* the handshake: an unknown option, an unknown name, then GO */
static void handshake_go(void **state)
{
	put32(3);					/* FIXED_NEWSTYLE | NO_ZEROES */
	put64(0x49484156454f5054ull); put32(42); put32(0);
	put64(0x49484156454f5054ull); put32(7); put32(8);
	put32(2); put("xy", 2); put("\0\0", 2);
	put64(0x49484156454f5054ull); put32(7); put32(11);
	put32(5); put("disk0", 5); put("\0\0", 2);
	request(2, 0, 0, NULL);
	serve(true);
	assert_int_equal(out[16], 0);			/* the server's flags: 3 */
	assert_int_equal(out[17], 3);
	assert_int_equal(be32_at(18 + 12), 0x80000001);	/* NBD_REP_ERR_UNSUP */
	assert_int_equal(be32_at(38 + 12), 0x80000006);	/* NBD_REP_ERR_UNKNOWN */
	assert_int_equal(be32_at(58 + 12), 3);		/* NBD_REP_INFO: the export */
	assert_int_equal(be32_at(58 + 16), 12);
	assert_int_equal(be32_at(58 + 20 + 6), SIZE);	/* the size's low half */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(bounds_refused_in_step, reset),
		cmocka_unit_test_setup(handshake_go, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
