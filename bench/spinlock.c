// SPDX-License-Identifier: MIT
/*
 * An uncontended spin_lock()+spin_unlock() pair, called from module code
 * (benchspin.ko), against a pthread_spin_lock()+pthread_spin_unlock()
 * pair on one thread: what the kernel's locking costs a module over the
 * C library's bare spin lock (the preempt_count() kept per task, the
 * call into the host). The two take turns within each round.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "bench.h"
#include "benchspin.h"

#define PAIRS	(1ul << 21)

static const struct benchspin_ops *spin_registered;
static pthread_spinlock_t plain;
static unsigned long plain_counter;

int benchspin_register(const struct benchspin_ops *ops)
{
	spin_registered = ops;
	return 0;
}
UMOD_EXPORT_SYMBOL(benchspin_register);

static __attribute__((noinline)) unsigned long pthread_pairs(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		pthread_spin_lock(&plain);
		plain_counter++;
		pthread_spin_unlock(&plain);
	}
	return plain_counter;
}

/* nanoseconds per pair */
static double time_pairs(unsigned long (*loop)(unsigned long))
{
	uint64_t t0 = bench_now_ns();

	loop(PAIRS);
	return (double)(bench_now_ns() - t0) / PAIRS;
}

static int measure(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds;
	double *spin = calloc(n, sizeof(double)), *pt = calloc(n, sizeof(double));
	double *ratio = calloc(n, sizeof(double));

	if (!spin || !pt || !ratio) {
		free(spin), free(pt), free(ratio);
		return -1;
	}
	time_pairs(spin_registered->spin_pairs);	/* warm up */
	time_pairs(pthread_pairs);
	for (unsigned int r = 0; r < n; r++) {
		if (r & 1) {
			pt[r] = time_pairs(pthread_pairs);
			spin[r] = time_pairs(spin_registered->spin_pairs);
		} else {
			spin[r] = time_pairs(spin_registered->spin_pairs);
			pt[r] = time_pairs(pthread_pairs);
		}
		ratio[r] = spin[r] / pt[r];
	}
	bench_report("spin_lock_pair_ns", "spin_lock+spin_unlock from a module, uncontended", "ns",
		     spin, n);
	bench_report("pthread_spin_pair_ns", "pthread_spin_lock+unlock, uncontended", "ns", pt, n);
	bench_report("spin_lock_over_pthread", "spin_lock pair / pthread_spin pair (target <= 1.2)",
		     "ratio", ratio, n);
	free(spin), free(pt), free(ratio);
	return 0;
}

int bench_spinlock(const struct bench_ctx *ctx)
{
	struct umod_host *host;
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/spinmod/benchspin.ko", ctx->objdir);
	pthread_spin_init(&plain, PTHREAD_PROCESS_PRIVATE);
	if (umod_host_new(&host))
		return -1;
	ret = umod_module_insert_file(host, path, NULL, 0, NULL);
	if (ret || !spin_registered) {
		fprintf(stderr, "spinlock: cannot load %s: %s\n", path, strerror(-ret));
		umod_host_unref(host);
		return -1;
	}
	ret = measure(ctx);
	umod_host_unref(host);
	return ret;
}
