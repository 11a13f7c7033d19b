// SPDX-License-Identifier: MIT
/*
 * lib/kfifo.c: sizes rounded as 6.1 rounds them, the counters wrapping
 * at 2^32 with the fill still right, data wrapping round the end of the
 * ring, element sizes above 1, record FIFOs (1- and 2-byte headers,
 * all-or-nothing in, a short read still dropping the whole record), the
 * user-space copies with a fault part way, and the DMA-less scatterlist
 * helpers splitting at the ring's end.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/kfifo.h>
#include <umod/kabi/scatterlist.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "lib/usercopy.h"

#define T		(&umod_kapi_kfifo)
#define GFP_KERNEL	0xcc0u

static int (*alloc_)(struct __kfifo *, unsigned int, size_t, unsigned int);
static void (*free_)(struct __kfifo *);
static int (*init_)(struct __kfifo *, void *, unsigned int, size_t);
static unsigned int (*in_)(struct __kfifo *, const void *, unsigned int);
static unsigned int (*out_)(struct __kfifo *, void *, unsigned int);
static unsigned int (*peek_)(struct __kfifo *, void *, unsigned int);
static unsigned int (*in_r)(struct __kfifo *, const void *, unsigned int, size_t);
static unsigned int (*out_r)(struct __kfifo *, void *, unsigned int, size_t);
static unsigned int (*peek_r)(struct __kfifo *, void *, unsigned int, size_t);
static unsigned int (*len_r)(struct __kfifo *, size_t);
static void (*skip_r)(struct __kfifo *, size_t);
static unsigned int (*max_r)(unsigned int, size_t);

static int lookup(void **state)
{
	alloc_ = kapi_in(T, "__kfifo_alloc");
	free_ = kapi_in(T, "__kfifo_free");
	init_ = kapi_in(T, "__kfifo_init");
	in_ = kapi_in(T, "__kfifo_in");
	out_ = kapi_in(T, "__kfifo_out");
	peek_ = kapi_in(T, "__kfifo_out_peek");
	in_r = kapi_in(T, "__kfifo_in_r");
	out_r = kapi_in(T, "__kfifo_out_r");
	peek_r = kapi_in(T, "__kfifo_out_peek_r");
	len_r = kapi_in(T, "__kfifo_len_r");
	skip_r = kapi_in(T, "__kfifo_skip_r");
	max_r = kapi_in(T, "__kfifo_max_r");
	return 0;
}

static void sizes(void **state)
{
	struct __kfifo f;
	char buf[100];

	assert_int_equal(alloc_(&f, 100, 1, GFP_KERNEL), 0);
	assert_int_equal(f.mask, 127);
	free_(&f);
	assert_null(f.data);
	assert_int_equal(f.mask, 0);
	assert_int_equal(alloc_(&f, 1, 4, GFP_KERNEL), -EINVAL);
	assert_int_equal(alloc_(&f, 0, 4, GFP_KERNEL), -EINVAL);
	/* a caller's buffer: 100 bytes of 4-byte elements hold 25, so 16 */
	assert_int_equal(init_(&f, buf, sizeof(buf), 4), 0);
	assert_int_equal(f.mask, 15);
	assert_int_equal(init_(&f, buf, 7, 4), -EINVAL);
}

static void wrap_around(void **state)
{
	unsigned char ring[8], out[8];
	struct __kfifo f;

	assert_int_equal(init_(&f, ring, sizeof(ring), 1), 0);
	/* counters just short of 2^32: in and out cross it during the test */
	f.in = f.out = 0xfffffffcu;
	assert_int_equal(in_(&f, "abcdef", 6), 6);
	assert_int_equal(f.in - f.out, 6);
	assert_int_equal(f.in, 2);
	assert_int_equal(out_(&f, out, 4), 4);
	assert_memory_equal(out, "abcd", 4);
	/* 2 left; 6 free: 8 asked, 6 taken, written round the end of the ring */
	assert_int_equal(in_(&f, "ghijklmn", 8), 6);
	assert_int_equal(f.in - f.out, 8);
	assert_int_equal(in_(&f, "x", 1), 0);
	assert_int_equal(peek_(&f, out, 3), 3);
	assert_memory_equal(out, "efg", 3);
	assert_int_equal(out_(&f, out, 100), 8);
	assert_memory_equal(out, "efghijkl", 8);
	assert_int_equal(out_(&f, out, 1), 0);
}

static void wide_elements(void **state)
{
	uint32_t ring[4], got[4];
	static const uint32_t vals[] = { 1, 2, 3, 4, 5 };
	struct __kfifo f;

	assert_int_equal(init_(&f, ring, sizeof(ring), sizeof(uint32_t)), 0);
	assert_int_equal(in_(&f, vals, 3), 3);
	assert_int_equal(out_(&f, got, 2), 2);
	assert_int_equal(in_(&f, vals + 2, 3), 3);
	assert_int_equal(out_(&f, got, 4), 4);
	assert_int_equal(got[0], 3);
	assert_int_equal(got[3], 5);
}

static void records(void **state)
{
	unsigned char ring[16], out[16];
	struct __kfifo f;

	assert_int_equal(init_(&f, ring, sizeof(ring), 1), 0);
	/* 1-byte headers: "hello" takes 6 bytes, "world!!" 8: 14 of 16 */
	assert_int_equal(in_r(&f, "hello", 5, 1), 5);
	assert_int_equal(in_r(&f, "world!!", 7, 1), 7);
	/* 2 bytes free: a 1-byte record needs 2, a 2-byte one 3: all or nothing */
	assert_int_equal(in_r(&f, "xy", 2, 1), 0);
	assert_int_equal(f.in - f.out, 14);
	assert_int_equal(len_r(&f, 1), 5);
	assert_int_equal(peek_r(&f, out, 16, 1), 5);
	assert_memory_equal(out, "hello", 5);
	/* a short read still takes the whole record */
	assert_int_equal(out_r(&f, out, 3, 1), 3);
	assert_memory_equal(out, "hel", 3);
	assert_int_equal(len_r(&f, 1), 7);
	skip_r(&f, 1);
	assert_int_equal(f.in, f.out);
	assert_int_equal(out_r(&f, out, 16, 1), 0);
	/* a 2-byte header, wrapping round the ring's end */
	assert_int_equal(in_r(&f, "0123456789ab", 12, 2), 12);
	assert_int_equal(len_r(&f, 2), 12);
	assert_int_equal(out_r(&f, out, 16, 2), 12);
	assert_memory_equal(out, "0123456789ab", 12);
	/* what a header can say */
	assert_int_equal(max_r(300, 1), 255);
	assert_int_equal(max_r(300, 2), 300);
	assert_int_equal(max_r(70000, 2), 65535);
}

static void user_copies(void **state)
{
	int (*from_user)(struct __kfifo *, const void *, unsigned long, unsigned int *) =
		kapi_in(T, "__kfifo_from_user");
	int (*to_user)(struct __kfifo *, void *, unsigned long, unsigned int *) =
		kapi_in(T, "__kfifo_to_user");
	int (*from_user_r)(struct __kfifo *, const void *, unsigned long, unsigned int *, size_t) =
		kapi_in(T, "__kfifo_from_user_r");
	char user[16] = "0123456789abcdef", ring[8];
	struct umod_uwindow save;
	unsigned int copied = 99;
	struct __kfifo f;

	assert_int_equal(init_(&f, ring, sizeof(ring), 1), 0);
	f.in = f.out = 6;
	/* user memory is the window; its first 10 bytes */
	umod_uaccess_enter(&save, user, 10);
	assert_int_equal(from_user(&f, user, 5, &copied), 0);
	assert_int_equal(copied, 5);
	assert_int_equal(to_user(&f, user + 5, 4, &copied), 0);
	assert_int_equal(copied, 4);
	assert_memory_equal(user + 5, "0123", 4);
	/* reading past the window: what fits is taken, then -EFAULT */
	assert_int_equal(from_user(&f, user + 8, 6, &copied), -EFAULT);
	assert_int_equal(copied, 2);
	assert_int_equal(f.in - f.out, 3);
	/* a record that faults goes in not at all */
	f.in = f.out = 0;
	assert_int_equal(from_user_r(&f, user + 6, 6, &copied, 1), -EFAULT);
	assert_int_equal(copied, 0);
	assert_int_equal(f.in, 0);
	umod_uaccess_leave(&save);
}

static void dma_entries(void **state)
{
	unsigned int (*in_prep)(struct __kfifo *, struct scatterlist *, int, unsigned int) =
		kapi_in(T, "__kfifo_dma_in_prepare");
	unsigned int (*out_prep)(struct __kfifo *, struct scatterlist *, int, unsigned int) =
		kapi_in(T, "__kfifo_dma_out_prepare");
	unsigned int (*in_prep_r)(struct __kfifo *, struct scatterlist *, int, unsigned int,
				  size_t) = kapi_in(T, "__kfifo_dma_in_prepare_r");
	void (*in_finish_r)(struct __kfifo *, unsigned int, size_t) =
		kapi_in(T, "__kfifo_dma_in_finish_r");
	static unsigned char ring[16] __attribute__((aligned(4096)));
	struct scatterlist sg[2];
	struct __kfifo f;

	assert_int_equal(init_(&f, ring, sizeof(ring), 1), 0);
	memset(sg, 0, sizeof(sg));
	f.in = f.out = 12;
	/* 16 free from slot 12: 4 up to the end of the ring, 12 from its start */
	assert_int_equal(in_prep(&f, sg, 2, 100), 2);
	assert_int_equal(sg[0].offset, 12);
	assert_int_equal(sg[0].length, 4);
	assert_int_equal(sg[0].page_link & ~3ul, (uintptr_t)ring);
	assert_int_equal(sg[1].offset, 0);
	assert_int_equal(sg[1].length, 12);
	/* one entry only: just the first part */
	assert_int_equal(in_prep(&f, sg, 1, 100), 1);
	assert_int_equal(out_prep(&f, sg, 2, 100), 0);
	f.in += 6;
	assert_int_equal(out_prep(&f, sg, 2, 100), 2);
	assert_int_equal(sg[1].length, 2);
	/* records: room for the header first; finishing writes it */
	f.in = f.out = 0;
	assert_int_equal(in_prep_r(&f, sg, 2, 10, 1), 1);
	assert_int_equal(sg[0].offset, 1);
	assert_int_equal(sg[0].length, 10);
	in_finish_r(&f, 10, 1);
	assert_int_equal(ring[0], 10);
	assert_int_equal(f.in, 11);
	assert_int_equal(in_prep_r(&f, sg, 2, 10, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes),
		cmocka_unit_test(wrap_around),
		cmocka_unit_test(wide_elements),
		cmocka_unit_test(records),
		cmocka_unit_test(user_copies),
		cmocka_unit_test(dma_entries),
	};

	return cmocka_run_group_tests(tests, lookup, NULL);
}
