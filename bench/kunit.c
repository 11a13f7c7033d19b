// SPDX-License-Identifier: MIT
/*
 * The wall time of `umod kunit benchkunit.ko`: the real command, from
 * exec to exit, on a suite of 20 cases (each on its own thread, each
 * allocating with kunit_kzalloc). The time `kunit.py run` takes to build
 * and boot a UML kernel is minutes; it is not measured here.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#include "bench.h"

extern char **environ;

/* one run; -1 if it did not exit 0 */
static int run_once(char *const argv[])
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int st = -1;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0)
		waitpid(pid, &st, 0);
	posix_spawn_file_actions_destroy(&fa);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

int bench_kunit(const struct bench_ctx *ctx)
{
	char umod[4096], ko[4096];
	char *argv[] = { umod, "kunit", ko, NULL };
	double *ms = calloc(ctx->rounds, sizeof(*ms));

	snprintf(umod, sizeof(umod), "%s/../bin/umod", ctx->objdir);
	snprintf(ko, sizeof(ko), "%s/kunit/benchkunit.ko", ctx->objdir);
	if (!ms || run_once(argv) < 0) {	/* a warm-up, and a check */
		fprintf(stderr, "kunit: %s kunit %s failed\n", umod, ko);
		free(ms);
		return -1;
	}
	for (unsigned int r = 0; r < ctx->rounds; r++) {
		uint64_t t0 = bench_now_ns();

		if (run_once(argv) < 0) {
			free(ms);
			return -1;
		}
		ms[r] = (double)(bench_now_ns() - t0) / 1e6;
	}
	bench_report("kunit_20_cases_ms", "umod kunit: a 20-case suite, exec to exit",
		     "ms", ms, ctx->rounds);
	free(ms);
	return 0;
}
