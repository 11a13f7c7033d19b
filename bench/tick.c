// SPDX-License-Identifier: MIT
/*
 * What the jiffies tick costs (kernel/time/jiffies.c): the process's CPU
 * time over an idle stretch while a module holding the tick is loaded,
 * against the same stretch without it. The tick is taken directly, as
 * the loader takes it for a module that references jiffies; the two take
 * turns within each round. Linux's own tick costs every CPU 250
 * interrupts a second whatever runs (CONFIG_NO_HZ_IDLE spares idle CPUs).
 */
#include <time.h>

#include "bench.h"

#define IDLE_MS		200

/* kernel/time/jiffies.c, reached in libumod.a as the loader reaches it */
void umod_jiffies_tick_get(void);
void umod_jiffies_tick_put(void);

static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* CPU microseconds per second of an idle stretch, with or without the tick */
static double idle_cost(bool tick)
{
	struct timespec ts = { 0, IDLE_MS * 1000000L };
	uint64_t c0;

	if (tick)
		umod_jiffies_tick_get();
	c0 = cpu_ns();
	while (nanosleep(&ts, &ts))
		;
	c0 = cpu_ns() - c0;
	if (tick)
		umod_jiffies_tick_put();
	return (double)c0 / 1000.0 * (1000.0 / IDLE_MS);
}

int bench_tick(const struct bench_ctx *ctx)
{
	double with[64], without[64], extra[64];
	unsigned int n = ctx->rounds < 64 ? ctx->rounds : 64;

	for (unsigned int i = 0; i < n; i++) {
		with[i] = idle_cost(true);
		without[i] = idle_cost(false);
		extra[i] = with[i] - without[i];
	}
	bench_report("tick_cpu_us_per_s", "jiffies tick: process CPU per second, module loaded",
		     "us/s", with, n);
	bench_report("tick_idle_us_per_s", "jiffies tick: process CPU per second, no module",
		     "us/s", without, n);
	bench_report("tick_extra_us_per_s", "jiffies tick: its own cost (250 wake-ups/s)",
		     "us/s", extra, n);
	return 0;
}
