// SPDX-License-Identifier: MIT
/*
 * Tasklets, run in softirq context on the timer thread
 * (kernel/time/timer.c): tasklet_schedule() queues one at once, ahead of
 * the timers waiting for their time, so a tasklet never runs twice at
 * once and runs once however often it was scheduled before it ran, as in
 * the kernel. A disabled tasklet that comes up is parked (a host-only
 * state bit, at the end of the queue) until tasklet_enable() queues it
 * again.
 */
#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"

#define TASKLET_SCHED	0	/* TASKLET_STATE_SCHED */
#define TASKLET_RUN	1	/* TASKLET_STATE_RUN */
#define TASKLET_PARKED	2	/* host's: came up while disabled */

static bool test_and_set(unsigned long *state, int bit)
{
	return __atomic_fetch_or(state, 1ul << bit, __ATOMIC_SEQ_CST) & (1ul << bit);
}

static bool test_and_clear(unsigned long *state, int bit)
{
	return __atomic_fetch_and(state, ~(1ul << bit), __ATOMIC_SEQ_CST) & (1ul << bit);
}

static bool test_bit(const unsigned long *state, int bit)
{
	return __atomic_load_n(state, __ATOMIC_SEQ_CST) & (1ul << bit);
}

static void kapi_tasklet_init(struct module *owner, struct tasklet_struct *t,
			      void (*func)(unsigned long), unsigned long data)
{
	memset(t, 0, sizeof(*t));
	t->func = func;
	t->data = data;
	t->owner = owner;
	t->node.kind = UMOD_TNODE_TASKLET;
}

static void kapi_tasklet_setup(struct module *owner, struct tasklet_struct *t,
			       void (*callback)(struct tasklet_struct *))
{
	memset(t, 0, sizeof(*t));
	t->use_callback = true;
	t->callback = callback;
	t->owner = owner;
	t->node.kind = UMOD_TNODE_TASKLET;
}

static void kapi_tasklet_schedule(struct tasklet_struct *t)
{
	if (test_and_set(&t->state, TASKLET_SCHED))
		return;
	umod_tq_lock();
	t->node.kind = UMOD_TNODE_TASKLET;
	if (__atomic_load_n(&t->count.counter, __ATOMIC_SEQ_CST)) {
		/* disabled: parked at once, at the end of the queue */
		test_and_set(&t->state, TASKLET_PARKED);
		umod_tq_add_locked(&t->node, UINT64_MAX);
	} else {
		umod_tq_add_locked(&t->node, 0);
	}
	umod_tq_unlock();
}

static long call_tasklet_fn(void *arg)
{
	struct tasklet_struct *t = arg;

	if (t->use_callback)
		t->callback(t);
	else
		t->func(t->data);
	return 0;
}

/* on the timer thread */
void umod_tasklet_run(struct tasklet_struct *t)
{
	long ret;

	umod_tq_lock();
	if (__atomic_load_n(&t->count.counter, __ATOMIC_SEQ_CST)) {
		/* parked at the end of the queue, where the leftovers see it */
		test_and_set(&t->state, TASKLET_PARKED);
		umod_tq_add_locked(&t->node, UINT64_MAX);
		umod_tq_unlock();
		return;
	}
	umod_tq_unlock();
	test_and_set(&t->state, TASKLET_RUN);
	/* cleared first, so that the callback may schedule it again */
	test_and_clear(&t->state, TASKLET_SCHED);
	umod_softirq_call(t->owner, call_tasklet_fn, t, &ret);
	test_and_clear(&t->state, TASKLET_RUN);
}

static void kapi_tasklet_enable(struct tasklet_struct *t)
{
	if (__atomic_sub_fetch(&t->count.counter, 1, __ATOMIC_SEQ_CST))
		return;
	umod_tq_lock();
	if (test_and_clear(&t->state, TASKLET_PARKED)) {
		umod_tq_del_locked(&t->node);
		umod_tq_add_locked(&t->node, 0);
	}
	umod_tq_unlock();
}

static void kapi_tasklet_unlock_wait(struct tasklet_struct *t)
{
	umod_tq_lock();
	umod_tq_wait_locked(&t->node);
	umod_tq_unlock();
}

/*
 * Waits until a scheduled tasklet has run and none runs, then keeps it
 * from being queued; as the kernel's, it yields in a loop meanwhile.
 */
static void kapi_tasklet_kill(struct tasklet_struct *t)
{
	unsigned int state = umod_task_sleep_begin();

	while (test_and_set(&t->state, TASKLET_SCHED)) {
		if (test_bit(&t->state, TASKLET_PARKED))
			break;	/* disabled: it cannot run; take it back */
		usleep(100);
	}
	umod_tq_lock();
	umod_tq_del_locked(&t->node);
	umod_tq_wait_locked(&t->node);
	umod_tq_unlock();
	__atomic_and_fetch(&t->state, ~((1ul << TASKLET_SCHED) | (1ul << TASKLET_PARKED)),
			   __ATOMIC_SEQ_CST);
	umod_task_sleep_end(state);
}

/* cancels a module's tasklet left scheduled (leftovers); true if it was */
bool umod_tasklet_cancel_locked(struct tasklet_struct *t)
{
	bool was = umod_tq_del_locked(&t->node);

	__atomic_and_fetch(&t->state, ~((1ul << TASKLET_SCHED) | (1ul << TASKLET_PARKED)),
			   __ATOMIC_SEQ_CST);
	return was;
}

static const struct umod_kapi_export softirq_exports[] = {
	UMOD_KAPI("__tasklet_init", kapi_tasklet_init),
	UMOD_KAPI("__tasklet_setup", kapi_tasklet_setup),
	UMOD_KAPI("__tasklet_schedule", kapi_tasklet_schedule),
	UMOD_KAPI("__tasklet_hi_schedule", kapi_tasklet_schedule),
	UMOD_KAPI("tasklet_enable", kapi_tasklet_enable),
	UMOD_KAPI("tasklet_unlock_wait", kapi_tasklet_unlock_wait),
	UMOD_KAPI("tasklet_kill", kapi_tasklet_kill),
};

const struct umod_kapi_table umod_kapi_softirq = UMOD_KAPI_TABLE(softirq_exports);
