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

static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;		/* the thread: the first deadline moved */
	pthread_cond_t done;		/* waiters: a callback returned */
	struct list_head queue;		/* sorted by when_ns, equal ones FIFO */
	struct umod_tnode *running;	/* whose callback runs now, or NULL */
	pthread_t thread;
	atomic_bool started;
	bool ready;			/* the thread has set itself up */
} base = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
	.queue = { &base.queue, &base.queue },
};

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

static long call_timer_fn(void *arg)
{
	struct timer_list *timer = arg;

	timer->function(timer);
	return 0;
}

static void run_node(struct umod_tnode *n)
{
	long ret;

	switch (n->kind) {
	case UMOD_TNODE_TIMER: {
		struct timer_list *timer = umod_container_of(n, struct timer_list, node);

		if (timer->function)
			umod_softirq_call(timer->owner, call_timer_fn, timer, &ret);
		break;
	}
	case UMOD_TNODE_HRTIMER:
		umod_hrtimer_run(umod_container_of(n, struct hrtimer, node));
		break;
	case UMOD_TNODE_TASKLET:
		umod_tasklet_run(umod_container_of(n, struct tasklet_struct, node));
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
		umod_tq_del_locked(n);
		base.running = n;
		pthread_mutex_unlock(&base.lock);
		run_node(n);
		pthread_mutex_lock(&base.lock);
		base.running = NULL;
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

/* queues @n to run at @when_ns; the lock held, @n not queued */
void umod_tq_add_locked(struct umod_tnode *n, uint64_t when_ns)
{
	struct list_head *pos = base.queue.prev;

	n->when_ns = when_ns;
	while (pos != &base.queue &&
	       umod_container_of(pos, struct umod_tnode, entry)->when_ns > when_ns)
		pos = pos->prev;
	n->entry.prev = pos;
	n->entry.next = pos->next;
	pos->next->prev = &n->entry;
	pos->next = &n->entry;
	if (base.queue.next == &n->entry)
		pthread_cond_signal(&base.wake);
}

/* takes @n off the queue; false if it was not on it */
bool umod_tq_del_locked(struct umod_tnode *n)
{
	if (!n->entry.next)
		return false;
	n->entry.prev->next = n->entry.next;
	n->entry.next->prev = n->entry.prev;
	n->entry.next = n->entry.prev = NULL;
	return true;
}

bool umod_tq_running_locked(const struct umod_tnode *n)
{
	return base.running == n;
}

bool umod_in_timer_thread(void)
{
	return on_timer_thread;
}

/* waits, the lock held, until @n's callback is not running */
void umod_tq_wait_locked(const struct umod_tnode *n)
{
	unsigned int state;

	if (base.running != n || on_timer_thread)
		return;
	state = umod_task_sleep_begin();
	while (base.running == n)
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

const struct umod_tnode *umod_tq_running(void)
{
	return base.running;
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

static int modify_timer(struct timer_list *timer, unsigned long expires, bool pending_only)
{
	int was;

	umod_tq_lock();
	was = umod_tq_del_locked(&timer->node);
	if (was || !pending_only) {
		timer->expires = expires;
		timer->node.kind = UMOD_TNODE_TIMER;
		umod_tq_add_locked(&timer->node, jiffies_deadline(expires));
	}
	umod_tq_unlock();
	return was;
}

static int kapi_mod_timer(struct timer_list *timer, unsigned long expires)
{
	return modify_timer(timer, expires, false);
}

static int kapi_mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	return modify_timer(timer, expires, true);
}

/* only ever brings a pending timer's expiry earlier */
static int kapi_timer_reduce(struct timer_list *timer, unsigned long expires)
{
	int was;

	umod_tq_lock();
	was = timer->node.entry.next != NULL;
	if (!was || (long)(expires - timer->expires) < 0) {
		umod_tq_del_locked(&timer->node);
		timer->expires = expires;
		umod_tq_add_locked(&timer->node, jiffies_deadline(expires));
	}
	umod_tq_unlock();
	return was;
}

static void kapi_add_timer(struct timer_list *timer)
{
	modify_timer(timer, timer->expires, false);
}

static void kapi_add_timer_on(struct timer_list *timer, int cpu)
{
	(void)cpu;
	modify_timer(timer, timer->expires, false);
}

static int kapi_del_timer(struct timer_list *timer)
{
	int was;

	umod_tq_lock();
	was = umod_tq_del_locked(&timer->node);
	umod_tq_unlock();
	return was;
}

/* -1 while its callback runs, as the kernel's */
static int kapi_try_to_del_timer_sync(struct timer_list *timer)
{
	int ret;

	umod_tq_lock();
	ret = umod_tq_running_locked(&timer->node) && !on_timer_thread ? -1 :
	      umod_tq_del_locked(&timer->node);
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
	umod_tq_wait_locked(&timer->node);
	was = umod_tq_del_locked(&timer->node);
	umod_tq_unlock();
	return was;
}

static const struct umod_kapi_export timer_exports[] = {
	UMOD_KAPI("mod_timer", kapi_mod_timer),
	UMOD_KAPI("mod_timer_pending", kapi_mod_timer_pending),
	UMOD_KAPI("timer_reduce", kapi_timer_reduce),
	UMOD_KAPI("add_timer", kapi_add_timer),
	UMOD_KAPI("add_timer_on", kapi_add_timer_on),
	UMOD_KAPI("del_timer", kapi_del_timer),
	UMOD_KAPI("try_to_del_timer_sync", kapi_try_to_del_timer_sync),
	UMOD_KAPI("del_timer_sync", umod_del_timer_sync),
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

/* the owner of a queued or running node, and what to call it */
static struct module *node_owner(const struct umod_tnode *n, const char **what,
				 const void **fn)
{
	if (n->kind == UMOD_TNODE_TIMER) {
		const struct timer_list *t = umod_container_of(n, struct timer_list, node);

		*what = umod_is_delayed_work_timer(t) ? "delayed work" : "timer";
		*fn = umod_is_delayed_work_timer(t) ?
		      (const void *)umod_container_of(t, struct delayed_work, timer)->work.func :
		      (const void *)t->function;
		return t->owner;
	}
	if (n->kind == UMOD_TNODE_HRTIMER) {
		const struct hrtimer *h = umod_container_of(n, struct hrtimer, node);

		*what = "hrtimer";
		*fn = (const void *)h->function;
		return h->owner;
	}
	const struct tasklet_struct *k = umod_container_of(n, struct tasklet_struct, node);

	*what = "tasklet";
	*fn = k->use_callback ? (const void *)k->callback : (const void *)k->func;
	return k->owner;
}

static bool disarm_one(struct umod_tnode *n, void *arg)
{
	struct umod_module *mod = arg;
	const char *what;
	const void *fn;

	if (node_owner(n, &what, &fn) != mod->kmod)
		return false;
	umod_leftover_report(mod, what, fn, n->kind == UMOD_TNODE_TASKLET ? "scheduled" : "armed");
	if (n->kind == UMOD_TNODE_TASKLET) {
		umod_tasklet_cancel_locked(umod_container_of(n, struct tasklet_struct, node));
		return false;
	}
	umod_tq_del_locked(n);
	if (n->kind == UMOD_TNODE_TIMER &&
	    umod_is_delayed_work_timer(umod_container_of(n, struct timer_list, node)))
		umod_delayed_work_disarmed(umod_container_of(n, struct timer_list, node));
	return false;
}

/* takes back @mod's timers, hrtimers and tasklets, and waits for its callback */
static void timer_leftovers(struct umod_module *mod)
{
	const struct umod_tnode *running;
	const char *what;
	const void *fn;

	if (!atomic_load(&base.started))
		return;		/* nothing was ever armed: no thread to start now */
	umod_tq_lock();
	umod_tq_for_each_locked(disarm_one, mod);
	while ((running = umod_tq_running()) && node_owner(running, &what, &fn) == mod->kmod) {
		umod_tq_wait_locked(running);
		umod_tq_for_each_locked(disarm_one, mod);	/* it may have re-armed */
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
