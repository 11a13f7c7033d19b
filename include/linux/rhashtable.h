/* SPDX-License-Identifier: MIT */
/*
 * Resizable hash tables (lib/rhashtable.c), with 6.1's API: objects
 * embed a struct rhash_head (rhltable: struct rhlist_head, several
 * objects per key), the table grows past 75% full and, with
 * automatic_shrinking, shrinks below 30%. The "fast" operations, inline
 * in 6.1's header, call the host here; the params passed to them are
 * the ones given to rhashtable_init(), as 6.1 requires, and those are
 * used. Lookups may run beside inserts, removals and resizes.
 */
#ifndef _LINUX_RHASHTABLE_H
#define _LINUX_RHASHTABLE_H

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/jhash.h>
#include <linux/rcupdate.h>
#include <linux/rhashtable-types.h>

/* the object an rhash_head is in */
static inline void *rht_obj(const struct rhashtable *ht, const struct rhash_head *he)
{
	return (char *)he - ht->p.head_offset;
}

#define rht_entry(tpos, pos, member) \
	({ tpos = container_of(pos, __typeof__(*tpos), member); 1; })

/* the objects of one key, from an rhltable_lookup() */
#define rhl_for_each_rcu(pos, list)					\
	for (pos = list; pos; pos = rcu_dereference_raw(pos->next))

#define rhl_for_each_entry_rcu(tpos, pos, list, member)			\
	for (pos = list; pos && rht_entry(tpos, pos, member);		\
	     pos = rcu_dereference_raw(pos->next))

int rhashtable_init(struct rhashtable *ht, const struct rhashtable_params *params);
int rhltable_init(struct rhltable *hlt, const struct rhashtable_params *params);
void rhashtable_free_and_destroy(struct rhashtable *ht, void (*free_fn)(void *ptr, void *arg),
				 void *arg);
void rhashtable_destroy(struct rhashtable *ht);

/* the host's fast paths: the chain head for a key, insert, remove, replace */
struct rhash_head *__umod_rht_lookup(struct rhashtable *ht, const void *key);
void *__umod_rht_insert(struct rhashtable *ht, const void *key, struct rhash_head *obj);
int __umod_rht_remove(struct rhashtable *ht, struct rhash_head *obj);
int __umod_rht_replace(struct rhashtable *ht, struct rhash_head *obj_old,
		       struct rhash_head *obj_new);

void rhashtable_walk_enter(struct rhashtable *ht, struct rhashtable_iter *iter);
void rhashtable_walk_exit(struct rhashtable_iter *iter);
int rhashtable_walk_start_check(struct rhashtable_iter *iter) __acquires(RCU);
void *rhashtable_walk_next(struct rhashtable_iter *iter);
void *rhashtable_walk_peek(struct rhashtable_iter *iter);
void rhashtable_walk_stop(struct rhashtable_iter *iter) __releases(RCU);

static inline void rhashtable_walk_start(struct rhashtable_iter *iter) __acquires(RCU)
{
	(void)rhashtable_walk_start_check(iter);
}

static inline void rhltable_walk_enter(struct rhltable *hlt, struct rhashtable_iter *iter)
{
	rhashtable_walk_enter(&hlt->ht, iter);
}

/* under rcu_read_lock(): the object with @key, or NULL */
static inline void *rhashtable_lookup(struct rhashtable *ht, const void *key,
				      const struct rhashtable_params params)
{
	struct rhash_head *he = __umod_rht_lookup(ht, key);

	return he ? rht_obj(ht, he) : NULL;
}

static inline void *rhashtable_lookup_fast(struct rhashtable *ht, const void *key,
					   const struct rhashtable_params params)
{
	void *obj;

	rcu_read_lock();
	obj = rhashtable_lookup(ht, key, params);
	rcu_read_unlock();
	return obj;
}

/* under rcu_read_lock(): the newest object with @key; the others hang off it */
static inline struct rhlist_head *rhltable_lookup(struct rhltable *hlt, const void *key,
						  const struct rhashtable_params params)
{
	struct rhash_head *he = __umod_rht_lookup(&hlt->ht, key);

	return he ? container_of(he, struct rhlist_head, rhead) : NULL;
}

/* no check for an object of the same key: 0, -E2BIG (full), -ENOMEM */
static inline int rhashtable_insert_fast(struct rhashtable *ht, struct rhash_head *obj,
					 const struct rhashtable_params params)
{
	void *ret = __umod_rht_insert(ht, NULL, obj);

	if (IS_ERR(ret))
		return PTR_ERR(ret);
	return ret == NULL ? 0 : -EEXIST;
}

static inline int rhltable_insert_key(struct rhltable *hlt, const void *key,
				      struct rhlist_head *list,
				      const struct rhashtable_params params)
{
	return PTR_ERR(__umod_rht_insert(&hlt->ht, key, &list->rhead));
}

static inline int rhltable_insert(struct rhltable *hlt, struct rhlist_head *list,
				  const struct rhashtable_params params)
{
	const char *key = rht_obj(&hlt->ht, &list->rhead);

	key += params.key_offset;
	return rhltable_insert_key(hlt, key, list, params);
}

/* -EEXIST when an object of the same key is there */
static inline int rhashtable_lookup_insert_fast(struct rhashtable *ht, struct rhash_head *obj,
						const struct rhashtable_params params)
{
	const char *key = rht_obj(ht, obj);
	void *ret;

	BUG_ON(ht->p.obj_hashfn);
	ret = __umod_rht_insert(ht, key + ht->p.key_offset, obj);
	if (IS_ERR(ret))
		return PTR_ERR(ret);
	return ret == NULL ? 0 : -EEXIST;
}

/* the object of the same key that is there, or NULL when @obj went in */
static inline void *rhashtable_lookup_get_insert_fast(struct rhashtable *ht,
						      struct rhash_head *obj,
						      const struct rhashtable_params params)
{
	const char *key = rht_obj(ht, obj);

	BUG_ON(ht->p.obj_hashfn);
	return __umod_rht_insert(ht, key + ht->p.key_offset, obj);
}

static inline int rhashtable_lookup_insert_key(struct rhashtable *ht, const void *key,
					       struct rhash_head *obj,
					       const struct rhashtable_params params)
{
	void *ret;

	BUG_ON(!ht->p.obj_hashfn || !key);
	ret = __umod_rht_insert(ht, key, obj);
	if (IS_ERR(ret))
		return PTR_ERR(ret);
	return ret == NULL ? 0 : -EEXIST;
}

static inline void *rhashtable_lookup_get_insert_key(struct rhashtable *ht, const void *key,
						     struct rhash_head *obj,
						     const struct rhashtable_params params)
{
	BUG_ON(!ht->p.obj_hashfn || !key);
	return __umod_rht_insert(ht, key, obj);
}

/* 0, or -ENOENT when @obj is not in the table */
static inline int rhashtable_remove_fast(struct rhashtable *ht, struct rhash_head *obj,
					 const struct rhashtable_params params)
{
	return __umod_rht_remove(ht, obj);
}

static inline int rhltable_remove(struct rhltable *hlt, struct rhlist_head *list,
				  const struct rhashtable_params params)
{
	return __umod_rht_remove(&hlt->ht, &list->rhead);
}

/* 0, -ENOENT (@obj_old not there), -EINVAL (they hash apart) */
static inline int rhashtable_replace_fast(struct rhashtable *ht, struct rhash_head *obj_old,
					  struct rhash_head *obj_new,
					  const struct rhashtable_params params)
{
	return __umod_rht_replace(ht, obj_old, obj_new);
}

static inline void rhltable_free_and_destroy(struct rhltable *hlt,
					     void (*free_fn)(void *ptr, void *arg), void *arg)
{
	return rhashtable_free_and_destroy(&hlt->ht, free_fn, arg);
}

static inline void rhltable_destroy(struct rhltable *hlt)
{
	return rhltable_free_and_destroy(hlt, NULL, NULL);
}

#endif /* _LINUX_RHASHTABLE_H */
