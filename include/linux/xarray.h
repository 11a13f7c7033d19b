/* SPDX-License-Identifier: MIT */
/*
 * The XArray, 6.1's normal API (lib/xarray.c): an array of pointers
 * indexed by unsigned long, with three marks per entry, multi-index
 * entries (xa_store_range()), and ID allocation (DEFINE_XARRAY_ALLOC).
 * xa_load() and the searches need no lock; the __xa_*() functions expect
 * xa_lock held, the others take it. The advanced xas_*() API (XA_STATE
 * and node walking) is not provided.
 */
#ifndef _LINUX_XARRAY_H
#define _LINUX_XARRAY_H

#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/kconfig.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <umod/kabi/xarray.h>

/* entries: pointers (4-byte aligned), values (odd), internal (2 mod 4) */
static inline void *xa_mk_value(unsigned long v)
{
	WARN_ON((long)v < 0);
	return (void *)((v << 1) | 1);
}

static inline unsigned long xa_to_value(const void *entry)
{
	return (unsigned long)entry >> 1;
}

static inline bool xa_is_value(const void *entry)
{
	return (unsigned long)entry & 1;
}

static inline void *xa_tag_pointer(void *p, unsigned long tag)
{
	return (void *)((unsigned long)p | tag);
}

static inline void *xa_untag_pointer(void *entry)
{
	return (void *)((unsigned long)entry & ~3UL);
}

static inline unsigned int xa_pointer_tag(void *entry)
{
	return (unsigned long)entry & 3UL;
}

static inline void *xa_mk_internal(unsigned long v)
{
	return (void *)((v << 2) | 2);
}

static inline unsigned long xa_to_internal(const void *entry)
{
	return (unsigned long)entry >> 2;
}

static inline bool xa_is_internal(const void *entry)
{
	return ((unsigned long)entry & 3) == 2;
}

#define XA_ZERO_ENTRY		xa_mk_internal(257)
#define XA_RETRY_ENTRY		xa_mk_internal(256)

static inline bool xa_is_zero(const void *entry)
{
	return unlikely(entry == XA_ZERO_ENTRY);
}

static inline bool xa_is_retry(const void *entry)
{
	return unlikely(entry == XA_RETRY_ENTRY);
}

static inline bool xa_is_err(const void *entry)
{
	return unlikely(xa_is_internal(entry) &&
			entry >= xa_mk_internal(-MAX_ERRNO));
}

/* the errno an xa_store()/xa_cmpxchg() result stands for, or 0 */
static inline int xa_err(void *entry)
{
	if (xa_is_err(entry))
		return (long)entry >> 2;
	return 0;
}

/* a pointer, value or zero entry may be stored; the other internal ones not */
static inline bool xa_is_advanced(const void *entry)
{
	return xa_is_internal(entry) && (entry <= XA_RETRY_ENTRY);
}

struct xa_limit;

#define XA_LIMIT(_min, _max) (struct xa_limit) { .min = _min, .max = _max }

#define xa_limit_32b	XA_LIMIT(0, UINT_MAX)
#define xa_limit_31b	XA_LIMIT(0, INT_MAX)
#define xa_limit_16b	XA_LIMIT(0, USHRT_MAX)

typedef unsigned int xa_mark_t;
#define XA_MARK_0		((xa_mark_t)0U)
#define XA_MARK_1		((xa_mark_t)1U)
#define XA_MARK_2		((xa_mark_t)2U)
#define XA_PRESENT		((xa_mark_t)8U)
#define XA_MARK_MAX		XA_MARK_2
#define XA_FREE_MARK		XA_MARK_0

enum xa_lock_type {
	XA_LOCK_IRQ = 1,
	XA_LOCK_BH = 2,
};

/* gfp_t's bits past __GFP_BITS_SHIFT (26): the array's own */
#define XA_FLAGS_LOCK_IRQ	((gfp_t)XA_LOCK_IRQ)
#define XA_FLAGS_LOCK_BH	((gfp_t)XA_LOCK_BH)
#define XA_FLAGS_TRACK_FREE	((gfp_t)4U)
#define XA_FLAGS_ZERO_BUSY	((gfp_t)8U)
#define XA_FLAGS_ALLOC_WRAPPED	((gfp_t)16U)
#define XA_FLAGS_ACCOUNT	((gfp_t)32U)
#define XA_FLAGS_MARK(mark)	((gfp_t)((1U << 26) << (unsigned)(mark)))

#define XA_FLAGS_ALLOC	(XA_FLAGS_TRACK_FREE | XA_FLAGS_MARK(XA_FREE_MARK))
#define XA_FLAGS_ALLOC1	(XA_FLAGS_TRACK_FREE | XA_FLAGS_ZERO_BUSY)

#define XARRAY_INIT(name, flags) {				\
	.xa_lock = __SPIN_LOCK_UNLOCKED(name.xa_lock),		\
	.xa_flags = flags,					\
	.xa_head = NULL,					\
}

#define DEFINE_XARRAY_FLAGS(name, flags)				\
	struct xarray name = XARRAY_INIT(name, flags)

#define DEFINE_XARRAY(name) DEFINE_XARRAY_FLAGS(name, 0)
/* IDs from 0 */
#define DEFINE_XARRAY_ALLOC(name) DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC)
/* IDs from 1 */
#define DEFINE_XARRAY_ALLOC1(name) DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC1)

void *xa_load(struct xarray *, unsigned long index);
void *xa_store(struct xarray *, unsigned long index, void *entry, gfp_t);
void *xa_erase(struct xarray *, unsigned long index);
void *xa_store_range(struct xarray *, unsigned long first, unsigned long last,
		     void *entry, gfp_t);
bool xa_get_mark(struct xarray *, unsigned long index, xa_mark_t);
void xa_set_mark(struct xarray *, unsigned long index, xa_mark_t);
void xa_clear_mark(struct xarray *, unsigned long index, xa_mark_t);
void *xa_find(struct xarray *xa, unsigned long *index, unsigned long max, xa_mark_t) __attribute__((nonnull(2)));
void *xa_find_after(struct xarray *xa, unsigned long *index, unsigned long max, xa_mark_t) __attribute__((nonnull(2)));
unsigned int xa_extract(struct xarray *, void **dst, unsigned long start, unsigned long max,
			unsigned int n, xa_mark_t);
void xa_destroy(struct xarray *);
int xa_get_order(struct xarray *, unsigned long index);

static inline void xa_init_flags(struct xarray *xa, gfp_t flags)
{
	spin_lock_init(&xa->xa_lock);
	xa->xa_flags = flags;
	xa->xa_head = NULL;
}

static inline void xa_init(struct xarray *xa)
{
	xa_init_flags(xa, 0);
}

static inline bool xa_empty(const struct xarray *xa)
{
	return READ_ONCE(xa->xa_head) == NULL;
}

/* does any entry carry @mark? */
static inline bool xa_marked(const struct xarray *xa, xa_mark_t mark)
{
	return xa->xa_flags & XA_FLAGS_MARK(mark);
}

#define xa_for_each_range(xa, index, entry, start, last)		\
	for (index = start,						\
	     entry = xa_find(xa, &index, last, XA_PRESENT);		\
	     entry;							\
	     entry = xa_find_after(xa, &index, last, XA_PRESENT))

#define xa_for_each_start(xa, index, entry, start) \
	xa_for_each_range(xa, index, entry, start, ULONG_MAX)

#define xa_for_each(xa, index, entry) \
	xa_for_each_start(xa, index, entry, 0)

#define xa_for_each_marked(xa, index, entry, filter) \
	for (index = 0, entry = xa_find(xa, &index, ULONG_MAX, filter); \
	     entry; entry = xa_find_after(xa, &index, ULONG_MAX, filter))

#define xa_trylock(xa)		spin_trylock(&(xa)->xa_lock)
#define xa_lock(xa)		spin_lock(&(xa)->xa_lock)
#define xa_unlock(xa)		spin_unlock(&(xa)->xa_lock)
#define xa_lock_bh(xa)		spin_lock_bh(&(xa)->xa_lock)
#define xa_unlock_bh(xa)	spin_unlock_bh(&(xa)->xa_lock)
#define xa_lock_irq(xa)		spin_lock_irq(&(xa)->xa_lock)
#define xa_unlock_irq(xa)	spin_unlock_irq(&(xa)->xa_lock)
#define xa_lock_irqsave(xa, flags) \
				spin_lock_irqsave(&(xa)->xa_lock, flags)
#define xa_unlock_irqrestore(xa, flags) \
				spin_unlock_irqrestore(&(xa)->xa_lock, flags)
#define xa_lock_nested(xa, subclass) \
				spin_lock_nested(&(xa)->xa_lock, subclass)
#define xa_lock_bh_nested(xa, subclass) \
				spin_lock_bh_nested(&(xa)->xa_lock, subclass)
#define xa_lock_irq_nested(xa, subclass) \
				spin_lock_irq_nested(&(xa)->xa_lock, subclass)
#define xa_lock_irqsave_nested(xa, flags, subclass) \
		spin_lock_irqsave_nested(&(xa)->xa_lock, flags, subclass)

/* with xa_lock held */
void *__xa_erase(struct xarray *, unsigned long index);
void *__xa_store(struct xarray *, unsigned long index, void *entry, gfp_t);
void *__xa_cmpxchg(struct xarray *, unsigned long index, void *old, void *entry, gfp_t);
int __must_check __xa_insert(struct xarray *, unsigned long index, void *entry, gfp_t);
int __must_check __xa_alloc(struct xarray *, u32 *id, void *entry, struct xa_limit, gfp_t);
int __must_check __xa_alloc_cyclic(struct xarray *, u32 *id, void *entry, struct xa_limit,
				   u32 *next, gfp_t);
void __xa_set_mark(struct xarray *, unsigned long index, xa_mark_t);
void __xa_clear_mark(struct xarray *, unsigned long index, xa_mark_t);

#define __UMOD_XA_LOCKED(lock, unlock, expr) ({				\
	__typeof__(expr) __ret;						\
	lock;								\
	__ret = (expr);							\
	unlock;								\
	__ret;								\
})

static inline void *xa_store_bh(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_bh(xa), xa_unlock_bh(xa),
				__xa_store(xa, index, entry, gfp));
}

static inline void *xa_store_irq(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_irq(xa), xa_unlock_irq(xa),
				__xa_store(xa, index, entry, gfp));
}

static inline void *xa_erase_bh(struct xarray *xa, unsigned long index)
{
	return __UMOD_XA_LOCKED(xa_lock_bh(xa), xa_unlock_bh(xa), __xa_erase(xa, index));
}

static inline void *xa_erase_irq(struct xarray *xa, unsigned long index)
{
	return __UMOD_XA_LOCKED(xa_lock_irq(xa), xa_unlock_irq(xa), __xa_erase(xa, index));
}

/* @entry stored only if @old is there; what was there, or an error entry */
static inline void *xa_cmpxchg(struct xarray *xa, unsigned long index, void *old, void *entry,
			       gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock(xa), xa_unlock(xa),
				__xa_cmpxchg(xa, index, old, entry, gfp));
}

static inline void *xa_cmpxchg_bh(struct xarray *xa, unsigned long index, void *old,
				  void *entry, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_bh(xa), xa_unlock_bh(xa),
				__xa_cmpxchg(xa, index, old, entry, gfp));
}

static inline void *xa_cmpxchg_irq(struct xarray *xa, unsigned long index, void *old,
				   void *entry, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_irq(xa), xa_unlock_irq(xa),
				__xa_cmpxchg(xa, index, old, entry, gfp));
}

/* 0, -EBUSY if the index is taken (a reserved one too), -ENOMEM */
static inline int __must_check xa_insert(struct xarray *xa, unsigned long index, void *entry,
					 gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock(xa), xa_unlock(xa), __xa_insert(xa, index, entry, gfp));
}

static inline int __must_check xa_insert_bh(struct xarray *xa, unsigned long index,
					    void *entry, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_bh(xa), xa_unlock_bh(xa),
				__xa_insert(xa, index, entry, gfp));
}

static inline int __must_check xa_insert_irq(struct xarray *xa, unsigned long index,
					     void *entry, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_irq(xa), xa_unlock_irq(xa),
				__xa_insert(xa, index, entry, gfp));
}

/* the lowest free ID within @limit into *@id: 0, -EBUSY (none), -ENOMEM */
static inline __must_check int xa_alloc(struct xarray *xa, u32 *id, void *entry,
					struct xa_limit limit, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock(xa), xa_unlock(xa),
				__xa_alloc(xa, id, entry, limit, gfp));
}

static inline int __must_check xa_alloc_bh(struct xarray *xa, u32 *id, void *entry,
					   struct xa_limit limit, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_bh(xa), xa_unlock_bh(xa),
				__xa_alloc(xa, id, entry, limit, gfp));
}

static inline int __must_check xa_alloc_irq(struct xarray *xa, u32 *id, void *entry,
					    struct xa_limit limit, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_irq(xa), xa_unlock_irq(xa),
				__xa_alloc(xa, id, entry, limit, gfp));
}

/* from *@next round to the limit: 0, 1 (it wrapped), -EBUSY, -ENOMEM */
static inline int xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry,
				  struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock(xa), xa_unlock(xa),
				__xa_alloc_cyclic(xa, id, entry, limit, next, gfp));
}

static inline int xa_alloc_cyclic_bh(struct xarray *xa, u32 *id, void *entry,
				     struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_bh(xa), xa_unlock_bh(xa),
				__xa_alloc_cyclic(xa, id, entry, limit, next, gfp));
}

static inline int xa_alloc_cyclic_irq(struct xarray *xa, u32 *id, void *entry,
				      struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return __UMOD_XA_LOCKED(xa_lock_irq(xa), xa_unlock_irq(xa),
				__xa_alloc_cyclic(xa, id, entry, limit, next, gfp));
}

/* the index taken without an entry: xa_load() gives NULL, inserting fails */
static inline __must_check int xa_reserve(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

static inline __must_check int xa_reserve_bh(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg_bh(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

static inline __must_check int xa_reserve_irq(struct xarray *xa, unsigned long index,
					      gfp_t gfp)
{
	return xa_err(xa_cmpxchg_irq(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

/* a reservation given back, if it is still one */
static inline void xa_release(struct xarray *xa, unsigned long index)
{
	xa_cmpxchg(xa, index, XA_ZERO_ENTRY, NULL, 0);
}

#endif /* _LINUX_XARRAY_H */
