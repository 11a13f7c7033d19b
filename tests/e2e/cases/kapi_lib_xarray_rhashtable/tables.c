// SPDX-License-Identifier: GPL-2.0
/*
 * The two lookup structures of 6.1's lib/ from one module: an XArray of
 * objects (stores, marks, an ID allocator, a multi-index range) and an
 * rhashtable keyed by an integer that grows as objects arrive and shrinks
 * as they go, with an rhltable holding duplicate keys.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/rhashtable.h>
#include <linux/slab.h>
#include <linux/xarray.h>

struct obj {
	u32 key;
	struct rhash_head node;
	struct rhlist_head list;
};

static const struct rhashtable_params params = {
	.key_len = sizeof(u32),
	.key_offset = offsetof(struct obj, key),
	.head_offset = offsetof(struct obj, node),
	.automatic_shrinking = true,
};

static const struct rhashtable_params lparams = {
	.key_len = sizeof(u32),
	.key_offset = offsetof(struct obj, key),
	.head_offset = offsetof(struct obj, list),
};

static DEFINE_XARRAY(plain);
static DEFINE_XARRAY_ALLOC1(ids);

static void xarray_demo(void)
{
	unsigned long index;
	void *entry;
	u32 id;
	int i, n, err;

	for (i = 0; i < 10; i++)
		xa_store(&plain, i * 100, xa_mk_value(i), GFP_KERNEL);
	xa_set_mark(&plain, 300, XA_MARK_1);
	xa_set_mark(&plain, 700, XA_MARK_1);
	pr_info("xa: load(500) %lu, load(501) %p, empty %d\n",
		xa_to_value(xa_load(&plain, 500)), xa_load(&plain, 501), xa_empty(&plain));
	n = 0;
	xa_for_each_marked(&plain, index, entry, XA_MARK_1)
		pr_info("xa: marked %lu -> %lu\n", index, xa_to_value(entry));
	xa_for_each_range(&plain, index, entry, 150, 450)
		n++;
	pr_info("xa: %d entries in 150..450\n", n);
	xa_erase(&plain, 300);
	pr_info("xa: after erase, mark at 300 %d, load %p\n",
		xa_get_mark(&plain, 300, XA_MARK_1), xa_load(&plain, 300));
	err = xa_insert(&plain, 400, xa_mk_value(0), GFP_KERNEL);
	pr_info("xa: insert over 400: %d\n", err);

	/* one entry for 4096..8191: every index in the range finds it */
	entry = xa_store_range(&plain, 4096, 8191, xa_mk_value(77), GFP_KERNEL);
	pr_info("xa: range store %d, load(4096) %lu load(6000) %lu load(8192) %p\n",
		xa_is_err(entry), xa_to_value(xa_load(&plain, 4096)),
		xa_to_value(xa_load(&plain, 6000)), xa_load(&plain, 8192));
	n = 0;
	xa_for_each(&plain, index, entry)
		n++;
	pr_info("xa: xa_for_each sees %d entries\n", n);
	xa_erase(&plain, 5000);
	pr_info("xa: erasing 5000 takes the range: load(4096) %p\n", xa_load(&plain, 4096));
	xa_destroy(&plain);
	pr_info("xa: destroyed, empty %d\n", xa_empty(&plain));

	/* IDs from 1 (XA_FLAGS_ALLOC1), limited to 1..3 */
	for (i = 0; i < 4; i++) {
		err = xa_alloc(&ids, &id, xa_mk_value(i), XA_LIMIT(1, 3), GFP_KERNEL);
		pr_info("xa_alloc: %d id %u\n", err, err ? 0 : id);
	}
	xa_erase(&ids, 2);
	err = xa_alloc(&ids, &id, xa_mk_value(9), XA_LIMIT(1, 3), GFP_KERNEL);
	pr_info("xa_alloc after erase: %d id %u\n", err, id);
	xa_destroy(&ids);
}

static void free_obj(void *ptr, void *arg)
{
	(*(int *)arg)++;
	kfree(ptr);
}

/* the objects an rhltable lists under @key */
static int count_key(struct rhltable *hlt, u32 key)
{
	struct rhlist_head *list, *pos;
	struct obj *o;
	int n = 0;

	rcu_read_lock();
	list = rhltable_lookup(hlt, &key, lparams);
	rhl_for_each_entry_rcu(o, pos, list, list)
		n++;
	rcu_read_unlock();
	return n;
}

static int rhashtable_demo(void)
{
	struct rhashtable ht;
	struct rhltable hlt;
	struct rhashtable_iter iter;
	struct obj *o, dup[3];
	int i, n, err, freed = 0;
	u32 key;

	err = rhashtable_init(&ht, &params);
	if (err)
		return err;
	for (i = 0; i < 1000; i++) {
		o = kzalloc(sizeof(*o), GFP_KERNEL);
		if (!o)
			return -ENOMEM;
		o->key = i * 7;
		err = rhashtable_insert_fast(&ht, &o->node, params);
		if (err)
			return err;
	}
	o = kzalloc(sizeof(*o), GFP_KERNEL);
	o->key = 70;
	pr_info("rht: %d objects, lookup_insert of a present key %d\n",
		atomic_read(&ht.nelems), rhashtable_lookup_insert_fast(&ht, &o->node, params));
	kfree(o);
	key = 693;
	o = rhashtable_lookup_fast(&ht, &key, params);
	pr_info("rht: lookup 693 -> %u, lookup 694 -> %p\n", o ? o->key : 0,
		rhashtable_lookup_fast(&ht, &(u32){ 694 }, params));
	err = rhashtable_remove_fast(&ht, &o->node, params);
	pr_info("rht: remove 693 %d, again %d\n", err,
		rhashtable_remove_fast(&ht, &o->node, params));
	kfree(o);

	n = 0;
	rhashtable_walk_enter(&ht, &iter);
	rhashtable_walk_start(&iter);
	while ((o = rhashtable_walk_next(&iter))) {
		if (IS_ERR(o))
			continue;
		n++;
	}
	rhashtable_walk_stop(&iter);
	rhashtable_walk_exit(&iter);
	pr_info("rht: walk saw %d\n", n);

	/* shrinking as most go */
	for (i = 0; i < 990; i++) {
		key = i * 7;
		o = rhashtable_lookup_fast(&ht, &key, params);
		if (o && !rhashtable_remove_fast(&ht, &o->node, params))
			kfree(o);
	}
	pr_info("rht: %d left\n", atomic_read(&ht.nelems));
	rhashtable_free_and_destroy(&ht, free_obj, &freed);
	pr_info("rht: free_and_destroy freed %d\n", freed);

	/* duplicates: an rhltable lists them under one key */
	err = rhltable_init(&hlt, &lparams);
	if (err)
		return err;
	for (i = 0; i < 3; i++) {
		dup[i].key = 5;
		rhltable_insert(&hlt, &dup[i].list, lparams);
	}
	pr_info("rhl: key 5 holds %d\n", count_key(&hlt, 5));
	rhltable_remove(&hlt, &dup[1].list, lparams);
	pr_info("rhl: after a remove %d\n", count_key(&hlt, 5));
	rhltable_destroy(&hlt);
	return 0;
}

static int __init tables_init(void)
{
	xarray_demo();
	return rhashtable_demo();
}

static void __exit tables_exit(void)
{
}

module_init(tables_init);
module_exit(tables_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("xarray and rhashtable from module code");
