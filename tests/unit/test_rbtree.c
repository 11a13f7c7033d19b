// SPDX-License-Identifier: MIT
/*
 * lib/rbtree.c: after every insert and erase of a random sequence the
 * tree is a valid red-black tree (red nodes have black children, every
 * path has the same number of black nodes, parent links agree) and the
 * in-order walk, forwards and backwards, is the sorted set; post-order
 * visits children first; replace keeps the shape.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "lib/klib.h"

#define N 500

struct thing {
	int key;
	struct rb_node rb;
};

static struct thing things[N];
static struct rb_root root;

#define THING(n) ((struct thing *)((char *)(n) - offsetof(struct thing, rb)))

static struct rb_node *parent(const struct rb_node *n)
{
	return (struct rb_node *)(n->__rb_parent_color & ~3ul);
}

static int red(const struct rb_node *n)
{
	return n && !(n->__rb_parent_color & 1);
}

/* black height of @n's subtree; fails the test on a broken rule */
static int check(const struct rb_node *n)
{
	int l, r;

	if (!n)
		return 1;
	if (red(n)) {
		assert_false(red(n->rb_left));
		assert_false(red(n->rb_right));
	}
	if (n->rb_left) {
		assert_ptr_equal(parent(n->rb_left), n);
		assert_true(THING(n->rb_left)->key <= THING(n)->key);
	}
	if (n->rb_right) {
		assert_ptr_equal(parent(n->rb_right), n);
		assert_true(THING(n->rb_right)->key >= THING(n)->key);
	}
	l = check(n->rb_left);
	r = check(n->rb_right);
	assert_int_equal(l, r);
	return l + !red(n);
}

static void insert(struct thing *t)
{
	struct rb_node **link = &root.rb_node, *par = NULL;

	while (*link) {
		par = *link;
		link = t->key < THING(par)->key ? &par->rb_left : &par->rb_right;
	}
	t->rb.__rb_parent_color = (unsigned long)par;
	t->rb.rb_left = t->rb.rb_right = NULL;
	*link = &t->rb;
	umod_rb_insert_color(&t->rb, &root);
}

static int count_in_order(void)
{
	int n = 0, last = -1;

	for (struct rb_node *p = umod_rb_first(&root); p; p = umod_rb_next(p), n++) {
		assert_true(THING(p)->key >= last);
		last = THING(p)->key;
	}
	return n;
}

static void random_inserts_and_erases(void **state)
{
	int order[N], n = 0;

	srand(11);
	for (int i = 0; i < N; i++) {
		things[i].key = rand() % 1000;
		insert(&things[i]);
		assert_false(red(root.rb_node));
		check(root.rb_node);
	}
	assert_int_equal(count_in_order(), N);
	for (struct rb_node *p = umod_rb_last(&root); p; p = umod_rb_prev(p))
		n++;
	assert_int_equal(n, N);
	for (int i = 0; i < N; i++)
		order[i] = i;
	for (int i = N - 1; i > 0; i--) {
		int j = rand() % (i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < N; i++) {
		umod_rb_erase(&things[order[i]].rb, &root);
		check(root.rb_node);
		if (i % 50 == 0)
			assert_int_equal(count_in_order(), N - i - 1);
	}
	assert_null(root.rb_node);
	assert_null(umod_rb_first(&root));
}

static void postorder_and_replace(void **state)
{
	struct thing spare = { .key = 4 };
	int seen = 0;

	root.rb_node = NULL;
	for (int i = 0; i < 10; i++) {
		things[i].key = i;
		insert(&things[i]);
	}
	for (struct rb_node *p = umod_rb_first_postorder(&root); p;
	     p = umod_rb_next_postorder(p)) {
		/* children come before their parent: already marked */
		THING(p)->key += 100;
		if (p->rb_left)
			assert_true(THING(p->rb_left)->key >= 100);
		if (p->rb_right)
			assert_true(THING(p->rb_right)->key >= 100);
		seen++;
	}
	assert_int_equal(seen, 10);
	for (int i = 0; i < 10; i++)
		things[i].key -= 100;
	umod_rb_replace_node(&things[4].rb, &spare.rb, &root);
	check(root.rb_node);
	assert_int_equal(count_in_order(), 10);
	/* a cleared node (RB_CLEAR_NODE) has no successor */
	things[4].rb.__rb_parent_color = (unsigned long)&things[4].rb;
	assert_null(umod_rb_next(&things[4].rb));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_inserts_and_erases),
		cmocka_unit_test(postorder_and_replace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
