// SPDX-License-Identifier: MIT
/*
 * Kernel threads on host threads. A new kthread's task starts in
 * TASK_UNINTERRUPTIBLE and its thread sleeps in schedule() until the
 * first wake_up_process(), as the kernel's; if kthread_stop() is what
 * wakes it, threadfn never runs and the result is -EINTR. threadfn runs
 * through umod_call() as its creator's code: an oops ends that thread,
 * with result 0. The thread stays joinable until kthread_stop() reaps it
 * or its module goes (the leftovers): there is no do_exit() to end it
 * from outside, so a thread that ignores kthread_should_stop() cannot be
 * ended, only abandoned with its module's memory kept mapped.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/kthread.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"

#define TASK_UNINTERRUPTIBLE	0x0002u
#define TASK_PARKED		0x0040u
#define TASK_ALL		0x0003u	/* TASK_NORMAL */
#define KTHREAD_STOP_WAIT_MS	2000	/* the leftovers' patience */

struct kthread {
	struct umod_list node;		/* on kthreads, under kthreads_lock */
	struct umod_task *task;
	pthread_t thread;
	int (*threadfn)(void *data);
	void *data;
	struct module *owner;
	atomic_bool should_stop, should_park, parked;
	bool exited;			/* under kthreads_lock */
	int result;
};

static pthread_mutex_t kthreads_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t kthread_exited = PTHREAD_COND_INITIALIZER;
static struct umod_list kthreads = { &kthreads, &kthreads };
static __thread struct kthread *this_kthread;

static long call_threadfn(void *arg)
{
	struct kthread *k = arg;

	return k->threadfn(k->data);
}

static void *kthread_main(void *arg)
{
	struct kthread *k = arg;
	long ret = -EINTR;

	umod_task_set_current(k->task);
	umod_oops_thread_init();
	this_kthread = k;
	umod_schedule();	/* until the first wake_up_process() */
	if (!atomic_load(&k->should_stop)) {
		if (k->owner && k->owner->umod) {
			if (umod_call(k->owner->umod, call_threadfn, k, &ret))
				ret = 0;	/* oopsed: the thread is dead */
		} else {
			ret = call_threadfn(k);
		}
	}
	pthread_mutex_lock(&kthreads_lock);
	k->result = (int)ret;
	k->exited = true;
	pthread_cond_broadcast(&kthread_exited);
	pthread_mutex_unlock(&kthreads_lock);
	return NULL;
}

/* threadfn runs as the code of the module calling (UMOD_CALLER()) */
static struct task_struct *kapi_kthread_create_on_node(int (*threadfn)(void *), void *data,
						       int node, const char *namefmt, ...)
{
	struct module *owner = UMOD_CALLER();
	char comm[UMOD_TASK_COMM_LEN];
	struct kthread *k;
	va_list ap;

	(void)node;
	va_start(ap, namefmt);
	vsnprintf(comm, sizeof(comm), namefmt, ap);	/* truncated, as the kernel's */
	va_end(ap);
	k = calloc(1, sizeof(*k));
	if (!k || umod_task_new(&k->task, comm, true)) {
		free(k);
		return (struct task_struct *)(intptr_t)-ENOMEM;
	}
	k->threadfn = threadfn;
	k->data = data;
	k->owner = owner;
	k->task->task.__state = TASK_UNINTERRUPTIBLE;
	pthread_mutex_lock(&kthreads_lock);
	if (umod_thread_spawn(&k->thread, kthread_main, k)) {
		pthread_mutex_unlock(&kthreads_lock);
		umod_task_put(k->task);
		free(k);
		return (struct task_struct *)(intptr_t)-ENOMEM;
	}
	umod_list_add(&k->node, &kthreads);
	pthread_mutex_unlock(&kthreads_lock);
	return &k->task->task;
}

/* kthreads_lock held */
static struct kthread *find_kthread(const struct task_struct *p)
{
	for (struct umod_list *n = kthreads.next; n != &kthreads; n = n->next) {
		struct kthread *k = umod_container_of(n, struct kthread, node);

		if (&k->task->task == p)
			return k;
	}
	return NULL;
}

/*
 * Waits for @k to end, at most @ms milliseconds (0: for ever); true once
 * it has. kthreads_lock held.
 */
static bool wait_exited(struct kthread *k, unsigned int ms)
{
	unsigned int state = umod_task_sleep_begin();
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (long)(ms % 1000) * 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	while (!k->exited) {
		if (!ms)
			pthread_cond_wait(&kthread_exited, &kthreads_lock);
		else if (pthread_cond_timedwait(&kthread_exited, &kthreads_lock, &ts))
			break;
	}
	umod_task_sleep_end(state);
	return k->exited;
}

/* an ended thread's last traces; kthreads_lock held */
static int reap(struct kthread *k)
{
	int result = k->result;

	pthread_join(k->thread, NULL);
	umod_list_del(&k->node);
	umod_task_put(k->task);
	free(k);
	return result;
}

static void ask_to_stop(struct kthread *k)
{
	atomic_store(&k->should_stop, true);
	atomic_store(&k->should_park, false);
	umod_task_wake(&k->task->task, TASK_ALL | TASK_PARKED);
}

UMOD_KEEP_FRAME
static int kapi_kthread_stop(struct task_struct *p)
{
	struct kthread *k;
	int result = -EINVAL;

	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	pthread_mutex_lock(&kthreads_lock);
	k = find_kthread(p);
	if (k) {
		ask_to_stop(k);
		wait_exited(k, 0);
		result = reap(k);
	}
	pthread_mutex_unlock(&kthreads_lock);
	return result;
}

static bool kapi_kthread_should_stop(void)
{
	return this_kthread && atomic_load(&this_kthread->should_stop);
}

static bool kapi_kthread_freezable_should_stop(bool *was_frozen)
{
	if (was_frozen)
		*was_frozen = false;
	return kapi_kthread_should_stop();
}

static bool kapi_kthread_should_park(void)
{
	return this_kthread && atomic_load(&this_kthread->should_park);
}

/* sleeps TASK_PARKED while asked to park */
static void kapi_kthread_parkme(void)
{
	struct kthread *k = this_kthread;

	if (!k)
		return;
	for (;;) {
		__atomic_store_n(&k->task->task.__state, TASK_PARKED, __ATOMIC_SEQ_CST);
		if (!atomic_load(&k->should_park))
			break;
		atomic_store(&k->parked, true);
		umod_schedule();
	}
	__atomic_store_n(&k->task->task.__state, 0, __ATOMIC_SEQ_CST);
	atomic_store(&k->parked, false);
}

/* asks @p to park and waits until it has (or ended) */
static int kapi_kthread_park(struct task_struct *p)
{
	struct kthread *k;
	unsigned int state;

	pthread_mutex_lock(&kthreads_lock);
	k = find_kthread(p);
	pthread_mutex_unlock(&kthreads_lock);
	if (!k)
		return -ENOSYS;
	atomic_store(&k->should_park, true);
	umod_task_wake(p, TASK_ALL);
	state = umod_task_sleep_begin();
	while (!atomic_load(&k->parked) && !__atomic_load_n(&k->exited, __ATOMIC_SEQ_CST))
		sched_yield();
	umod_task_sleep_end(state);
	return 0;
}

static void kapi_kthread_unpark(struct task_struct *p)
{
	struct kthread *k;

	pthread_mutex_lock(&kthreads_lock);
	k = find_kthread(p);
	pthread_mutex_unlock(&kthreads_lock);
	if (!k)
		return;
	atomic_store(&k->should_park, false);
	umod_task_wake(p, TASK_PARKED);
}

static void kapi_kthread_bind(struct task_struct *p, unsigned int cpu)
{
	(void)p;
	(void)cpu;
}

static void *kapi_kthread_data(struct task_struct *p)
{
	struct kthread *k;

	pthread_mutex_lock(&kthreads_lock);
	k = find_kthread(p);
	pthread_mutex_unlock(&kthreads_lock);
	return k ? k->data : NULL;
}

/*
 * @mod's threads after its exit: an ended one is reaped quietly; one
 * still running is reported, asked to stop and waited for a while; if it
 * does not end, its module's memory stays mapped under it.
 */
void umod_kthread_leftovers(struct umod_module *mod)
{
	struct umod_list *n, *next;

	pthread_mutex_lock(&kthreads_lock);
	for (n = kthreads.next; n != &kthreads; n = next) {
		struct kthread *k = umod_container_of(n, struct kthread, node);

		next = n->next;
		if (k->owner != mod->kmod)
			continue;
		if (!k->exited) {
			umod_leftover_report(mod, "kthread", (const void *)k->threadfn, "running");
			ask_to_stop(k);
			if (!wait_exited(k, KTHREAD_STOP_WAIT_MS)) {
				umod_log_printk(mod->host->log, KERN_WARNING "%s: kthread %s did not stop: its memory stays mapped\n",
						mod->name, k->task->task.comm);
				mod->keep_mapped = true;
				continue;
			}
			next = n->next;
		}
		reap(k);
	}
	pthread_mutex_unlock(&kthreads_lock);
}

/* ends the calling kthread with @result, as if threadfn had returned it */
static void kapi_kthread_exit(long result)
{
	umod_call_exit_thread(result);
}

static void kapi_kthread_complete_and_exit(struct completion *comp, long code)
{
	if (comp)
		umod_complete(comp);
	umod_call_exit_thread(code);
}

static const struct umod_kapi_export kthread_exports[] = {
	UMOD_KAPI("kthread_exit", kapi_kthread_exit),
	UMOD_KAPI("kthread_complete_and_exit", kapi_kthread_complete_and_exit),
	UMOD_KAPI("kthread_create_on_node", kapi_kthread_create_on_node),
	UMOD_KAPI("kthread_stop", kapi_kthread_stop),
	UMOD_KAPI("kthread_should_stop", kapi_kthread_should_stop),
	UMOD_KAPI_GPL("kthread_freezable_should_stop", kapi_kthread_freezable_should_stop),
	UMOD_KAPI_GPL("kthread_should_park", kapi_kthread_should_park),
	UMOD_KAPI_GPL("kthread_parkme", kapi_kthread_parkme),
	UMOD_KAPI_GPL("kthread_park", kapi_kthread_park),
	UMOD_KAPI_GPL("kthread_unpark", kapi_kthread_unpark),
	UMOD_KAPI("kthread_bind", kapi_kthread_bind),
	UMOD_KAPI_GPL("kthread_data", kapi_kthread_data),
};

const struct umod_kapi_table umod_kapi_kthread = UMOD_KAPI_TABLE(kthread_exports);
