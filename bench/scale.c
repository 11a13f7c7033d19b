// SPDX-License-Identifier: MIT
/*
 * Scale: how the load path and the module list grow.
 *   - load time per module with 1, 10, 100 and 1,000 modules loaded one
 *     after the other, in dependency chains of ten (each module calls an
 *     export of the one before it in its chain);
 *   - one load+unload cycle of a module exporting 10, 100, 1,000 symbols,
 *     and of one with 1, 10, 100 parameters;
 *   - with 1,000 loaded: the module list as lsmod gets it and the text of
 *     /proc/modules rendered from it (in-process: the daemon's FUSE round
 *     trip, measured by fsread, is left out), and the memory each module
 *     takes (resident, and the host heap it holds);
 *   - the same 1,000 loaded into a daemon (`umod daemon --root`, one
 *     `umod insmod` each): `umod lsmod` as a process, and a read of the
 *     daemon's ROOT/proc/modules through FUSE (skipped without /dev/fuse).
 * The chain modules are clones of two compiled templates (bench/scalegen.sh)
 * with their fixed-width names rewritten in the image. build/bench/
 * scale.dat gets the curves for `make bench-plot`.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <umod/umod.h>

#include "bench.h"

#define MAX_MODS	1000
#define CHAIN		10	/* modules per dependency chain */

struct image {
	unsigned char *buf;
	size_t len;
};

static int read_image(const char *objdir, const char *name, struct image *img)
{
	char path[4096];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/scale/%s.ko", objdir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	img->buf = NULL;
	if (fd >= 0 && !fstat(fd, &st) && (img->buf = malloc((size_t)st.st_size)) &&
	    read(fd, img->buf, (size_t)st.st_size) != st.st_size) {
		free(img->buf);
		img->buf = NULL;
	}
	if (fd >= 0)
		close(fd);
	img->len = img->buf ? (size_t)st.st_size : 0;
	if (!img->buf)
		fprintf(stderr, "bench scale: cannot read %s\n", path);
	return img->buf ? 0 : -1;
}

/* every occurrence of @from in @buf becomes @to (the same length) */
static void rewrite(unsigned char *buf, size_t len, const char *from, const char *to)
{
	size_t n = strlen(from);
	unsigned char *p = buf;

	while ((p = memmem(p, len - (size_t)(p - buf), from, n))) {
		memcpy(p, to, n);
		p += n;
	}
}

/* module i of the chains: scl%04d, exporting scl_fn_%04d, calling i-1's */
static void clone_module(const struct image *root, const struct image *link, unsigned int i,
			 struct image *out)
{
	const struct image *t = i % CHAIN ? link : root;
	char name[8], prev[8], idx[5], pidx[5];

	out->len = t->len;
	out->buf = malloc(t->len);
	if (!out->buf)
		return;
	memcpy(out->buf, t->buf, t->len);
	snprintf(name, sizeof(name), "scl%04u", i % 10000);
	snprintf(idx, sizeof(idx), "%04u", i % 10000);
	snprintf(prev, sizeof(prev), "scl%04u", (i + 9999) % 10000);
	snprintf(pidx, sizeof(pidx), "%04u", (i + 9999) % 10000);
	rewrite(out->buf, out->len, t == root ? "sclroot" : "scllink", name);
	rewrite(out->buf, out->len, "sclroot", prev);	/* link's depends= */
	rewrite(out->buf, out->len, "AAAA", idx);
	rewrite(out->buf, out->len, "BBBB", pidx);
}

struct proc_buf {
	char *text;
	size_t len, cap;
};

static int holder_name(struct umod_module *holder, void *data)
{
	struct proc_buf *b = data;

	b->len += (size_t)snprintf(b->text + b->len, b->cap - b->len, "%s,",
				   umod_module_get_name(holder));
	return b->len >= b->cap;
}

/* one /proc/modules line: "NAME SIZE REFCNT HOLDERS, STATE 0x0000000000000000" */
static int proc_line(struct umod_module *mod, void *data)
{
	struct proc_buf *b = data;
	size_t at;

	b->len += (size_t)snprintf(b->text + b->len, b->cap - b->len, "%s %zu %d ",
				   umod_module_get_name(mod),
				   umod_module_get_core_size(mod) + umod_module_get_init_size(mod),
				   umod_module_get_refcnt(mod));
	at = b->len;
	if (b->len < b->cap && umod_module_for_each_holder(mod, holder_name, b))
		return 1;
	if (b->len == at && b->len + 2 < b->cap)
		b->len += (size_t)snprintf(b->text + b->len, b->cap - b->len, "-");
	if (b->len + 40 >= b->cap)
		return 1;
	b->len += (size_t)snprintf(b->text + b->len, b->cap - b->len, " %s 0x0000000000000000\n",
				   umod_module_get_state(mod) == UMOD_MODULE_LIVE ? "Live" : "Loading");
	return 0;
}

static long statm_field(int which)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long v[2] = { 0, 0 };

	if (f) {
		if (fscanf(f, "%ld %ld", &v[0], &v[1]) != 2)
			v[0] = v[1] = 0;
		fclose(f);
	}
	return v[which] * sysconf(_SC_PAGESIZE);
}

struct mem {
	long vsz, rss;
	size_t heap;
};

static void mem_now(struct mem *m)
{
	struct mallinfo2 mi = mallinfo2();

	m->vsz = statm_field(0);
	m->rss = statm_field(1);
	m->heap = mi.uordblks + mi.hblkhd;
}

static int daemon_listing(const struct bench_ctx *ctx, const struct image *clones,
			  unsigned int rounds);

static const unsigned int counts[] = { 1, 10, 100, 1000 };
#define NUM_COUNTS	(sizeof(counts) / sizeof(counts[0]))

struct scale_run {
	double load_us[NUM_COUNTS], unload_us[NUM_COUNTS];
	double proc_us, rss_kib, heap_kib;
};

/* loads counts[c] clones, newest last; with 1,000 also the list and memory */
static int load_many(struct umod_host *host, struct image *clones, unsigned int c,
		     struct scale_run *r)
{
	static struct umod_module *mods[MAX_MODS];
	static char text[MAX_MODS * 96];
	unsigned int n = counts[c], i;
	struct mem m0, m1;
	uint64_t t0;
	int err = 0;

	malloc_trim(0);
	mem_now(&m0);
	t0 = bench_now_ns();
	for (i = 0; i < n && !err; i++)
		err = umod_module_insert_image(host, clones[i].buf, clones[i].len, NULL, 0, &mods[i]);
	r->load_us[c] = (double)(bench_now_ns() - t0) / 1000.0 / n;
	if (err) {
		fprintf(stderr, "bench scale: loading clone %u: %s\n", i - 1, strerror(-err));
		n = i - 1;
	}
	if (!err && n == MAX_MODS) {
		struct proc_buf b = { text, 0, sizeof(text) };

		mem_now(&m1);
		r->rss_kib = (double)(m1.rss - m0.rss) / 1024 / n;
		r->heap_kib = (double)(m1.heap - m0.heap) / 1024 / n;
		t0 = bench_now_ns();
		err = umod_host_for_each_module(host, proc_line, &b);
		r->proc_us = (double)(bench_now_ns() - t0) / 1000.0;
	}
	t0 = bench_now_ns();
	for (i = n; i-- > 0;) {
		if (umod_module_remove(host, umod_module_get_name(mods[i]), 0) && !err)
			err = -EBUSY;
		umod_module_unref(mods[i]);
	}
	r->unload_us[c] = (double)(bench_now_ns() - t0) / 1000.0 / (n ? n : 1);
	return err;
}

/* microseconds for one load+unload of @img (module @name) */
static double cycle_us(struct umod_host *host, const struct image *img, const char *name)
{
	struct umod_module *mod;
	uint64_t t0 = bench_now_ns();

	if (umod_module_insert_image(host, img->buf, img->len, NULL, 0, &mod))
		return -1;
	umod_module_remove(host, name, 0);
	umod_module_unref(mod);
	return (double)(bench_now_ns() - t0) / 1000.0;
}

#define CYCLES	20	/* per module and round, for the symbol and parameter curves */

static const char *const sym_mods[] = { "sclsym10", "sclsym100", "sclsym1000" };
static const char *const par_mods[] = { "sclpar1", "sclpar10", "sclpar100" };

/* median over rounds of the mean of CYCLES cycles, for each of @names */
static int cycles_of(const struct bench_ctx *ctx, struct umod_host *host,
		     const char *const names[3], double out[3][64], unsigned int rounds)
{
	struct image img[3];
	int err = 0;

	for (int k = 0; k < 3; k++)
		if (read_image(ctx->objdir, names[k], &img[k]))
			return -1;
	for (unsigned int r = 0; r < rounds && !err; r++)
		for (int k = 0; k < 3 && !err; k++) {
			double sum = 0, us = 0;

			for (int c = 0; c < CYCLES && us >= 0; c++)
				sum += (us = cycle_us(host, &img[k], names[k]));
			out[k][r] = sum / CYCLES;
			err = us < 0;
		}
	for (int k = 0; k < 3; k++)
		free(img[k].buf);
	return err ? -1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* one curve: a table on stdout, a block of scale.dat (blocks: gnuplot's index) */
static void curve(FILE *dat, const char *title, const char *xname, const unsigned int *x,
		  const double *y, unsigned int n, const char *yname)
{
	printf("  %s\n  %10s %16s %16s\n", title, xname, yname, "per item");
	if (dat)
		fprintf(dat, "# %s\n# %s\t%s\n", title, xname, yname);
	for (unsigned int i = 0; i < n; i++) {
		printf("  %10u %16.1f %16.3f\n", x[i], y[i], y[i] / x[i]);
		if (dat)
			fprintf(dat, "%u\t%.3f\n", x[i], y[i]);
	}
	if (dat)
		fprintf(dat, "\n\n");
}

static int chains(const struct bench_ctx *ctx, struct umod_host *host, unsigned int rounds,
		  FILE *dat)
{
	static struct image clones[MAX_MODS];
	static double load[NUM_COUNTS][64], unload[NUM_COUNTS][64], proc[64], mem[3][64];
	double y[NUM_COUNTS], u[NUM_COUNTS];
	struct image root, link;
	struct scale_run r = { .proc_us = 0 };
	int err = 0;

	if (read_image(ctx->objdir, "sclroot", &root) || read_image(ctx->objdir, "scllink", &link))
		return -1;
	for (unsigned int i = 0; i < MAX_MODS && !err; i++) {
		clone_module(&root, &link, i, &clones[i]);
		err = !clones[i].buf;
	}
	for (unsigned int k = 0; k < rounds && !err; k++) {
		for (unsigned int c = 0; c < NUM_COUNTS && !err; c++)
			err = load_many(host, clones, c, &r);
		for (unsigned int c = 0; c < NUM_COUNTS; c++) {
			load[c][k] = r.load_us[c];
			unload[c][k] = r.unload_us[c];
		}
		proc[k] = r.proc_us;
		mem[1][k] = r.rss_kib;
		mem[2][k] = r.heap_kib;
	}
	if (!err)
		err = daemon_listing(ctx, clones, rounds);
	if (!err) {
		for (unsigned int c = 0; c < NUM_COUNTS; c++) {
			y[c] = median(load[c], rounds) * counts[c];
			u[c] = median(unload[c], rounds) * counts[c];
		}
		curve(dat, "loading N modules (chains of 10), total", "modules", counts, y,
		      NUM_COUNTS, "load us");
		curve(dat, "unloading them, newest first, total", "modules", counts, u,
		      NUM_COUNTS, "unload us");
		bench_report("scale_load_1000_us_per_module", "scale: load, per module, 1,000 in chains", "us",
			     load[NUM_COUNTS - 1], rounds);
		bench_report("scale_load_1000_over_1", "scale: per-module load, 1,000 / 1", "x",
			     (double[]){ y[NUM_COUNTS - 1] / 1000 / y[0] }, 1);
		bench_report("scale_proc_modules_1000_us", "scale: /proc/modules text, 1,000 loaded", "us",
			     proc, rounds);
		bench_report("scale_mem_rss_kib", "scale: resident per module (1,000 loaded)", "KiB",
			     mem[1], rounds);
		bench_report("scale_mem_heap_kib", "scale: host heap per module (1,000 loaded)", "KiB",
			     mem[2], rounds);
	}
	for (unsigned int i = 0; i < MAX_MODS; i++)
		free(clones[i].buf);
	free(root.buf);
	free(link.buf);
	return err ? -1 : 0;
}

static int curves(const struct bench_ctx *ctx, struct umod_host *host, unsigned int rounds,
		  FILE *dat)
{
	static const unsigned int nsyms[3] = { 10, 100, 1000 }, npars[3] = { 1, 10, 100 };
	static double sym[3][64], par[3][64];
	double y[3];

	if (cycles_of(ctx, host, sym_mods, sym, rounds) ||
	    cycles_of(ctx, host, par_mods, par, rounds))
		return -1;
	for (int k = 0; k < 3; k++)
		y[k] = median(sym[k], rounds);
	curve(dat, "one load+unload cycle against exported symbols", "symbols", nsyms, y, 3,
	      "cycle us");
	bench_report("scale_cycle_1000_syms_us", "scale: cycle of a module with 1,000 exports", "us",
		     sym[2], rounds);
	for (int k = 0; k < 3; k++)
		y[k] = median(par[k], rounds);
	curve(dat, "one load+unload cycle against parameters", "params", npars, y, 3, "cycle us");
	bench_report("scale_cycle_100_params_us", "scale: cycle of a module with 100 parameters", "us",
		     par[2], rounds);
	return 0;
}

/* ---- through a daemon: umod lsmod and ROOT/proc/modules ------------------ */

struct daemon_dirs {
	char dir[512], sock[600], state[600], root[600], pidf[600], umod[512];
};

/* the whole of @path, read as cat would: bytes, or -1 */
static long read_all(const char *path, long *lines)
{
	char buf[65536];
	long total = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*lines = 0;
	errno = 0;
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		total += n;
		for (ssize_t i = 0; i < n; i++)
			*lines += buf[i] == '\n';
	}
	if (n < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	close(fd);
	return total;
}

/* writes the clones to DIR/NAME.ko and inserts each with `umod insmod` */
static int daemon_load(const struct daemon_dirs *d, const struct image *clones)
{
	char ko[700];
	char *insmod[] = { (char *)d->umod, "insmod", ko, NULL };

	for (unsigned int i = 0; i < MAX_MODS; i++) {
		FILE *f;
		size_t w;

		snprintf(ko, sizeof(ko), "%s/scl%04u.ko", d->dir, i);
		f = fopen(ko, "we");
		w = f ? fwrite(clones[i].buf, 1, clones[i].len, f) : 0;
		if (!f || fclose(f) || w != clones[i].len || bench_spawn(insmod)) {
			fprintf(stderr, "bench scale: umod insmod %s failed\n", ko);
			return -1;
		}
		unlink(ko);
	}
	return 0;
}

static void daemon_stop(struct daemon_dirs *d)
{
	FILE *f = fopen(d->pidf, "re");
	long pid = 0;

	if (f && fscanf(f, "%ld", &pid) == 1 && pid > 0) {
		kill((pid_t)pid, SIGTERM);
		for (int i = 0; i < 600 && kill((pid_t)pid, 0) == 0; i++)
			usleep(50000);
	}
	if (f)
		fclose(f);
	unlink(d->pidf);
	unlink(d->sock);
	rmdir(d->root);
	strncat(d->state, "/messages", sizeof(d->state) - strlen(d->state) - 1);
	unlink(d->state);
	*strrchr(d->state, '/') = '\0';
	rmdir(d->state);
	rmdir(d->dir);
}

static int daemon_listing(const struct bench_ctx *ctx, const struct image *clones,
			  unsigned int rounds)
{
	struct daemon_dirs d;
	char *start[] = { d.umod, "daemon", "-S", d.sock, "--state-dir", d.state, "--root", d.root,
			  "--pidfile", d.pidf, NULL };
	char *lsmod[] = { d.umod, "lsmod", NULL };
	char proc[700];
	double ls[64], pm[64];
	long lines = 0;
	int ret = -1, readerr = 0;

	const char *want = getenv("BENCH_SCALE_DAEMON");

	if (want && !strcmp(want, "0")) {
		printf("scale: lsmod and /proc/modules through a daemon: skipped (BENCH_SCALE_DAEMON=0)\n");
		return 0;
	}
	if (access("/dev/fuse", R_OK | W_OK)) {
		printf("scale: lsmod and /proc/modules through a daemon: skipped (no /dev/fuse)\n");
		return 0;
	}
	snprintf(d.umod, sizeof(d.umod), "%s/../bin/umod", ctx->objdir);
	snprintf(d.dir, sizeof(d.dir), "%s/scale.XXXXXX", ctx->objdir);
	if (!mkdtemp(d.dir))
		return -1;
	snprintf(d.sock, sizeof(d.sock), "%s/umod.sock", d.dir);
	snprintf(d.state, sizeof(d.state), "%s/state", d.dir);
	snprintf(d.root, sizeof(d.root), "%s/root", d.dir);
	snprintf(d.pidf, sizeof(d.pidf), "%s/pid", d.dir);
	snprintf(proc, sizeof(proc), "%s/proc/modules", d.root);
	mkdir(d.root, 0755);
	setenv("UMOD_SOCKET", d.sock, 1);
	printf("scale: loading 1,000 modules into a daemon, one umod insmod each...\n");
	fflush(stdout);
	if (bench_spawn(start) || daemon_load(&d, clones))
		goto out;
	for (unsigned int r = 0; r < rounds; r++) {
		uint64_t t0 = bench_now_ns();

		if (bench_spawn(lsmod))
			goto out;
		ls[r] = (double)(bench_now_ns() - t0) / 1e6;
		t0 = bench_now_ns();
		if (read_all(proc, &lines) < 0 || lines != MAX_MODS)
			readerr = errno ? errno : EIO;
		pm[r] = (double)(bench_now_ns() - t0) / 1e6;
	}
	bench_report("scale_lsmod_1000_ms", "scale: umod lsmod, 1,000 in a daemon", "ms", ls, rounds);
	if (!readerr)
		bench_report("scale_daemon_proc_modules_1000_ms", "scale: read ROOT/proc/modules, 1,000",
			     "ms", pm, rounds);
	else	/* a finding, not a failure of the benchmark */
		printf("%-44s fails: %s (%ld lines read)\n", "scale: read ROOT/proc/modules, 1,000",
		       strerror(readerr), lines);
	ret = 0;
out:
	if (ret)
		fprintf(stderr, "bench scale: the daemon part failed (%ld lines in %s)\n", lines, proc);
	daemon_stop(&d);
	unsetenv("UMOD_SOCKET");
	return ret;
}

/* ---- instructions per load against the count already loaded ------------- */

/* the one function callgrind counts in the child (--toggle-collect) */
__attribute__((noinline)) int bench_scale_insert(struct umod_host *host, const struct image *img,
						 struct umod_module **modp);
__attribute__((noinline)) int bench_scale_insert(struct umod_host *host, const struct image *img,
						 struct umod_module **modp)
{
	return umod_module_insert_image(host, img->buf, img->len, NULL, 0, modp);
}

/* the child: @n clones loaded in order through bench_scale_insert(), then unloaded */
int bench_scale_child(const char *objdir, int n)
{
	static struct image clones[MAX_MODS];
	static struct umod_module *mods[MAX_MODS];
	struct image root, link;
	struct umod_host *host;
	int err = 0, i;

	if (n < 1 || n > MAX_MODS || read_image(objdir, "sclroot", &root) ||
	    read_image(objdir, "scllink", &link) || umod_host_new(&host))
		return 1;
	for (i = 0; i < n && !err; i++) {
		clone_module(&root, &link, (unsigned int)i, &clones[i]);
		err = !clones[i].buf || bench_scale_insert(host, &clones[i], &mods[i]);
	}
	while (i-- > 0) {
		if (mods[i]) {
			umod_module_remove(host, umod_module_get_name(mods[i]), 0);
			umod_module_unref(mods[i]);
		}
		free(clones[i].buf);
	}
	umod_host_unref(host);
	return err;
}

/* instructions per load, for 10, 100 and 1,000 loads: flat if linear */
static int instructions(const struct bench_ctx *ctx, FILE *dat)
{
	static const unsigned int ns[3] = { 10, 100, 1000 };
	double y[3], r[1];

	if (!bench_have("valgrind")) {
		printf("%-44s skipped: valgrind is not installed\n", "scale: instructions per load");
		return 0;
	}
	for (int k = 0; k < 3; k++) {
		char tag[32];
		double total;

		snprintf(tag, sizeof(tag), "scale%u", ns[k]);
		total = bench_callgrind(ctx->objdir, "bench_scale_insert", tag, "--scale-loads",
					"chains", (int)ns[k]);
		if (total < 0) {
			fprintf(stderr, "bench scale: callgrind failed\n");
			return -1;
		}
		y[k] = total;
	}
	curve(dat, "instructions to load N modules (chains of 10), callgrind", "modules", ns, y, 3,
	      "instructions");
	r[0] = (y[2] / 1000) / (y[0] / 10);
	bench_report("scale_instr_per_load_1000", "scale: instructions per load, 1,000 loads", "instr",
		     (double[]){ y[2] / 1000 }, 1);
	bench_report("scale_instr_1000_over_10", "scale: instructions per load, 1,000 / 10", "x", r, 1);
	return 0;
}

int bench_scale(const struct bench_ctx *ctx)
{
	unsigned int rounds = ctx->rounds < 5 ? ctx->rounds : 5;
	struct umod_host *host;
	char path[4096];
	FILE *dat;
	int err;

	snprintf(path, sizeof(path), "%s/scale.dat", ctx->objdir);
	dat = fopen(path, "w");
	if (umod_host_new(&host))
		return -1;
	err = chains(ctx, host, rounds, dat);
	if (!err)
		err = curves(ctx, host, rounds, dat);
	if (!err)
		err = instructions(ctx, dat);
	umod_host_unref(host);
	if (dat)
		fclose(dat);
	return err;
}
