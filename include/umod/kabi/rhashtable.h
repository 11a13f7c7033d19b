/* SPDX-License-Identifier: MIT */
/*
 * The resizable hash table's structures as 6.1 lays them out (module
 * structures embed struct rhash_head and struct rhashtable); struct
 * bucket_table is lib/rhashtable.c's. Builtin types only.
 */
#ifndef _UMOD_KABI_RHASHTABLE_H
#define _UMOD_KABI_RHASHTABLE_H

#include <umod/kabi/mutex.h>
#include <umod/kabi/spinlock.h>
#include <umod/kabi/timer.h>
#include <umod/kabi/types.h>

struct rhash_head {
	struct rhash_head *next;
};

/* an rhltable's object: the ones of the same key hang off the first */
struct rhlist_head {
	struct rhash_head rhead;
	struct rhlist_head *next;
};

struct bucket_table;
struct rhashtable;

struct rhashtable_compare_arg {
	struct rhashtable *ht;
	const void *key;
};

typedef unsigned int (*rht_hashfn_t)(const void *data, unsigned int len, unsigned int seed);
typedef unsigned int (*rht_obj_hashfn_t)(const void *data, unsigned int len, unsigned int seed);
typedef int (*rht_obj_cmpfn_t)(struct rhashtable_compare_arg *arg, const void *obj);

struct rhashtable_params {
	unsigned short nelem_hint;
	unsigned short key_len;
	unsigned short key_offset;
	unsigned short head_offset;
	unsigned int max_size;
	unsigned short min_size;
	_Bool automatic_shrinking;
	rht_hashfn_t hashfn;
	rht_obj_hashfn_t obj_hashfn;
	rht_obj_cmpfn_t obj_cmpfn;
};

struct rhashtable {
	struct bucket_table *tbl;
	unsigned int key_len;		/* in u32s when the default hash reads words */
	unsigned int max_elems;
	struct rhashtable_params p;
	_Bool rhlist;
	struct work_struct run_work;	/* unused: tables resize as they grow */
	struct mutex mutex;
	spinlock_t lock;
	atomic_t nelems;
};

struct rhltable {
	struct rhashtable ht;
};

/* the table generation the walk is at, kept in @tbl (never dereferenced) */
struct rhashtable_walker {
	struct list_head list;
	struct bucket_table *tbl;
};

struct rhashtable_iter {
	struct rhashtable *ht;
	struct rhash_head *p;
	struct rhlist_head *list;
	struct rhashtable_walker walker;
	unsigned int slot;
	unsigned int skip;
	_Bool end_of_table;
};

#endif /* _UMOD_KABI_RHASHTABLE_H */
