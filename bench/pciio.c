// SPDX-License-Identifier: MIT
/*
 * Port and memory-mapped I/O through a device model, and DMA, on the pc
 * board (benchio.ko): inb() calls per second on the parallel port,
 * readl() calls per second on the edu device's BAR, each a module's call
 * of the export down to the model's callback under its lock; and the edu
 * device's DMA throughput, 4 KiB each way per round trip (each transfer
 * started by a register write, run on the board's timer thread, polled
 * with readq() until its run bit clears).
 */
#include <stdio.h>
#include <string.h>

#include <umod/umod.h>

#include "bench.h"

#define CALLS		200000
#define DMA_ROUNDS	500
#define DMA_LEN		4096

/* the module runs @n of @what; nanoseconds it took, 0 on failure */
static uint64_t timed(struct umod_host *host, const char *what, unsigned long n)
{
	char cmd[32];
	int len = snprintf(cmd, sizeof(cmd), "%s %lu", what, n);
	uint64_t t0 = bench_now_ns();

	if (umod_sysfs_write(host, "/sys/kernel/debug/benchio", cmd, (size_t)len) != len)
		return 0;
	return bench_now_ns() - t0;
}

static double per_second(unsigned long n, uint64_t ns)
{
	return ns ? (double)n * 1e9 / (double)ns : 0;
}

static void one_round(struct umod_host *host, double m[3])
{
	m[0] = per_second(CALLS, timed(host, "inb", CALLS)) / 1e6;
	m[1] = per_second(CALLS, timed(host, "readl", CALLS)) / 1e6;
	m[2] = per_second(2ul * DMA_ROUNDS * DMA_LEN, timed(host, "dma", DMA_ROUNDS)) / (1 << 20);
}

int bench_pciio(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds;
	double v[3][64], m[3];
	struct umod_host *host;
	char path[4096];
	int ret;

	if (n > 64)
		n = 64;
	snprintf(path, sizeof(path), "%s/iomod/benchio.ko", ctx->objdir);
	if (umod_host_new(&host))
		return -1;
	ret = umod_host_load_board(host, "pc");
	if (!ret)
		ret = umod_module_insert_file(host, path, NULL, 0, NULL);
	if (ret) {
		fprintf(stderr, "pciio: cannot load %s: %s\n", path, strerror(-ret));
		umod_host_unref(host);
		return -1;
	}
	one_round(host, m);	/* warm up */
	for (unsigned int r = 0; r < n; r++) {
		one_round(host, m);
		for (int k = 0; k < 3; k++)
			v[k][r] = m[k];
	}
	bench_report("inb_mcalls_per_s", "inb() through the parport model", "M/s", v[0], n);
	bench_report("readl_mcalls_per_s", "readl() through the edu model", "M/s", v[1], n);
	bench_report("edu_dma_mib_per_s", "edu DMA, 4 KiB each way", "MiB/s", v[2], n);
	umod_host_unref(host);
	return 0;
}
