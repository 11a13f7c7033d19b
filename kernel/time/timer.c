// SPDX-License-Identifier: MIT
/*
 * The timer thread and timer_list. One thread per process runs every
 * timer, hrtimer and tasklet in softirq context, in deadline order, from
 * one queue sorted by the monotonic clock; it sleeps on a condition
 * variable until the first deadline. The process has one clock and one
 * set of exported names (system_wq is one object), so the thread is the
 * process's too, started on first use; each callback runs as its owner
 * module's code through umod_call(), so a fault is an oops of that
 * callback and the thread goes on with the next.
 *
 * Deleting a timer that is running waits for its callback (the *_sync
 * calls), except on the timer thread itself, where that would wait for
 * ever: as the kernel's del_timer_sync() from its own callback, which it
 * forbids with a warning.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "kernel/kapi.h"
#include "kernel/kthread.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/workqueue_internal.h"

#define TNODE_BUCKETS	256

static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;		/* the thread: the first deadline moved */
	pthread_cond_t done;		/* waiters: a callback returned */
	struct list_head queue;		/* sorted by when_ns, equal ones FIFO */
	struct umod_tnode *hash[TNODE_BUCKETS];	/* the queued nodes by object */
	struct umod_tnode *spare;	/* nodes to reuse, linked by hnext */
	const void *running;		/* whose callback runs now, or NULL */
	struct module *running_owner;
	pthread_t thread;
	atomic_bool started;
	bool ready;			/* the thread has set itself up */
} base = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
	.queue = { &base.queue, &base.queue },
};

#define HRTIMER_STATE_ENQUEUED	0x01
/* TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE: what init_timer_key() keeps */
#define TIMER_INIT_FLAGS	0x00380000u

/* the longest the thread sleeps at once: it looks again after that */
#define MAX_SLEEP_NS	(3600ull * 1000000000u)

static pthread_once_t base_once = PTHREAD_ONCE_INIT;
static __thread bool on_timer_thread;

/*
 * A host thread that runs module code: every signal blocked but the
 * faults (an oops of its call) and the watchdog's, so that the
 * application's signals go to its own threads.
 */
int umod_thread_spawn(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	static const int keep[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGXCPU, SIGTRAP };
	pthread_attr_t attr;
	cpu_set_t cpus;
	sigset_t set, old;
	int err;

	sigfillset(&set);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(keep); i++)
		sigdelset(&set, keep[i]);
	pthread_attr_init(&attr);
	/*
	 * the process's CPUs, not the caller's: a daemon's request thread runs
	 * on its client's, and a kthread an init starts is kthreadd's child
	 */
	if (sched_getaffinity(getpid(), sizeof(cpus), &cpus) == 0)
		pthread_attr_setaffinity_np(&attr, sizeof(cpus), &cpus);
	pthread_sigmask(SIG_SETMASK, &set, &old);
	err = pthread_create(thread, &attr, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	return -err;
}

/* a deadline in boot nanoseconds as an absolute CLOCK_MONOTONIC time */
static struct timespec deadline(uint64_t when_ns)
{
	uint64_t now = umod_ns_since_boot();
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	when_ns = when_ns > now ? when_ns - now : 0;
	if (when_ns > MAX_SLEEP_NS)	/* a parked tasklet's "never" */
		when_ns = MAX_SLEEP_NS;
	when_ns += (uint64_t)ts.tv_nsec;
	ts.tv_sec += (time_t)(when_ns / 1000000000u);
	ts.tv_nsec = (long)(when_ns % 1000000000u);
	return ts;
}

/*
 * Runs @fn(@arg) in softirq context, as @owner's code (host code when
 * @owner is NULL): what in_softirq() and might_sleep() see. After an oops
 * the count is put back: what the callback held stays held, but the
 * thread goes on with the next callback.
 */
int umod_softirq_call(struct module *owner, long (*fn)(void *), void *arg, long *retp)
{
	struct umod_task *t = umod_task_current();
	unsigned int saved = t->preempt_count;
	int err = 0;

	t->preempt_count += UMOD_SOFTIRQ_OFFSET;
	if (owner && owner->umod)
		err = umod_call(owner->umod, fn, arg, retp);
	else
		*retp = fn(arg);
	t->preempt_count = saved;
	return err;
}

/* the module whose code @fn is, else @caller (an exported function's) */
struct module *umod_callback_owner(struct module *caller, const void *fn)
{
	struct umod_module *um = caller ? caller->umod : NULL, *m;

	if (!um)
		return caller;
	m = umod_area_owner(um->host, (uint64_t)(uintptr_t)fn);
	return m ? m->kmod : caller;
}

static long call_timer_fn(void *arg)
{
	struct timer_list *timer = arg;

	timer->function(timer);
	return 0;
}

static void run_node(void *obj, unsigned int kind, struct module *owner)
{
	long ret;

	switch (kind) {
	case UMOD_TNODE_TIMER: {
		struct timer_list *timer = obj;

		if (timer->function)
			umod_softirq_call(owner, call_timer_fn, timer, &ret);
		break;
	}
	case UMOD_TNODE_HRTIMER:
		umod_hrtimer_run(obj, owner);
		break;
	case UMOD_TNODE_TASKLET:
		umod_tasklet_run(obj, owner);
		break;
	}
}

static void *timer_thread(void *arg)
{
	struct umod_task *task = arg;

	umod_task_set_current(task);
	umod_oops_thread_init();
	on_timer_thread = true;
	pthread_mutex_lock(&base.lock);
	base.ready = true;
	pthread_cond_broadcast(&base.done);
	for (;;) {
		struct umod_tnode *n;
		unsigned int kind;
		void *obj;

		if (base.queue.next == &base.queue) {
			pthread_cond_wait(&base.wake, &base.lock);
			continue;
		}
		n = umod_container_of(base.queue.next, struct umod_tnode, entry);
		if (n->when_ns > umod_ns_since_boot()) {
			struct timespec ts = deadline(n->when_ns);

			pthread_cond_timedwait(&base.wake, &base.lock, &ts);
			continue;
		}
		obj = n->obj;
		kind = n->kind;
		base.running_owner = n->owner;
		umod_tq_del_locked(obj);
		base.running = obj;
		pthread_mutex_unlock(&base.lock);
		run_node(obj, kind, base.running_owner);
		pthread_mutex_lock(&base.lock);
		base.running = NULL;
		base.running_owner = NULL;
		pthread_cond_broadcast(&base.done);
	}
	return NULL;
}

static void base_start(void)
{
	pthread_condattr_t attr;
	struct umod_task *task;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&base.wake, &attr);
	pthread_condattr_destroy(&attr);
	/* the kernel runs softirqs that pile up in ksoftirqd */
	if (umod_task_new(&task, "ksoftirqd/0", true))
		abort();
	if (umod_thread_spawn(&base.thread, timer_thread, task))
		abort();
	pthread_detach(base.thread);
	/* what the thread sets up once (its signal stack) is there on return */
	pthread_mutex_lock(&base.lock);
	while (!base.ready)
		pthread_cond_wait(&base.done, &base.lock);
	pthread_mutex_unlock(&base.lock);
	atomic_store(&base.started, true);
}

void umod_tq_lock(void)
{
	pthread_once(&base_once, base_start);
	pthread_mutex_lock(&base.lock);
}

void umod_tq_unlock(void)
{
	pthread_mutex_unlock(&base.lock);
}

static struct umod_tnode **bucket(const void *obj)
{
	uintptr_t h = (uintptr_t)obj >> 3;

	h ^= h >> 8;
	h ^= h >> 16;
	return &base.hash[h % TNODE_BUCKETS];
}

static struct umod_tnode *find_locked(const void *obj)
{
	struct umod_tnode *n = *bucket(obj);

	while (n && n->obj != obj)
		n = n->hnext;
	return n;
}

/* what 6.1's inline readers of @n's object see: pending or not */
static void mark(struct umod_tnode *n, bool queued)
{
	if (n->kind == UMOD_TNODE_TIMER) {
		struct timer_list *t = n->obj;

		/* the only entry of the node's hlist */
		n->head.first = queued ? &t->entry : NULL;
		t->entry.next = NULL;
		__atomic_store_n(&t->entry.pprev, queued ? &n->head.first : NULL,
				 __ATOMIC_RELEASE);
	} else if (n->kind == UMOD_TNODE_HRTIMER) {
		struct hrtimer *h = n->obj;

		h->node.node.rb_left = h->node.node.rb_right = NULL;
		/* queued: the black root of a tree; else RB_CLEAR_NODE() */
		h->node.node.__rb_parent_color = queued ? UMOD_RB_BLACK :
						 (unsigned long)&h->node.node;
		__atomic_store_n(&h->state, queued ? HRTIMER_STATE_ENQUEUED : 0,
				 __ATOMIC_RELEASE);
	} else {
		((struct tasklet_struct *)n->obj)->next = NULL;
	}
}

/*
 * Queues @obj (a @kind) to run at @when_ns as @owner's code; the lock
 * held, @obj not queued. The node is the host's: 6.1's structures have no
 * room for it.
 */
void umod_tq_add_locked(void *obj, unsigned int kind, struct module *owner, uint64_t when_ns)
{
	struct list_head *pos = base.queue.prev;
	struct umod_tnode *n = base.spare, **b = bucket(obj);

	if (n)
		base.spare = n->hnext;
	else if (!(n = malloc(sizeof(*n))))
		abort();	/* mod_timer() cannot fail */
	n->obj = obj;
	n->kind = kind;
	n->owner = owner;
	n->when_ns = when_ns;
	n->hnext = *b;
	*b = n;
	while (pos != &base.queue &&
	       umod_container_of(pos, struct umod_tnode, entry)->when_ns > when_ns)
		pos = pos->prev;
	n->entry.prev = pos;
	n->entry.next = pos->next;
	pos->next->prev = &n->entry;
	pos->next = &n->entry;
	mark(n, true);
	if (base.queue.next == &n->entry)
		pthread_cond_signal(&base.wake);
}

/* takes @obj off the queue; false if it was not on it */
bool umod_tq_del_locked(void *obj)
{
	struct umod_tnode **p = bucket(obj), *n;

	while (*p && (*p)->obj != obj)
		p = &(*p)->hnext;
	if (!(n = *p))
		return false;
	*p = n->hnext;
	n->entry.prev->next = n->entry.next;
	n->entry.next->prev = n->entry.prev;
	mark(n, false);
	n->hnext = base.spare;
	base.spare = n;
	return true;
}

bool umod_tq_queued_locked(const void *obj)
{
	return find_locked(obj) != NULL;
}

bool umod_tq_running_locked(const void *obj)
{
	return base.running == obj;
}

bool umod_in_timer_thread(void)
{
	return on_timer_thread;
}

/* waits, the lock held, until @obj's callback is not running */
void umod_tq_wait_locked(const void *obj)
{
	unsigned int state;

	if (base.running != obj || on_timer_thread)
		return;
	state = umod_task_sleep_begin();
	while (base.running == obj)
		pthread_cond_wait(&base.done, &base.lock);
	umod_task_sleep_end(state);
}

/* calls @fn for each queued node, the lock held (leftovers) */
void umod_tq_for_each_locked(bool (*fn)(struct umod_tnode *n, void *arg), void *arg)
{
	struct list_head *pos = base.queue.next, *next;

	for (; pos != &base.queue; pos = next) {
		next = pos->next;
		if (fn(umod_container_of(pos, struct umod_tnode, entry), arg))
			break;
	}
}

/* ---- timer_list ------------------------------------------------------- */

/* the boot-clock time at which jiffies reach @expires */
static uint64_t jiffies_deadline(unsigned long expires)
{
	unsigned long now = (unsigned long)umod_jiffies64();
	long delta = (long)(expires - now);
	uint64_t base_ns = (uint64_t)(now - UMOD_INITIAL_JIFFIES) * (1000000000u / UMOD_HZ);

	return delta <= 0 ? 0 : base_ns + (uint64_t)delta * (1000000000u / UMOD_HZ);
}

/*
 * (Re)arms @timer at @expires as @caller's (the exported function's
 * caller's); a timer shut down (no function) is not armed again, as in
 * 6.1. Returns whether it was pending.
 */
static int modify_timer(struct timer_list *timer, unsigned long expires, bool pending_only,
			struct module *caller)
{
	struct module *owner = umod_callback_owner(caller, (const void *)timer->function);
	int was;

	umod_tq_lock();
	was = umod_tq_del_locked(timer);
	if ((was || !pending_only) && timer->function) {
		timer->expires = expires;
		umod_tq_add_locked(timer, UMOD_TNODE_TIMER, owner, jiffies_deadline(expires));
	}
	umod_tq_unlock();
	return was;
}

static void kapi_init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
				unsigned int flags, const char *name, void *key)
{
	(void)name;
	(void)key;
	timer->entry.pprev = NULL;
	timer->function = func;
	timer->flags = flags & TIMER_INIT_FLAGS;	/* on CPU 0 */
}

int umod_mod_timer(struct timer_list *timer, unsigned long expires, struct module *caller)
{
	return modify_timer(timer, expires, false, caller);
}

static int kapi_mod_timer(struct timer_list *timer, unsigned long expires)
{
	return modify_timer(timer, expires, false, UMOD_CALLER());
}

static int kapi_mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	return modify_timer(timer, expires, true, UMOD_CALLER());
}

/* only ever brings a pending timer's expiry earlier */
static int kapi_timer_reduce(struct timer_list *timer, unsigned long expires)
{
	struct module *owner = umod_callback_owner(UMOD_CALLER(), (const void *)timer->function);
	int was;

	umod_tq_lock();
	was = umod_tq_queued_locked(timer);
	if ((!was || (long)(expires - timer->expires) < 0) && timer->function) {
		umod_tq_del_locked(timer);
		timer->expires = expires;
		umod_tq_add_locked(timer, UMOD_TNODE_TIMER, owner, jiffies_deadline(expires));
	}
	umod_tq_unlock();
	return was;
}

static void kapi_add_timer(struct timer_list *timer)
{
	modify_timer(timer, timer->expires, false, UMOD_CALLER());
}

static void kapi_add_timer_on(struct timer_list *timer, int cpu)
{
	(void)cpu;
	modify_timer(timer, timer->expires, false, UMOD_CALLER());
}

int umod_timer_delete(struct timer_list *timer)
{
	int was;

	umod_tq_lock();
	was = umod_tq_del_locked(timer);
	umod_tq_unlock();
	return was;
}

/* -1 while its callback runs, as the kernel's */
static int kapi_try_to_del_timer_sync(struct timer_list *timer)
{
	int ret;

	umod_tq_lock();
	ret = umod_tq_running_locked(timer) && !on_timer_thread ? -1 :
	      umod_tq_del_locked(timer);
	umod_tq_unlock();
	return ret;
}

/*
 * Waits for a running callback first, then deletes: a callback that armed
 * its timer again is caught, and the result is whether this call took a
 * pending timer off the queue, as the kernel's.
 */
int umod_del_timer_sync(struct timer_list *timer)
{
	int was;

	umod_tq_lock();
	umod_tq_wait_locked(timer);
	was = umod_tq_del_locked(timer);
	umod_tq_unlock();
	return was;
}

/* deleted for good: arming it again does nothing (6.1.y's timer_shutdown) */
static int kapi_timer_shutdown(struct timer_list *timer)
{
	int was;

	umod_tq_lock();
	was = umod_tq_del_locked(timer);
	timer->function = NULL;
	umod_tq_unlock();
	return was;
}

static int kapi_timer_shutdown_sync(struct timer_list *timer)
{
	int was;

	umod_tq_lock();
	umod_tq_wait_locked(timer);
	was = umod_tq_del_locked(timer);
	timer->function = NULL;
	umod_tq_unlock();
	return was;
}

static const struct umod_kapi_export timer_exports[] = {
	UMOD_KAPI("init_timer_key", kapi_init_timer_key),
	UMOD_KAPI("mod_timer", kapi_mod_timer),
	UMOD_KAPI("mod_timer_pending", kapi_mod_timer_pending),
	UMOD_KAPI("timer_reduce", kapi_timer_reduce),
	UMOD_KAPI("add_timer", kapi_add_timer),
	UMOD_KAPI_GPL("add_timer_on", kapi_add_timer_on),
	UMOD_KAPI("timer_delete", umod_timer_delete),
	UMOD_KAPI("try_to_del_timer_sync", kapi_try_to_del_timer_sync),
	UMOD_KAPI("timer_delete_sync", umod_del_timer_sync),
	UMOD_KAPI_GPL("timer_shutdown", kapi_timer_shutdown),
	UMOD_KAPI_GPL("timer_shutdown_sync", kapi_timer_shutdown_sync),
};

const struct umod_kapi_table umod_kapi_timer = UMOD_KAPI_TABLE(timer_exports);

/* ---- what a module leaves ----------------------------------------------- */

/*
 * One line of the leftovers: "hellop: exit left timer my_fn+0x0/0x30
 * armed" ("init left" after a failed init, whose module never went LIVE
 * and is still on the list).
 */
void umod_leftover_report(struct umod_module *mod, const char *what, const void *fn,
			  const char *how)
{
	const char *when = atomic_load(&mod->state) == UMOD_MODULE_GONE ? "exit" : "init";
	uint64_t off, size;
	const char *name;

	if (umod_kallsyms_lookup_module(mod, (uint64_t)(uintptr_t)fn, &name, &off, &size))
		umod_log_printk(mod->host->log, KERN_WARNING "%s: %s left %s %s+0x%llx/0x%llx %s\n",
				mod->name, when, what, name, (unsigned long long)off,
				(unsigned long long)size, how);
	else
		umod_log_printk(mod->host->log, KERN_WARNING "%s: %s left %s %p %s\n",
				mod->name, when, what, fn, how);
}

/* what to call a queued or running @obj of @kind, and its function */
static const char *node_what(const void *obj, unsigned int kind, const void **fn)
{
	if (kind == UMOD_TNODE_TIMER) {
		const struct timer_list *t = obj;

		if (umod_is_delayed_work_timer(t)) {
			*fn = (const void *)umod_container_of(t, struct delayed_work,
							      timer)->work.func;
			return "delayed work";
		}
		*fn = (const void *)t->function;
		return "timer";
	}
	if (kind == UMOD_TNODE_HRTIMER) {
		*fn = (const void *)((const struct hrtimer *)obj)->function;
		return "hrtimer";
	}
	const struct tasklet_struct *k = obj;

	*fn = k->use_callback ? (const void *)k->callback : (const void *)k->func;
	return "tasklet";
}

struct disarming {
	struct umod_module *mod;
	bool tasklets;		/* this pass: tasklets, else the timers */
};

static bool disarm_one(struct umod_tnode *n, void *arg)
{
	struct disarming *d = arg;
	unsigned int kind = n->kind;
	void *obj = n->obj;
	const char *what;
	const void *fn;

	if (n->owner != d->mod->kmod || (kind == UMOD_TNODE_TASKLET) != d->tasklets)
		return false;
	what = node_what(obj, kind, &fn);
	umod_leftover_report(d->mod, what, fn, d->tasklets ? "scheduled" : "armed");
	if (kind == UMOD_TNODE_TASKLET) {
		umod_tasklet_cancel_locked(obj);
		return false;
	}
	umod_tq_del_locked(obj);
	if (kind == UMOD_TNODE_TIMER && umod_is_delayed_work_timer(obj))
		umod_delayed_work_disarmed(obj);
	return false;
}

/* timers first, then tasklets (a disabled one waits behind them) */
static void disarm_all(struct umod_module *mod)
{
	struct disarming d = { mod, false };

	umod_tq_for_each_locked(disarm_one, &d);
	d.tasklets = true;
	umod_tq_for_each_locked(disarm_one, &d);
}

/* takes back @mod's timers, hrtimers and tasklets, and waits for its callback */
static void timer_leftovers(struct umod_module *mod)
{
	if (!atomic_load(&base.started))
		return;		/* nothing was ever armed: no thread to start now */
	umod_tq_lock();
	disarm_all(mod);
	while (base.running && base.running_owner == mod->kmod) {
		umod_tq_wait_locked(base.running);
		disarm_all(mod);	/* it may have re-armed */
	}
	umod_tq_unlock();
}

/*
 * module_leftovers[]: kernel threads first (they arm timers and queue
 * work), then timers (a delayed work's is disarmed before it can queue
 * it), then work items, then timers again for what those armed.
 */
void umod_time_leftovers(struct umod_module *mod)
{
	if (!mod->kmod)
		return;
	umod_kthread_leftovers(mod);
	timer_leftovers(mod);
	umod_workqueue_leftovers(mod);
	timer_leftovers(mod);
}
