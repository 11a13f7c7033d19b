// SPDX-License-Identifier: MIT
/*
 * libkmod/khash.c: kmod's iteration order, which modules.symbols follows. The
 * golden order is the head and tail of kmod 30's modules.symbols for
 * Debian's 6.1 kernel (2048 buckets, as kmod's depmod sizes it); the order
 * depends on the keys only, never on insertion order. Replace and delete.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "libkmod/libkmod.h"

static const char *const kmod_order[] = {
	"drm_dp_link_train_channel_eq_delay", "drm_need_swiotlb",
	"jbd2_journal_inode_ranged_write", "qmi_txn_wait", "__twofish_setkey", "mlx4_db_free",
	"rtllib_wx_set_freq", "scsi_register_device_handler", "unregister_snap_client",
};
#define N (sizeof(kmod_order) / sizeof(kmod_order[0]))

struct walk {
	const char *seen[4096];
	unsigned int n;
};

static int record(const char *key, void *value, void *data)
{
	struct walk *w = data;

	w->seen[w->n++] = key;
	return 0;
}

static void matches_kmod(void **state)
{
	struct umod_khash *h;
	struct walk w = { .n = 0 };

	assert_int_equal(umod_khash_new(&h, 2048), 0);
	for (unsigned int i = N; i-- > 0;)
		assert_int_equal(umod_khash_add(h, kmod_order[i], NULL, NULL), 0);
	umod_khash_for_each(h, record, &w);
	assert_int_equal(w.n, N);
	for (unsigned int i = 0; i < N; i++)
		assert_string_equal(w.seen[i], kmod_order[i]);
	umod_khash_free(h);
}

static void order_ignores_insertion(void **state)
{
	static char keys[2000][16];
	struct umod_khash *a, *b;
	struct walk wa = { .n = 0 }, wb = { .n = 0 };

	assert_int_equal(umod_khash_new(&a, 100), 0);	/* rounds to 128 */
	assert_int_equal(umod_khash_new(&b, 128), 0);
	for (int i = 0; i < 2000; i++)
		snprintf(keys[i], sizeof(keys[i]), "k%d", i * 7919 % 2000);
	for (int i = 0; i < 2000; i++)
		umod_khash_add(a, keys[i], keys[i], NULL);
	for (int i = 2000; i-- > 0;)
		umod_khash_add(b, keys[i], keys[i], NULL);
	umod_khash_for_each(a, record, &wa);
	umod_khash_for_each(b, record, &wb);
	assert_int_equal(wa.n, 2000);
	assert_int_equal(wb.n, 2000);
	for (unsigned int i = 0; i < 2000; i++)
		assert_string_equal(wa.seen[i], wb.seen[i]);
	umod_khash_free(a);
	umod_khash_free(b);
}

static int stop_at_3(const char *key, void *value, void *data)
{
	return ++*(int *)data == 3 ? 42 : 0;
}

static void replace_find_delete(void **state)
{
	struct umod_khash *h;
	void *old;
	int calls = 0, one = 1, two = 2;

	assert_int_equal(umod_khash_new(&h, 4), 0);
	assert_int_equal(umod_khash_add(h, "sym", &one, &old), 0);
	assert_null(old);
	assert_int_equal(umod_khash_add(h, "sym", &two, &old), 0);
	assert_ptr_equal(old, &one);	/* the later owner wins, as in kmod */
	assert_ptr_equal(umod_khash_find(h, "sym"), &two);
	assert_int_equal(umod_khash_count(h), 1);
	assert_null(umod_khash_find(h, "sy"));
	assert_int_equal(umod_khash_del(h, "nosuch"), -ENOENT);
	for (int i = 0; i < 50; i++) {
		static char k[50][8];

		snprintf(k[i], sizeof(k[i]), "x%d", i);
		assert_int_equal(umod_khash_add(h, k[i], NULL, NULL), 0);
	}
	assert_int_equal(umod_khash_count(h), 51);
	assert_int_equal(umod_khash_for_each(h, stop_at_3, &calls), 42);
	assert_int_equal(umod_khash_del(h, "sym"), 0);
	assert_null(umod_khash_find(h, "sym"));
	assert_int_equal(umod_khash_count(h), 50);
	umod_khash_free(h);
	umod_khash_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(matches_kmod),
		cmocka_unit_test(order_ignores_insertion),
		cmocka_unit_test(replace_find_delete),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
