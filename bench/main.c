// SPDX-License-Identifier: MIT
/*
 * umod-bench: runs every benchmark, prints one table of medians and
 * spreads, and writes results.tsv for scripts.
 *
 *   umod-bench OBJDIR [NAME...]      (BENCH_ROUNDS=N overrides the rounds)
 *   umod-bench OBJDIR --cycles umod|dlopen N   (the load cycles that
 *                                    callgrind and strace count)
 *   umod-bench OBJDIR --scale-loads chains N   (N chained loads, for
 *                                    callgrind)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

static const struct bench benches[] = {
	{ "loadcycle", bench_loadcycle },
	{ "symtab", bench_symtab },
	{ "modtree", bench_modtree },
	{ "refcount", bench_refcount },
	{ "kmalloc", bench_kmalloc },
	{ "spinlock", bench_spinlock },
	{ "workqueue", bench_workqueue },
	{ "gpioirq", bench_gpioirq },
	{ "pciio", bench_pciio },
	{ "fsread", bench_fsread },
	{ "devmmap", bench_devmmap },
	{ "kunit", bench_kunit },
	{ "sigverify", bench_sigverify },
	{ "scale", bench_scale },
	{ "tick", bench_tick },
	{ "genuine", bench_genuine },
	{ "blkdisk", bench_blkdisk },
	{ "tapnet", bench_tapnet },
};

static FILE *tsv;

uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int bench_spawn(char *const argv[])
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		dup2(null, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* linear interpolation between closest ranks; @v sorted */
static double quantile(const double *v, size_t n, double q)
{
	double pos = q * (double)(n - 1);
	size_t i = (size_t)pos;

	return i + 1 < n ? v[i] + (pos - (double)i) * (v[i + 1] - v[i]) : v[n - 1];
}

void bench_report(const char *metric, const char *what, const char *unit,
		  double *samples, size_t n)
{
	double med, iqr;

	if (!n)
		return;
	qsort(samples, n, sizeof(*samples), cmp_double);
	med = quantile(samples, n, 0.5);
	iqr = quantile(samples, n, 0.75) - quantile(samples, n, 0.25);
	printf("%-44s %12.3f %-6s +-%5.1f%%  (n=%zu)\n", what, med, unit,
	       med ? 50.0 * iqr / med : 0.0, n);
	fflush(stdout);
	if (tsv)
		fprintf(tsv, "%s\t%.6g\t%s\n", metric, med, unit);
}

static bool wanted(int argc, char *argv[], const char *name)
{
	if (argc <= 2)
		return true;
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

int main(int argc, char *argv[])
{
	struct bench_ctx ctx = { .rounds = 15 };
	const char *rounds = getenv("BENCH_ROUNDS");
	char path[4096];
	int ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: umod-bench OBJDIR [NAME...]\n");
		return 2;
	}
	ctx.objdir = argv[1];
	if (argc == 5 && !strcmp(argv[2], "--cycles"))
		return bench_loadcycle_child(argv[1], argv[3], atoi(argv[4]));
	if (argc == 5 && !strcmp(argv[2], "--scale-loads"))
		return bench_scale_child(argv[1], atoi(argv[4]));
	if (rounds && atoi(rounds) > 2)
		ctx.rounds = (unsigned int)atoi(rounds);
	snprintf(path, sizeof(path), "%s/results.tsv", ctx.objdir);
	tsv = fopen(path, "w");
	if (!tsv) {
		fprintf(stderr, "umod-bench: %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("%-44s %12s %-6s %8s   (median of rounds; spread: half the IQR)\n",
	       "benchmark", "median", "unit", "spread");
	for (size_t i = 0; i < sizeof(benches) / sizeof(benches[0]); i++)
		if (wanted(argc, argv, benches[i].name) && benches[i].run(&ctx))
			ret = 1;
	fclose(tsv);
	printf("results: %s\n", path);
	return ret;
}
