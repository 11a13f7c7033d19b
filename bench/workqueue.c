// SPDX-License-Identifier: MIT
/*
 * schedule_work() latency: from the call in module code (benchwork.ko) to
 * the first line of the work's function on a kworker thread, against the
 * same hand-over between two plain pthreads (a condition variable signal
 * to a waiting thread): what the workqueue adds over the C library's
 * wake-up. Each round takes the median of SAMPLES hand-overs of each,
 * taking turns.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "bench.h"
#include "benchwork.h"

#define SAMPLES	201

static const struct benchwork_ops *work_registered;

int benchwork_register(const struct benchwork_ops *ops)
{
	work_registered = ops;
	return 0;
}
UMOD_EXPORT_SYMBOL(benchwork_register);

/* the baseline: a waiting pthread woken by a condition variable */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t go, done;
	bool request, finished, quit;
	uint64_t ran_at;
} pt = { .lock = PTHREAD_MUTEX_INITIALIZER, .go = PTHREAD_COND_INITIALIZER,
	  .done = PTHREAD_COND_INITIALIZER };

static void *pt_worker(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&pt.lock);
	for (;;) {
		while (!pt.request && !pt.quit)
			pthread_cond_wait(&pt.go, &pt.lock);
		if (pt.quit)
			break;
		pt.ran_at = bench_now_ns();
		pt.request = false;
		pt.finished = true;
		pthread_cond_signal(&pt.done);
	}
	pthread_mutex_unlock(&pt.lock);
	return NULL;
}

static unsigned long long pt_handover_ns(void)
{
	uint64_t t0;

	pthread_mutex_lock(&pt.lock);
	pt.finished = false;
	t0 = bench_now_ns();
	pt.request = true;
	pthread_cond_signal(&pt.go);
	while (!pt.finished)
		pthread_cond_wait(&pt.done, &pt.lock);
	pthread_mutex_unlock(&pt.lock);
	return pt.ran_at - t0;
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static void one_round(double *work_us, double *pt_us)
{
	unsigned long long w[SAMPLES], p[SAMPLES];

	for (int i = 0; i < SAMPLES; i++) {
		w[i] = work_registered->queue_to_run_ns();
		p[i] = pt_handover_ns();
	}
	qsort(w, SAMPLES, sizeof(w[0]), cmp_ull);
	qsort(p, SAMPLES, sizeof(p[0]), cmp_ull);
	*work_us = (double)w[SAMPLES / 2] / 1000.0;
	*pt_us = (double)p[SAMPLES / 2] / 1000.0;
}

static int measure(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds;
	double *work = calloc(n, sizeof(double)), *plain = calloc(n, sizeof(double));
	double *ratio = calloc(n, sizeof(double));
	pthread_t thread;

	if (!work || !plain || !ratio || pthread_create(&thread, NULL, pt_worker, NULL)) {
		free(work), free(plain), free(ratio);
		return -1;
	}
	one_round(&work[0], &plain[0]);	/* warm up: the kworker starts */
	for (unsigned int r = 0; r < n; r++) {
		one_round(&work[r], &plain[r]);
		ratio[r] = plain[r] > 0 ? work[r] / plain[r] : 0;
	}
	pthread_mutex_lock(&pt.lock);
	pt.quit = true;
	pthread_cond_signal(&pt.go);
	pthread_mutex_unlock(&pt.lock);
	pthread_join(thread, NULL);
	bench_report("schedule_work_latency_us", "schedule_work() to the work running (median)",
		     "us", work, n);
	bench_report("pthread_cond_handover_us", "pthread_cond_signal() to a waiter running",
		     "us", plain, n);
	bench_report("schedule_work_over_pthread", "schedule_work latency / pthread hand-over",
		     "ratio", ratio, n);
	free(work), free(plain), free(ratio);
	return 0;
}

int bench_workqueue(const struct bench_ctx *ctx)
{
	struct umod_host *host;
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/workmod/benchwork.ko", ctx->objdir);
	if (umod_host_new(&host))
		return -1;
	ret = umod_module_insert_file(host, path, NULL, 0, NULL);
	if (ret || !work_registered) {
		fprintf(stderr, "workqueue: cannot load %s: %s\n", path, strerror(-ret));
		umod_host_unref(host);
		return -1;
	}
	ret = measure(ctx);
	umod_host_unref(host);
	return ret;
}
