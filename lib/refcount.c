// SPDX-License-Identifier: MIT
/*
 * refcount_t's slow paths (lib/refcount.c): the saturation warning, once
 * per kind as the kernel's WARN_ONCE() per call site, and the two
 * compare-and-swap helpers the header does not inline.
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "kernel/kapi.h"
#include "kernel/panic.h"

#define REFCOUNT_SATURATED	(INT_MIN / 2)

/* refcount_t as the host sees it: an atomic int */
struct krefcount {
	_Atomic int refs;
};

static const char *const saturation_msg[] = {
	"saturated; leaking memory",		/* REFCOUNT_ADD_NOT_ZERO_OVF */
	"saturated; leaking memory",		/* REFCOUNT_ADD_OVF */
	"addition on 0; use-after-free",	/* REFCOUNT_ADD_UAF */
	"underflow; use-after-free",		/* REFCOUNT_SUB_UAF */
	"decrement hit 0; leaking memory",	/* REFCOUNT_DEC_LEAK */
};

static atomic_bool warned[UMOD_ARRAY_SIZE(saturation_msg) + 1];

static void kapi_refcount_warn_saturate(struct krefcount *r, unsigned int t)
{
	atomic_store(&r->refs, REFCOUNT_SATURATED);
	if (t > UMOD_ARRAY_SIZE(saturation_msg))
		t = UMOD_ARRAY_SIZE(saturation_msg);
	if (atomic_exchange(&warned[t], true))
		return;
	umod_warn_host("lib/refcount.c", 28, "refcount_warn_saturate", "refcount_t: %s.\n",
		       t < UMOD_ARRAY_SIZE(saturation_msg) ? saturation_msg[t] :
							     "unknown saturation event!?");
}

/* 1 -> 0 only: false (and no change) for any other count */
static bool kapi_refcount_dec_if_one(struct krefcount *r)
{
	int one = 1;

	return atomic_compare_exchange_strong(&r->refs, &one, 0);
}

/* a decrement unless the count is 1; false then (saturated counts stay) */
static bool kapi_refcount_dec_not_one(struct krefcount *r)
{
	int val = atomic_load(&r->refs);

	do {
		if (val == REFCOUNT_SATURATED)
			return true;
		if (val == 1)
			return false;
	} while (!atomic_compare_exchange_weak(&r->refs, &val, val - 1));
	if (val - 1 < 0)
		kapi_refcount_warn_saturate(r, 4);	/* REFCOUNT_DEC_LEAK */
	return true;
}

static const struct umod_kapi_export refcount_exports[] = {
	UMOD_KAPI("refcount_warn_saturate", kapi_refcount_warn_saturate),
	UMOD_KAPI("refcount_dec_if_one", kapi_refcount_dec_if_one),
	UMOD_KAPI("refcount_dec_not_one", kapi_refcount_dec_not_one),
};

const struct umod_kapi_table umod_kapi_refcount = UMOD_KAPI_TABLE(refcount_exports);
