// SPDX-License-Identifier: MIT
/*
 * The load path against dlopen. One cycle of the article's hellop:
 *   umod:   umod_module_insert_file() (map the .ko, validate, lay out,
 *           resolve, relocate, protect, init) + umod_module_remove() (exit,
 *           unmap);
 *   dlopen: dlopen(RTLD_NOW) + dlsym(init_module, cleanup_module) + init +
 *           exit + dlclose() of hellop.so, the same two objects (hellop.o,
 *           hellop.mod.o) linked as a shared library.
 * Both read their file from the page cache, in this process, and take
 * turns cycle by cycle. The shared library's undefined symbols (_printk,
 * param_ops_int, param_ops_charp) resolve to this program's (-rdynamic).
 *
 * Memory, once loaded: the bytes each adds to the process's mappings and
 * to its resident set; and, for hellinit.ko (hellop with __init/__exit),
 * the init region's bytes given back after init, seen from init itself.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <umod/kabi.h>
#include <umod/umod.h>

#include "bench.h"

#define CYCLES		100	/* per variant and round */

/* ---- what hellop.so links against: stand-ins for the host's exports ------ */

int _printk(struct module *mod, const char *fmt, ...);
int _printk(struct module *mod, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return n;
}

const struct kernel_param_ops param_ops_int, param_ops_charp;

/* ---- the process's memory --------------------------------------------------- */

/*
 * Total bytes of every accessible mapping in /proc/self/maps: a PROT_NONE
 * reservation (umod's module area, ld.so's gaps) holds no memory.
 */
static long mapped_bytes(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long lo, hi;
	long sum = 0;
	char line[512], perms[5];

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perms) == 3 && strcmp(perms, "---p"))
			sum += (long)(hi - lo);
	if (f)
		fclose(f);
	return sum;
}

static long resident_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long size = 0, rss = 0;

	if (f) {
		if (fscanf(f, "%ld %ld", &size, &rss) != 2)
			rss = 0;
		fclose(f);
	}
	return rss * sysconf(_SC_PAGESIZE);
}

static long probe_mapped;

/* called by hellinit.ko's init, while its init region is still mapped */
static void bench_probe(void)
{
	probe_mapped = mapped_bytes();
}

/* ---- one cycle of each -------------------------------------------------------- */

static int64_t umod_cycle(struct umod_host *host, const char *path)
{
	uint64_t t0 = bench_now_ns();
	struct umod_module *mod;
	int err = umod_module_insert_file(host, path, NULL, 0, &mod);

	if (err)
		return err;
	err = umod_module_remove(host, "hellop", 0);
	umod_module_unref(mod);
	return err ? err : (int64_t)(bench_now_ns() - t0);
}

static int64_t dlopen_cycle(const char *path)
{
	uint64_t t0 = bench_now_ns();
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	int (*init)(void);
	void (*exit_fn)(void);

	if (!h) {
		fprintf(stderr, "bench loadcycle: %s\n", dlerror());
		return -ENOEXEC;
	}
	init = (int (*)(void))dlsym(h, "init_module");
	exit_fn = (void (*)(void))dlsym(h, "cleanup_module");
	if (!init || !exit_fn || init()) {
		dlclose(h);
		return -ENOEXEC;
	}
	exit_fn();
	dlclose(h);
	return (int64_t)(bench_now_ns() - t0);
}

/* one round: CYCLES of each, alternating; mean microseconds per cycle */
static int round_times(struct umod_host *host, const char *ko, const char *so,
		       double *umod_us, double *dl_us)
{
	int64_t u = 0, d = 0;

	for (int i = 0; i < CYCLES; i++) {
		int64_t a = umod_cycle(host, ko), b = dlopen_cycle(so);

		if (a < 0 || b < 0)
			return -1;
		u += a;
		d += b;
	}
	*umod_us = (double)u / CYCLES / 1000.0;
	*dl_us = (double)d / CYCLES / 1000.0;
	return 0;
}

static int cycles(const struct bench_ctx *ctx, struct umod_host *host)
{
	double *u = calloc(ctx->rounds, sizeof(*u)), *d = calloc(ctx->rounds, sizeof(*d));
	double *r = calloc(ctx->rounds, sizeof(*r));
	char ko[4096], so[4096];
	int ret = -1;

	snprintf(ko, sizeof(ko), "%s/hello/hellop.ko", ctx->objdir);
	snprintf(so, sizeof(so), "%s/hello/hellop.so", ctx->objdir);
	if (!u || !d || !r)
		goto out;
	/* warm the page cache and both loaders */
	if (round_times(host, ko, so, &u[0], &d[0]))
		goto out;
	for (unsigned int i = 0; i < ctx->rounds; i++) {
		if (round_times(host, ko, so, &u[i], &d[i]))
			goto out;
		r[i] = d[i] / u[i];
	}
	bench_report("load_cycle_umod_us", "load cycle: umod (insert+remove hellop.ko)", "us", u, ctx->rounds);
	bench_report("load_cycle_dlopen_us", "load cycle: dlopen+init+exit+dlclose .so", "us", d, ctx->rounds);
	bench_report("load_cycle_speedup_vs_dlopen", "load cycle: dlopen time / umod time", "x", r, ctx->rounds);
	ret = 0;
out:
	if (ret)
		fprintf(stderr, "bench loadcycle: a cycle failed (is %s built?)\n", ko);
	free(u);
	free(d);
	free(r);
	return ret;
}

/* ---- page faults ---------------------------------------------------------------- */

static long minor_faults(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

/* faults per cycle of each, over CYCLES cycles run back to back */
static int faults(const struct bench_ctx *ctx, struct umod_host *host)
{
	double u[1], d[1];
	char ko[4096], so[4096];
	long f0;

	snprintf(ko, sizeof(ko), "%s/hello/hellop.ko", ctx->objdir);
	snprintf(so, sizeof(so), "%s/hello/hellop.so", ctx->objdir);
	f0 = minor_faults();
	for (int i = 0; i < CYCLES; i++)
		if (umod_cycle(host, ko) < 0)
			return -1;
	u[0] = (double)(minor_faults() - f0) / CYCLES;
	f0 = minor_faults();
	for (int i = 0; i < CYCLES; i++)
		if (dlopen_cycle(so) < 0)
			return -1;
	d[0] = (double)(minor_faults() - f0) / CYCLES;
	bench_report("load_cycle_faults_umod", "load cycle: page faults per umod cycle", "faults", u, 1);
	bench_report("load_cycle_faults_dlopen", "load cycle: page faults per dlopen cycle", "faults", d, 1);
	return 0;
}

/* ---- memory ------------------------------------------------------------------- */

struct footprint {
	double mapped, rss, init_freed;
};

static int umod_footprint(struct umod_host *host, const char *path, const char *name,
			  struct footprint *fp)
{
	long m0 = mapped_bytes(), r0 = resident_bytes();
	struct umod_module *mod;

	probe_mapped = 0;
	if (umod_module_insert_file(host, path, NULL, 0, &mod))
		return -1;
	fp->mapped = (double)(mapped_bytes() - m0);
	fp->rss = (double)(resident_bytes() - r0);
	/* during init the .ko's file mapping was there too: count the region only */
	fp->init_freed = probe_mapped ? (double)(probe_mapped - m0) - fp->mapped : 0;
	umod_module_remove(host, name, 0);
	umod_module_unref(mod);
	return 0;
}

static int dlopen_footprint(const char *path, struct footprint *fp)
{
	long m0 = mapped_bytes(), r0 = resident_bytes();
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		return -1;
	fp->mapped = (double)(mapped_bytes() - m0);
	fp->rss = (double)(resident_bytes() - r0);
	fp->init_freed = 0;
	dlclose(h);
	return 0;
}

static int memory(const struct bench_ctx *ctx, struct umod_host *host)
{
	unsigned int n = ctx->rounds;
	double *um = calloc(n, sizeof(double)), *ur = calloc(n, sizeof(double));
	double *dm = calloc(n, sizeof(double)), *dr = calloc(n, sizeof(double));
	double *init = calloc(n, sizeof(double));
	char ko[4096], so[4096], hi[4096];
	struct footprint f;
	int ret = -1;

	snprintf(ko, sizeof(ko), "%s/hello/hellop.ko", ctx->objdir);
	snprintf(so, sizeof(so), "%s/hello/hellop.so", ctx->objdir);
	snprintf(hi, sizeof(hi), "%s/hello/hellinit.ko", ctx->objdir);
	for (unsigned int i = 0; um && ur && dm && dr && init && i < n; i++) {
		if (umod_footprint(host, ko, "hellop", &f))
			goto out;
		um[i] = f.mapped / 1024;
		ur[i] = f.rss / 1024;
		if (dlopen_footprint(so, &f))
			goto out;
		dm[i] = f.mapped / 1024;
		dr[i] = f.rss / 1024;
		if (umod_footprint(host, hi, "hellinit", &f))
			goto out;
		init[i] = f.init_freed / 1024;
	}
	bench_report("mem_umod_mapped_kib", "memory: mapped per loaded hellop.ko", "KiB", um, n);
	bench_report("mem_dlopen_mapped_kib", "memory: mapped per dlopen'd hellop.so", "KiB", dm, n);
	bench_report("mem_umod_rss_kib", "memory: resident per loaded hellop.ko", "KiB", ur, n);
	bench_report("mem_dlopen_rss_kib", "memory: resident per dlopen'd hellop.so", "KiB", dr, n);
	bench_report("mem_init_freed_kib", "memory: init region given back (hellinit)", "KiB", init, n);
	ret = 0;
out:
	free(um);
	free(ur);
	free(dm);
	free(dr);
	free(init);
	return ret;
}

int bench_loadcycle(const struct bench_ctx *ctx)
{
	struct umod_host *host;
	int ret;

	if (umod_host_new(&host) || umod_host_export(host, "bench_probe", (const void *)bench_probe, 0))
		return -1;
	ret = cycles(ctx, host);
	if (!ret)
		ret = faults(ctx, host);
	if (!ret)
		ret = memory(ctx, host);
	umod_host_unref(host);
	return ret;
}
