// SPDX-License-Identifier: MIT
/*
 * lib/rhashtable.c: init's checks and sizes, insert/lookup/remove with
 * the table growing past 75% and (automatic_shrinking) shrinking below
 * 30%, -EEXIST and -E2BIG, replace, rhltable lists, the walk (and its
 * -EAGAIN rewind after a resize), free_and_destroy; and inserts from
 * several threads while others look up, the table resizing under them
 * (also run under ThreadSanitizer: tests/tsan/).
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/rhashtable.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "task_thread.h"

#define T	(&umod_kapi_rhashtable)

struct obj {
	uint32_t key;
	int value;
	union {
		struct rhash_head node;
		struct rhlist_head list;
	};
};

static const struct rhashtable_params params = {
	.key_len = sizeof(uint32_t),
	.key_offset = offsetof(struct obj, key),
	.head_offset = offsetof(struct obj, node),
};

static int (*init)(struct rhashtable *, const struct rhashtable_params *);
static int (*rhl_init)(struct rhltable *, const struct rhashtable_params *);
static void (*free_destroy)(struct rhashtable *, void (*)(void *, void *), void *);
static struct rhash_head *(*lookup)(struct rhashtable *, const void *);
static void *(*insert)(struct rhashtable *, const void *, struct rhash_head *);
static int (*remove_)(struct rhashtable *, struct rhash_head *);
static int (*replace)(struct rhashtable *, struct rhash_head *, struct rhash_head *);
static void (*walk_enter)(struct rhashtable *, struct rhashtable_iter *);
static int (*walk_start)(struct rhashtable_iter *);
static void *(*walk_next)(struct rhashtable_iter *);
static void *(*walk_peek)(struct rhashtable_iter *);
static void (*walk_stop)(struct rhashtable_iter *);

static int lookup_all(void **state)
{
	init = kapi_in(T, "rhashtable_init");
	rhl_init = kapi_in(T, "rhltable_init");
	free_destroy = kapi_in(T, "rhashtable_free_and_destroy");
	lookup = kapi_in(T, "__umod_rht_lookup");
	insert = kapi_in(T, "__umod_rht_insert");
	remove_ = kapi_in(T, "__umod_rht_remove");
	replace = kapi_in(T, "__umod_rht_replace");
	walk_enter = kapi_in(T, "rhashtable_walk_enter");
	walk_start = kapi_in(T, "rhashtable_walk_start_check");
	walk_next = kapi_in(T, "rhashtable_walk_next");
	walk_peek = kapi_in(T, "rhashtable_walk_peek");
	walk_stop = kapi_in(T, "rhashtable_walk_stop");
	return 0;
}

static struct obj *found(struct rhashtable *ht, uint32_t key)
{
	struct rhash_head *he = lookup(ht, &key);

	return he ? (struct obj *)((char *)he - offsetof(struct obj, node)) : NULL;
}

static unsigned int table_size(struct rhashtable *ht)
{
	/* struct bucket_table starts with the rwlock, then its size */
	return *(unsigned int *)((char *)ht->tbl + sizeof(pthread_rwlock_t));
}

static void init_checks(void **state)
{
	struct rhashtable ht;
	struct rhashtable_params p = params;

	assert_int_equal(init(&ht, &(struct rhashtable_params){ 0 }), -EINVAL);
	assert_int_equal(init(&ht, &p), 0);
	assert_int_equal(table_size(&ht), 64);
	assert_int_equal(ht.max_elems, 1u << 31);
	/* the default hash reads a 4-byte key as one word */
	assert_int_equal(ht.key_len, 1);
	free_destroy(&ht, NULL, NULL);
	p.nelem_hint = 100;
	p.max_size = 1000;
	assert_int_equal(init(&ht, &p), 0);
	assert_int_equal(table_size(&ht), 256);
	assert_int_equal(ht.p.max_size, 512);
	assert_int_equal(ht.max_elems, 1024);
	free_destroy(&ht, NULL, NULL);
}

static void grow_and_shrink(void **state)
{
	struct rhashtable_params p = params;
	struct obj *o = calloc(1000, sizeof(*o)), dup = { .key = 5 };
	struct rhashtable ht;

	p.min_size = 4;
	p.nelem_hint = 1;
	p.automatic_shrinking = true;
	assert_int_equal(init(&ht, &p), 0);
	assert_int_equal(table_size(&ht), 4);
	for (uint32_t i = 0; i < 1000; i++) {
		o[i].key = i;
		o[i].value = (int)i * 3;
		assert_null(insert(&ht, NULL, &o[i].node));
	}
	assert_int_equal(ht.nelems.counter, 1000);
	/* past 75% it doubled: 1000 entries in 2048 buckets */
	assert_int_equal(table_size(&ht), 2048);
	for (uint32_t i = 0; i < 1000; i++)
		assert_int_equal(found(&ht, i)->value, (int)i * 3);
	assert_null(found(&ht, 1000));
	/* with a key: the object already there comes back */
	assert_ptr_equal(insert(&ht, &dup.key, &dup.node), &o[5]);
	for (uint32_t i = 0; i < 995; i++)
		assert_int_equal(remove_(&ht, &o[i].node), 0);
	assert_int_equal(remove_(&ht, &o[0].node), -ENOENT);
	/* each time it fell below 30% it shrank: 5 left in 16 buckets */
	assert_int_equal(table_size(&ht), 16);
	assert_int_equal(found(&ht, 999)->value, 2997);
	free_destroy(&ht, NULL, NULL);
	free(o);
}

static void limits_and_replace(void **state)
{
	struct rhashtable_params p = params;
	struct obj o[5] = { { .key = 1 }, { .key = 2 }, { .key = 3 }, { .key = 4 }, { .key = 1 } };
	struct rhashtable ht;

	p.max_size = 1;
	p.min_size = 1;
	assert_int_equal(init(&ht, &p), 0);
	/* max_size 1: at most two entries */
	assert_null(insert(&ht, NULL, &o[0].node));
	assert_null(insert(&ht, NULL, &o[1].node));
	assert_ptr_equal(insert(&ht, NULL, &o[2].node), (void *)(long)-E2BIG);
	/* the same key, so the same bucket: replaced in place */
	assert_int_equal(replace(&ht, &o[0].node, &o[4].node), 0);
	assert_ptr_equal(found(&ht, 1), &o[4]);
	assert_int_equal(replace(&ht, &o[0].node, &o[4].node), -ENOENT);
	free_destroy(&ht, NULL, NULL);
}

static void lists(void **state)
{
	struct rhashtable_params p = params;
	struct obj o[4] = { { .key = 7, .value = 0 }, { .key = 7, .value = 1 },
			    { .key = 9, .value = 2 }, { .key = 7, .value = 3 } };
	struct rhltable hlt;
	struct rhlist_head *l;
	int seen[4], n = 0;

	p.head_offset = offsetof(struct obj, list);
	assert_int_equal(rhl_init(&hlt, &p), 0);
	for (int i = 0; i < 4; i++)
		assert_null(insert(&hlt.ht, &o[i].key, &o[i].list.rhead));
	/* one chain entry per key */
	assert_int_equal(hlt.ht.nelems.counter, 2);
	/* newest first */
	l = (struct rhlist_head *)lookup(&hlt.ht, &(uint32_t){ 7 });
	for (; l && n < 4; l = l->next)
		seen[n++] = ((struct obj *)((char *)l - offsetof(struct obj, list)))->value;
	assert_int_equal(n, 3);
	assert_int_equal(seen[0], 3);
	assert_int_equal(seen[2], 0);
	/* out of the middle, then the first: the next takes its place */
	assert_int_equal(remove_(&hlt.ht, &o[1].list.rhead), 0);
	assert_int_equal(remove_(&hlt.ht, &o[3].list.rhead), 0);
	assert_ptr_equal(lookup(&hlt.ht, &(uint32_t){ 7 }), &o[0].list.rhead);
	assert_null(o[0].list.next);
	assert_int_equal(remove_(&hlt.ht, &o[0].list.rhead), 0);
	assert_null(lookup(&hlt.ht, &(uint32_t){ 7 }));
	assert_int_equal(hlt.ht.nelems.counter, 1);
	free_destroy(&hlt.ht, NULL, NULL);
}

static int freed;

static void count_free(void *ptr, void *arg)
{
	assert_ptr_equal(arg, &freed);
	freed++;
}

static long walk_body(void *arg)
{
	struct rhashtable_params p = params;
	struct obj *o = calloc(100, sizeof(*o));
	struct rhashtable_iter iter;
	struct rhashtable ht;
	unsigned int seen = 0;
	void *x;

	p.min_size = 4;
	p.nelem_hint = 1;
	assert_int_equal(init(&ht, &p), 0);
	for (uint32_t i = 0; i < 3; i++) {
		o[i].key = i;
		insert(&ht, NULL, &o[i].node);
	}
	walk_enter(&ht, &iter);
	assert_int_equal(walk_start(&iter), 0);
	assert_non_null(walk_next(&iter));
	assert_ptr_equal(walk_peek(&iter), walk_peek(&iter));
	walk_stop(&iter);
	/* the table grows while the walk is stopped: it starts again */
	for (uint32_t i = 3; i < 100; i++) {
		o[i].key = i;
		insert(&ht, NULL, &o[i].node);
	}
	assert_int_equal(walk_start(&iter), -EAGAIN);
	while ((x = walk_next(&iter)))
		seen++;
	walk_stop(&iter);
	assert_int_equal(seen, 100);
	assert_null(walk_next(&iter));
	freed = 0;
	free_destroy(&ht, count_free, &freed);
	assert_int_equal(freed, 100);
	free(o);
	return 0;
}

static void walks(void **state)
{
	struct task_thread tt;

	/* a walk is an RCU read-side section: it needs a task */
	assert_int_equal(task_thread_start(&tt, walk_body, NULL, 0), 0);
	task_thread_join(&tt);
}

#define WRITERS		4
#define PER_WRITER	5000

static struct rhashtable shared;
static struct obj *pool;
static atomic_int done_writers;

static void *writer(void *arg)
{
	uint32_t base = (uint32_t)(uintptr_t)arg * PER_WRITER;

	for (uint32_t i = 0; i < PER_WRITER; i++) {
		pool[base + i].key = base + i;
		pool[base + i].value = (int)(base + i);
		if (insert(&shared, NULL, &pool[base + i].node))
			abort();
	}
	atomic_fetch_add(&done_writers, 1);
	return NULL;
}

static void *reader(void *arg)
{
	long hits = 0;

	/* every hit must be whole: the key it was asked for, its value */
	while (atomic_load(&done_writers) < WRITERS) {
		for (uint32_t k = 0; k < WRITERS * PER_WRITER; k += 97) {
			struct obj *o = found(&shared, k);

			if (o && (o->key != k || o->value != (int)k))
				abort();
			hits += o != NULL;
		}
	}
	return (void *)hits;
}

static void concurrent_inserts_resize(void **state)
{
	struct rhashtable_params p = params;
	pthread_t w[WRITERS], r[2];

	pool = calloc(WRITERS * PER_WRITER, sizeof(*pool));
	p.min_size = 4;
	p.nelem_hint = 1;
	assert_int_equal(init(&shared, &p), 0);
	atomic_store(&done_writers, 0);
	for (int i = 0; i < 2; i++)
		pthread_create(&r[i], NULL, reader, NULL);
	for (uintptr_t i = 0; i < WRITERS; i++)
		pthread_create(&w[i], NULL, writer, (void *)i);
	for (int i = 0; i < WRITERS; i++)
		pthread_join(w[i], NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(r[i], NULL);
	assert_int_equal(shared.nelems.counter, WRITERS * PER_WRITER);
	/* from 4 buckets to more than the entries / 0.75 */
	assert_int_equal(table_size(&shared), 32768);
	for (uint32_t k = 0; k < WRITERS * PER_WRITER; k++)
		assert_int_equal(found(&shared, k)->value, (int)k);
	free_destroy(&shared, NULL, NULL);
	free(pool);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(init_checks),
		cmocka_unit_test(grow_and_shrink),
		cmocka_unit_test(limits_and_replace),
		cmocka_unit_test(lists),
		cmocka_unit_test(walks),
		cmocka_unit_test(concurrent_inserts_resize),
	};

	return cmocka_run_group_tests(tests, lookup_all, NULL);
}
