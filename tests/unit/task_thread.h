/* SPDX-License-Identifier: MIT */
/*
 * For the tests of the sleeping primitives: a host thread running
 * @fn(@arg) as a task of its own, whose task can be signalled, joined
 * with fn's result.
 */
#ifndef _UMOD_TEST_TASK_THREAD_H
#define _UMOD_TEST_TASK_THREAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "kernel/sched/sched.h"

struct task_thread {
	pthread_t thread;
	struct umod_task *task;
	long (*fn)(void *arg);
	void *arg;
	long ret;
	atomic_int started;
};

static void *task_thread_main(void *p)
{
	struct task_thread *tt = p;

	umod_task_set_current(tt->task);
	atomic_store(&tt->started, 1);
	tt->ret = tt->fn(tt->arg);
	umod_task_set_current(NULL);
	return NULL;
}

/* started and, @settle_ms later, presumably asleep in fn */
static inline int task_thread_start(struct task_thread *tt, long (*fn)(void *), void *arg,
				    unsigned int settle_ms)
{
	tt->fn = fn;
	tt->arg = arg;
	atomic_init(&tt->started, 0);
	if (umod_task_new(&tt->task, "tester", true))
		return -1;
	if (pthread_create(&tt->thread, NULL, task_thread_main, tt)) {
		umod_task_put(tt->task);
		return -1;
	}
	while (!atomic_load(&tt->started))
		usleep(500);
	usleep(settle_ms * 1000);
	return 0;
}

static inline long task_thread_join(struct task_thread *tt)
{
	pthread_join(tt->thread, NULL);
	umod_task_put(tt->task);
	return tt->ret;
}

static inline uint64_t test_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

#endif
