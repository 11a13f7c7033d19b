// SPDX-License-Identifier: MIT
/*
 * Interrupt latency on the rpi4 board: from a write of "pull-up" or
 * "pull-down" to a simulated line's pull file (what a shell does to press
 * a button) to the first line of a module's hard handler (benchirq.ko,
 * GPIO 17), and to its threaded handler on irq/N (GPIO 18). Each round
 * takes SAMPLES edges of each and reports their median and 99th
 * percentile; the write goes through the same sysfs path a FUSE write
 * does, minus FUSE.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "bench.h"
#include "benchirq.h"

#define SAMPLES	201
#define SIM "/sys/devices/platform/soc/fe200000.gpio/gpiochip0/"

static const struct benchirq_ops *irq_registered;

int benchirq_register(const struct benchirq_ops *ops)
{
	irq_registered = ops;
	return 0;
}
UMOD_EXPORT_SYMBOL(benchirq_register);

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* one edge on @line (up, then down, ...); nanoseconds until @seen() moved past the write */
static unsigned long long edge_ns(struct umod_host *host, int line,
				  unsigned long long (*seen)(void))
{
	static int pulled_up[64];
	char path[128];
	const char *v = (pulled_up[line] = !pulled_up[line]) ? "pull-up" : "pull-down";
	unsigned long long before = seen(), t0, t;
	uint64_t wall = bench_now_ns();

	snprintf(path, sizeof(path), SIM "sim_gpio%d/pull", line);
	t0 = irq_registered->now();
	if (umod_sysfs_write(host, path, v, strlen(v)) < 0)
		return 0;
	/* the hard handler has run when the write returns; a thread may still be waking */
	while ((t = seen()) == before) {
		if (bench_now_ns() - wall > 1000000000ull) {
			char buf[4096];
			ssize_t n = umod_sysfs_read(host, "/sys/kernel/debug/gpio", buf, sizeof(buf) - 1);

			buf[n > 0 ? n : 0] = '\0';
			fprintf(stderr, "gpioirq: no interrupt on GPIO %d after 1 s\n%s", line, buf);
			exit(1);
		}
		sched_yield();
	}
	return t > t0 ? t - t0 : 0;
}

static void one_round(struct umod_host *host, double m[4])
{
	unsigned long long h[SAMPLES], th[SAMPLES];

	for (int i = 0; i < SAMPLES; i++) {
		h[i] = edge_ns(host, 17, irq_registered->hard_at);
		th[i] = edge_ns(host, 18, irq_registered->thread_at);
	}
	qsort(h, SAMPLES, sizeof(h[0]), cmp_ull);
	qsort(th, SAMPLES, sizeof(th[0]), cmp_ull);
	m[0] = (double)h[SAMPLES / 2] / 1000.0;
	m[1] = (double)h[SAMPLES * 99 / 100] / 1000.0;
	m[2] = (double)th[SAMPLES / 2] / 1000.0;
	m[3] = (double)th[SAMPLES * 99 / 100] / 1000.0;
}

int bench_gpioirq(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds;
	double *v[4], m[4];
	struct umod_host *host;
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/irqmod/benchirq.ko", ctx->objdir);
	if (umod_host_new(&host))
		return -1;
	ret = umod_host_load_board(host, "rpi4");
	if (!ret)
		ret = umod_module_insert_file(host, path, NULL, 0, NULL);
	if (ret || !irq_registered) {
		fprintf(stderr, "gpioirq: cannot load %s: %s\n", path, strerror(-ret));
		umod_host_unref(host);
		return -1;
	}
	for (int k = 0; k < 4; k++)
		v[k] = calloc(n, sizeof(double));
	one_round(host, m);	/* warm up: the mappings, the thread */
	for (unsigned int r = 0; r < n && v[0] && v[1] && v[2] && v[3]; r++) {
		one_round(host, m);
		for (int k = 0; k < 4; k++)
			v[k][r] = m[k];
	}
	if (v[0] && v[1] && v[2] && v[3]) {
		bench_report("irq_hard_latency_us", "pull write to the hard handler (median)",
			     "us", v[0], n);
		bench_report("irq_hard_latency_p99_us", "pull write to the hard handler (p99)",
			     "us", v[1], n);
		bench_report("irq_thread_latency_us", "pull write to the threaded handler (median)",
			     "us", v[2], n);
		bench_report("irq_thread_latency_p99_us", "pull write to the threaded handler (p99)",
			     "us", v[3], n);
	}
	for (int k = 0; k < 4; k++)
		free(v[k]);
	umod_host_unref(host);
	return 0;
}
