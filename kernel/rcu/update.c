// SPDX-License-Identifier: MIT
/*
 * RCU on liburcu's memb flavour (membarrier(2)-based readers: a read-side
 * section costs a few instructions and no fence). A thread registers with
 * liburcu on its first rcu_read_lock() and unregisters when it ends.
 * synchronize_rcu() is liburcu's.
 *
 * call_rcu() does not use liburcu's call_rcu threads: its callbacks are
 * module code, which must run as an entry into the module that queued
 * them (umod_call()), and liburcu's rcu_head has no room to say which
 * module that is. So callbacks queue here, each with the module whose
 * entry queued it, and one process-wide thread waits out a grace period
 * per batch and runs them, in softirq context as the kernel runs them.
 * rcu_barrier() waits until every callback queued before it has run; a
 * module's unload calls it before its memory goes.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include <urcu/urcu-memb.h>

#include <umod/kabi/types.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/rcu/rcu.h"
#include "kernel/sched/sched.h"
#include "mm/internal.h"

#define SITE	umod_src_rel(__FILE__), __LINE__

/*
 * ThreadSanitizer does not see liburcu's grace periods (the library is
 * not instrumented and waits with membarrier(2)): every read-side
 * section's end is told to it as a release, the end of a grace period as
 * the acquire, which is the ordering RCU promises.
 */
#if defined(__SANITIZE_THREAD__)
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
static char rcu_tsan_gp;
#define tsan_reader_done()	__tsan_release(&rcu_tsan_gp)
#define tsan_gp_done()		__tsan_acquire(&rcu_tsan_gp)
#else
#define tsan_reader_done()	do { } while (0)
#define tsan_gp_done()		do { } while (0)
#endif

struct rcu_cb {
	struct rcu_cb *next;
	struct callback_head *head;	/* NULL: kfree(obj) */
	void (*func)(struct callback_head *head);
	void *obj;
	struct umod_module *mod;	/* whose entry queued it, or NULL */
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t more;		/* the thread: callbacks were queued */
	pthread_cond_t ran;		/* rcu_barrier(): a batch has run */
	struct rcu_cb *first, **last;
	uint64_t queued, done;		/* callbacks ever queued, ever run */
	bool started;
} rcu = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.more = PTHREAD_COND_INITIALIZER,
	.ran = PTHREAD_COND_INITIALIZER,
	.last = &rcu.first,
};

/* ---- readers ---------------------------------------------------------------- */

static __thread bool rcu_thread_registered;
static pthread_key_t rcu_thread_key;
static pthread_once_t rcu_key_once = PTHREAD_ONCE_INIT;

static void rcu_thread_gone(void *unused)
{
	urcu_memb_unregister_thread();
	rcu_thread_registered = false;
}

static void rcu_key_init(void)
{
	pthread_key_create(&rcu_thread_key, rcu_thread_gone);
}

static void rcu_register(void)
{
	pthread_once(&rcu_key_once, rcu_key_init);
	urcu_memb_register_thread();
	pthread_setspecific(rcu_thread_key, (void *)1);
	rcu_thread_registered = true;
}

static void kapi_rcu_read_lock(void)
{
	if (!rcu_thread_registered)
		rcu_register();
	umod_task_fast()->rcu_read_depth++;
	urcu_memb_read_lock();
}

static void kapi_rcu_read_unlock(void)
{
	tsan_reader_done();
	urcu_memb_read_unlock();
	umod_task_fast()->rcu_read_depth--;
}

UMOD_KEEP_FRAME
static void kapi_synchronize_rcu(void)
{
	umod_might_resched(SITE, 0);
	urcu_memb_synchronize_rcu();
	tsan_gp_done();
}

/* ---- callbacks ----------------------------------------------------------------- */

static long run_callback(void *arg)
{
	struct rcu_cb *cb = arg;

	cb->func(cb->head);
	return 0;
}

static void run_batch(struct umod_task *t, struct rcu_cb *cb)
{
	while (cb) {
		struct rcu_cb *next = cb->next;
		long ret;

		if (!cb->head)
			umod_kfree(cb->obj);
		else if (cb->mod)
			umod_call(cb->mod, run_callback, cb, &ret);
		else
			run_callback(cb);
		free(cb);
		cb = next;
	}
}

/* the kernel's RCU softirq: a grace period per batch, then its callbacks */
static void *rcu_thread(void *unused)
{
	struct umod_task *t;

	if (umod_task_new(&t, "ksoftirqd/0", true))
		abort();	/* no task, no callbacks: nothing sane to go on with */
	umod_task_set_current(t);
	for (;;) {
		struct rcu_cb *batch;
		uint64_t n;

		pthread_mutex_lock(&rcu.lock);
		while (!rcu.first)
			pthread_cond_wait(&rcu.more, &rcu.lock);
		batch = rcu.first;
		rcu.first = NULL;
		rcu.last = &rcu.first;
		n = rcu.queued - rcu.done;
		pthread_mutex_unlock(&rcu.lock);

		urcu_memb_synchronize_rcu();
		tsan_gp_done();
		t->preempt_count += UMOD_SOFTIRQ_OFFSET;
		run_batch(t, batch);
		t->preempt_count -= UMOD_SOFTIRQ_OFFSET;

		pthread_mutex_lock(&rcu.lock);
		rcu.done += n;
		pthread_cond_broadcast(&rcu.ran);
		pthread_mutex_unlock(&rcu.lock);
	}
	return NULL;
}

/* under rcu.lock */
static int rcu_thread_start(void)
{
	pthread_t th;
	pthread_attr_t attr;
	int err;

	if (rcu.started)
		return 0;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&th, &attr, rcu_thread, NULL);
	pthread_attr_destroy(&attr);
	if (!err) {
		pthread_setname_np(th, "umod-rcu");
		rcu.started = true;
	}
	return err;
}

static void queue_callback(struct callback_head *head, void (*func)(struct callback_head *),
			   void *obj)
{
	struct umod_task *t = umod_task_fast();
	struct rcu_cb *cb = malloc(sizeof(*cb));
	int err;

	if (!cb)
		goto inline_gp;
	*cb = (struct rcu_cb){ .head = head, .func = func, .obj = obj,
			       .mod = t->call ? t->call->mod : NULL };
	pthread_mutex_lock(&rcu.lock);
	err = rcu_thread_start();
	if (!err) {
		*rcu.last = cb;
		rcu.last = &cb->next;
		rcu.queued++;
		pthread_cond_signal(&rcu.more);
	}
	pthread_mutex_unlock(&rcu.lock);
	if (!err)
		return;
	free(cb);
inline_gp:
	/* no memory or no thread: the grace period here, then the callback */
	urcu_memb_synchronize_rcu();
	tsan_gp_done();
	if (head)
		func(head);
	else
		umod_kfree(obj);
}

void umod_call_rcu(struct callback_head *head, void (*func)(struct callback_head *))
{
	queue_callback(head, func, NULL);
}

/*
 * kfree_rcu(): @func is the offset of @head in the object; without a head
 * (kfree_rcu(ptr)), @func is the object and the grace period is waited
 * here, as the kernel's may.
 */
static void kapi_kvfree_call_rcu(struct callback_head *head, void (*func)(struct callback_head *))
{
	if (!head) {
		kapi_synchronize_rcu();
		umod_kfree((void *)func);
		return;
	}
	queue_callback(NULL, NULL, (char *)head - (unsigned long)func);
}

/* for the host's own RCU-protected structures (lib/xarray.c, lib/rhashtable.c) */
void umod_rcu_read_lock(void)
{
	kapi_rcu_read_lock();
}

void umod_rcu_read_unlock(void)
{
	kapi_rcu_read_unlock();
}

void umod_kfree_rcu(void *obj)
{
	queue_callback(NULL, NULL, obj);
}

void umod_synchronize_rcu(void)
{
	urcu_memb_synchronize_rcu();
	tsan_gp_done();
}

void umod_rcu_barrier(void)
{
	uint64_t target;

	pthread_mutex_lock(&rcu.lock);
	target = rcu.queued;
	while (rcu.done < target)
		pthread_cond_wait(&rcu.ran, &rcu.lock);
	pthread_mutex_unlock(&rcu.lock);
}

UMOD_KEEP_FRAME
static void kapi_rcu_barrier(void)
{
	umod_might_resched(SITE, 0);
	umod_rcu_barrier();
}

/* unload: the module's callbacks run before its code and data go */
void umod_rcu_module_leftovers(struct umod_module *mod)
{
	umod_rcu_barrier();
}

static const struct umod_kapi_export rcu_exports[] = {
	UMOD_KAPI_GPL("__rcu_read_lock", kapi_rcu_read_lock),
	UMOD_KAPI_GPL("__rcu_read_unlock", kapi_rcu_read_unlock),
	UMOD_KAPI_GPL("synchronize_rcu", kapi_synchronize_rcu),
	UMOD_KAPI_GPL("synchronize_rcu_expedited", kapi_synchronize_rcu),
	UMOD_KAPI_GPL("call_rcu", umod_call_rcu),
	UMOD_KAPI_GPL("kvfree_call_rcu", kapi_kvfree_call_rcu),
	UMOD_KAPI_GPL("rcu_barrier", kapi_rcu_barrier),
};

const struct umod_kapi_table umod_kapi_rcu = UMOD_KAPI_TABLE(rcu_exports);
