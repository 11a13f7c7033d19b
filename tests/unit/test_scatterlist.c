// SPDX-License-Identifier: MIT
/*
 * lib/scatterlist.c: tables past one page of entries chain as 6.1 chains
 * them (the chain entry carries no data, sg_next() steps over it), the
 * end marks, counting, the page-by-page iterator splitting an entry at
 * page boundaries, and copies with a skip across entries.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <cmocka.h>

#include <umod/kabi/scatterlist.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define T		(&umod_kapi_scatterlist)
#define GFP_KERNEL	0xcc0u

static struct scatterlist *(*next_)(struct scatterlist *);
static int (*nents_)(struct scatterlist *);

static int lookup(void **state)
{
	next_ = kapi_in(T, "sg_next");
	nents_ = kapi_in(T, "sg_nents");
	return 0;
}

static void set_buf(struct scatterlist *sg, const void *buf, unsigned int len)
{
	uintptr_t a = (uintptr_t)buf;

	sg->page_link = (sg->page_link & SG_PAGE_LINK_MASK) | (a & ~4095ul);
	sg->offset = (unsigned int)(a & 4095);
	sg->length = len;
}

static void tables_chain(void **state)
{
	int (*alloc)(struct sg_table *, unsigned int, unsigned int) = kapi_in(T, "sg_alloc_table");
	void (*release)(struct sg_table *) = kapi_in(T, "sg_free_table");
	struct scatterlist *(*last)(struct scatterlist *, unsigned int) = kapi_in(T, "sg_last");
	struct sg_table t;
	struct scatterlist *sg;
	unsigned int n = 0;

	assert_int_equal(alloc(&t, 0, GFP_KERNEL), -EINVAL);
	/* 300 entries: 127 + 127 in full chunks, each ending in a link, then 46 */
	assert_int_equal(alloc(&t, 300, GFP_KERNEL), 0);
	assert_int_equal(t.nents, 300);
	assert_int_equal(t.orig_nents, 300);
	assert_true(t.sgl[SG_MAX_SINGLE_ALLOC - 1].page_link & SG_CHAIN);
	for (sg = t.sgl; sg; sg = next_(sg))
		n++;
	assert_int_equal(n, 300);
	assert_int_equal(nents_(t.sgl), 300);
	assert_true(last(t.sgl, 300)->page_link & SG_END);
	release(&t);
	assert_null(t.sgl);
	/* exactly one chunk: no link */
	assert_int_equal(alloc(&t, SG_MAX_SINGLE_ALLOC, GFP_KERNEL), 0);
	assert_int_equal(nents_(t.sgl), SG_MAX_SINGLE_ALLOC);
	release(&t);
}

static void counting(void **state)
{
	void (*init)(struct scatterlist *, unsigned int) = kapi_in(T, "sg_init_table");
	void (*init_one)(struct scatterlist *, const void *, unsigned int) = kapi_in(T, "sg_init_one");
	int (*for_len)(struct scatterlist *, uint64_t) = kapi_in(T, "sg_nents_for_len");
	struct scatterlist sg[3];
	char a[10], b[20], c[30];

	init(sg, 3);
	assert_true(sg[2].page_link & SG_END);
	set_buf(&sg[0], a, sizeof(a));
	set_buf(&sg[1], b, sizeof(b));
	set_buf(&sg[2], c, sizeof(c));
	assert_int_equal(nents_(sg), 3);
	assert_int_equal(for_len(sg, 0), 0);
	assert_int_equal(for_len(sg, 10), 1);
	assert_int_equal(for_len(sg, 11), 2);
	assert_int_equal(for_len(sg, 60), 3);
	assert_int_equal(for_len(sg, 61), -EINVAL);
	init_one(sg, b, 7);
	assert_int_equal(nents_(sg), 1);
	assert_ptr_equal((char *)(sg->page_link & ~3ul) + sg->offset, b);
	assert_int_equal(sg->length, 7);
}

static void iterator_and_copies(void **state)
{
	void (*start)(struct sg_mapping_iter *, struct scatterlist *, unsigned int, unsigned int) =
		kapi_in(T, "sg_miter_start");
	bool (*next)(struct sg_mapping_iter *) = kapi_in(T, "sg_miter_next");
	void (*stop)(struct sg_mapping_iter *) = kapi_in(T, "sg_miter_stop");
	size_t (*from)(struct scatterlist *, unsigned int, const void *, size_t) =
		kapi_in(T, "sg_copy_from_buffer");
	size_t (*pto)(struct scatterlist *, unsigned int, void *, size_t, off_t) =
		kapi_in(T, "sg_pcopy_to_buffer");
	size_t (*zero)(struct scatterlist *, unsigned int, size_t, off_t) =
		kapi_in(T, "sg_zero_buffer");
	unsigned char *pages = aligned_alloc(4096, 3 * 4096), small[16], out[32];
	struct scatterlist sg[2];
	struct sg_mapping_iter m;
	unsigned char src[8200];
	size_t lens[8];
	int n = 0;

	memset(sg, 0, sizeof(sg));
	sg[1].page_link = SG_END;
	/* 8000 bytes from 100 bytes into a page: 3996 to its end, 4004 in the next */
	set_buf(&sg[0], pages + 100, 8000);
	set_buf(&sg[1], small, sizeof(small));
	start(&m, sg, 2, SG_MITER_FROM_SG);
	while (n < 8 && next(&m))
		lens[n++] = m.length;
	stop(&m);
	assert_int_equal(n, 3);
	assert_int_equal(lens[0], 3996);
	assert_int_equal(lens[1], 4004);
	assert_int_equal(lens[2], 16);
	/* a copy in runs across both entries; one out skips into the second */
	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)i;
	assert_int_equal(from(sg, 2, src, sizeof(src)), 8016);
	assert_int_equal(small[0], (unsigned char)8000);
	assert_int_equal(pto(sg, 2, out, sizeof(out), 7990), 26);
	assert_int_equal(out[0], (unsigned char)7990);
	assert_int_equal(out[25], (unsigned char)8015);
	/* a skip past the end copies nothing */
	assert_int_equal(pto(sg, 2, out, sizeof(out), 9000), 0);
	assert_int_equal(zero(sg, 2, 4, 8000), 4);
	assert_int_equal(small[3], 0);
	assert_int_equal(small[4], (unsigned char)8004);
	free(pages);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tables_chain),
		cmocka_unit_test(counting),
		cmocka_unit_test(iterator_and_copies),
	};

	return cmocka_run_group_tests(tests, lookup, NULL);
}
