// SPDX-License-Identifier: MIT
/*
 * The resizable hash table (lib/rhashtable.c), 6.1's API and semantics
 * with a simpler concurrency scheme: each table has a readers-writer
 * lock; lookups and walk steps read, inserts, removals and resizes
 * write. The kernel's lookups take no lock at all (RCU, per-bucket bit
 * locks, a rehash that moves entries one by one); here a reader never
 * sees a table in the middle of a change, and the growth the kernel
 * defers to a worker happens at once, in the insert that crosses 75%
 * (and the shrink below 30%, with automatic_shrinking, in the remove).
 * What a module can see is the same: every entry found, the -E2BIG and
 * -EEXIST answers, walks that rewind (-EAGAIN) after a resize.
 *
 * rhltable lists (objects of one key) are changed as RCU lists are, so
 * rhl_for_each_entry_rcu() over a lookup's result needs no lock.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <umod/kabi/rhashtable.h>

#include "kernel/kapi.h"
#include "kernel/rcu/rcu.h"
#include "kernel/sched/sched.h"
#include "lib/klib.h"
#include "mm/internal.h"

#define HASH_DEFAULT_SIZE	64u
#define HASH_MIN_SIZE		4u
#define MAX_ERRNO		4095

struct bucket_table {
	pthread_rwlock_t lock;
	unsigned int size;		/* buckets: a power of two */
	unsigned int gen;		/* resizes so far: walks rewind when it moves */
	unsigned int hash_rnd;
	struct rhash_head **buckets;	/* NULL-terminated chains */
};

static void *err_ptr(long err)
{
	return (void *)err;
}

static atomic_int *nelems(struct rhashtable *ht)
{
	return (atomic_int *)&ht->nelems.counter;
}

/* ---- hashing and comparing --------------------------------------------------------- */

/* the default hashes, jhash()'s and rhashtable_jhash2()'s places: keyed SipHash */
static unsigned int hash_bytes(const void *data, unsigned int len, unsigned int seed)
{
	const uint64_t key[2] = { seed, ~(uint64_t)seed };

	return (unsigned int)umod_siphash(data, len, key);
}

static unsigned int hash_words(const void *data, unsigned int len, unsigned int seed)
{
	return hash_bytes(data, len * 4, seed);
}

static void *obj_of(const struct rhashtable *ht, const struct rhash_head *he)
{
	return (char *)he - ht->p.head_offset;
}

static unsigned int key_hash(const struct rhashtable *ht, const struct bucket_table *tbl,
			     const void *key)
{
	return ht->p.hashfn(key, ht->key_len, tbl->hash_rnd) & (tbl->size - 1);
}

static unsigned int head_hash(const struct rhashtable *ht, const struct bucket_table *tbl,
			      const struct rhash_head *he)
{
	const char *obj = obj_of(ht, he);

	if (ht->p.obj_hashfn)
		return ht->p.obj_hashfn(obj, ht->p.key_len, tbl->hash_rnd) & (tbl->size - 1);
	return key_hash(ht, tbl, obj + ht->p.key_offset);
}

/* 0 when @he's object has @key (the module's obj_cmpfn, or the bytes) */
static int compare(struct rhashtable *ht, const struct rhash_head *he, const void *key)
{
	struct rhashtable_compare_arg arg = { ht, key };

	if (ht->p.obj_cmpfn)
		return ht->p.obj_cmpfn(&arg, obj_of(ht, he));
	return memcmp((const char *)obj_of(ht, he) + ht->p.key_offset, key, ht->p.key_len);
}

/* ---- tables ------------------------------------------------------------------------------ */

static struct rhash_head **alloc_buckets(unsigned int size, const void *caller)
{
	return umod_kmalloc_lib(size * sizeof(struct rhash_head *), UMOD_GFP_ZERO, caller);
}

/*
 * Every chain moved into @size new buckets (writer's lock held, so no
 * reader is on a chain); walks rewind. Without memory the table stays.
 */
static void resize(struct rhashtable *ht, struct bucket_table *tbl, unsigned int size)
{
	struct rhash_head **old = tbl->buckets, **nb = alloc_buckets(size, NULL);
	unsigned int old_size = tbl->size;

	if (!nb)
		return;
	tbl->buckets = nb;
	tbl->size = size;
	for (unsigned int b = 0; b < old_size; b++) {
		struct rhash_head *he = old[b];

		while (he) {
			struct rhash_head *next = he->next;
			unsigned int nbkt = head_hash(ht, tbl, he);

			he->next = nb[nbkt];
			nb[nbkt] = he;
			he = next;
		}
	}
	tbl->gen++;
	umod_kfree(old);
}

/* rht_grow_above_75() and rht_shrink_below_30(), acted on */
static void maybe_resize(struct rhashtable *ht, struct bucket_table *tbl)
{
	unsigned int n = (unsigned int)atomic_load(nelems(ht));

	if (n > tbl->size / 4 * 3 && (!ht->p.max_size || tbl->size < ht->p.max_size)) {
		resize(ht, tbl, tbl->size * 2);
	} else if (ht->p.automatic_shrinking && n < tbl->size * 3 / 10 &&
		   tbl->size > ht->p.min_size) {
		unsigned int size = 1;

		while (size < n * 3 / 2)
			size <<= 1;
		if (size < ht->p.min_size)
			size = ht->p.min_size;
		if (size < tbl->size)
			resize(ht, tbl, size);
	}
}

static unsigned int roundup_pow2(unsigned int n)
{
	unsigned int p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

static unsigned int rounddown_pow2(unsigned int n)
{
	return n ? 1u << (31 - __builtin_clz(n)) : 0;
}

/*
 * rhashtable_init(): a key (its length and offset) or an object hash
 * with its compare, else -EINVAL; sizes as 6.1 rounds them.
 */
static int kapi_rhashtable_init(struct rhashtable *ht, const struct rhashtable_params *params)
{
	const void *caller = __builtin_return_address(0);
	struct bucket_table *tbl;
	unsigned int size;

	if ((!params->key_len && !params->obj_hashfn) ||
	    (params->obj_hashfn && !params->obj_cmpfn))
		return -EINVAL;
	memset(ht, 0, sizeof(*ht));
	ht->p = *params;
	if (params->min_size)
		ht->p.min_size = (unsigned short)roundup_pow2(params->min_size);
	if (ht->p.min_size < HASH_MIN_SIZE)
		ht->p.min_size = HASH_MIN_SIZE;
	ht->max_elems = 1u << 31;
	if (params->max_size) {
		ht->p.max_size = rounddown_pow2(params->max_size);
		if (ht->p.max_size < ht->max_elems / 2)
			ht->max_elems = ht->p.max_size * 2;
	}
	size = params->nelem_hint ? roundup_pow2(params->nelem_hint * 4 / 3) : HASH_DEFAULT_SIZE;
	if (size < ht->p.min_size)
		size = ht->p.min_size;
	ht->key_len = ht->p.key_len;
	if (!params->hashfn) {
		ht->p.hashfn = hash_bytes;
		if (!(ht->key_len & 3)) {
			ht->key_len /= 4;
			ht->p.hashfn = hash_words;
		}
	}
	tbl = umod_kmalloc_lib(sizeof(*tbl), UMOD_GFP_ZERO, caller);
	if (!tbl)
		return -ENOMEM;
	tbl->buckets = alloc_buckets(size, caller);
	if (!tbl->buckets) {
		umod_kfree(tbl);
		return -ENOMEM;
	}
	pthread_rwlock_init(&tbl->lock, NULL);
	umod_wq_init(&ht->mutex.wait);
	tbl->size = size;
	umod_get_random_bytes(&tbl->hash_rnd, sizeof(tbl->hash_rnd));
	ht->tbl = tbl;
	return 0;
}

static int kapi_rhltable_init(struct rhltable *hlt, const struct rhashtable_params *params)
{
	int err = kapi_rhashtable_init(&hlt->ht, params);

	hlt->ht.rhlist = true;
	return err;
}

/* every object handed to @free_fn (rhltable lists whole), then the table freed */
static void kapi_rhashtable_free_and_destroy(struct rhashtable *ht,
					     void (*free_fn)(void *ptr, void *arg), void *arg)
{
	struct bucket_table *tbl = ht->tbl;

	if (!tbl)
		return;
	for (unsigned int b = 0; free_fn && b < tbl->size; b++) {
		struct rhash_head *he = tbl->buckets[b];

		while (he) {
			struct rhash_head *next = he->next;
			struct rhlist_head *list = (struct rhlist_head *)he;

			if (!ht->rhlist) {
				free_fn(obj_of(ht, he), arg);
			} else {
				while (list) {
					struct rhlist_head *lnext = list->next;

					free_fn(obj_of(ht, &list->rhead), arg);
					list = lnext;
				}
			}
			he = next;
		}
	}
	pthread_rwlock_destroy(&tbl->lock);
	umod_kfree(tbl->buckets);
	umod_kfree(tbl);
	ht->tbl = NULL;
}

static void kapi_rhashtable_destroy(struct rhashtable *ht)
{
	kapi_rhashtable_free_and_destroy(ht, NULL, NULL);
}

/* ---- the fast paths (inline in 6.1's header, out of line here) ------------------------- */

/* the chain head holding @key's objects, or NULL (an rhltable's: its newest object) */
static struct rhash_head *kapi___umod_rht_lookup(struct rhashtable *ht, const void *key)
{
	struct bucket_table *tbl = ht->tbl;
	struct rhash_head *he;

	pthread_rwlock_rdlock(&tbl->lock);
	for (he = tbl->buckets[key_hash(ht, tbl, key)]; he; he = he->next)
		if (!compare(ht, he, key))
			break;
	pthread_rwlock_unlock(&tbl->lock);
	return he;
}

/*
 * An rhltable object joins the list of its key's, in front: it takes the
 * chain place of the one that was first, which hangs off it.
 */
static void join_list(struct rhash_head **pprev, struct rhash_head *he, struct rhash_head *obj)
{
	struct rhlist_head *list = (struct rhlist_head *)obj;

	list->next = (struct rhlist_head *)he;
	obj->next = he->next;
	__atomic_store_n(pprev, obj, __ATOMIC_RELEASE);
}

/*
 * __rhashtable_insert_fast(): with @key, an object of that key already
 * there is returned (an rhltable's joins its list instead); without, no
 * check is made. NULL when @obj went in, ERR_PTR(-E2BIG) when the table
 * is at its maximum.
 */
static void *kapi___umod_rht_insert(struct rhashtable *ht, const void *key,
				    struct rhash_head *obj)
{
	struct bucket_table *tbl = ht->tbl;
	struct rhash_head **pprev, *he;
	void *ret = NULL;
	unsigned int b;

	pthread_rwlock_wrlock(&tbl->lock);
	b = key ? key_hash(ht, tbl, key) : head_hash(ht, tbl, obj);
	for (pprev = &tbl->buckets[b]; key && (he = *pprev); pprev = &he->next) {
		if (compare(ht, he, key))
			continue;
		if (ht->rhlist)
			join_list(pprev, he, obj);
		else
			ret = obj_of(ht, he);
		goto out;
	}
	if ((unsigned int)atomic_load(nelems(ht)) >= ht->max_elems) {
		ret = err_ptr(-E2BIG);
		goto out;
	}
	if (ht->rhlist)
		((struct rhlist_head *)obj)->next = NULL;
	obj->next = tbl->buckets[b];
	__atomic_store_n(&tbl->buckets[b], obj, __ATOMIC_RELEASE);
	atomic_fetch_add(nelems(ht), 1);
	maybe_resize(ht, tbl);
out:
	pthread_rwlock_unlock(&tbl->lock);
	return ret;
}

/* @obj out of an rhltable list whose first object sits at *@pprev; false if not there */
static bool leave_list(struct rhashtable *ht, struct rhash_head **pprev, struct rhash_head *obj)
{
	struct rhlist_head *first = (struct rhlist_head *)*pprev, *target = (struct rhlist_head *)obj;

	if (first == target) {
		struct rhlist_head *next = first->next;

		if (next) {
			/* the next of the same key takes the chain place */
			next->rhead.next = first->rhead.next;
			__atomic_store_n(pprev, &next->rhead, __ATOMIC_RELEASE);
		} else {
			__atomic_store_n(pprev, first->rhead.next, __ATOMIC_RELEASE);
			atomic_fetch_sub(nelems(ht), 1);
		}
		return true;
	}
	for (struct rhlist_head **lp = &first->next; *lp; lp = &(*lp)->next) {
		if (*lp == target) {
			__atomic_store_n(lp, target->next, __ATOMIC_RELEASE);
			return true;
		}
	}
	return false;
}

/* __rhashtable_remove_fast(): 0, or -ENOENT when @obj is not in the table */
static int kapi___umod_rht_remove(struct rhashtable *ht, struct rhash_head *obj)
{
	struct bucket_table *tbl = ht->tbl;
	struct rhash_head **pprev;
	int err = -ENOENT;

	pthread_rwlock_wrlock(&tbl->lock);
	for (pprev = &tbl->buckets[head_hash(ht, tbl, obj)]; *pprev; pprev = &(*pprev)->next) {
		if (ht->rhlist) {
			/* @obj is in the list of one chain entry, first or further on */
			if (leave_list(ht, pprev, obj)) {
				err = 0;
				break;
			}
			continue;
		}
		if (*pprev == obj) {
			__atomic_store_n(pprev, obj->next, __ATOMIC_RELEASE);
			atomic_fetch_sub(nelems(ht), 1);
			err = 0;
			break;
		}
	}
	if (!err)
		maybe_resize(ht, tbl);
	pthread_rwlock_unlock(&tbl->lock);
	return err;
}

/* rhashtable_replace_fast(): -EINVAL when the two would not share a bucket */
static int kapi___umod_rht_replace(struct rhashtable *ht, struct rhash_head *old,
				   struct rhash_head *new)
{
	struct bucket_table *tbl = ht->tbl;
	struct rhash_head **pprev;
	unsigned int b;
	int err = -ENOENT;

	pthread_rwlock_wrlock(&tbl->lock);
	b = head_hash(ht, tbl, old);
	if (b != head_hash(ht, tbl, new)) {
		err = -EINVAL;
		goto out;
	}
	for (pprev = &tbl->buckets[b]; *pprev; pprev = &(*pprev)->next) {
		if (*pprev == old) {
			new->next = old->next;
			__atomic_store_n(pprev, new, __ATOMIC_RELEASE);
			err = 0;
			break;
		}
	}
out:
	pthread_rwlock_unlock(&tbl->lock);
	return err;
}

/* ---- walking ------------------------------------------------------------------------------ */

/* the walk's table generation, kept where 6.1 keeps its table */
static struct bucket_table *gen_token(const struct bucket_table *tbl)
{
	return (struct bucket_table *)(uintptr_t)(tbl->gen + 1ul);
}

static void kapi_rhashtable_walk_enter(struct rhashtable *ht, struct rhashtable_iter *iter)
{
	struct bucket_table *tbl = ht->tbl;

	memset(iter, 0, sizeof(*iter));
	iter->ht = ht;
	pthread_rwlock_rdlock(&tbl->lock);
	iter->walker.tbl = gen_token(tbl);
	pthread_rwlock_unlock(&tbl->lock);
}

static void kapi_rhashtable_walk_exit(struct rhashtable_iter *iter)
{
	iter->walker.tbl = NULL;
}

/* the table was resized since: the walk starts again from the first bucket */
static bool rewound(struct rhashtable_iter *iter, struct bucket_table *tbl)
{
	if (iter->walker.tbl == gen_token(tbl))
		return false;
	iter->walker.tbl = gen_token(tbl);
	iter->slot = iter->skip = 0;
	iter->p = NULL;
	iter->list = NULL;
	return true;
}

/* the @n-th object (lists counted in) of bucket @slot, or NULL; *@list its rhlist */
static struct rhash_head *nth_in_slot(struct rhashtable *ht, struct bucket_table *tbl,
				      unsigned int slot, unsigned int n, struct rhlist_head **list)
{
	for (struct rhash_head *he = tbl->buckets[slot]; he; he = he->next) {
		struct rhlist_head *l = ht->rhlist ? (struct rhlist_head *)he : NULL;

		do {
			if (!n--) {
				*list = l;
				return l ? &l->rhead : he;
			}
			l = l ? l->next : NULL;
		} while (l);
	}
	return NULL;
}

/* on from (slot, skip): the next object, the position past it */
static void *walk_find(struct rhashtable_iter *iter, struct bucket_table *tbl)
{
	struct rhashtable *ht = iter->ht;

	for (; iter->slot < tbl->size; iter->slot++, iter->skip = 0) {
		struct rhlist_head *list = NULL;
		struct rhash_head *he = nth_in_slot(ht, tbl, iter->slot, iter->skip, &list);

		if (he) {
			iter->skip++;
			iter->p = he;
			iter->list = list;
			return obj_of(ht, he);
		}
	}
	iter->p = NULL;
	iter->end_of_table = true;
	return NULL;
}

/* in an RCU read-side section until walk_stop(); -EAGAIN: rewound after a resize */
static int kapi_rhashtable_walk_start_check(struct rhashtable_iter *iter)
{
	struct bucket_table *tbl = iter->ht->tbl;
	int err = 0;

	umod_rcu_read_lock();
	if (iter->end_of_table)
		return 0;
	pthread_rwlock_rdlock(&tbl->lock);
	if (rewound(iter, tbl)) {
		err = -EAGAIN;
	} else if (iter->p) {
		/* where the last object is now in its bucket, if it still is */
		struct rhlist_head *list;
		unsigned int n = 0;
		struct rhash_head *he;

		while ((he = nth_in_slot(iter->ht, tbl, iter->slot, n, &list)) && he != iter->p)
			n++;
		if (he)
			iter->skip = n + 1;
		else
			iter->p = NULL;
	}
	pthread_rwlock_unlock(&tbl->lock);
	return err;
}

static void *kapi_rhashtable_walk_next(struct rhashtable_iter *iter)
{
	struct bucket_table *tbl = iter->ht->tbl;
	void *obj;

	if (iter->end_of_table)
		return NULL;
	pthread_rwlock_rdlock(&tbl->lock);
	obj = rewound(iter, tbl) ? err_ptr(-EAGAIN) : walk_find(iter, tbl);
	pthread_rwlock_unlock(&tbl->lock);
	return obj;
}

/* the object walk_next() returned last, or the next one, without moving on */
static void *kapi_rhashtable_walk_peek(struct rhashtable_iter *iter)
{
	struct bucket_table *tbl = iter->ht->tbl;
	void *obj;

	if (iter->p)
		return obj_of(iter->ht, iter->p);
	if (iter->end_of_table)
		return NULL;
	pthread_rwlock_rdlock(&tbl->lock);
	if (rewound(iter, tbl)) {
		obj = err_ptr(-EAGAIN);
	} else {
		if (iter->skip)
			iter->skip--;
		obj = walk_find(iter, tbl);
	}
	pthread_rwlock_unlock(&tbl->lock);
	return obj;
}

static void kapi_rhashtable_walk_stop(struct rhashtable_iter *iter)
{
	umod_rcu_read_unlock();
}

static const struct umod_kapi_export rhashtable_exports[] = {
	UMOD_KAPI_GPL("rhashtable_init", kapi_rhashtable_init),
	UMOD_KAPI_GPL("rhltable_init", kapi_rhltable_init),
	UMOD_KAPI_GPL("rhashtable_free_and_destroy", kapi_rhashtable_free_and_destroy),
	UMOD_KAPI_GPL("rhashtable_destroy", kapi_rhashtable_destroy),
	UMOD_KAPI_GPL("__umod_rht_lookup", kapi___umod_rht_lookup),
	UMOD_KAPI_GPL("__umod_rht_insert", kapi___umod_rht_insert),
	UMOD_KAPI_GPL("__umod_rht_remove", kapi___umod_rht_remove),
	UMOD_KAPI_GPL("__umod_rht_replace", kapi___umod_rht_replace),
	UMOD_KAPI_GPL("rhashtable_walk_enter", kapi_rhashtable_walk_enter),
	UMOD_KAPI_GPL("rhashtable_walk_exit", kapi_rhashtable_walk_exit),
	UMOD_KAPI_GPL("rhashtable_walk_start_check", kapi_rhashtable_walk_start_check),
	UMOD_KAPI_GPL("rhashtable_walk_next", kapi_rhashtable_walk_next),
	UMOD_KAPI_GPL("rhashtable_walk_peek", kapi_rhashtable_walk_peek),
	UMOD_KAPI_GPL("rhashtable_walk_stop", kapi_rhashtable_walk_stop),
};

const struct umod_kapi_table umod_kapi_rhashtable = UMOD_KAPI_TABLE(rhashtable_exports);
