// SPDX-License-Identifier: MIT
/*
 * A module's use count, with the kernel's semantics: the loader holds a
 * base reference (MODULE_REF_BASE) for as long as the module may be used,
 * plus one more while init runs; every user adds one. Unloading first
 * tries to take the base away: that succeeds only when nobody else holds a
 * reference, and from then on (count 0) try_module_get fails.
 *
 * Basic version: one shared atomic. Callers see only the functions below,
 * so the count can become per-thread or RCU-based here alone. None of them
 * takes a lock.
 */
#include <errno.h>

#include "internal.h"

#define MODULE_REF_BASE		1

void umod_refcount_init(struct umod_module *mod)
{
	atomic_init(&mod->refcnt.count, MODULE_REF_BASE + 1);
}

void umod_refcount_init_done(struct umod_module *mod)
{
	umod_refcount_put(mod);
}

/* increments unless the count is 0 (stopped), as atomic_inc_not_zero */
static bool inc_not_zero(atomic_long *v)
{
	long c = atomic_load(v);

	while (c) {
		if (atomic_compare_exchange_weak(v, &c, c + 1))
			return true;
	}
	return false;
}

bool umod_refcount_try_get(struct umod_module *mod)
{
	if (atomic_load(&mod->state) == UMOD_MODULE_GOING)
		return false;
	return inc_not_zero(&mod->refcnt.count);
}

void umod_refcount_get(struct umod_module *mod)
{
	atomic_fetch_add(&mod->refcnt.count, 1);
}

/* never below zero, as atomic_dec_if_positive: an extra put is ignored */
void umod_refcount_put(struct umod_module *mod)
{
	long c = atomic_load(&mod->refcnt.count);

	while (c > 0) {
		if (atomic_compare_exchange_weak(&mod->refcnt.count, &c, c - 1))
			return;
	}
}

int umod_refcount_read(const struct umod_module *mod)
{
	return (int)(atomic_load(&mod->refcnt.count) - MODULE_REF_BASE);
}

/*
 * Take the base away; if someone still holds a reference, put it back,
 * unless the last user let go in between (then the count stays 0).
 */
int umod_refcount_try_stop(struct umod_module *mod)
{
	atomic_long *v = &mod->refcnt.count;
	long c;

	if (atomic_fetch_sub(v, MODULE_REF_BASE) == MODULE_REF_BASE)
		return 0;
	c = atomic_load(v);
	while (c) {
		if (atomic_compare_exchange_weak(v, &c, c + MODULE_REF_BASE))
			return -EWOULDBLOCK;
	}
	return 0;
}

UMOD_API int umod_module_get_refcnt(const struct umod_module *mod)
{
	if (!mod || atomic_load(&mod->state) == UMOD_MODULE_GONE)
		return 0;
	return umod_refcount_read(mod);
}
