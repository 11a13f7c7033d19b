// SPDX-License-Identifier: MIT
/*
 * What a host of a genuine kernel costs (umod_host_set_abi(), --abi
 * debian-6.1), beside a plain host, alternating round by round:
 *   - the load cycle of the article's hellop.ko in each: in the genuine
 *     host its module area is in the low 2 GiB, signatures are checked
 *     (hellop has none: E) and a thread entering module code sets its GS
 *     base once;
 *   - the load cycle of Debian's own crc7.ko (thunks, its signature
 *     verified with the kernel's certificate), and of nls_cp437.ko
 *     (registers its table in its init);
 *   - setting a thread's GS base: one arch_prctl(ARCH_SET_GS).
 * Debian's packages come from scripts/debian-packages.sh, as the e2e
 * cases get them; without them the figures are skipped.
 */
#include <asm/prctl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <umod/umod.h>

#include "bench.h"

#define CYCLES		100
#define GS_CALLS	10000

struct debian {
	char modules[4600], headers[4600], certs[4600], skipped[4600];
};

/* scripts/debian-packages.sh's answer; 0, or -1 with ->skipped said */
static int find_debian(const struct bench_ctx *ctx, struct debian *d)
{
	char cmd[8192], line[4600];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s/../../scripts/debian-packages.sh %s/..", ctx->objdir,
		 ctx->objdir);
	memset(d, 0, sizeof(*d));
	p = popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "modules=", 8))
			snprintf(d->modules, sizeof(d->modules), "%s", line + 8);
		else if (!strncmp(line, "headers=", 8))
			snprintf(d->headers, sizeof(d->headers), "%s", line + 8);
		else if (!strncmp(line, "certs=", 6))
			snprintf(d->certs, sizeof(d->certs), "%s", line + 6);
		else if (!strncmp(line, "skipped=", 8))
			snprintf(d->skipped, sizeof(d->skipped), "%s", line + 8);
	}
	if (p)
		pclose(p);
	if (!d->skipped[0] && !d->headers[0])
		snprintf(d->skipped, sizeof(d->skipped), "scripts/debian-packages.sh failed");
	return d->skipped[0] ? -1 : 0;
}

static int64_t cycle(struct umod_host *host, const char *path, const char *name)
{
	uint64_t t0 = bench_now_ns();
	int err = umod_module_insert_file(host, path, NULL, 0, NULL);

	if (!err)
		err = umod_module_remove(host, name, 0);
	if (err)
		fprintf(stderr, "bench genuine: %s: %s\n", path, strerror(-err));
	return err ? err : (int64_t)(bench_now_ns() - t0);
}

/* mean microseconds of CYCLES cycles; -1 on a failed one */
static double mean_us(struct umod_host *host, const char *path, const char *name)
{
	int64_t sum = 0;

	for (int i = 0; i < CYCLES; i++) {
		int64_t t = cycle(host, path, name);

		if (t < 0)
			return -1;
		sum += t;
	}
	return (double)sum / CYCLES / 1000.0;
}

static void quiet(void *data, uint64_t seq, int level, uint64_t ts, const char *text, size_t len)
{
}

static struct umod_host *host_new(const struct debian *d)
{
	struct umod_host *host;

	if (umod_host_new(&host))
		return NULL;
	umod_host_set_log_fn(host, quiet, NULL);
	if (d && (umod_host_set_abi(host, "debian-6.1", d->headers) ||
		  umod_host_add_keys(host, d->certs) < 0)) {
		umod_host_unref(host);
		return NULL;
	}
	return host;
}

/* ns per arch_prctl(ARCH_SET_GS), back to the same base */
static double gs_ns(void)
{
	static char area[64];
	unsigned long old = 0;
	uint64_t t0;

	syscall(SYS_arch_prctl, ARCH_GET_GS, &old);
	t0 = bench_now_ns();
	for (int i = 0; i < GS_CALLS; i++)
		syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)area);
	t0 = bench_now_ns() - t0;
	syscall(SYS_arch_prctl, ARCH_SET_GS, old);
	return (double)t0 / GS_CALLS;
}

struct samples {
	double *plain, *abi, *ratio, *crc7, *nls, *gs;
};

static int rounds(const struct bench_ctx *ctx, const struct debian *d, struct samples *s)
{
	struct umod_host *plain = host_new(NULL), *abi = host_new(d);
	char hello[4096], crc7[4700], nls[4700];
	int ret = -1;

	snprintf(hello, sizeof(hello), "%s/hello/hellop.ko", ctx->objdir);
	snprintf(crc7, sizeof(crc7), "%s/kernel/lib/crc7.ko", d->modules);
	snprintf(nls, sizeof(nls), "%s/kernel/fs/nls/nls_cp437.ko", d->modules);
	if (!plain || !abi || mean_us(plain, hello, "hellop") < 0 ||
	    mean_us(abi, hello, "hellop") < 0)	/* warm both */
		goto out;
	for (unsigned int i = 0; i < ctx->rounds; i++) {
		s->plain[i] = mean_us(plain, hello, "hellop");
		s->abi[i] = mean_us(abi, hello, "hellop");
		s->crc7[i] = mean_us(abi, crc7, "crc7");
		s->nls[i] = mean_us(abi, nls, "nls_cp437");
		s->gs[i] = gs_ns();
		if (s->plain[i] < 0 || s->abi[i] < 0 || s->crc7[i] < 0 || s->nls[i] < 0)
			goto out;
		s->ratio[i] = s->abi[i] / s->plain[i];
	}
	ret = 0;
out:
	umod_host_unref(plain);
	umod_host_unref(abi);
	return ret;
}

int bench_genuine(const struct bench_ctx *ctx)
{
	unsigned int n = ctx->rounds;
	double *v = calloc(6 * (size_t)n, sizeof(double));
	struct samples s = { v, v + n, v + 2 * n, v + 3 * n, v + 4 * n, v + 5 * n };
	struct debian d;
	int ret;

	if (!v)
		return -1;
	if (find_debian(ctx, &d)) {
		printf("%-44s skipped: %s\n", "genuine modules", d.skipped);
		free(v);
		return 0;
	}
	ret = rounds(ctx, &d, &s);
	if (ret) {
		fprintf(stderr, "bench genuine: a load cycle failed\n");
	} else {
		bench_report("genuine_hellop_plain_us", "load cycle: hellop.ko, plain host", "us", s.plain, n);
		bench_report("genuine_hellop_abi_us", "load cycle: hellop.ko, --abi debian-6.1 host", "us", s.abi, n);
		bench_report("genuine_hellop_abi_over_plain", "load cycle: --abi host / plain host", "x", s.ratio, n);
		bench_report("genuine_crc7_us", "load cycle: Debian's crc7.ko, signature checked", "us", s.crc7, n);
		bench_report("genuine_nls_cp437_us", "load cycle: Debian's nls_cp437.ko", "us", s.nls, n);
		bench_report("genuine_set_gs_ns", "a thread's GS base: arch_prctl(ARCH_SET_GS)", "ns", s.gs, n);
	}
	free(v);
	return ret;
}
