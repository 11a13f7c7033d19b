// SPDX-License-Identifier: GPL-2.0
/*
 * idr, sort(), list_sort(), a hashtable, an rbtree, bitmaps and kref
 * together, as a Linux 6.1 module uses them: entries get ids from an idr,
 * are indexed by name hash and ordered by number in an rbtree.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/hashtable.h>
#include <linux/idr.h>
#include <linux/jhash.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/list_sort.h>
#include <linux/llist.h>
#include <linux/module.h>
#include <linux/rbtree.h>
#include <linux/sort.h>
#include <linux/string.h>

struct entry {
	int id;
	const char *name;
	int number;
	struct kref ref;
	struct hlist_node hnode;
	struct rb_node rb;
	struct list_head link;
	struct llist_node lnode;
};

static struct entry book[] = {
	{ .name = "carol", .number = 300 },
	{ .name = "alice", .number = 500 },
	{ .name = "dave", .number = 100 },
	{ .name = "bob", .number = 400 },
	{ .name = "eve", .number = 200 },
};

static DEFINE_IDR(ids);
static DEFINE_IDA(tickets);
static DEFINE_HASHTABLE(by_name, 3);
static struct rb_root by_number = RB_ROOT;
static LIST_HEAD(all);
static int released;
static LLIST_HEAD(pending);

static void entry_release(struct kref *ref)
{
	released++;
}

static void rb_insert_entry(struct entry *e)
{
	struct rb_node **link = &by_number.rb_node, *parent = NULL;

	while (*link) {
		struct entry *cur = rb_entry(*link, struct entry, rb);

		parent = *link;
		link = e->number < cur->number ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(&e->rb, parent, link);
	rb_insert_color(&e->rb, &by_number);
}

static struct entry *find_name(const char *name)
{
	u32 key = jhash(name, strlen(name), 0);
	struct entry *e;

	hash_for_each_possible(by_name, e, hnode, key)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int cmp_name(void *priv, const struct list_head *a, const struct list_head *b)
{
	return strcmp(list_entry(a, struct entry, link)->name,
		      list_entry(b, struct entry, link)->name);
}

static int count_one(int id, void *p, void *data)
{
	(*(int *)data)++;
	return 0;
}

static int __init phonebook_init(void)
{
	int numbers[ARRAY_SIZE(book)], i, id, n = 0, t1, t2;
	DECLARE_BITMAP(used, 70);
	struct entry *e;
	struct rb_node *node;
	unsigned int bit;

	for (i = 0; i < ARRAY_SIZE(book); i++) {
		e = &book[i];
		e->id = idr_alloc(&ids, e, 1, 0, GFP_KERNEL);
		kref_init(&e->ref);
		hash_add(by_name, &e->hnode, jhash(e->name, strlen(e->name), 0));
		rb_insert_entry(e);
		list_add_tail(&e->link, &all);
		numbers[i] = e->number;
	}
	idr_for_each_entry(&ids, e, id)
		pr_info("id %d: %s\n", id, e->name);
	e = idr_find(&ids, 3);
	pr_info("idr_find(3) %s, idr_find(9) %p\n", e ? e->name : "none", idr_find(&ids, 9));
	idr_remove(&ids, 2);
	pr_info("after remove, new id %d\n", idr_alloc(&ids, &book[1], 1, 0, GFP_KERNEL));
	t1 = idr_alloc_cyclic(&ids, &book[0], 1, 0, GFP_KERNEL);
	t2 = idr_alloc_cyclic(&ids, &book[0], 1, 0, GFP_KERNEL);
	pr_info("cyclic ids %d %d\n", t1, t2);
	idr_for_each(&ids, count_one, &n);
	pr_info("idr holds %d, empty %d\n", n, idr_is_empty(&ids));

	sort(numbers, ARRAY_SIZE(numbers), sizeof(numbers[0]), cmp_int, NULL);
	pr_info("sorted %d %d %d %d %d\n", numbers[0], numbers[1], numbers[2], numbers[3],
		numbers[4]);

	for (node = rb_first(&by_number); node; node = rb_next(node)) {
		e = rb_entry(node, struct entry, rb);
		pr_info("rb %d %s\n", e->number, e->name);
	}
	rb_erase(&find_name("dave")->rb, &by_number);
	pr_info("rb first after erase: %s, last: %s\n",
		rb_entry(rb_first(&by_number), struct entry, rb)->name,
		rb_entry(rb_last(&by_number), struct entry, rb)->name);

	list_sort(NULL, &all, cmp_name);
	list_for_each_entry(e, &all, link)
		pr_info("list %s\n", e->name);

	/* lookup3's published values: jhash() is Bob Jenkins' hashlittle() */
	pr_info("jhash %08x %08x %08x hash_32 %u\n", jhash("", 0, 0),
		jhash("Four score and seven years ago", 30, 0),
		jhash("Four score and seven years ago", 30, 1), hash_32(1, 8));
	pr_info("hash lookup bob=%d nobody=%p\n", find_name("bob")->number, find_name("zed"));

	bitmap_zero(used, 70);
	bitmap_set(used, 3, 4);
	set_bit(65, used);
	pr_info("bitmap weight %u first %lu next-zero-area %lu full %d\n",
		bitmap_weight(used, 70), find_first_bit(used, 70),
		bitmap_find_next_zero_area(used, 70, 0, 5, 0), bitmap_full(used, 70));
	for_each_set_bit(bit, used, 70)
		pr_info("bit %u\n", bit);
	pr_info("bitmap %*pb list %*pbl\n", 70, used, 70, used);

	t1 = ida_alloc(&tickets, GFP_KERNEL);
	t2 = ida_alloc_range(&tickets, 10, 20, GFP_KERNEL);
	ida_free(&tickets, t1);
	pr_info("ida %d %d then %d\n", t1, t2, ida_alloc(&tickets, GFP_KERNEL));

	for (i = 0; i < 3; i++)
		pr_info("llist_add was empty %d\n", llist_add(&book[i].lnode, &pending));
	llist_for_each_entry(e, llist_reverse_order(llist_del_all(&pending)), lnode)
		pr_info("llist %s\n", e->name);
	pr_info("llist empty %d\n", llist_empty(&pending));

	kref_get(&book[0].ref);
	kref_put(&book[0].ref, entry_release);
	for (i = 0; i < ARRAY_SIZE(book); i++)
		kref_put(&book[i].ref, entry_release);
	pr_info("released %d, kref %u\n", released, kref_read(&book[0].ref));
	return 0;
}

static void __exit phonebook_exit(void)
{
	idr_destroy(&ids);
	ida_destroy(&tickets);
	pr_info("idr empty after destroy %d\n", idr_is_empty(&ids));
}

module_init(phonebook_init);
module_exit(phonebook_exit);
MODULE_LICENSE("GPL");
