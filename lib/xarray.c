// SPDX-License-Identifier: MIT
/*
 * The XArray (lib/xarray.c), with 6.1's normal API and observable
 * behaviour, on a different representation: a red-black tree of entries,
 * each covering a range of indices [first, last] (one index, or a
 * multi-index entry), with its marks. The kernel's radix tree of 64-slot
 * nodes decides how xa_store_range() cuts a range into multi-index
 * entries; that cut is computed here the same way (range_chunk()), so a
 * module sees the same entries, the same erasures of whole entries and
 * the same orders.
 *
 * Writers hold the array's xa_lock (the __xa_*() functions expect it, the
 * others take it) and the tree's rwlock for writing; xa_load() and the
 * searches take neither xa_lock nor a writer's place, only the rwlock for
 * reading inside an RCU read-side section: an array that becomes empty
 * frees its tree (xa_head is NULL then, which xa_empty() tests) after a
 * grace period, so a reader that found it may still use it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <umod/kabi/rbtree.h>
#include <umod/kabi/xarray.h>

#include "kernel/kapi.h"
#include "kernel/locking/spinlock.h"
#include "kernel/panic.h"
#include "kernel/rcu/rcu.h"
#include "kernel/sched/sched.h"
#include "lib/klib.h"
#include "mm/internal.h"

#define CHUNK_SHIFT		6
#define CHUNK_MASK		63ul
#define NR_MARKS		3
#define XA_PRESENT		8u
#define FLAGS_TRACK_FREE	4u
#define FLAGS_ZERO_BUSY		8u
#define FLAGS_ALLOC_WRAPPED	16u
#define FLAGS_MARK(m)		((1u << 26) << (m))

/* internal entries: value << 2 | 2 */
#define MK_INTERNAL(v)		((void *)(((unsigned long)(v) << 2) | 2))
#define ZERO_ENTRY		MK_INTERNAL(257)
#define XA_ERROR(err)		MK_INTERNAL((long)(err))

struct xa_rec {
	struct rb_node node;		/* keyed by first */
	unsigned long first, last;
	void *entry;			/* ZERO_ENTRY: reserved */
	unsigned int marks;		/* bit n: XA_MARK_n */
	unsigned char order;		/* what xa_get_order() says */
};

struct xa_tree {
	pthread_rwlock_t lock;
	struct rb_root root;
	unsigned long marked[NR_MARKS];	/* entries with each mark: xa_flags' bits */
	unsigned long busy_below;	/* every index below it is in use: xa_alloc's start */
};

static bool is_internal(const void *entry)
{
	return ((uintptr_t)entry & 3) == 2;
}

/* what xa_is_advanced() refuses to store: internal entries up to RETRY */
static bool is_advanced(const void *entry)
{
	return is_internal(entry) && (uintptr_t)entry <= (uintptr_t)MK_INTERNAL(256);
}

/* an XA_ERROR() result */
static bool is_err(const void *entry)
{
	return is_internal(entry) && (uintptr_t)entry >= (uintptr_t)XA_ERROR(-4095);
}

static void *zero_to_null(void *entry)
{
	return entry == ZERO_ENTRY ? NULL : entry;
}

static struct xa_rec *rec_of(struct rb_node *n)
{
	return n ? (struct xa_rec *)((char *)n - offsetof(struct xa_rec, node)) : NULL;
}

/* ---- locks -------------------------------------------------------------------- */

static void xa_spin_lock(struct xarray *xa)
{
	umod_task_fast()->preempt_count++;
	umod_arch_spin_lock(&xa->xa_lock.rlock.raw_lock.locked);
}

static void xa_spin_unlock(struct xarray *xa)
{
	umod_arch_spin_unlock(&xa->xa_lock.rlock.raw_lock.locked);
	umod_task_fast()->preempt_count--;
}

static struct xa_tree *head(const struct xarray *xa)
{
	return __atomic_load_n((struct xa_tree *const *)&xa->xa_head, __ATOMIC_ACQUIRE);
}

/* a reader's view: the tree, read-locked, or NULL for an empty array; end with read_end() */
static struct xa_tree *read_begin(const struct xarray *xa)
{
	struct xa_tree *t;

	umod_rcu_read_lock();
	t = head(xa);
	if (t)
		pthread_rwlock_rdlock(&t->lock);
	return t;
}

static void read_end(struct xa_tree *t)
{
	if (t)
		pthread_rwlock_unlock(&t->lock);
	umod_rcu_read_unlock();
}

/* a writer's (xa_lock held): the tree, write-locked, made if @create */
static struct xa_tree *write_begin(struct xarray *xa, bool create, const void *caller)
{
	struct xa_tree *t = head(xa);

	if (!t && create) {
		t = umod_kmalloc_lib(sizeof(*t), UMOD_GFP_ZERO, caller);
		if (!t)
			return NULL;
		pthread_rwlock_init(&t->lock, NULL);
		if (xa->xa_flags & FLAGS_ZERO_BUSY)
			t->busy_below = 1;
		__atomic_store_n((struct xa_tree **)&xa->xa_head, t, __ATOMIC_RELEASE);
	}
	if (t)
		pthread_rwlock_wrlock(&t->lock);
	return t;
}

/* an emptied tree goes, after the readers that may still be in it */
static void write_end(struct xarray *xa, struct xa_tree *t)
{
	bool empty;

	if (!t)
		return;
	empty = !t->root.rb_node;
	if (empty)
		__atomic_store_n((struct xa_tree **)&xa->xa_head, NULL, __ATOMIC_RELEASE);
	pthread_rwlock_unlock(&t->lock);
	if (empty)
		umod_kfree_rcu(t);
}

/* ---- the tree ------------------------------------------------------------------- */

/* the entry holding @index, or NULL */
static struct xa_rec *find(const struct xa_tree *t, unsigned long index)
{
	struct rb_node *n = t ? t->root.rb_node : NULL;

	while (n) {
		struct xa_rec *r = rec_of(n);

		if (index < r->first)
			n = n->rb_left;
		else if (index > r->last)
			n = n->rb_right;
		else
			return r;
	}
	return NULL;
}

/* the first entry holding @index or after it, or NULL */
static struct xa_rec *find_from(const struct xa_tree *t, unsigned long index)
{
	struct rb_node *n = t ? t->root.rb_node : NULL;
	struct xa_rec *best = NULL;

	while (n) {
		struct xa_rec *r = rec_of(n);

		if (index > r->last) {
			n = n->rb_right;
		} else {
			best = r;
			if (index >= r->first)
				break;
			n = n->rb_left;
		}
	}
	return best;
}

static struct xa_rec *next_rec(const struct xa_rec *r)
{
	return rec_of(umod_rb_next(&r->node));
}

static void link_rec(struct xa_tree *t, struct xa_rec *r)
{
	struct rb_node **link = &t->root.rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		link = r->first < rec_of(parent)->first ? &parent->rb_left : &parent->rb_right;
	}
	r->node.__rb_parent_color = (unsigned long)parent;
	r->node.rb_left = r->node.rb_right = NULL;
	*link = &r->node;
	umod_rb_insert_color(&r->node, &t->root);
}

static void set_marks(struct xarray *xa, struct xa_tree *t, struct xa_rec *r,
		      unsigned int marks)
{
	for (unsigned int m = 0; m < NR_MARKS; m++) {
		bool had = r->marks & (1u << m), has = marks & (1u << m);

		if (had == has)
			continue;
		t->marked[m] += has ? 1 : (unsigned long)-1;
		if (has)
			xa->xa_flags |= FLAGS_MARK(m);
		else if (!t->marked[m])
			xa->xa_flags &= ~FLAGS_MARK(m);
	}
	r->marks = marks;
}

static void drop_rec(struct xarray *xa, struct xa_tree *t, struct xa_rec *r)
{
	/* an ALLOC1 array never hands out index 0 */
	unsigned long floor = xa->xa_flags & FLAGS_ZERO_BUSY ? 1 : 0;

	set_marks(xa, t, r, 0);
	umod_rb_erase(&r->node, &t->root);
	if (r->first < t->busy_below)
		t->busy_below = r->first > floor ? r->first : floor;
	umod_kfree(r);
}

/* ---- stores -------------------------------------------------------------------------- */

/*
 * The multi-index entry the radix tree makes of [first, last] starting
 * at @first (6.1's xas_set_range()): as many aligned slots of as high a
 * level as fit, at most the rest of one node. Its last index; *@order
 * as xa_get_order() reports it.
 */
static unsigned long range_chunk(unsigned long first, unsigned long last, unsigned char *order)
{
	unsigned long sibs = last - first, at = first, offset = CHUNK_MASK;
	unsigned int shift = 0, k = 0;

	while (!(at & CHUNK_MASK)) {
		if (sibs < CHUNK_MASK || (sibs == CHUNK_MASK && offset < CHUNK_MASK))
			break;
		shift += CHUNK_SHIFT;
		if (offset == CHUNK_MASK)
			offset = sibs & CHUNK_MASK;
		sibs >>= CHUNK_SHIFT;
		at >>= CHUNK_SHIFT;
	}
	offset = at & CHUNK_MASK;
	if (offset + sibs > CHUNK_MASK)
		sibs = CHUNK_MASK - offset;
	if ((((at + sibs + 1) << shift) - 1) > last)
		sibs -= 1;
	/* xa_get_order() doubles while the slot 2^k on is one of its siblings */
	while ((1ul << k) <= sibs && offset + (1ul << k) <= CHUNK_MASK)
		k++;
	*order = (unsigned char)(shift + k);
	return first + (((sibs + 1) << shift) - 1);
}

/*
 * @entry over [first, last] (one entry of the radix tree's cut): inside
 * an entry already there, that whole entry takes the new value (and
 * keeps its marks), as storing into any index of a multi-index entry
 * does. Otherwise the entries it covers go, those it overlaps are cut
 * back, and it gets the marks of one that began where it begins. The
 * old entry at @first, or an error entry.
 */
static void *store_one(struct xarray *xa, struct xa_tree *t, unsigned long first,
		       unsigned long last, unsigned char order, void *entry, const void *caller)
{
	struct xa_rec *r = find(t, first), *n;
	unsigned int marks = 0;
	void *old = r ? r->entry : NULL;

	if (r && r->first <= first && r->last >= last) {
		r->entry = entry;
		return old;
	}
	n = umod_kmalloc_lib(sizeof(*n), 0, caller);
	if (!n)
		return XA_ERROR(-ENOMEM);
	while ((r = find_from(t, first)) && r->first <= last) {
		if (r->first == first)
			marks = r->marks;
		if (r->first < first) {
			r->last = first - 1;	/* what lies before stays */
		} else if (r->last > last) {
			umod_rb_erase(&r->node, &t->root);
			r->first = last + 1;	/* what lies after stays */
			link_rec(t, r);
		} else {
			drop_rec(xa, t, r);
		}
	}
	*n = (struct xa_rec){ .first = first, .last = last, .entry = entry, .order = order };
	link_rec(t, n);
	set_marks(xa, t, n, marks);
	return old;
}

/* NULL over [first, last]: every entry with an index there goes whole */
static void *erase_range(struct xarray *xa, struct xa_tree *t, unsigned long first,
			 unsigned long last)
{
	struct xa_rec *r = find(t, first);
	void *old = r ? r->entry : NULL;

	while ((r = find_from(t, first)) && r->first <= last)
		drop_rec(xa, t, r);
	return old;
}

static void *store_locked(struct xarray *xa, unsigned long index, void *entry,
			  const void *caller)
{
	struct xa_tree *t = write_begin(xa, entry != NULL, caller);
	void *old;

	if (!t)
		return entry ? XA_ERROR(-ENOMEM) : NULL;
	old = entry ? store_one(xa, t, index, index, 0, entry, caller) :
		      erase_range(xa, t, index, index);
	write_end(xa, t);
	return old;
}

/* ---- the exports --------------------------------------------------------------------- */

static void *kapi_xa_load(struct xarray *xa, unsigned long index)
{
	struct xa_tree *t = read_begin(xa);
	struct xa_rec *r = find(t, index);
	void *entry = r ? r->entry : NULL;

	read_end(t);
	return zero_to_null(entry);
}

/* an allocating array keeps a stored NULL's index taken, as a reserved entry */
static void *kapi___xa_store(struct xarray *xa, unsigned long index, void *entry,
			     unsigned int gfp)
{
	if (is_advanced(entry)) {
		umod_warn_host("lib/xarray.c", 1611, "__xa_store", NULL);
		return XA_ERROR(-EINVAL);
	}
	if (!entry && (xa->xa_flags & FLAGS_TRACK_FREE))
		entry = ZERO_ENTRY;
	return zero_to_null(store_locked(xa, index, entry, __builtin_return_address(0)));
}

static void *kapi_xa_store(struct xarray *xa, unsigned long index, void *entry,
			   unsigned int gfp)
{
	void *old;

	xa_spin_lock(xa);
	old = kapi___xa_store(xa, index, entry, gfp);
	xa_spin_unlock(xa);
	return old;
}

static void *kapi___xa_erase(struct xarray *xa, unsigned long index)
{
	return zero_to_null(store_locked(xa, index, NULL, NULL));
}

static void *kapi_xa_erase(struct xarray *xa, unsigned long index)
{
	void *old;

	xa_spin_lock(xa);
	old = kapi___xa_erase(xa, index);
	xa_spin_unlock(xa);
	return old;
}

/* [first, last] cut as the radix tree cuts it, each part one entry; NULL or an error */
static void *kapi_xa_store_range(struct xarray *xa, unsigned long first, unsigned long last,
				 void *entry, unsigned int gfp)
{
	const void *caller = __builtin_return_address(0);
	struct xa_tree *t;
	void *err = NULL;

	if (is_advanced(entry)) {
		umod_warn_host("lib/xarray.c", 1717, "xa_store_range", NULL);
		return XA_ERROR(-EINVAL);
	}
	if (last < first)
		return XA_ERROR(-EINVAL);
	xa_spin_lock(xa);
	t = write_begin(xa, entry != NULL, caller);
	if (!t) {
		err = entry ? XA_ERROR(-ENOMEM) : NULL;
	} else if (!entry) {
		erase_range(xa, t, first, last);
	} else {
		for (unsigned long at = first;;) {
			unsigned char order;
			unsigned long end = range_chunk(at, last, &order);

			err = store_one(xa, t, at, end, order, entry, caller);
			if (is_err(err) || end == last)
				break;
			at = end + 1;
		}
		err = is_err(err) ? err : NULL;
	}
	write_end(xa, t);
	xa_spin_unlock(xa);
	return err;
}

static int kapi_xa_get_order(struct xarray *xa, unsigned long index)
{
	struct xa_tree *t = read_begin(xa);
	struct xa_rec *r = find(t, index);
	int order = r ? r->order : 0;

	read_end(t);
	return order;
}

static int kapi___xa_insert(struct xarray *xa, unsigned long index, void *entry, unsigned int gfp)
{
	struct xa_tree *t;
	void *err = NULL;

	if (is_advanced(entry)) {
		umod_warn_host("lib/xarray.c", 1664, "__xa_insert", NULL);
		return -EINVAL;
	}
	t = write_begin(xa, true, __builtin_return_address(0));
	if (!t)
		return -ENOMEM;
	if (find(t, index))
		err = XA_ERROR(-EBUSY);
	else
		err = store_one(xa, t, index, index, 0, entry ? entry : ZERO_ENTRY,
				__builtin_return_address(0));
	write_end(xa, t);
	return is_err(err) ? (int)((long)err >> 2) : 0;
}

/* @entry stored only if what is there now is @old (raw: a reserved entry is ZERO) */
static void *kapi___xa_cmpxchg(struct xarray *xa, unsigned long index, void *old, void *entry,
			       unsigned int gfp)
{
	struct xa_tree *t;
	struct xa_rec *r;
	void *curr, *ret;

	if (is_advanced(entry)) {
		umod_warn_host("lib/xarray.c", 1720, "__xa_cmpxchg", NULL);
		return XA_ERROR(-EINVAL);
	}
	t = write_begin(xa, entry != NULL, __builtin_return_address(0));
	if (!t)
		return entry && !old ? XA_ERROR(-ENOMEM) : NULL;
	r = find(t, index);
	curr = r ? r->entry : NULL;
	ret = curr;
	if (curr == old) {
		if (entry)
			ret = store_one(xa, t, index, index, 0, entry, __builtin_return_address(0));
		else
			erase_range(xa, t, index, index);
		if (is_err(ret))
			curr = ret;
	}
	write_end(xa, t);
	return curr;
}

/* ---- allocating arrays -------------------------------------------------------------------- */

/*
 * The lowest index of [start, max] no entry holds (reserved ones count);
 * false if there is none. Along a run of taken indices, one step per entry.
 */
static bool lowest_free(const struct xa_tree *t, unsigned long start, unsigned long max,
			unsigned long *index)
{
	unsigned long at = start;

	for (struct xa_rec *r = find_from(t, at); r && r->first <= at; r = next_rec(r)) {
		if (r->last >= max)
			return false;
		at = r->last + 1;
	}
	*index = at;
	return at <= max;
}

static int kapi___xa_alloc(struct xarray *xa, uint32_t *id, void *entry, struct xa_limit limit,
			   unsigned int gfp)
{
	const void *caller = __builtin_return_address(0);
	unsigned long start, index;
	struct xa_tree *t;
	void *err;

	if (is_advanced(entry) || !(xa->xa_flags & FLAGS_TRACK_FREE)) {
		umod_warn_host("lib/xarray.c", 1957, "__xa_alloc", NULL);
		return -EINVAL;
	}
	t = write_begin(xa, true, caller);
	if (!t)
		return -ENOMEM;
	start = limit.min < t->busy_below ? t->busy_below : limit.min;
	if (!lowest_free(t, start, limit.max, &index)) {
		write_end(xa, t);
		return -EBUSY;
	}
	err = store_one(xa, t, index, index, 0, entry ? entry : ZERO_ENTRY, caller);
	if (!is_err(err)) {
		*id = (uint32_t)index;
		/* everything from the hint up to @index was taken, and now it is too */
		if (start == t->busy_below)
			t->busy_below = index + 1;
		err = NULL;
	}
	write_end(xa, t);
	return err ? (int)((long)err >> 2) : 0;
}

/*
 * From *@next on, wrapping round to the limit's minimum: 0, or 1 when
 * the allocation wrapped (this time, or since the last success).
 */
static int kapi___xa_alloc_cyclic(struct xarray *xa, uint32_t *id, void *entry,
				  struct xa_limit limit, uint32_t *next, unsigned int gfp)
{
	uint32_t min = limit.min;
	int ret;

	limit.min = *next > min ? *next : min;
	ret = kapi___xa_alloc(xa, id, entry, limit, gfp);
	if ((xa->xa_flags & FLAGS_ALLOC_WRAPPED) && ret == 0) {
		xa->xa_flags &= ~FLAGS_ALLOC_WRAPPED;
		ret = 1;
	}
	if (ret < 0 && limit.min > min) {
		limit.min = min;
		ret = kapi___xa_alloc(xa, id, entry, limit, gfp);
		if (ret == 0)
			ret = 1;
	}
	if (ret >= 0) {
		*next = *id + 1;
		if (*next == 0)
			xa->xa_flags |= FLAGS_ALLOC_WRAPPED;
	}
	return ret;
}

/* ---- marks ------------------------------------------------------------------------------ */

static void change_mark(struct xarray *xa, unsigned long index, unsigned int mark, bool set)
{
	struct xa_tree *t;
	struct xa_rec *r;

	if (mark >= NR_MARKS)
		return;
	t = write_begin(xa, false, NULL);
	r = find(t, index);
	if (r)
		set_marks(xa, t, r, set ? r->marks | (1u << mark) : r->marks & ~(1u << mark));
	write_end(xa, t);
}

static void kapi___xa_set_mark(struct xarray *xa, unsigned long index, unsigned int mark)
{
	change_mark(xa, index, mark, true);
}

static void kapi___xa_clear_mark(struct xarray *xa, unsigned long index, unsigned int mark)
{
	change_mark(xa, index, mark, false);
}

static void kapi_xa_set_mark(struct xarray *xa, unsigned long index, unsigned int mark)
{
	xa_spin_lock(xa);
	change_mark(xa, index, mark, true);
	xa_spin_unlock(xa);
}

static void kapi_xa_clear_mark(struct xarray *xa, unsigned long index, unsigned int mark)
{
	xa_spin_lock(xa);
	change_mark(xa, index, mark, false);
	xa_spin_unlock(xa);
}

static bool kapi_xa_get_mark(struct xarray *xa, unsigned long index, unsigned int mark)
{
	struct xa_tree *t = read_begin(xa);
	struct xa_rec *r = find(t, index);
	bool set = r && mark < NR_MARKS && (r->marks & (1u << mark));

	read_end(t);
	return set;
}

/* ---- searching --------------------------------------------------------------------------- */

/*
 * The first entry from @start to @max that @filter takes (XA_PRESENT:
 * any; a mark: those carrying it); reserved entries are never found.
 */
static struct xa_rec *search(const struct xa_tree *t, unsigned long start, unsigned long max,
			     unsigned int filter)
{
	for (struct xa_rec *r = find_from(t, start); r && r->first <= max; r = next_rec(r)) {
		if (r->entry == ZERO_ENTRY)
			continue;
		if (filter < NR_MARKS && !(r->marks & (1u << filter)))
			continue;
		return r;
	}
	return NULL;
}

/* *@indexp moves to the entry's first index, unless it started inside the entry */
static void *found(struct xa_rec *r, unsigned long *indexp)
{
	if (!r)
		return NULL;
	if (r->first > *indexp)
		*indexp = r->first;
	return r->entry;
}

static void *kapi_xa_find(struct xarray *xa, unsigned long *indexp, unsigned long max,
			  unsigned int filter)
{
	struct xa_tree *t;
	void *entry;

	if (*indexp > max)
		return NULL;
	t = read_begin(xa);
	entry = found(search(t, *indexp, max, filter), indexp);
	read_end(t);
	return entry;
}

/* after the whole entry holding *@indexp (the next of a multi-index entry is past it) */
static void *kapi_xa_find_after(struct xarray *xa, unsigned long *indexp, unsigned long max,
				unsigned int filter)
{
	struct xa_tree *t = read_begin(xa);
	struct xa_rec *r = find(t, *indexp);
	unsigned long start = r ? r->last + 1 : *indexp + 1;
	void *entry = NULL;

	/* past the top of the index space there is nothing */
	if (start && start <= max) {
		unsigned long at = start;

		entry = found(search(t, start, max, filter), &at);
		if (entry)
			*indexp = at;
	}
	read_end(t);
	return entry;
}

/* up to @n entries from @start to @max into @dst; how many */
static unsigned int kapi_xa_extract(struct xarray *xa, void **dst, unsigned long start,
				    unsigned long max, unsigned int n, unsigned int filter)
{
	struct xa_tree *t;
	unsigned int i = 0;

	if (!n || start > max)
		return 0;
	t = read_begin(xa);
	for (struct xa_rec *r = search(t, start, max, filter); r && i < n;
	     r = r->last < max ? search(t, r->last + 1, max, filter) : NULL)
		dst[i++] = r->entry;
	read_end(t);
	return i;
}

/* every entry gone, the array empty and usable again */
static void kapi_xa_destroy(struct xarray *xa)
{
	struct xa_tree *t;

	xa_spin_lock(xa);
	t = write_begin(xa, false, NULL);
	while (t && t->root.rb_node)
		drop_rec(xa, t, rec_of(t->root.rb_node));
	write_end(xa, t);
	xa_spin_unlock(xa);
}

static const struct umod_kapi_export xarray_exports[] = {
	UMOD_KAPI("xa_load", kapi_xa_load),
	UMOD_KAPI("xa_store", kapi_xa_store),
	UMOD_KAPI("__xa_store", kapi___xa_store),
	UMOD_KAPI("xa_erase", kapi_xa_erase),
	UMOD_KAPI("__xa_erase", kapi___xa_erase),
	UMOD_KAPI("xa_store_range", kapi_xa_store_range),
	UMOD_KAPI("xa_get_order", kapi_xa_get_order),
	UMOD_KAPI("__xa_insert", kapi___xa_insert),
	UMOD_KAPI("__xa_cmpxchg", kapi___xa_cmpxchg),
	UMOD_KAPI("__xa_alloc", kapi___xa_alloc),
	UMOD_KAPI("__xa_alloc_cyclic", kapi___xa_alloc_cyclic),
	UMOD_KAPI("__xa_set_mark", kapi___xa_set_mark),
	UMOD_KAPI("__xa_clear_mark", kapi___xa_clear_mark),
	UMOD_KAPI("xa_set_mark", kapi_xa_set_mark),
	UMOD_KAPI("xa_clear_mark", kapi_xa_clear_mark),
	UMOD_KAPI("xa_get_mark", kapi_xa_get_mark),
	UMOD_KAPI("xa_find", kapi_xa_find),
	UMOD_KAPI("xa_find_after", kapi_xa_find_after),
	UMOD_KAPI("xa_extract", kapi_xa_extract),
	UMOD_KAPI("xa_destroy", kapi_xa_destroy),
};

const struct umod_kapi_table umod_kapi_xarray = UMOD_KAPI_TABLE(xarray_exports);
