// SPDX-License-Identifier: MIT
/*
 * The use count's cost: a try_module_get()+module_put() pair, inline in
 * module code (benchref.ko) as any user of a module's ops has it, against
 * a plain atomic increment+decrement pair in the same module; then both
 * from two threads at once on the same module. The striped count gives
 * each thread its own cache line, so two threads should do nearly twice
 * the pairs one does; a shared atomic cannot (its line bounces). Each
 * round times the four variants back to back, in a rotated order.
 */
#define _GNU_SOURCE		/* pthread_setaffinity_np */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <umod/umod.h>

#include "bench.h"
#include "benchref.h"

#define PAIRS		(2ul << 20)	/* per thread and measurement */
#define NUM_VARIANTS	4

static const struct benchref_ops *registered;

int benchref_register(const struct benchref_ops *ops)
{
	registered = ops;
	return 0;
}
UMOD_EXPORT_SYMBOL(benchref_register);

struct variant {
	bool refcount;		/* else the plain atomic */
	int threads;
};

static const struct variant variants[NUM_VARIANTS] = {
	{ true, 1 }, { false, 1 }, { true, 2 }, { false, 2 },
};

struct worker {
	unsigned long (*loop)(unsigned long n);
	pthread_barrier_t *start;
	unsigned long failed;
	uint64_t cpu_ns;	/* the thread's own CPU time for its loop */
};

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void *work(void *p)
{
	struct worker *w = p;
	uint64_t t0;

	pthread_barrier_wait(w->start);
	t0 = thread_cpu_ns();
	w->failed = w->loop(PAIRS);
	w->cpu_ns = thread_cpu_ns() - t0;
	return NULL;
}

/*
 * Thread @i on the @i-th CPU this process may use: a new thread starts on
 * its creator's CPU, and a loop of a few milliseconds ends before the
 * scheduler would move it, so two unpinned threads often share one.
 */
static void pin(pthread_t t, int i)
{
	cpu_set_t allowed, one;
	int seen = 0;

	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		return;
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &allowed) || seen++ != i)
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		pthread_setaffinity_np(t, sizeof(one), &one);
		return;
	}
}

/*
 * One variant's wall-clock time per pair and thread, and how much CPU its
 * threads got: busy is their CPU time over the wall time, 1 per thread
 * that ran all along. On a machine busy with other work two threads may
 * share one CPU, and a thread may wait for one: such a round says nothing
 * about scaling.
 */
struct timing {
	double wall;
	double busy;
};

static int time_variant(const struct variant *v, struct timing *tm)
{
	pthread_barrier_t start;
	struct worker w[2];
	pthread_t t[2];
	uint64_t t0, cpu = 0;
	bool bad = false;

	pthread_barrier_init(&start, NULL, (unsigned int)v->threads + 1);
	for (int i = 0; i < v->threads; i++) {
		w[i] = (struct worker){ v->refcount ? registered->ref_pairs : registered->atomic_pairs,
					&start, 0, 0 };
		if (pthread_create(&t[i], NULL, work, &w[i]))
			return -1;
		pin(t[i], i);
	}
	pthread_barrier_wait(&start);
	t0 = bench_now_ns();
	for (int i = 0; i < v->threads; i++) {
		pthread_join(t[i], NULL);
		bad |= w[i].failed != 0;
		cpu += w[i].cpu_ns;
	}
	t0 = bench_now_ns() - t0;
	pthread_barrier_destroy(&start);
	tm->wall = (double)t0 / PAIRS;
	tm->busy = (double)cpu / (double)t0;
	return bad ? -1 : 0;
}

static int round_of(unsigned int r, struct timing tm[NUM_VARIANTS])
{
	for (int j = 0; j < NUM_VARIANTS; j++) {
		int k = (int)((r + (unsigned int)j) % NUM_VARIANTS);

		if (time_variant(&variants[k], &tm[k]))
			return -1;
	}
	return 0;
}

/* what is reported, one sample per round (scaling: per usable round) */
enum {
	REF_1, ATOMIC_1, REF_OVER_ATOMIC, REF_2, ATOMIC_2, REF_SCALING, ATOMIC_SCALING,
	NUM_FIGURES
};

static const struct {
	const char *metric, *what, *unit;
} figures[NUM_FIGURES] = {
	[REF_1] = { "refcount_pair_ns_1thread", "try_module_get+module_put, 1 thread", "ns" },
	[ATOMIC_1] = { "atomic_pair_ns_1thread", "atomic inc+dec pair, 1 thread", "ns" },
	[REF_OVER_ATOMIC] = { "refcount_pair_over_atomic", "refcount pair / atomic pair, 1 thread", "ratio" },
	[REF_2] = { "refcount_pair_ns_2threads", "refcount pair, 2 threads (wall / pairs each)", "ns" },
	[ATOMIC_2] = { "atomic_pair_ns_2threads", "atomic pair, 2 threads (wall / pairs each)", "ns" },
	[REF_SCALING] = { "refcount_2thread_scaling", "refcount: 2-thread / 1-thread throughput", "ratio" },
	[ATOMIC_SCALING] = { "atomic_2thread_scaling", "atomic: 2-thread / 1-thread throughput", "ratio" },
};

/* every thread of the round had a CPU to itself (nearly) all along */
static bool usable(const struct timing tm[NUM_VARIANTS])
{
	for (int k = 0; k < NUM_VARIANTS; k++)
		if (tm[k].busy < 0.9 * variants[k].threads)
			return false;
	return true;
}

static void sample(const struct timing tm[NUM_VARIANTS], double *v[NUM_FIGURES],
		   unsigned int r, unsigned int *u)
{
	v[REF_1][r] = tm[0].wall;
	v[ATOMIC_1][r] = tm[1].wall;
	v[REF_OVER_ATOMIC][r] = tm[0].wall / tm[1].wall;
	v[REF_2][r] = tm[2].wall;
	v[ATOMIC_2][r] = tm[3].wall;
	if (!usable(tm))
		return;
	/* two threads do 2 * PAIRS in one variant's wall-clock time */
	v[REF_SCALING][*u] = 2 * tm[0].wall / tm[2].wall;
	v[ATOMIC_SCALING][*u] = 2 * tm[1].wall / tm[3].wall;
	(*u)++;
}

static void report(double *v[NUM_FIGURES], unsigned int n, unsigned int usable_rounds)
{
	for (int i = 0; i < NUM_FIGURES; i++)
		bench_report(figures[i].metric, figures[i].what, figures[i].unit, v[i],
			     i >= REF_SCALING ? usable_rounds : n);
	printf("  (scaling from the %u of %u rounds in which every thread had a CPU)\n",
	       usable_rounds, n);
}

/* rounds are short: four times the harness's, for more usable ones */
#define ROUNDS_PER_ROUND	4

static int measure(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds * ROUNDS_PER_ROUND, u = 0;
	struct timing tm[NUM_VARIANTS];
	double *v[NUM_FIGURES];
	int ret;

	for (int i = 0; i < NUM_FIGURES; i++)
		v[i] = calloc(n, sizeof(*v[i]));
	ret = round_of(0, tm);		/* unmeasured: threads, caches, stripes warm up */
	for (unsigned int r = 0; r < n && !ret; r++) {
		ret = round_of(r, tm);
		sample(tm, v, r, &u);
	}
	if (ret)
		fprintf(stderr, "refcount: a measurement failed (thread, or a refused get)\n");
	else
		report(v, n, u);
	for (int i = 0; i < NUM_FIGURES; i++)
		free(v[i]);
	return ret;
}

int bench_refcount(const struct bench_ctx *ctx)
{
	struct umod_host *host;
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/refmod/benchref.ko", ctx->objdir);
	if (umod_host_new(&host))
		return -1;
	ret = umod_module_insert_file(host, path, NULL, 0, NULL);
	if (ret || !registered) {
		fprintf(stderr, "refcount: cannot load %s: %s\n", path, strerror(-ret));
		umod_host_unref(host);
		return -1;
	}
	ret = measure(ctx);
	umod_host_unref(host);
	return ret;
}
