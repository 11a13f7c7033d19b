// SPDX-License-Identifier: MIT
/*
 * Workqueues on host threads. Each queue has its own workers, pthreads
 * with their own task ("kworker/u4:1", as Linux names them), started on
 * demand while every worker is busy, up to max_active: so max_active
 * items of a queue run at once at most, and an ordered queue (max_active
 * 1) runs them one by one in queueing order. A work item never runs on
 * two workers at once (the kernel's non-reentrance): a worker skips an
 * item that another is running.
 *
 * One lock serialises all the queues' lists (queueing is short); a work
 * item's PENDING bit changes under it, so "queued" means on a list or on
 * a delayed work's armed timer. Workers clear PENDING before the call,
 * so a work may queue itself again. Nothing touches a work item after
 * its function returned (the function may free it): flushes follow
 * tickets, one per queueing, kept in the worker that runs the item.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/workqueue_internal.h"

#define WQ_UNBOUND	(1u << 1)
#define WQ_HIGHPRI	(1u << 4)
#define WQ_MAX_ACTIVE	512
#define WQ_DFL_ACTIVE	256
#define WQ_NAME_LEN	24
#define PENDING		1ll

struct workqueue_struct {
	char name[WQ_NAME_LEN];
	unsigned int flags;
	int max_active;
	struct list_head pending;	/* queued items, in order */
	struct umod_list workers;
	unsigned int nr_workers, nr_idle;
	unsigned long long next_ticket;
	bool dying;
	pthread_cond_t more;		/* idle workers: an item was queued */
	struct umod_list all;		/* on all_wqs */
};

struct worker {
	struct umod_list node;		/* on wq->workers */
	struct workqueue_struct *wq;
	pthread_t thread;
	struct umod_task *task;
	struct work_struct *current;	/* never dereferenced once it ran */
	struct module *owner;		/* current's, for the leftovers */
	work_func_t func;		/* current's, for the leftovers */
	unsigned long long ticket;	/* current's queueing */
};

/* a module whose work the leftovers take back: its queueings are refused */
struct taking_back {
	struct taking_back *next;
	const struct module *owner;
	work_func_t refused;		/* the first function refused, for the report */
};

static pthread_mutex_t wq_lock = PTHREAD_MUTEX_INITIALIZER;
static struct taking_back *taking_back;	/* under wq_lock */
static pthread_cond_t wq_done = PTHREAD_COND_INITIALIZER;	/* an item ran */
static struct umod_list all_wqs = { &all_wqs, &all_wqs };
static atomic_uint worker_ids;
static __thread struct worker *this_worker;

struct workqueue_struct *umod_system_wq, *umod_system_highpri_wq, *umod_system_long_wq,
	*umod_system_unbound_wq, *umod_system_freezable_wq,
	*umod_system_power_efficient_wq, *umod_system_freezable_power_efficient_wq;

static bool pending_bit(const struct work_struct *w)
{
	return __atomic_load_n(&w->data.counter, __ATOMIC_ACQUIRE) & PENDING;
}

static void set_pending(struct work_struct *w, bool on)
{
	if (on)
		__atomic_or_fetch(&w->data.counter, PENDING, __ATOMIC_RELEASE);
	else
		__atomic_and_fetch(&w->data.counter, ~PENDING, __ATOMIC_RELEASE);
}

static bool on_list(const struct work_struct *w)
{
	return w->entry.next && w->entry.next != &w->entry;
}

static void list_del_init_(struct list_head *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	e->next = e->prev = e;
}

/* ---- workers ------------------------------------------------------------ */

static long call_work_fn(void *arg)
{
	struct worker *worker = arg;

	worker->func(worker->current);
	return 0;
}

static bool running_elsewhere(const struct workqueue_struct *wq, const struct work_struct *w)
{
	for (struct umod_list *n = wq->workers.next; n != &wq->workers; n = n->next)
		if (umod_container_of(n, struct worker, node)->current == w)
			return true;
	return false;
}

/* the first queued item no other worker is running; wq_lock held */
static struct work_struct *pick(struct workqueue_struct *wq)
{
	for (struct list_head *e = wq->pending.next; e != &wq->pending; e = e->next) {
		struct work_struct *w = umod_container_of(e, struct work_struct, entry);

		if (!running_elsewhere(wq, w))
			return w;
	}
	return NULL;
}

/* one item, from wq_lock held to wq_lock held */
static void run_one(struct worker *worker, struct work_struct *w)
{
	long ret;

	list_del_init_(&w->entry);
	worker->current = w;
	worker->owner = w->owner;
	worker->func = w->func;
	worker->ticket = w->umod_ticket;
	set_pending(w, false);
	pthread_mutex_unlock(&wq_lock);
	if (worker->owner && worker->owner->umod)
		umod_call(worker->owner->umod, call_work_fn, worker, &ret);
	else
		call_work_fn(worker);
	pthread_mutex_lock(&wq_lock);
	worker->current = NULL;
	worker->owner = NULL;
	pthread_cond_broadcast(&wq_done);
}

static void *worker_thread(void *arg)
{
	struct worker *worker = arg;
	struct workqueue_struct *wq = worker->wq;

	umod_task_set_current(worker->task);
	umod_oops_thread_init();
	this_worker = worker;
	pthread_mutex_lock(&wq_lock);
	for (;;) {
		struct work_struct *w = pick(wq);

		if (w) {
			run_one(worker, w);
			continue;
		}
		if (wq->dying)
			break;
		wq->nr_idle++;
		pthread_cond_wait(&wq->more, &wq_lock);
		wq->nr_idle--;
	}
	pthread_mutex_unlock(&wq_lock);
	return NULL;
}

/* kworker/0:1, kworker/0:1H (high priority), kworker/u4:1 (unbound) */
static void worker_name(const struct workqueue_struct *wq, char *comm, size_t size)
{
	char buf[48];

	unsigned int id = (atomic_fetch_add(&worker_ids, 1) + 1) % 100000;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int pool = cpus > 0 && cpus < 512 ? 2 * (unsigned int)cpus : 2;

	if (wq->flags & WQ_UNBOUND)
		snprintf(buf, sizeof(buf), "kworker/u%u:%u", pool, id);
	else
		snprintf(buf, sizeof(buf), "kworker/0:%u%s", id, wq->flags & WQ_HIGHPRI ? "H" : "");
	snprintf(comm, size, "%.*s", (int)size - 1, buf);	/* as comm truncates */
}

/* wq_lock held: one more worker, if every one is busy and max_active allows */
static void maybe_spawn(struct workqueue_struct *wq)
{
	char comm[UMOD_TASK_COMM_LEN];
	struct worker *worker;

	if (wq->nr_idle || wq->nr_workers >= (unsigned int)wq->max_active)
		return;
	worker = calloc(1, sizeof(*worker));
	if (!worker)
		return;
	worker->wq = wq;
	worker_name(wq, comm, sizeof(comm));
	if (umod_task_new(&worker->task, comm, true)) {
		free(worker);
		return;
	}
	worker->task->task.flags |= UMOD_PF_WQ_WORKER;
	if (umod_thread_spawn(&worker->thread, worker_thread, worker)) {
		umod_task_put(worker->task);
		free(worker);
		return;
	}
	umod_list_add(&worker->node, &wq->workers);
	wq->nr_workers++;
}

/* ---- queueing ----------------------------------------------------------- */

/*
 * wq_lock held: is @w's module being taken back (its exit has run)? Then
 * nothing of it may be queued any more: a work item that queues itself
 * again would otherwise keep the leftovers waiting for ever.
 */
static bool refused(const struct work_struct *w)
{
	for (struct taking_back *b = taking_back; b; b = b->next) {
		if (b->owner != w->owner)
			continue;
		if (!b->refused)
			b->refused = w->func;
		return true;
	}
	return false;
}

/* wq_lock held, PENDING already set by the caller */
static void insert_work(struct workqueue_struct *wq, struct work_struct *w)
{
	w->umod_wq = wq;
	w->umod_ticket = ++wq->next_ticket;
	w->entry.prev = wq->pending.prev;
	w->entry.next = &wq->pending;
	wq->pending.prev->next = &w->entry;
	wq->pending.prev = &w->entry;
	maybe_spawn(wq);
	pthread_cond_signal(&wq->more);
}

static bool kapi_queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *w)
{
	bool queued = false;

	(void)cpu;
	pthread_mutex_lock(&wq_lock);
	if (!pending_bit(w) && !wq->dying && !refused(w)) {
		set_pending(w, true);
		insert_work(wq, w);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

/* the delayed work's timer, on the timer thread: queue it now */
static void kapi_delayed_work_timer_fn(struct timer_list *t)
{
	struct delayed_work *dw = umod_container_of(t, struct delayed_work, timer);

	pthread_mutex_lock(&wq_lock);
	if (refused(&dw->work))
		set_pending(&dw->work, false);
	else
		insert_work(dw->wq, &dw->work);
	pthread_mutex_unlock(&wq_lock);
}

/* wq_lock held, PENDING set: on the list now, or when @delay jiffies passed */
static void queue_delayed(struct workqueue_struct *wq, struct delayed_work *dw,
			  unsigned long delay)
{
	dw->wq = wq;
	if (!delay) {
		insert_work(wq, &dw->work);
		return;
	}
	dw->timer.function = kapi_delayed_work_timer_fn;
	umod_tq_lock();
	umod_tq_del_locked(&dw->timer);
	dw->timer.expires = (unsigned long)umod_jiffies64() + delay;
	umod_tq_add_locked(&dw->timer, UMOD_TNODE_TIMER, dw->work.owner, umod_ns_since_boot() +
			   (uint64_t)delay * (1000000000u / UMOD_HZ));
	umod_tq_unlock();
}

static bool kapi_queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
				       struct delayed_work *dw, unsigned long delay)
{
	bool queued = false;

	(void)cpu;
	pthread_mutex_lock(&wq_lock);
	if (!pending_bit(&dw->work) && !wq->dying && !refused(&dw->work)) {
		set_pending(&dw->work, true);
		queue_delayed(wq, dw, delay);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

/*
 * wq_lock held: takes a pending item back, off its timer or its list.
 * 1: it was pending (PENDING still set, for the caller to clear or keep),
 * 0: it was not, -EAGAIN: its timer fired and is queueing it right now.
 */
static int grab_pending(struct work_struct *w, struct delayed_work *dw)
{
	bool off_timer;

	if (!pending_bit(w))
		return 0;
	if (dw) {
		umod_tq_lock();
		off_timer = umod_tq_del_locked(&dw->timer);
		umod_tq_unlock();
		if (off_timer)
			return 1;
	}
	if (on_list(w)) {
		list_del_init_(&w->entry);
		return 1;
	}
	return -EAGAIN;
}

/* grab_pending() until it is settled; wq_lock held on return */
static int grab_settled(struct work_struct *w, struct delayed_work *dw)
{
	int ret;

	pthread_mutex_lock(&wq_lock);
	while ((ret = grab_pending(w, dw)) == -EAGAIN) {
		pthread_mutex_unlock(&wq_lock);
		if (dw)
			umod_del_timer_sync(&dw->timer);	/* let it finish queueing */
		pthread_mutex_lock(&wq_lock);
	}
	return ret;
}

static bool kapi_mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
				     struct delayed_work *dw, unsigned long delay)
{
	int was;

	(void)cpu;
	was = grab_settled(&dw->work, dw);
	if (refused(&dw->work)) {
		set_pending(&dw->work, false);
	} else {
		set_pending(&dw->work, true);
		queue_delayed(wq, dw, delay);
	}
	pthread_mutex_unlock(&wq_lock);
	return was;
}

/* ---- waiting ------------------------------------------------------------ */

static bool running_anywhere(const struct work_struct *w)
{
	for (struct umod_list *q = all_wqs.next; q != &all_wqs; q = q->next) {
		struct workqueue_struct *wq = umod_container_of(q, struct workqueue_struct, all);

		if (running_elsewhere(wq, w))
			return true;
	}
	return false;
}

/* wq_lock held: waits for the next item to finish */
static void wait_done(void)
{
	unsigned int state = umod_task_sleep_begin();

	pthread_cond_wait(&wq_done, &wq_lock);
	umod_task_sleep_end(state);
}

/* is the queueing with @ticket on @wq still queued or running? */
static bool ticket_alive(const struct workqueue_struct *wq, const struct work_struct *w,
			 unsigned long long ticket)
{
	for (struct umod_list *n = wq->workers.next; n != &wq->workers; n = n->next) {
		const struct worker *k = umod_container_of(n, struct worker, node);

		if (k->current && k->ticket == ticket)
			return true;
	}
	for (struct list_head *e = wq->pending.next; e != &wq->pending; e = e->next)
		if (e == &w->entry && w->umod_ticket == ticket)
			return true;
	return false;
}

/* the ticket of @w's last queueing still queued or running, or 0 */
static unsigned long long live_ticket(const struct work_struct *w)
{
	struct workqueue_struct *wq = w->umod_wq;

	if (!wq)
		return 0;
	if (on_list(w))
		return w->umod_ticket;
	for (struct umod_list *n = wq->workers.next; n != &wq->workers; n = n->next) {
		const struct worker *k = umod_container_of(n, struct worker, node);

		if (k->current == w)
			return k->ticket;
	}
	return 0;
}

/* waits for the last queueing of @w to have run; false if there was none */
static bool kapi_flush_work(struct work_struct *w)
{
	unsigned long long ticket;
	struct workqueue_struct *wq;

	pthread_mutex_lock(&wq_lock);
	wq = w->umod_wq;
	ticket = live_ticket(w);
	if (ticket && this_worker && this_worker->current == w && this_worker->ticket == ticket)
		ticket = 0;	/* flushing itself from its own function */
	while (ticket && ticket_alive(wq, w, ticket))
		wait_done();
	pthread_mutex_unlock(&wq_lock);
	return ticket != 0;
}

/* no item queued before @ticket is queued or running */
static bool flushed(const struct workqueue_struct *wq, unsigned long long ticket)
{
	for (struct umod_list *n = wq->workers.next; n != &wq->workers; n = n->next) {
		const struct worker *k = umod_container_of(n, struct worker, node);

		if (k->current && k->ticket <= ticket && k != this_worker)
			return false;
	}
	for (struct list_head *e = wq->pending.next; e != &wq->pending; e = e->next)
		if (umod_container_of(e, struct work_struct, entry)->umod_ticket <= ticket)
			return false;
	return true;
}

static void kapi_flush_workqueue(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&wq_lock);
	for (unsigned long long ticket = wq->next_ticket; !flushed(wq, ticket);)
		wait_done();
	pthread_mutex_unlock(&wq_lock);
}

/* until nothing is queued or running, what the items queue included */
static void kapi_drain_workqueue(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&wq_lock);
	while (!flushed(wq, ~0ull))
		wait_done();
	pthread_mutex_unlock(&wq_lock);
}

/* wq_lock held: waits until no worker runs @w */
static void wait_not_running(const struct work_struct *w)
{
	while (running_anywhere(w) && !(this_worker && this_worker->current == w))
		wait_done();
}

static bool cancel(struct work_struct *w, struct delayed_work *dw, bool sync)
{
	int was;

	was = grab_settled(w, dw);
	if (was)
		set_pending(w, false);
	if (sync)
		wait_not_running(w);
	pthread_mutex_unlock(&wq_lock);
	return was;
}

static bool kapi_cancel_work(struct work_struct *w)
{
	return cancel(w, NULL, false);
}

static bool kapi_cancel_work_sync(struct work_struct *w)
{
	return cancel(w, NULL, true);
}

static bool kapi_cancel_delayed_work(struct delayed_work *dw)
{
	return cancel(&dw->work, dw, false);
}

static bool kapi_cancel_delayed_work_sync(struct delayed_work *dw)
{
	return cancel(&dw->work, dw, true);
}

/* an armed delayed work is queued at once, then flushed */
static bool kapi_flush_delayed_work(struct delayed_work *dw)
{
	bool off_timer;

	pthread_mutex_lock(&wq_lock);
	umod_tq_lock();
	off_timer = umod_tq_del_locked(&dw->timer);
	umod_tq_unlock();
	if (off_timer)
		insert_work(dw->wq, &dw->work);
	pthread_mutex_unlock(&wq_lock);
	return kapi_flush_work(&dw->work);
}

static unsigned int kapi_work_busy(struct work_struct *w)
{
	unsigned int busy;

	pthread_mutex_lock(&wq_lock);
	busy = (pending_bit(w) ? 1u : 0u) | (running_anywhere(w) ? 2u : 0u);
	pthread_mutex_unlock(&wq_lock);
	return busy;
}

static struct work_struct *kapi_current_work(void)
{
	return this_worker ? this_worker->current : NULL;
}

/* ---- queues ------------------------------------------------------------- */

static struct workqueue_struct *wq_new(unsigned int flags, int max_active, const char *fmt,
				       va_list ap)
{
	struct workqueue_struct *wq = calloc(1, sizeof(*wq));

	if (!wq)
		return NULL;
	vsnprintf(wq->name, sizeof(wq->name), fmt, ap);
	wq->flags = flags;
	if (max_active <= 0)
		max_active = WQ_DFL_ACTIVE;
	wq->max_active = max_active > WQ_MAX_ACTIVE ? WQ_MAX_ACTIVE : max_active;
	wq->pending.next = wq->pending.prev = &wq->pending;
	umod_list_init(&wq->workers);
	pthread_cond_init(&wq->more, NULL);
	pthread_mutex_lock(&wq_lock);
	umod_list_add(&wq->all, &all_wqs);
	pthread_mutex_unlock(&wq_lock);
	return wq;
}

static struct workqueue_struct *kapi_alloc_workqueue(const char *fmt, unsigned int flags,
						     int max_active, ...)
{
	struct workqueue_struct *wq;
	va_list ap;

	va_start(ap, max_active);
	wq = wq_new(flags, max_active, fmt, ap);
	va_end(ap);
	return wq;
}

static struct workqueue_struct *wq_make(const char *name, unsigned int flags, int max_active)
{
	struct workqueue_struct *wq = kapi_alloc_workqueue("%s", flags, max_active, name);

	if (!wq)
		abort();	/* the kernel's BUG_ON() in workqueue_init_early() */
	return wq;
}

/* the system queues exist before any module can name them */
__attribute__((constructor)) static void workqueue_init_early(void)
{
	umod_system_wq = wq_make("events", 0, 0);
	umod_system_highpri_wq = wq_make("events_highpri", WQ_HIGHPRI, 0);
	umod_system_long_wq = wq_make("events_long", 0, 0);
	umod_system_unbound_wq = wq_make("events_unbound", WQ_UNBOUND, WQ_MAX_ACTIVE);
	umod_system_freezable_wq = wq_make("events_freezable", 0, 0);
	umod_system_power_efficient_wq = wq_make("events_power_efficient", 0, 0);
	umod_system_freezable_power_efficient_wq =
		wq_make("events_freezable_power_efficient", 0, 0);
}

/* drains, then ends the workers and frees the queue */
static void kapi_destroy_workqueue(struct workqueue_struct *wq)
{
	if (!wq)
		return;
	kapi_drain_workqueue(wq);
	pthread_mutex_lock(&wq_lock);
	wq->dying = true;
	pthread_cond_broadcast(&wq->more);
	umod_list_del(&wq->all);
	pthread_mutex_unlock(&wq_lock);
	while (wq->workers.next != &wq->workers) {
		struct worker *k = umod_container_of(wq->workers.next, struct worker, node);

		pthread_join(k->thread, NULL);
		umod_list_del(&k->node);
		umod_task_put(k->task);
		free(k);
	}
	pthread_cond_destroy(&wq->more);
	free(wq);
}

static void kapi_workqueue_set_max_active(struct workqueue_struct *wq, int max_active)
{
	pthread_mutex_lock(&wq_lock);
	wq->max_active = max_active <= 0 ? WQ_DFL_ACTIVE :
			 max_active > WQ_MAX_ACTIVE ? WQ_MAX_ACTIVE : max_active;
	pthread_mutex_unlock(&wq_lock);
}

static bool kapi_current_is_workqueue_rescuer(void)
{
	return false;
}

static bool kapi_workqueue_congested(int cpu, struct workqueue_struct *wq)
{
	bool congested;

	(void)cpu;
	pthread_mutex_lock(&wq_lock);
	congested = wq->pending.next != &wq->pending && !wq->nr_idle &&
		    wq->nr_workers >= (unsigned int)wq->max_active;
	pthread_mutex_unlock(&wq_lock);
	return congested;
}

/* ---- what a module leaves ----------------------------------------------- */

/* wq_lock held: takes back @owner's queued items, reporting each; how many */
static unsigned int take_back_queued(struct umod_module *mod)
{
	unsigned int n = 0;

	for (struct umod_list *q = all_wqs.next; q != &all_wqs; q = q->next) {
		struct workqueue_struct *wq = umod_container_of(q, struct workqueue_struct, all);
		struct list_head *e = wq->pending.next, *next;

		for (; e != &wq->pending; e = next) {
			struct work_struct *w = umod_container_of(e, struct work_struct, entry);

			next = e->next;
			if (w->owner != mod->kmod)
				continue;
			umod_leftover_report(mod, "work", (const void *)w->func, "queued");
			list_del_init_(&w->entry);
			set_pending(w, false);
			n++;
		}
	}
	return n;
}

/* wq_lock held: does a worker run an item of @owner? */
static bool owner_running(const struct module *owner)
{
	for (struct umod_list *q = all_wqs.next; q != &all_wqs; q = q->next) {
		struct workqueue_struct *wq = umod_container_of(q, struct workqueue_struct, all);

		for (struct umod_list *k = wq->workers.next; k != &wq->workers; k = k->next)
			if (umod_container_of(k, struct worker, node)->owner == owner)
				return true;
	}
	return false;
}

/*
 * Takes back the items of @mod still queued, reporting each, then waits
 * for those running. From the first moment nothing of @mod can be queued
 * again; an item that tried (one queueing itself as it ran) is reported
 * as queued too. Returns how many were queued.
 */
unsigned int umod_workqueue_leftovers(struct umod_module *mod)
{
	struct taking_back b = { .owner = mod->kmod };
	struct taking_back **pp;
	unsigned int n;

	pthread_mutex_lock(&wq_lock);
	b.next = taking_back;
	taking_back = &b;
	n = take_back_queued(mod);
	while (owner_running(mod->kmod))
		wait_done();
	for (pp = &taking_back; *pp != &b; pp = &(*pp)->next)
		;
	*pp = b.next;
	if (b.refused) {
		umod_leftover_report(mod, "work", (const void *)b.refused, "queued");
		n++;
	}
	pthread_mutex_unlock(&wq_lock);
	return n;
}

/* for the timer's leftovers: a delayed work's timer and its function */
bool umod_is_delayed_work_timer(const struct timer_list *t)
{
	return t->function == kapi_delayed_work_timer_fn;
}

void umod_delayed_work_disarmed(struct timer_list *t)
{
	struct delayed_work *dw = umod_container_of(t, struct delayed_work, timer);

	set_pending(&dw->work, false);
}

static const struct umod_kapi_export workqueue_exports[] = {
	UMOD_KAPI("system_wq", &umod_system_wq),
	UMOD_KAPI("system_highpri_wq", &umod_system_highpri_wq),
	UMOD_KAPI("system_long_wq", &umod_system_long_wq),
	UMOD_KAPI("system_unbound_wq", &umod_system_unbound_wq),
	UMOD_KAPI("system_freezable_wq", &umod_system_freezable_wq),
	UMOD_KAPI("system_power_efficient_wq", &umod_system_power_efficient_wq),
	UMOD_KAPI("system_freezable_power_efficient_wq",
		  &umod_system_freezable_power_efficient_wq),
	UMOD_KAPI("alloc_workqueue", kapi_alloc_workqueue),
	UMOD_KAPI("destroy_workqueue", kapi_destroy_workqueue),
	UMOD_KAPI("queue_work_on", kapi_queue_work_on),
	UMOD_KAPI("queue_delayed_work_on", kapi_queue_delayed_work_on),
	UMOD_KAPI("mod_delayed_work_on", kapi_mod_delayed_work_on),
	UMOD_KAPI("delayed_work_timer_fn", kapi_delayed_work_timer_fn),
	UMOD_KAPI("flush_workqueue", kapi_flush_workqueue),
	UMOD_KAPI("drain_workqueue", kapi_drain_workqueue),
	UMOD_KAPI("flush_work", kapi_flush_work),
	UMOD_KAPI("flush_delayed_work", kapi_flush_delayed_work),
	UMOD_KAPI("cancel_work", kapi_cancel_work),
	UMOD_KAPI("cancel_work_sync", kapi_cancel_work_sync),
	UMOD_KAPI("cancel_delayed_work", kapi_cancel_delayed_work),
	UMOD_KAPI("cancel_delayed_work_sync", kapi_cancel_delayed_work_sync),
	UMOD_KAPI("work_busy", kapi_work_busy),
	UMOD_KAPI("current_work", kapi_current_work),
	UMOD_KAPI("workqueue_set_max_active", kapi_workqueue_set_max_active),
	UMOD_KAPI("current_is_workqueue_rescuer", kapi_current_is_workqueue_rescuer),
	UMOD_KAPI("workqueue_congested", kapi_workqueue_congested),
};

const struct umod_kapi_table umod_kapi_workqueue = UMOD_KAPI_TABLE(workqueue_exports);
