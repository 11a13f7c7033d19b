// SPDX-License-Identifier: MIT
/*
 * What owning memory costs: kmalloc(64)+kfree() called from module code
 * (benchkm.ko), with its header, magic check and per-site counting,
 * against the C library's malloc(64)+free() called from the same module
 * through a host export, alike. Each round times both, in turns.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "bench.h"
#include "benchkm.h"

#define PAIRS		(1ul << 20)	/* per measurement */
#define SIZE		64

static const struct benchkm_ops *registered;

int benchkm_register(const struct benchkm_ops *ops)
{
	registered = ops;
	return 0;
}
UMOD_EXPORT_SYMBOL(benchkm_register);

void *benchkm_malloc(unsigned long size)
{
	return malloc(size);
}
UMOD_EXPORT_SYMBOL(benchkm_malloc);

void benchkm_free(void *p)
{
	free(p);
}
UMOD_EXPORT_SYMBOL(benchkm_free);

/* ns per pair, or a negative value when an allocation failed */
static double time_loop(unsigned long (*loop)(unsigned long, unsigned long))
{
	uint64_t t0 = bench_now_ns();

	if (loop(PAIRS, SIZE))
		return -1;
	return (double)(bench_now_ns() - t0) / PAIRS;
}

static int measure(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds;
	double *km = calloc(n, sizeof(double)), *m = calloc(n, sizeof(double));
	double *ratio = calloc(n, sizeof(double));
	int ret = km && m && ratio ? 0 : -1;

	time_loop(registered->kmalloc_pairs);	/* unmeasured: sites, slots, caches warm up */
	time_loop(registered->malloc_pairs);
	for (unsigned int r = 0; r < n && !ret; r++) {
		bool kfirst = r & 1;

		if (kfirst)
			km[r] = time_loop(registered->kmalloc_pairs);
		m[r] = time_loop(registered->malloc_pairs);
		if (!kfirst)
			km[r] = time_loop(registered->kmalloc_pairs);
		ratio[r] = km[r] / m[r];
		ret = km[r] < 0 || m[r] < 0 ? -1 : 0;
	}
	if (ret) {
		fprintf(stderr, "kmalloc: an allocation failed\n");
	} else {
		bench_report("kmalloc_pair_ns", "kmalloc(64)+kfree from a module", "ns", km, n);
		bench_report("malloc_pair_ns", "malloc(64)+free from a module", "ns", m, n);
		bench_report("kmalloc_over_malloc", "kmalloc pair / malloc pair", "ratio", ratio, n);
	}
	free(km);
	free(m);
	free(ratio);
	return ret;
}

int bench_kmalloc(const struct bench_ctx *ctx)
{
	struct umod_host *host;
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/kmmod/benchkm.ko", ctx->objdir);
	if (umod_host_new(&host))
		return -1;
	ret = umod_module_insert_file(host, path, NULL, 0, NULL);
	if (ret || !registered) {
		fprintf(stderr, "kmalloc: cannot load %s: %s\n", path, strerror(-ret));
		umod_host_unref(host);
		return -1;
	}
	ret = measure(ctx);
	umod_host_unref(host);
	return ret;
}
