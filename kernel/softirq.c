// SPDX-License-Identifier: MIT
/*
 * Tasklets, run in softirq context on the timer thread
 * (kernel/time/timer.c): __tasklet_schedule() queues one at once, ahead of
 * the timers waiting for their time, so a tasklet never runs twice at
 * once and runs once however often it was scheduled before it ran, as in
 * the kernel. A disabled tasklet that comes up is parked (a host-only
 * state bit) and looked at again a tick later, until the inline
 * tasklet_enable() has dropped its count; the kernel's tasklet_action()
 * puts it back on its list and raises the softirq again.
 */
#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

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

static void kapi_tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long),
			      unsigned long data)
{
	memset(t, 0, sizeof(*t));
	t->func = func;
	t->data = data;
}

static void kapi_tasklet_setup(struct tasklet_struct *t,
			       void (*callback)(struct tasklet_struct *))
{
	memset(t, 0, sizeof(*t));
	t->use_callback = true;
	t->callback = callback;
}

static const void *tasklet_fn(const struct tasklet_struct *t)
{
	return t->use_callback ? (const void *)t->callback : (const void *)t->func;
}

/*
 * The inline tasklet_schedule() has set TASKLET_STATE_SCHED: queued to run
 * now (a disabled one is parked when it comes up).
 */
static void schedule_as(struct tasklet_struct *t, struct module *caller)
{
	struct module *owner = umod_callback_owner(caller, tasklet_fn(t));

	test_and_set(&t->state, TASKLET_SCHED);
	umod_tq_lock();
	if (!umod_tq_queued_locked(t))
		umod_tq_add_locked(t, UMOD_TNODE_TASKLET, owner, 0);
	umod_tq_unlock();
}

static void kapi_tasklet_schedule(struct tasklet_struct *t)
{
	schedule_as(t, UMOD_CALLER());
}

static void kapi_tasklet_hi_schedule(struct tasklet_struct *t)
{
	schedule_as(t, UMOD_CALLER());
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
void umod_tasklet_run(struct tasklet_struct *t, struct module *owner)
{
	long ret;

	if (__atomic_load_n(&t->count.counter, __ATOMIC_SEQ_CST)) {
		/* disabled: parked, looked at again a tick later */
		test_and_set(&t->state, TASKLET_PARKED);
		umod_tq_lock();
		if (!umod_tq_queued_locked(t))
			umod_tq_add_locked(t, UMOD_TNODE_TASKLET, owner,
					   umod_ns_since_boot() + 1000000000u / UMOD_HZ);
		umod_tq_unlock();
		return;
	}
	test_and_clear(&t->state, TASKLET_PARKED);
	test_and_set(&t->state, TASKLET_RUN);
	/* cleared first, so that the callback may schedule it again */
	test_and_clear(&t->state, TASKLET_SCHED);
	umod_softirq_call(owner, call_tasklet_fn, t, &ret);
	test_and_clear(&t->state, TASKLET_RUN);
}

static void kapi_tasklet_unlock(struct tasklet_struct *t)
{
	test_and_clear(&t->state, TASKLET_RUN);
}

static void kapi_tasklet_unlock_wait(struct tasklet_struct *t)
{
	umod_tq_lock();
	umod_tq_wait_locked(t);
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
	umod_tq_del_locked(t);
	umod_tq_wait_locked(t);
	umod_tq_unlock();
	__atomic_and_fetch(&t->state, ~((1ul << TASKLET_SCHED) | (1ul << TASKLET_PARKED)),
			   __ATOMIC_SEQ_CST);
	umod_task_sleep_end(state);
}

/* cancels a module's tasklet left scheduled (leftovers); true if it was */
bool umod_tasklet_cancel_locked(struct tasklet_struct *t)
{
	bool was = umod_tq_del_locked(t);

	__atomic_and_fetch(&t->state, ~((1ul << TASKLET_SCHED) | (1ul << TASKLET_PARKED)),
			   __ATOMIC_SEQ_CST);
	return was;
}

static const struct umod_kapi_export softirq_exports[] = {
	UMOD_KAPI("tasklet_init", kapi_tasklet_init),
	UMOD_KAPI("tasklet_setup", kapi_tasklet_setup),
	UMOD_KAPI("__tasklet_schedule", kapi_tasklet_schedule),
	UMOD_KAPI("__tasklet_hi_schedule", kapi_tasklet_hi_schedule),
	UMOD_KAPI_GPL("tasklet_unlock", kapi_tasklet_unlock),
	UMOD_KAPI_GPL("tasklet_unlock_wait", kapi_tasklet_unlock_wait),
	UMOD_KAPI("tasklet_unlock_spin_wait", kapi_tasklet_unlock_wait),
	UMOD_KAPI("tasklet_kill", kapi_tasklet_kill),
};

const struct umod_kapi_table umod_kapi_softirq = UMOD_KAPI_TABLE(softirq_exports);
