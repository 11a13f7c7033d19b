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
 * A work item has 6.1's 32 bytes and nothing of the host's. While it is
 * pending, data holds a pool_workqueue of its queue, as 6.1's does: one
 * per queue and owner module, which the item runs as (found from the
 * function's address when it is queued, in the memory of the module
 * calling). A delayed work's timer, or call_rcu() for an rcu_work, holds
 * it meanwhile: on the pwq's waiting list through its entry, INACTIVE set.
 * Queued, it carries its flush color (two colors: __flush_workqueue()
 * waits for one to drain while new items get the other); once a worker
 * takes it, data is off-queue again and PENDING clear, so a work may queue
 * itself again. flush_work() finds the worker running the item, as 6.1's
 * find_worker_executing_work(), or waits for the worker that takes it.
 *
 * One lock serialises all the queues' lists (queueing is short); data
 * changes under it. Nothing touches a work item after its function
 * returned (the function may free it).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <umod/kabi/workqueue.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/rcu/rcu.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/workqueue_internal.h"

#define WQ_UNBOUND	(1u << 1)
#define WQ_HIGHPRI	(1u << 4)
#define WQ_MAX_ACTIVE	512
#define WQ_DFL_ACTIVE	256
#define WQ_NAME_LEN	24

/* data's bits, as <linux/workqueue.h> numbers them */
#define PENDING		1ul	/* queued, or its timer (rcu) will queue it */
#define INACTIVE	2ul	/* the host's use: waiting on its timer or rcu */
#define PWQ		4ul	/* the rest points to the pool_workqueue */
#define COLOR_SHIFT	4
#define FLAG_MASK	0xfful
#define NO_POOL		(((1ul << 31) - 1) << 5)	/* WORK_STRUCT_NO_POOL */

/* what 6.1 amd64's modules see */
_Static_assert(sizeof(struct work_struct) == 32, "6.1's work_struct");
_Static_assert(offsetof(struct work_struct, entry) == 8, "6.1's work_struct");
_Static_assert(offsetof(struct work_struct, func) == 24, "6.1's work_struct");
_Static_assert(sizeof(struct delayed_work) == 88, "6.1's delayed_work");
_Static_assert(offsetof(struct delayed_work, timer) == 32, "6.1's delayed_work");
_Static_assert(offsetof(struct delayed_work, wq) == 72, "6.1's delayed_work");
_Static_assert(offsetof(struct delayed_work, cpu) == 80, "6.1's delayed_work");
_Static_assert(sizeof(struct rcu_work) == 56, "6.1's rcu_work");
_Static_assert(offsetof(struct rcu_work, rcu) == 32, "6.1's rcu_work");
_Static_assert(offsetof(struct rcu_work, wq) == 48, "6.1's rcu_work");

struct workqueue_struct {
	char name[WQ_NAME_LEN];
	unsigned int flags;
	int max_active;
	struct list_head pending;	/* queued items, in order */
	struct umod_list pwqs;
	struct umod_list workers;
	unsigned int nr_workers, nr_idle;
	unsigned int nr_in_flight[2];	/* queued or running, per flush color */
	unsigned int work_color;	/* new items' */
	bool flushing;			/* a flush waits for the other color */
	bool dying;
	pthread_cond_t more;		/* idle workers: an item was queued */
	struct umod_list all;		/* on all_wqs */
};

/* where a pending item's data points: its queue and whose code it is */
struct pool_workqueue {
	struct workqueue_struct *wq;
	struct module *owner;		/* NULL: host code */
	struct list_head waiting;	/* INACTIVE items, by their entry */
	struct umod_list node;		/* on wq->pwqs */
} __attribute__((aligned(1 << 8)));

struct worker {
	struct umod_list node;		/* on wq->workers */
	struct workqueue_struct *wq;
	pthread_t thread;
	struct umod_task *task;
	struct work_struct *current;	/* never dereferenced once it ran */
	struct module *owner;		/* current's, for the leftovers */
	work_func_t func;		/* current's */
	unsigned int color;		/* current's flush color */
};

/* flush_work()'s: the item until a worker takes it, then that worker */
struct flush_waiter {
	struct flush_waiter *next;
	const struct work_struct *work;
	const struct worker *worker;
	bool done;
};

/* a module whose work the leftovers take back: its queueings are refused */
struct taking_back {
	struct taking_back *next;
	const struct module *owner;
	work_func_t refused;		/* the first function refused, for the report */
};

static pthread_mutex_t wq_lock = PTHREAD_MUTEX_INITIALIZER;
static struct taking_back *taking_back;	/* under wq_lock */
static struct flush_waiter *flush_waiters;	/* under wq_lock */
static pthread_cond_t wq_done = PTHREAD_COND_INITIALIZER;	/* an item ran */
static struct umod_list all_wqs = { &all_wqs, &all_wqs };
static atomic_uint worker_ids;
static __thread struct worker *this_worker;

struct workqueue_struct *umod_system_wq, *umod_system_highpri_wq, *umod_system_long_wq,
	*umod_system_unbound_wq, *umod_system_freezable_wq,
	*umod_system_power_efficient_wq, *umod_system_freezable_power_efficient_wq;

static unsigned long data_of(const struct work_struct *w)
{
	return (unsigned long)__atomic_load_n(&w->data.counter, __ATOMIC_ACQUIRE);
}

static void set_data(struct work_struct *w, unsigned long data)
{
	__atomic_store_n(&w->data.counter, (long long)data, __ATOMIC_RELEASE);
}

static struct pool_workqueue *work_pwq(const struct work_struct *w)
{
	unsigned long data = data_of(w);

	return data & PWQ ? (struct pool_workqueue *)(data & ~FLAG_MASK) : NULL;
}

/* queued on its queue's list (not waiting on a timer or rcu) */
static bool queued(const struct work_struct *w)
{
	return (data_of(w) & (PENDING | PWQ | INACTIVE)) == (PENDING | PWQ);
}

static bool waiting(const struct work_struct *w)
{
	return (data_of(w) & (PENDING | INACTIVE)) == (PENDING | INACTIVE);
}

static void list_del_init_(struct list_head *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	e->next = e->prev = e;
}

static void list_add_tail_(struct list_head *e, struct list_head *head)
{
	e->prev = head->prev;
	e->next = head;
	head->prev->next = e;
	head->prev = e;
}

/* ---- flush waiters ------------------------------------------------------ */

/* wq_lock held: a worker took @w off its list */
static void waiters_taken(const struct work_struct *w, const struct worker *worker)
{
	for (struct flush_waiter *f = flush_waiters; f; f = f->next)
		if (!f->worker && !f->done && f->work == w)
			f->worker = worker;
}

/* wq_lock held: @w left its list without running (cancelled, taken back) */
static void waiters_dropped(const struct work_struct *w)
{
	for (struct flush_waiter *f = flush_waiters; f; f = f->next)
		if (!f->worker && f->work == w)
			f->done = true;
}

/* wq_lock held: @worker's item returned */
static void waiters_ran(const struct worker *worker)
{
	for (struct flush_waiter *f = flush_waiters; f; f = f->next)
		if (f->worker == worker)
			f->done = true;
}

/* wq_lock held: takes a queued item off its list, uncounted */
static void unqueue(struct work_struct *w)
{
	struct workqueue_struct *wq = work_pwq(w)->wq;

	wq->nr_in_flight[(data_of(w) >> COLOR_SHIFT) & 1]--;
	list_del_init_(&w->entry);
	waiters_dropped(w);
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
	worker->owner = work_pwq(w)->owner;
	worker->func = w->func;
	worker->color = (data_of(w) >> COLOR_SHIFT) & 1;
	set_data(w, NO_POOL);		/* PENDING clear: it may queue itself again */
	waiters_taken(w, worker);
	pthread_mutex_unlock(&wq_lock);
	if (worker->owner && worker->owner->umod)
		umod_call(worker->owner->umod, call_work_fn, worker, &ret);
	else
		call_work_fn(worker);
	pthread_mutex_lock(&wq_lock);
	worker->wq->nr_in_flight[worker->color]--;
	worker->current = NULL;
	worker->owner = NULL;
	waiters_ran(worker);
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
 * wq_lock held: is @owner being taken back (its exit has run)? Then
 * nothing of it may be queued any more: a work item that queues itself
 * again would otherwise keep the leftovers waiting for ever.
 */
static bool refused(const struct module *owner, work_func_t fn)
{
	for (struct taking_back *b = taking_back; b; b = b->next) {
		if (b->owner != owner)
			continue;
		if (!b->refused)
			b->refused = fn;
		return true;
	}
	return false;
}

/* the module whose code @fn is, as seen from @caller's host; NULL: the host's */
static struct module *fn_owner(const struct module *caller, work_func_t fn)
{
	struct umod_module *m;

	if (!caller || !caller->umod)
		return NULL;
	m = umod_area_owner(((struct umod_module *)caller->umod)->host, (uint64_t)(uintptr_t)fn);
	return m ? m->kmod : NULL;
}

/* wq_lock held: @wq's pool_workqueue for @owner's items, made on first use */
static struct pool_workqueue *get_pwq(struct workqueue_struct *wq, struct module *owner)
{
	struct pool_workqueue *pwq;

	for (struct umod_list *n = wq->pwqs.next; n != &wq->pwqs; n = n->next) {
		pwq = umod_container_of(n, struct pool_workqueue, node);
		if (pwq->owner == owner)
			return pwq;
	}
	pwq = aligned_alloc(_Alignof(struct pool_workqueue), sizeof(*pwq));
	if (!pwq)
		return NULL;
	pwq->wq = wq;
	pwq->owner = owner;
	pwq->waiting.next = pwq->waiting.prev = &pwq->waiting;
	umod_list_add(&pwq->node, &wq->pwqs);
	return pwq;
}

/*
 * wq_lock held: the pwq @caller's queueing of @w on @wq goes to, or NULL
 * when it is not queued (the queue dies, its module is being taken back,
 * no memory). An item a module's timer left waiting is unlinked first.
 */
static struct pool_workqueue *queue_target(struct workqueue_struct *wq, struct work_struct *w,
					   const struct module *caller)
{
	struct module *owner = fn_owner(caller, w->func);

	if (data_of(w) & INACTIVE) {
		list_del_init_(&w->entry);	/* umod_delayed_work_disarmed()'s */
		set_data(w, NO_POOL);
	}
	if (wq->dying || refused(owner, w->func))
		return NULL;
	return get_pwq(wq, owner);
}

/* wq_lock held: on @pwq's queue now, PENDING set */
static void insert_work(struct pool_workqueue *pwq, struct work_struct *w)
{
	struct workqueue_struct *wq = pwq->wq;

	wq->nr_in_flight[wq->work_color]++;
	set_data(w, (unsigned long)pwq | (unsigned long)wq->work_color << COLOR_SHIFT |
		    PWQ | PENDING);
	list_add_tail_(&w->entry, &wq->pending);
	maybe_spawn(wq);
	pthread_cond_signal(&wq->more);
}

/* wq_lock held: PENDING set, on @pwq's waiting list until a timer or rcu queues it */
static void wait_for(struct pool_workqueue *pwq, struct work_struct *w)
{
	set_data(w, (unsigned long)pwq | PWQ | INACTIVE | PENDING);
	list_add_tail_(&w->entry, &pwq->waiting);
}

static bool queue_on(int cpu, struct workqueue_struct *wq, struct work_struct *w,
		     const struct module *caller)
{
	struct pool_workqueue *pwq;
	bool queued = false;

	(void)cpu;
	pthread_mutex_lock(&wq_lock);
	if (!(data_of(w) & PENDING) && (pwq = queue_target(wq, w, caller))) {
		insert_work(pwq, w);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

static bool kapi_queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *w)
{
	return queue_on(cpu, wq, w, UMOD_CALLER());
}

/* wq_lock held, @w waiting: its timer or rcu queues it now */
static void waited(struct work_struct *w)
{
	struct pool_workqueue *pwq = work_pwq(w);

	list_del_init_(&w->entry);
	if (refused(pwq->owner, w->func) || pwq->wq->dying)
		set_data(w, NO_POOL);
	else
		insert_work(pwq, w);
}

/* the delayed work's timer, on the timer thread: queue it now */
static void kapi_delayed_work_timer_fn(struct timer_list *t)
{
	struct delayed_work *dw = umod_container_of(t, struct delayed_work, timer);

	pthread_mutex_lock(&wq_lock);
	if (waiting(&dw->work))
		waited(&dw->work);
	pthread_mutex_unlock(&wq_lock);
}

/* wq_lock held: on the list now, or when @delay jiffies passed */
static void queue_delayed(struct pool_workqueue *pwq, int cpu, struct delayed_work *dw,
			  unsigned long delay, struct module *caller)
{
	dw->wq = pwq->wq;
	dw->cpu = cpu;
	if (!delay) {
		insert_work(pwq, &dw->work);
		return;
	}
	wait_for(pwq, &dw->work);
	dw->timer.function = kapi_delayed_work_timer_fn;
	umod_mod_timer(&dw->timer, (unsigned long)umod_jiffies64() + delay, caller);
}

static bool kapi_queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
				       struct delayed_work *dw, unsigned long delay)
{
	struct module *caller = UMOD_CALLER();
	struct pool_workqueue *pwq;
	bool queued = false;

	pthread_mutex_lock(&wq_lock);
	if (!(data_of(&dw->work) & PENDING) && (pwq = queue_target(wq, &dw->work, caller))) {
		queue_delayed(pwq, cpu, dw, delay, caller);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

/*
 * wq_lock held: takes a pending item back, off its timer or its list.
 * 1: it was pending (PENDING still set, for the caller to clear or keep),
 * 0: it was not, -EAGAIN: its timer fired, or rcu is about to queue it.
 */
static int grab_pending(struct work_struct *w, bool is_dwork)
{
	if (!(data_of(w) & PENDING))
		return 0;
	if (queued(w)) {
		unqueue(w);
		return 1;
	}
	if (is_dwork && waiting(w) &&
	    umod_timer_delete(&umod_container_of(w, struct delayed_work, work)->timer)) {
		list_del_init_(&w->entry);
		return 1;
	}
	return -EAGAIN;
}

/* grab_pending() until it is settled; wq_lock held on return */
static int grab_settled(struct work_struct *w, bool is_dwork)
{
	int ret;

	pthread_mutex_lock(&wq_lock);
	while ((ret = grab_pending(w, is_dwork)) == -EAGAIN) {
		pthread_mutex_unlock(&wq_lock);
		if (is_dwork)	/* its timer fired: let it finish queueing */
			umod_del_timer_sync(&umod_container_of(w, struct delayed_work, work)->timer);
		else
			umod_rcu_barrier();
		pthread_mutex_lock(&wq_lock);
	}
	return ret;
}

static bool kapi_mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
				     struct delayed_work *dw, unsigned long delay)
{
	struct module *caller = UMOD_CALLER();
	struct pool_workqueue *pwq;
	int was;

	was = grab_settled(&dw->work, true);
	set_data(&dw->work, NO_POOL);
	pwq = queue_target(wq, &dw->work, caller);
	if (pwq)
		queue_delayed(pwq, cpu, dw, delay, caller);
	pthread_mutex_unlock(&wq_lock);
	return was;
}

/* call_rcu()'s callback: the grace period passed, queue it */
static void rcu_work_rcufn(struct callback_head *rcu)
{
	struct rcu_work *rw = umod_container_of(rcu, struct rcu_work, rcu);

	pthread_mutex_lock(&wq_lock);
	if (waiting(&rw->work))
		waited(&rw->work);
	pthread_mutex_unlock(&wq_lock);
}

static bool kapi_queue_rcu_work(struct workqueue_struct *wq, struct rcu_work *rw)
{
	const struct module *caller = UMOD_CALLER();
	struct pool_workqueue *pwq;
	bool queued = false;

	pthread_mutex_lock(&wq_lock);
	if (!(data_of(&rw->work) & PENDING) && (pwq = queue_target(wq, &rw->work, caller))) {
		rw->wq = wq;
		wait_for(pwq, &rw->work);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	if (queued)
		umod_call_rcu(&rw->rcu, rcu_work_rcufn);
	return queued;
}

/* ---- waiting ------------------------------------------------------------ */

/* wq_lock held: the worker running @w, as 6.1's find_worker_executing_work() */
static struct worker *executing(const struct work_struct *w)
{
	for (struct umod_list *q = all_wqs.next; q != &all_wqs; q = q->next) {
		struct workqueue_struct *wq = umod_container_of(q, struct workqueue_struct, all);

		for (struct umod_list *n = wq->workers.next; n != &wq->workers; n = n->next) {
			struct worker *k = umod_container_of(n, struct worker, node);

			if (k->current == w && k->func == w->func)
				return k;
		}
	}
	return NULL;
}

/* wq_lock held: waits for the next item to finish */
static void wait_done(void)
{
	unsigned int state = umod_task_sleep_begin();

	pthread_cond_wait(&wq_done, &wq_lock);
	umod_task_sleep_end(state);
}

/* waits for the last queueing of @w to have run; false if there was none */
static bool kapi_flush_work(struct work_struct *w)
{
	struct flush_waiter f = { .work = w }, **pp;
	struct worker *k;

	pthread_mutex_lock(&wq_lock);
	if (!queued(w)) {
		k = executing(w);
		if (!k || k == this_worker) {	/* idle, or flushing itself */
			pthread_mutex_unlock(&wq_lock);
			return false;
		}
		f.worker = k;
	}
	f.next = flush_waiters;
	flush_waiters = &f;
	while (!f.done)
		wait_done();
	for (pp = &flush_waiters; *pp != &f; pp = &(*pp)->next)
		;
	*pp = f.next;
	pthread_mutex_unlock(&wq_lock);
	return true;
}

/* wq_lock held: 1 if the caller is a worker of @wq running an item of @color */
static unsigned int self_in(const struct workqueue_struct *wq, unsigned int color)
{
	return this_worker && this_worker->wq == wq && this_worker->current &&
	       this_worker->color == color;
}

/*
 * Every item queued before it has run: new ones get the other color, and
 * it waits for this one's to drain. One flush at a time per queue, as a
 * second would mix the colors; a worker of the queue flushing it while
 * another flush waits for its own item waits for both colors instead.
 */
static void kapi___flush_workqueue(struct workqueue_struct *wq)
{
	unsigned int color;

	pthread_mutex_lock(&wq_lock);
	while (wq->flushing && !self_in(wq, 0) && !self_in(wq, 1))
		wait_done();
	if (wq->flushing) {
		while (wq->nr_in_flight[0] + wq->nr_in_flight[1] > 1)
			wait_done();
		pthread_mutex_unlock(&wq_lock);
		return;
	}
	wq->flushing = true;
	color = wq->work_color;
	wq->work_color ^= 1;
	while (wq->nr_in_flight[color] > self_in(wq, color))
		wait_done();
	wq->flushing = false;
	pthread_cond_broadcast(&wq_done);
	pthread_mutex_unlock(&wq_lock);
}

/* until nothing is queued or running, what the items queue included */
static void kapi_drain_workqueue(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&wq_lock);
	while (wq->nr_in_flight[0] + wq->nr_in_flight[1] > self_in(wq, 0) + self_in(wq, 1))
		wait_done();
	pthread_mutex_unlock(&wq_lock);
}

/* wq_lock held: waits until no worker runs @w */
static void wait_not_running(const struct work_struct *w)
{
	struct worker *k;

	while ((k = executing(w)) && k != this_worker)
		wait_done();
}

static bool cancel(struct work_struct *w, bool is_dwork, bool sync)
{
	int was;

	was = grab_settled(w, is_dwork);
	if (was)
		set_data(w, NO_POOL);
	if (sync)
		wait_not_running(w);
	pthread_mutex_unlock(&wq_lock);
	return was;
}

static bool kapi_cancel_work(struct work_struct *w)
{
	return cancel(w, false, false);
}

static bool kapi_cancel_work_sync(struct work_struct *w)
{
	return cancel(w, false, true);
}

static bool kapi_cancel_delayed_work(struct delayed_work *dw)
{
	return cancel(&dw->work, true, false);
}

static bool kapi_cancel_delayed_work_sync(struct delayed_work *dw)
{
	return cancel(&dw->work, true, true);
}

/* an armed delayed work is queued at once, then flushed */
static bool kapi_flush_delayed_work(struct delayed_work *dw)
{
	if (umod_del_timer_sync(&dw->timer)) {
		pthread_mutex_lock(&wq_lock);
		if (waiting(&dw->work))
			waited(&dw->work);
		pthread_mutex_unlock(&wq_lock);
	}
	return kapi_flush_work(&dw->work);
}

static bool kapi_flush_rcu_work(struct rcu_work *rw)
{
	if (data_of(&rw->work) & PENDING) {
		umod_rcu_barrier();
		kapi_flush_work(&rw->work);
		return true;
	}
	return kapi_flush_work(&rw->work);
}

static unsigned int kapi_work_busy(struct work_struct *w)
{
	unsigned int busy;

	pthread_mutex_lock(&wq_lock);
	busy = (data_of(w) & PENDING ? 1u : 0u) | (executing(w) ? 2u : 0u);
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
	umod_list_init(&wq->pwqs);
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

/*
 * wq_lock held: takes @pwq's waiting items off their timers (unlocking
 * for that: a timer may be queueing one) and frees it; a delayed work
 * left armed on a dying queue must not queue on it later.
 */
static void pwq_release(struct pool_workqueue *pwq, struct umod_module *mod)
{
	while (pwq->waiting.next != &pwq->waiting) {
		struct work_struct *w = umod_container_of(pwq->waiting.next, struct work_struct,
							  entry);
		bool pending = data_of(w) & PENDING;

		list_del_init_(&w->entry);
		set_data(w, NO_POOL);
		if (mod && pending)
			umod_leftover_report(mod, "delayed work", (const void *)w->func, "armed");
		pthread_mutex_unlock(&wq_lock);
		if (pending)
			umod_del_timer_sync(&umod_container_of(w, struct delayed_work, work)->timer);
		pthread_mutex_lock(&wq_lock);
	}
	umod_list_del(&pwq->node);
	free(pwq);
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
	while (wq->pwqs.next != &wq->pwqs)
		pwq_release(umod_container_of(wq->pwqs.next, struct pool_workqueue, node), NULL);
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

/* flushing system_wq: 6.1 warns of it */
static void kapi___warn_flushing_systemwide_wq(void)
{
	struct module *caller = UMOD_CALLER();

	if (caller && caller->umod)
		umod_log_printk(((struct umod_module *)caller->umod)->host->log, KERN_WARNING
				"WARNING: Flushing system-wide workqueues will be prohibited in near future.\n");
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
			if (work_pwq(w)->owner != mod->kmod)
				continue;
			umod_leftover_report(mod, "work", (const void *)w->func, "queued");
			unqueue(w);
			set_data(w, NO_POOL);
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

/* wq_lock held: @owner's pwq on some queue, or NULL */
static struct pool_workqueue *owner_pwq(const struct module *owner)
{
	for (struct umod_list *q = all_wqs.next; q != &all_wqs; q = q->next) {
		struct workqueue_struct *wq = umod_container_of(q, struct workqueue_struct, all);

		for (struct umod_list *n = wq->pwqs.next; n != &wq->pwqs; n = n->next) {
			struct pool_workqueue *pwq = umod_container_of(n, struct pool_workqueue, node);

			if (pwq->owner == owner)
				return pwq;
		}
	}
	return NULL;
}

/*
 * Takes the items of @mod still queued back, reporting each, then waits
 * for those running, and releases its pwqs with the delayed works still
 * armed (those the timer leftovers did not find). From the first moment
 * nothing of @mod can be queued again; an item that tried (one queueing
 * itself as it ran) is reported as queued too. Returns how many were
 * queued.
 */
unsigned int umod_workqueue_leftovers(struct umod_module *mod)
{
	struct taking_back b = { .owner = mod->kmod };
	struct taking_back **pp;
	struct pool_workqueue *pwq;
	unsigned int n;

	pthread_mutex_lock(&wq_lock);
	b.next = taking_back;
	taking_back = &b;
	pthread_mutex_unlock(&wq_lock);
	umod_rcu_barrier();	/* an rcu_work's grace period ends: refused now */
	pthread_mutex_lock(&wq_lock);
	n = take_back_queued(mod);
	while (owner_running(mod->kmod))
		wait_done();
	while ((pwq = owner_pwq(mod->kmod)))
		pwq_release(pwq, mod);
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

/*
 * The timer's leftovers took @t off its queue (under the timer lock, so
 * not taking wq_lock): not pending any more, left on its waiting list
 * for the queueing or the workqueue leftovers that come next to unlink.
 */
void umod_delayed_work_disarmed(struct timer_list *t)
{
	struct delayed_work *dw = umod_container_of(t, struct delayed_work, timer);

	__atomic_and_fetch(&dw->work.data.counter, ~(long long)PENDING, __ATOMIC_RELEASE);
}

static const struct umod_kapi_export workqueue_exports[] = {
	UMOD_KAPI("system_wq", &umod_system_wq),
	UMOD_KAPI_GPL("system_highpri_wq", &umod_system_highpri_wq),
	UMOD_KAPI_GPL("system_long_wq", &umod_system_long_wq),
	UMOD_KAPI_GPL("system_unbound_wq", &umod_system_unbound_wq),
	UMOD_KAPI_GPL("system_freezable_wq", &umod_system_freezable_wq),
	UMOD_KAPI_GPL("system_power_efficient_wq", &umod_system_power_efficient_wq),
	UMOD_KAPI_GPL("system_freezable_power_efficient_wq",
		  &umod_system_freezable_power_efficient_wq),
	UMOD_KAPI_GPL("alloc_workqueue", kapi_alloc_workqueue),
	UMOD_KAPI_GPL("destroy_workqueue", kapi_destroy_workqueue),
	UMOD_KAPI("queue_work_on", kapi_queue_work_on),
	UMOD_KAPI("queue_delayed_work_on", kapi_queue_delayed_work_on),
	UMOD_KAPI_GPL("mod_delayed_work_on", kapi_mod_delayed_work_on),
	UMOD_KAPI("queue_rcu_work", kapi_queue_rcu_work),
	UMOD_KAPI("delayed_work_timer_fn", kapi_delayed_work_timer_fn),
	UMOD_KAPI("__flush_workqueue", kapi___flush_workqueue),
	UMOD_KAPI("__warn_flushing_systemwide_wq", kapi___warn_flushing_systemwide_wq),
	UMOD_KAPI_GPL("drain_workqueue", kapi_drain_workqueue),
	UMOD_KAPI_GPL("flush_work", kapi_flush_work),
	UMOD_KAPI("flush_delayed_work", kapi_flush_delayed_work),
	UMOD_KAPI("flush_rcu_work", kapi_flush_rcu_work),
	UMOD_KAPI("cancel_work", kapi_cancel_work),
	UMOD_KAPI_GPL("cancel_work_sync", kapi_cancel_work_sync),
	UMOD_KAPI("cancel_delayed_work", kapi_cancel_delayed_work),
	UMOD_KAPI("cancel_delayed_work_sync", kapi_cancel_delayed_work_sync),
	UMOD_KAPI_GPL("work_busy", kapi_work_busy),
	UMOD_KAPI("current_work", kapi_current_work),
	UMOD_KAPI_GPL("workqueue_set_max_active", kapi_workqueue_set_max_active),
	UMOD_KAPI("current_is_workqueue_rescuer", kapi_current_is_workqueue_rescuer),
	UMOD_KAPI_GPL("workqueue_congested", kapi_workqueue_congested),
};

const struct umod_kapi_table umod_kapi_workqueue = UMOD_KAPI_TABLE(workqueue_exports);
