/* SPDX-License-Identifier: MIT */
/*
 * ID allocation (lib/idr.c): an idr maps small integer ids to pointers,
 * an ida only hands out ids. The host keeps the table, sorted by id, and
 * serialises every call itself, so idr_find() is safe next to idr_alloc()
 * as under RCU in Linux. Callers still order their own alloc/remove pairs.
 */
#ifndef _LINUX_IDR_H
#define _LINUX_IDR_H

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/types.h>
#include <umod/kabi/idr.h>
#include <linux/bitops.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/kconfig.h>
#include <linux/sched.h>
#include <linux/xarray.h>	/* 6.1: through linux/radix-tree.h */

#define IDR_INIT_BASE(name, base)	{ .idr_rt = NULL, .idr_base = (base), .idr_next = 0 }
#define IDR_INIT(name)			IDR_INIT_BASE(name, 0)
#define DEFINE_IDR(name)		struct idr name = IDR_INIT(name)

int __must_check idr_alloc(struct idr *idr, void *ptr, int start, int end, gfp_t gfp);
int __must_check idr_alloc_u32(struct idr *idr, void *ptr, u32 *nextid,
			       unsigned long max, gfp_t gfp);
int __must_check idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, gfp_t gfp);
void *idr_remove(struct idr *idr, unsigned long id);
void *idr_find(const struct idr *idr, unsigned long id);
int idr_for_each(const struct idr *idr, int (*fn)(int id, void *p, void *data), void *data);
void *idr_get_next(struct idr *idr, int *nextid);
void *idr_get_next_ul(struct idr *idr, unsigned long *nextid);
void *idr_replace(struct idr *idr, void *ptr, unsigned long id);
void idr_destroy(struct idr *idr);

static inline unsigned int idr_get_cursor(const struct idr *idr)
{
	return READ_ONCE(idr->idr_next);
}

static inline void idr_set_cursor(struct idr *idr, unsigned int val)
{
	WRITE_ONCE(idr->idr_next, val);
}

static inline void idr_init_base(struct idr *idr, int base)
{
	idr->idr_rt = NULL;
	idr->idr_base = (unsigned int)base;
	idr->idr_next = 0;
}

static inline void idr_init(struct idr *idr)
{
	idr_init_base(idr, 0);
}

static inline bool idr_is_empty(const struct idr *idr)
{
	return READ_ONCE(idr->idr_rt) == NULL;
}

/* the host allocates under its own lock: nothing to preload */
static inline void idr_preload(gfp_t gfp_mask)
{
}

static inline void idr_preload_end(void)
{
}

#define idr_for_each_entry(idr, entry, id)			\
	for (id = 0; ((entry) = idr_get_next(idr, &(id))) != NULL; id += 1U)
#define idr_for_each_entry_ul(idr, entry, tmp, id)			\
	for (tmp = 0, id = 0;						\
	     tmp <= id && ((entry) = idr_get_next_ul(idr, &(id))) != NULL; \
	     tmp = id, ++id)
#define idr_for_each_entry_continue(idr, entry, id)			\
	for ((entry) = idr_get_next((idr), &(id)); entry;		\
	     ++id, (entry) = idr_get_next((idr), &(id)))

/* ---- ida ------------------------------------------------------------------- */

#define IDA_INIT(name)		{ .idr = IDR_INIT(name) }
#define DEFINE_IDA(name)	struct ida name = IDA_INIT(name)

/* an unused id in [@min, @max]: -ENOSPC when there is none */
int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, gfp_t gfp);
void ida_free(struct ida *ida, unsigned int id);
void ida_destroy(struct ida *ida);

static inline int ida_alloc(struct ida *ida, gfp_t gfp)
{
	return ida_alloc_range(ida, 0, ~0U, gfp);
}

static inline int ida_alloc_min(struct ida *ida, unsigned int min, gfp_t gfp)
{
	return ida_alloc_range(ida, min, ~0U, gfp);
}

static inline int ida_alloc_max(struct ida *ida, unsigned int max, gfp_t gfp)
{
	return ida_alloc_range(ida, 0, max, gfp);
}

static inline void ida_init(struct ida *ida)
{
	idr_init(&ida->idr);
}

static inline bool ida_is_empty(const struct ida *ida)
{
	return idr_is_empty(&ida->idr);
}

/* the old interface, still in 6.1: @end exclusive, 0 for no limit */
#define ida_simple_get(ida, start, end, gfp)	\
	ida_alloc_range(ida, start, (end) - 1, gfp)
#define ida_simple_remove(ida, id)	ida_free(ida, id)

#endif /* _LINUX_IDR_H */
