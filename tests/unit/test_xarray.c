// SPDX-License-Identifier: MIT
/*
 * lib/xarray.c: loads, stores and erases with the head NULL exactly when
 * empty; marks (kept across a store, gone with an erase, the flag bits
 * xa_marked() reads); multi-index entries cut from a range as 6.1's
 * radix tree cuts it (the orders it reports, an erase anywhere dropping
 * the whole entry, a store anywhere changing all of it); searches that
 * start inside one; ID allocation (lowest free, ALLOC1, cyclic and its
 * wrap); reservations; cmpxchg and insert.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/xarray.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"

#define T		(&umod_kapi_xarray)
#define PRESENT		8u
#define FLAGS_ALLOC	(4u | (1u << 26))
#define FLAGS_ALLOC1	(4u | 8u)
#define MARK_FLAG(m)	((1u << 26) << (m))
#define ZERO		((void *)(257ul << 2 | 2))
#define ERR(e)		((void *)(((unsigned long)(long)(e) << 2) | 2))

static void *(*load)(struct xarray *, unsigned long);
static void *(*store)(struct xarray *, unsigned long, void *, unsigned int);
static void *(*erase)(struct xarray *, unsigned long);
static void *(*store_range)(struct xarray *, unsigned long, unsigned long, void *, unsigned int);
static int (*get_order)(struct xarray *, unsigned long);
static void (*set_mark)(struct xarray *, unsigned long, unsigned int);
static void (*clear_mark)(struct xarray *, unsigned long, unsigned int);
static bool (*get_mark)(struct xarray *, unsigned long, unsigned int);
static void *(*find)(struct xarray *, unsigned long *, unsigned long, unsigned int);
static void *(*find_after)(struct xarray *, unsigned long *, unsigned long, unsigned int);
static unsigned int (*extract)(struct xarray *, void **, unsigned long, unsigned long,
			       unsigned int, unsigned int);
static void (*destroy)(struct xarray *);
static int (*alloc)(struct xarray *, uint32_t *, void *, struct xa_limit, unsigned int);
static int (*alloc_cyclic)(struct xarray *, uint32_t *, void *, struct xa_limit, uint32_t *,
			   unsigned int);
static int (*insert)(struct xarray *, unsigned long, void *, unsigned int);
static void *(*cmpxchg)(struct xarray *, unsigned long, void *, void *, unsigned int);

static int lookup(void **state)
{
	load = kapi_in(T, "xa_load");
	store = kapi_in(T, "xa_store");
	erase = kapi_in(T, "xa_erase");
	store_range = kapi_in(T, "xa_store_range");
	get_order = kapi_in(T, "xa_get_order");
	set_mark = kapi_in(T, "xa_set_mark");
	clear_mark = kapi_in(T, "xa_clear_mark");
	get_mark = kapi_in(T, "xa_get_mark");
	find = kapi_in(T, "xa_find");
	find_after = kapi_in(T, "xa_find_after");
	extract = kapi_in(T, "xa_extract");
	destroy = kapi_in(T, "xa_destroy");
	alloc = kapi_in(T, "__xa_alloc");
	alloc_cyclic = kapi_in(T, "__xa_alloc_cyclic");
	insert = kapi_in(T, "__xa_insert");
	cmpxchg = kapi_in(T, "__xa_cmpxchg");
	return 0;
}

static void *v(unsigned long n)
{
	return (void *)((n << 1) | 1);	/* xa_mk_value() */
}

static void store_load_erase(void **state)
{
	struct xarray xa = { 0 };

	assert_null(xa.xa_head);
	assert_null(store(&xa, 5, v(5), 0));
	assert_non_null(xa.xa_head);
	assert_ptr_equal(load(&xa, 5), v(5));
	assert_null(load(&xa, 4));
	assert_ptr_equal(store(&xa, 5, v(6), 0), v(5));
	assert_null(store(&xa, ~0ul, v(7), 0));
	assert_ptr_equal(load(&xa, ~0ul), v(7));
	assert_ptr_equal(erase(&xa, 5), v(6));
	assert_null(erase(&xa, 5));
	/* storing NULL erases */
	assert_ptr_equal(store(&xa, ~0ul, NULL, 0), v(7));
	assert_null(xa.xa_head);
	/* an internal entry cannot be stored */
	assert_ptr_equal(store(&xa, 1, (void *)((1ul << 2) | 2), 0), ERR(-EINVAL));
}

static void marks(void **state)
{
	struct xarray xa = { 0 };
	unsigned long index;
	int n = 0;

	for (unsigned long i = 0; i < 10; i++)
		store(&xa, i * 10, v(i), 0);
	set_mark(&xa, 20, 1);
	set_mark(&xa, 50, 1);
	set_mark(&xa, 55, 1);	/* no entry: nothing */
	assert_true(xa.xa_flags & MARK_FLAG(1));
	assert_false(xa.xa_flags & MARK_FLAG(2));
	assert_true(get_mark(&xa, 20, 1));
	assert_false(get_mark(&xa, 20, 2));
	assert_false(get_mark(&xa, 55, 1));
	/* a new value keeps the mark; an erase takes it */
	store(&xa, 20, v(99), 0);
	assert_true(get_mark(&xa, 20, 1));
	index = 0;
	for (void *e = find(&xa, &index, ~0ul, 1); e; e = find_after(&xa, &index, ~0ul, 1))
		n++;
	assert_int_equal(n, 2);
	erase(&xa, 20);
	clear_mark(&xa, 50, 1);
	assert_false(xa.xa_flags & MARK_FLAG(1));
	destroy(&xa);
	assert_null(xa.xa_head);
}

static void multi_index(void **state)
{
	struct xarray xa = { 0 };
	unsigned long index;

	/* one aligned node's worth: one entry of order 6 */
	assert_null(store_range(&xa, 0, 63, v(1), 0));
	assert_int_equal(get_order(&xa, 17), 6);
	assert_ptr_equal(load(&xa, 63), v(1));
	assert_null(load(&xa, 64));
	/* a store into any index changes the whole entry */
	assert_ptr_equal(store(&xa, 40, v(2), 0), v(1));
	assert_ptr_equal(load(&xa, 0), v(2));
	/* an erase of any index drops all of it */
	assert_ptr_equal(erase(&xa, 5), v(2));
	assert_null(load(&xa, 63));
	assert_null(xa.xa_head);
	/* [0, 100] is cut as 6.1 cuts it: [0, 63] of order 6, then [64, 100] */
	store_range(&xa, 0, 100, v(3), 0);
	assert_int_equal(get_order(&xa, 0), 6);
	assert_int_equal(get_order(&xa, 80), 6);
	erase(&xa, 70);
	assert_null(load(&xa, 64));
	assert_ptr_equal(load(&xa, 63), v(3));
	erase(&xa, 0);
	/* unaligned: [1, 6] is one entry (order 3, as the siblings count) */
	store_range(&xa, 1, 6, v(4), 0);
	assert_int_equal(get_order(&xa, 3), 3);
	assert_null(load(&xa, 0));
	/* a search from inside the entry finds it where it started */
	index = 4;
	assert_ptr_equal(find(&xa, &index, ~0ul, PRESENT), v(4));
	assert_int_equal(index, 4);
	index = 0;
	assert_ptr_equal(find(&xa, &index, ~0ul, PRESENT), v(4));
	assert_int_equal(index, 1);
	/* the next is after the whole entry */
	store(&xa, 9, v(9), 0);
	index = 3;
	assert_ptr_equal(find_after(&xa, &index, ~0ul, PRESENT), v(9));
	assert_int_equal(index, 9);
	assert_null(find_after(&xa, &index, ~0ul, PRESENT));
	assert_int_equal(index, 9);
	/* [0, 127]: two slots of the second level, order 7 */
	destroy(&xa);
	store_range(&xa, 0, 127, v(5), 0);
	assert_int_equal(get_order(&xa, 100), 7);
	/* NULL over a range drops every entry with an index in it */
	store_range(&xa, 100, 100, NULL, 0);
	assert_null(xa.xa_head);
	assert_ptr_equal(store_range(&xa, 5, 4, v(1), 0), ERR(-EINVAL));
}

static void ids(void **state)
{
	struct xarray xa = { .xa_flags = FLAGS_ALLOC }, xa1 = { .xa_flags = FLAGS_ALLOC1 };
	struct xa_limit all = { .max = 0xffffffffu, .min = 0 }, small = { .max = 3, .min = 0 };
	uint32_t id = 99, next = 0;

	for (uint32_t i = 0; i < 4; i++) {
		assert_int_equal(alloc(&xa, &id, v(i), all, 0), 0);
		assert_int_equal(id, i);
	}
	erase(&xa, 1);
	assert_int_equal(alloc(&xa, &id, v(10), all, 0), 0);
	assert_int_equal(id, 1);
	assert_int_equal(alloc(&xa, &id, v(11), small, 0), -EBUSY);
	/* a NULL entry takes its ID all the same: reserved */
	assert_int_equal(alloc(&xa, &id, NULL, all, 0), 0);
	assert_int_equal(id, 4);
	assert_null(load(&xa, 4));
	assert_int_equal(alloc(&xa, &id, v(12), all, 0), 0);
	assert_int_equal(id, 5);
	destroy(&xa);
	/* ALLOC1: from 1 */
	assert_int_equal(alloc(&xa1, &id, v(1), all, 0), 0);
	assert_int_equal(id, 1);
	destroy(&xa1);
	/* cyclic: on from *next, round to the minimum, saying so with 1 */
	next = 2;
	assert_int_equal(alloc_cyclic(&xa, &id, v(1), small, &next, 0), 0);
	assert_int_equal(id, 2);
	assert_int_equal(alloc_cyclic(&xa, &id, v(1), small, &next, 0), 0);
	assert_int_equal(id, 3);
	assert_int_equal(alloc_cyclic(&xa, &id, v(1), small, &next, 0), 1);
	assert_int_equal(id, 0);
	assert_int_equal(next, 1);
	destroy(&xa);
	/* a plain array refuses to allocate (and warns, for a module) */
	assert_int_equal(alloc(&(struct xarray){ 0 }, &id, v(1), all, 0), -EINVAL);
}

static void reserve_insert_cmpxchg(void **state)
{
	struct xarray xa = { 0 };
	unsigned long index = 0;
	void *dst[4];

	/* xa_reserve(): cmpxchg NULL -> ZERO; loads see NULL, searches skip it */
	assert_null(cmpxchg(&xa, 3, NULL, ZERO, 0));
	assert_non_null(xa.xa_head);
	assert_null(load(&xa, 3));
	assert_int_equal(insert(&xa, 3, v(3), 0), -EBUSY);
	assert_null(find(&xa, &index, ~0ul, PRESENT));
	/* xa_release(): ZERO -> NULL */
	assert_ptr_equal(cmpxchg(&xa, 3, ZERO, NULL, 0), ZERO);
	assert_null(xa.xa_head);
	assert_int_equal(insert(&xa, 3, v(3), 0), 0);
	assert_int_equal(insert(&xa, 3, v(4), 0), -EBUSY);
	/* a cmpxchg that does not match changes nothing and says what is there */
	assert_ptr_equal(cmpxchg(&xa, 3, v(9), v(5), 0), v(3));
	assert_ptr_equal(cmpxchg(&xa, 3, v(3), v(5), 0), v(3));
	assert_ptr_equal(load(&xa, 3), v(5));
	insert(&xa, 7, v(7), 0);
	insert(&xa, 8, v(8), 0);
	assert_int_equal(extract(&xa, dst, 0, ~0ul, 4, PRESENT), 3);
	assert_ptr_equal(dst[2], v(8));
	assert_int_equal(extract(&xa, dst, 4, 7, 4, PRESENT), 1);
	assert_int_equal(extract(&xa, dst, 0, ~0ul, 2, PRESENT), 2);
	destroy(&xa);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(store_load_erase),
		cmocka_unit_test(marks),
		cmocka_unit_test(multi_index),
		cmocka_unit_test(ids),
		cmocka_unit_test(reserve_insert_cmpxchg),
	};

	return cmocka_run_group_tests(tests, lookup, NULL);
}
