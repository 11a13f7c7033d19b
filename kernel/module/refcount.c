// SPDX-License-Identifier: MIT
/*
 * A module's use count, with the kernel's semantics: the loader holds a
 * base reference (MODULE_REF_BASE) for as long as the module may be used,
 * plus one more while init runs; every user adds one. Unloading first
 * tries to stop the count: that succeeds only when nobody but the base
 * holds a reference, and from then on try_module_get fails.
 *
 * Scalable, as the kernel's per-CPU counts once were: the count is spread
 * over UMOD_REFCNT_STRIPES cache lines, and a thread counts on its own
 * line, so threads using one module never share a written line. Each
 * stripe keeps two counters that only grow, gets and puts; the count is
 * the sum of gets minus the sum of puts. A reference may be put on
 * another stripe than it was taken on (another thread puts it).
 *
 * Stopping is the store-buffering (Dekker) pattern between two seq_cst
 * pairs: a getter adds to its stripe, then loads the stopping flag; the
 * stopper stores the flag, then sums. Either the getter sees the flag and
 * backs out, or the stopper sees the getter's increment. A getter can so
 * fail spuriously, only while an unload attempt is in flight.
 *
 * The sum reads every puts counter before any gets counter. Both only
 * grow, so the puts read are at most those done when the last of them was
 * read, and the gets read at least those: the sum never comes out below
 * the true count at that moment, even while __module_get() hands
 * references between threads. A stopper therefore never sees "unused"
 * when a reference is held; at worst it sees "used" a moment too long.
 *
 * None of these functions takes a lock.
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "kernel/module/internal.h"

#define MODULE_REF_BASE		1

/*
 * The stripe the calling thread counts on, plus one (0: none yet), handed
 * out round-robin on a thread's first use. It belongs to the thread, not
 * to any host: the same index serves every module of every host, so it is
 * the process-wide state DESIGN.md allows (like the heap). initial-exec:
 * it sits at one offset from the thread pointer in every thread, which
 * struct umod_refcnt hands to module code (umod/kabi.h), so that
 * the inline try_module_get() finds it with one load.
 */
static _Thread_local unsigned int my_stripe __attribute__((tls_model("initial-exec")));
static atomic_uint next_stripe;

static char *thread_pointer(void)
{
	char *tp = NULL;

#if defined(__x86_64__)
	__asm__("mov %%fs:0, %0" : "=r"(tp));	/* the TCB points at itself */
#elif defined(__aarch64__)
	__asm__("mrs %0, tpidr_el0" : "=r"(tp));
#endif
	return tp;
}

static struct umod_refcnt_stripe *stripe_of(struct umod_refcnt *c)
{
	unsigned int s = my_stripe;

	if (__builtin_expect(!s, 0)) {
		s = atomic_fetch_add_explicit(&next_stripe, 1, memory_order_relaxed) %
		    UMOD_REFCNT_STRIPES + 1;
		my_stripe = s;
	}
	return &c->stripe[s - 1];
}

/* gets minus puts, puts read first (see above); wraps harmlessly */
static long count_sum(const struct umod_refcnt *c)
{
	unsigned long puts = 0, gets = 0;

	for (unsigned int i = 0; i < UMOD_REFCNT_STRIPES; i++)
		puts += __atomic_load_n(&c->stripe[i].puts, __ATOMIC_SEQ_CST);
	for (unsigned int i = 0; i < UMOD_REFCNT_STRIPES; i++)
		gets += __atomic_load_n(&c->stripe[i].gets, __ATOMIC_SEQ_CST);
	return (long)(gets - puts);
}

_Static_assert(UMOD_REFCNT_GOING == UMOD_MODULE_GOING, "umod/kabi.h's GOING");
_Static_assert(sizeof(_Atomic int) == sizeof(int), "module code reads the state as an int");

void umod_refcount_init(struct umod_module *mod)
{
	struct umod_refcnt *c = &mod->refcnt;

	memset(c->stripe, 0, sizeof(c->stripe));
	c->stripe[0].gets = MODULE_REF_BASE + 1;
	c->stopping = 0;
	c->state = (const int *)&mod->state;
	c->tls_offset = (long)((char *)&my_stripe - thread_pointer());
}

/*
 * Let the module's inline try_module_get()/module_put() count by
 * themselves from now on: its struct module exists once its code may run.
 * Release: they read the count's fields through this pointer.
 */
static void publish(struct umod_module *mod)
{
	struct module *kmod = mod->kmod;

	if (kmod && !__atomic_load_n(&kmod->refcnt, __ATOMIC_RELAXED))
		__atomic_store_n(&kmod->refcnt, &mod->refcnt, __ATOMIC_RELEASE);
}

void umod_refcount_init_done(struct umod_module *mod)
{
	publish(mod);
	umod_refcount_put(mod);
}

/*
 * Also the out-of-line path of the inline try_module_get(): the first get
 * of a thread, or of a module whose struct module has no pointer yet.
 * Keep the two in step.
 */
bool umod_refcount_try_get(struct umod_module *mod)
{
	struct umod_refcnt_stripe *s;

	if (atomic_load_explicit(&mod->state, memory_order_relaxed) >= UMOD_MODULE_GOING)
		return false;
	publish(mod);
	s = stripe_of(&mod->refcnt);
	__atomic_fetch_add(&s->gets, 1, __ATOMIC_SEQ_CST);
	if (__builtin_expect(!__atomic_load_n(&mod->refcnt.stopping, __ATOMIC_SEQ_CST), 1))
		return true;
	__atomic_fetch_add(&s->puts, 1, __ATOMIC_RELEASE);
	return false;
}

/* the caller holds a reference: no flag to look at, as the kernel's */
void umod_refcount_get(struct umod_module *mod)
{
	__atomic_fetch_add(&stripe_of(&mod->refcnt)->gets, 1, __ATOMIC_RELAXED);
}

/*
 * The kernel ignores (and warns about) a put below zero; a striped count
 * cannot see one without summing, so an unbalanced put is the module's
 * bug here as there: it lets the module go while still in use. Release:
 * what the holder did with the module happens before a stopper's sum.
 */
void umod_refcount_put(struct umod_module *mod)
{
	__atomic_fetch_add(&stripe_of(&mod->refcnt)->puts, 1, __ATOMIC_RELEASE);
}

/* -1 once stopped, as the kernel's module_refcount() while unloading */
int umod_refcount_read(const struct umod_module *mod)
{
	return (int)(count_sum(&mod->refcnt) - MODULE_REF_BASE);
}

/* module_mutex held, so there is one stopper at a time */
int umod_refcount_try_stop(struct umod_module *mod)
{
	struct umod_refcnt *c = &mod->refcnt;

	__atomic_store_n(&c->stopping, 1, __ATOMIC_SEQ_CST);
	if (count_sum(c) == MODULE_REF_BASE) {
		/* the base goes too: the module reads -1 while its exit runs */
		__atomic_fetch_add(&c->stripe[0].puts, MODULE_REF_BASE, __ATOMIC_SEQ_CST);
		return 0;
	}
	__atomic_store_n(&c->stopping, 0, __ATOMIC_SEQ_CST);
	return -EWOULDBLOCK;
}

int umod_refcount_stop_wait(struct umod_module *mod, unsigned int ms)
{
	const struct timespec tick = { 0, 1000 * 1000 };
	int users;

	__atomic_store_n(&mod->refcnt.stopping, 1, __ATOMIC_SEQ_CST);
	while ((users = umod_refcount_read(mod)) > 0 && ms--)
		nanosleep(&tick, NULL);
	return users > 0 ? users : 0;
}

UMOD_API int umod_module_get_refcnt(const struct umod_module *mod)
{
	if (!mod || atomic_load(&mod->state) == UMOD_MODULE_GONE)
		return 0;
	return umod_refcount_read(mod);
}
