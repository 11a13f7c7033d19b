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
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <umod/kabi.h>
#include <umod/umod.h>

#include "bench.h"

#define CYCLES		100	/* per variant and round */

/* ---- what hellop.so links against: stand-ins for the host's exports ------ */

int _printk(const char *fmt, ...);
int _printk(const char *fmt, ...)
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

/* insert and remove hellop: the cycle both the timing and callgrind count */
static int umod_once(struct umod_host *host, const char *path)
{
	struct umod_module *mod;
	int err = umod_module_insert_file(host, path, NULL, 0, &mod);

	if (err)
		return err;
	err = umod_module_remove(host, "hellop", 0);
	umod_module_unref(mod);
	return err;
}

/* dlopen, the two lookups, init, exit, dlclose */
static int dlopen_once(const char *path)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	int (*init)(void);
	void (*exit_fn)(void);

	if (!h)
		return -ENOEXEC;
	init = (int (*)(void))dlsym(h, "init_module");
	exit_fn = (void (*)(void))dlsym(h, "cleanup_module");
	if (!init || !exit_fn || init()) {
		dlclose(h);
		return -ENOEXEC;
	}
	exit_fn();
	return dlclose(h) ? -ENOEXEC : 0;
}

static int64_t umod_cycle(struct umod_host *host, const char *path)
{
	uint64_t t0 = bench_now_ns();
	int err = umod_once(host, path);

	return err ? err : (int64_t)(bench_now_ns() - t0);
}

static int64_t dlopen_cycle(const char *path)
{
	uint64_t t0 = bench_now_ns();
	int err = dlopen_once(path);
	const char *why = err ? dlerror() : NULL;

	if (why)
		fprintf(stderr, "bench loadcycle: %s\n", why);
	return err ? err : (int64_t)(bench_now_ns() - t0);
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

/* ---- instructions and system calls per cycle ------------------------------- */

/*
 * The cycles counted by callgrind (--toggle-collect names these two) and by
 * strace (between two marker writes). Not static and never inlined, so that
 * their names are in the symbol table; the timing of umod_cycle() is left
 * out, as is the first, warming cycle of each (the loaders' lazy binding).
 */
__attribute__((noinline)) int bench_instr_umod(struct umod_host *host, const char *path);
__attribute__((noinline)) int bench_instr_umod(struct umod_host *host, const char *path)
{
	return umod_once(host, path);
}

__attribute__((noinline)) int bench_instr_dlopen(const char *path);
__attribute__((noinline)) int bench_instr_dlopen(const char *path)
{
	return dlopen_once(path);
}

/* a system call strace shows, that marks where the counted cycles are */
static void strace_mark(const char *what)
{
	ssize_t r = write(-1, what, strlen(what));

	(void)r;
}

/*
 * The child's side: umod-bench OBJDIR --cycles umod|dlopen N. One warming
 * cycle through the other entry (umod_cycle/dlopen_cycle), then N counted.
 */
int bench_loadcycle_child(const char *objdir, const char *which, int n)
{
	struct umod_host *host = NULL;
	bool um = !strcmp(which, "umod");
	char path[4096];
	int err = 0;

	snprintf(path, sizeof(path), "%s/hello/hellop.%s", objdir, um ? "ko" : "so");
	if (um && umod_host_new(&host))
		return 1;
	if ((um ? umod_cycle(host, path) : dlopen_cycle(path)) < 0)
		return 1;
	strace_mark("umod-bench: cycles begin");
	for (int i = 0; i < n && !err; i++)
		err = um ? bench_instr_umod(host, path) : bench_instr_dlopen(path);
	strace_mark("umod-bench: cycles end");
	if (host)
		umod_host_unref(host);
	return err ? 1 : 0;
}

/* run @argv with stdout and stderr to /dev/null; its exit status */
static int run_quiet(char *const argv[])
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (!pid) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

bool bench_have(const char *tool)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

#define INSTR_CYCLES	200

/* callgrind's total of instructions (the "summary:" line) in @out */
static double callgrind_total(const char *out)
{
	FILE *f = fopen(out, "r");
	char line[512];
	double total = -1;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "summary:", 8) || !strncmp(line, "totals:", 7))
			total = strtod(strchr(line, ':') + 1, NULL);
	if (f)
		fclose(f);
	return total;
}

/*
 * callgrind's instruction total for this program run as
 * "OBJDIR @mode @which @n", counting only inside @fn (--toggle-collect);
 * the profile stays in OBJDIR/callgrind.@tag.out. < 0 if it failed.
 */
double bench_callgrind(const char *objdir, const char *fn, const char *tag, const char *mode,
		       const char *which, int n)
{
	char out[4200], outopt[4300], toggle[128], num[16], self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	/*
	 * The second toggle stops the count inside valgrind.c, which maps each
	 * module's text for valgrind's symbol reader: only a process under
	 * valgrind does that work, so it is not part of a load outside it.
	 */
	char *argv[] = { "valgrind", "--tool=callgrind", toggle,
			 "--toggle-collect=umod_valgrind_map_module", outopt, self,
			 (char *)objdir, (char *)mode, (char *)which, num, NULL };

	/* valgrind runs the binary, not /proc/self/exe's link: resolved above */
	if (len <= 0)
		return -1;
	self[len] = 0;
	snprintf(out, sizeof(out), "%s/callgrind.%s.out", objdir, tag);
	snprintf(outopt, sizeof(outopt), "--callgrind-out-file=%s", out);
	snprintf(toggle, sizeof(toggle), "--toggle-collect=%s", fn);
	snprintf(num, sizeof(num), "%d", n);
	if (run_quiet(argv))
		return -1;
	return callgrind_total(out);
}

/* instructions per cycle of @which under callgrind; < 0 if it failed */
static double instr_per_cycle(const struct bench_ctx *ctx, const char *which)
{
	char fn[64];
	double total;

	snprintf(fn, sizeof(fn), "bench_instr_%s", which);
	total = bench_callgrind(ctx->objdir, fn, which, "--cycles", which, INSTR_CYCLES);
	return total < 0 ? -1 : total / INSTR_CYCLES;
}

/*
 * System calls per cycle: strace -f of the child, counting the lines
 * between its two marker writes (every thread's: a call a host thread
 * makes on the load path's behalf counts too).
 */
static double syscalls_per_cycle(const struct bench_ctx *ctx, const char *which)
{
	char out[4200], self[4096], n[16], line[1024];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	long count = 0;
	int state = 0;
	FILE *f;

	if (len <= 0)
		return -1;
	self[len] = 0;
	snprintf(out, sizeof(out), "%s/strace.%s.out", ctx->objdir, which);
	snprintf(n, sizeof(n), "%d", INSTR_CYCLES);
	char *argv[] = { "strace", "-f", "-qq", "-o", out, self, (char *)ctx->objdir,
			 "--cycles", (char *)which, n, NULL };

	if (run_quiet(argv) || !(f = fopen(out, "r")))
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "umod-bench: cycles "))
			state++;
		else if (state == 1 && !strstr(line, "resumed>"))
			count++;
	}
	fclose(f);
	return state == 2 ? (double)count / INSTR_CYCLES : -1;
}

/*
 * The CPU's count of user-space instructions per cycle, in this process
 * (no valgrind): one warming cycle, then INSTR_CYCLES counted, for each.
 */
static int hw_instr_cycles(int fd, struct umod_host *host, const char *path, bool um,
			   double *per_cycle)
{
	int64_t warm = um ? umod_cycle(host, path) : dlopen_cycle(path);
	int err = 0;

	if (warm < 0 || bench_hw_instr_start(fd))
		return -1;
	for (int i = 0; i < INSTR_CYCLES && !err; i++)
		err = um ? bench_instr_umod(host, path) : bench_instr_dlopen(path);
	*per_cycle = bench_hw_instr_stop(fd) / INSTR_CYCLES;
	return err || *per_cycle < 0 ? -1 : 0;
}

static int hw_instructions(const struct bench_ctx *ctx, struct umod_host *host)
{
	char ko[4096], so[4096], why[256];
	double u[1], d[1], r[1];
	int fd = bench_hw_instr_open(why, sizeof(why));

	if (fd < 0) {
		printf("%-44s skipped: %s\n", "load cycle: hardware instructions", why);
		return 0;
	}
	snprintf(ko, sizeof(ko), "%s/hello/hellop.ko", ctx->objdir);
	snprintf(so, sizeof(so), "%s/hello/hellop.so", ctx->objdir);
	if (hw_instr_cycles(fd, host, ko, true, u) || hw_instr_cycles(fd, NULL, so, false, d)) {
		close(fd);
		fprintf(stderr, "bench loadcycle: counting instructions failed\n");
		return -1;
	}
	close(fd);
	r[0] = u[0] / d[0];
	bench_report("load_cycle_hw_instr_umod", "load cycle: CPU-counted instr per umod cycle", "instr", u, 1);
	bench_report("load_cycle_hw_instr_dlopen", "load cycle: CPU-counted instr per dlopen cycle", "instr", d, 1);
	bench_report("load_cycle_hw_instr_umod_over_dlopen", "load cycle: CPU-counted umod / dlopen", "x", r, 1);
	return 0;
}

static int instructions(const struct bench_ctx *ctx)
{
	double u[1], d[1], r[1];

	if (!bench_have("valgrind")) {
		printf("%-44s skipped: valgrind is not installed\n", "load cycle: instructions");
	} else {
		u[0] = instr_per_cycle(ctx, "umod");
		d[0] = instr_per_cycle(ctx, "dlopen");
		if (u[0] < 0 || d[0] < 0) {
			fprintf(stderr, "bench loadcycle: callgrind failed\n");
			return -1;
		}
		r[0] = u[0] / d[0];
		bench_report("load_cycle_instr_umod", "load cycle: instructions per umod cycle", "instr", u, 1);
		bench_report("load_cycle_instr_dlopen", "load cycle: instructions per dlopen cycle", "instr", d, 1);
		bench_report("load_cycle_instr_umod_over_dlopen", "load cycle: umod instructions / dlopen's", "x", r, 1);
	}
	if (!bench_have("strace")) {
		printf("%-44s skipped: strace is not installed\n", "load cycle: system calls");
		return 0;
	}
	u[0] = syscalls_per_cycle(ctx, "umod");
	d[0] = syscalls_per_cycle(ctx, "dlopen");
	if (u[0] < 0 || d[0] < 0) {
		fprintf(stderr, "bench loadcycle: strace failed (ptrace not permitted?)\n");
		return 0;
	}
	bench_report("load_cycle_syscalls_umod", "load cycle: system calls per umod cycle", "calls", u, 1);
	bench_report("load_cycle_syscalls_dlopen", "load cycle: system calls per dlopen cycle", "calls", d, 1);
	return 0;
}

int bench_loadcycle(const struct bench_ctx *ctx)
{
	struct umod_host *host;
	int ret;

	if (umod_host_new(&host) || umod_host_export(host, "bench_probe", (const void *)bench_probe, 0))
		return -1;
	ret = cycles(ctx, host);
	if (!ret)
		ret = hw_instructions(ctx, host);
	if (!ret)
		ret = faults(ctx, host);
	if (!ret)
		ret = memory(ctx, host);
	umod_host_unref(host);
	if (!ret)
		ret = instructions(ctx);
	return ret;
}
