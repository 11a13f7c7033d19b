// SPDX-License-Identifier: MIT
/*
 * lib/sort.c and lib/list_sort.c: sort() orders any element size with or
 * without a swap callback, sort_r() passes its private pointer, and
 * list_sort() is stable and relinks prev pointers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/klib.h"

static int swaps;

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

static void swap_int(void *a, void *b, int size)
{
	int t = *(int *)a;

	assert_int_equal(size, sizeof(int));
	*(int *)a = *(int *)b;
	*(int *)b = t;
	swaps++;
}

static void sorts_ints(void **state)
{
	int v[1000];

	srand(7);
	for (int i = 0; i < 1000; i++)
		v[i] = rand() % 100;
	swaps = 0;
	umod_sort(v, 1000, sizeof(v[0]), cmp_int, swap_int);
	for (int i = 1; i < 1000; i++)
		assert_true(v[i - 1] <= v[i]);
	assert_true(swaps > 0);
	/* nothing to do for 0 or 1 element */
	swaps = 0;
	umod_sort(v, 1, sizeof(v[0]), cmp_int, swap_int);
	umod_sort(NULL, 0, sizeof(v[0]), cmp_int, swap_int);
	assert_int_equal(swaps, 0);
}

struct rec {
	char name[13];		/* an odd size: the host's own byte swap */
	uint16_t key;
};

static int cmp_rec_r(const void *a, const void *b, const void *priv)
{
	int dir = *(const int *)priv;

	return dir * ((int)((const struct rec *)a)->key - (int)((const struct rec *)b)->key);
}

static void sort_r_with_priv_and_default_swap(void **state)
{
	struct rec r[5] = { { "c", 3 }, { "a", 1 }, { "e", 5 }, { "b", 2 }, { "d", 4 } };
	int down = -1;

	umod_sort_r(r, 5, sizeof(r[0]), cmp_rec_r, NULL, &down);
	assert_string_equal(r[0].name, "e");
	assert_string_equal(r[4].name, "a");
	for (int i = 0; i < 5; i++)
		assert_int_equal(r[i].key, 5 - i);
}

struct lnode {
	struct lnode *next, *prev;
};

struct item {
	int key, seq;
	struct lnode link;
};

static int cmp_item(void *priv, const struct lnode *a, const struct lnode *b)
{
	const struct item *x = (const void *)((const char *)a - offsetof(struct item, link));
	const struct item *y = (const void *)((const char *)b - offsetof(struct item, link));

	(*(int *)priv)++;
	return x->key - y->key;
}

static void list_sort_is_stable(void **state)
{
	static struct item items[300];
	struct lnode head = { &head, &head };
	int calls = 0, n = 0;
	const struct item *prev = NULL;

	srand(3);
	for (int i = 0; i < 300; i++) {
		items[i].key = rand() % 10;
		items[i].seq = i;
		items[i].link.prev = head.prev;
		items[i].link.next = &head;
		head.prev->next = &items[i].link;
		head.prev = &items[i].link;
	}
	umod_list_sort(&calls, &head, cmp_item);
	assert_true(calls > 0);
	for (struct lnode *l = head.next; l != &head; l = l->next, n++) {
		const struct item *it = (const void *)((const char *)l - offsetof(struct item, link));

		assert_ptr_equal(l->next->prev, l);
		if (prev) {
			assert_true(prev->key <= it->key);
			if (prev->key == it->key)
				assert_true(prev->seq < it->seq);
		}
		prev = it;
	}
	assert_int_equal(n, 300);
	assert_ptr_equal(head.prev->next, &head);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sorts_ints),
		cmocka_unit_test(sort_r_with_priv_and_default_swap),
		cmocka_unit_test(list_sort_is_stable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
