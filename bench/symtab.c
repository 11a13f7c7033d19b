// SPDX-License-Identifier: MIT
/*
 * Symbol-table scaling: one module importing 1,000 host functions, loaded
 * (read from memory, linked, relocated, protected, init, exit, unloaded)
 * into hosts that export 100, 10,000 and 100,000 further symbols. A hash
 * lookup per import should make the three cost the same: the figure is
 * the ratio of the 100,000 host to the 100 one, taken round by round
 * from loads that alternate between the hosts.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <umod/umod.h>

#include "bench.h"

#define IMPORTS		1000	/* bench_sym_0 .. bench_sym_999, as bench/Makefile generates */
#define LOADS		20	/* per host and round */
#define NUM_SIZES	3

static const unsigned int sizes[NUM_SIZES] = { 100, 10000, 100000 };
static const char *const metrics[NUM_SIZES] = {
	"symtab_load_100_us", "symtab_load_10k_us", "symtab_load_100k_us",
};

static int bench_fn(void)
{
	return 1;
}

static int export_many(struct umod_host *host, const char *prefix, unsigned int n)
{
	char name[64];

	for (unsigned int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s%u", prefix, i);
		if (umod_host_export(host, name, (const void *)bench_fn, 0))
			return -1;
	}
	return 0;
}

static struct umod_host *host_with(unsigned int extra)
{
	struct umod_host *host;

	if (umod_host_new_exports(&host, NULL, NULL))
		return NULL;
	if (export_many(host, "bench_sym_", IMPORTS) || export_many(host, "bench_fill_", extra)) {
		umod_host_unref(host);
		return NULL;
	}
	return host;
}

static void *read_file(const char *path, size_t *len)
{
	struct stat st;
	void *buf = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0 && !fstat(fd, &st) && (buf = malloc((size_t)st.st_size)) &&
	    read(fd, buf, (size_t)st.st_size) != st.st_size) {
		free(buf);
		buf = NULL;
	}
	if (fd >= 0)
		close(fd);
	*len = buf ? (size_t)st.st_size : 0;
	return buf;
}

/* nanoseconds for one load+unload cycle, or a negative errno */
static int64_t time_load(struct umod_host *host, const void *img, size_t len)
{
	uint64_t t0 = bench_now_ns();
	int err = umod_module_insert_image(host, img, len, NULL, 0, NULL);

	if (err)
		return err;
	umod_module_remove(host, "benchimp", 0);
	return (int64_t)(bench_now_ns() - t0);
}

/*
 * One round: LOADS cycles per host, the hosts taking turns cycle by cycle
 * (in a rotated order), so that whatever else the machine does falls on
 * all of them alike. @us receives each host's mean, in microseconds.
 */
static int round_of_loads(struct umod_host **hosts, const void *img, size_t len,
			  unsigned int r, double us[NUM_SIZES])
{
	int64_t sum[NUM_SIZES] = { 0 };

	for (int i = 0; i < LOADS; i++) {
		for (int j = 0; j < NUM_SIZES; j++) {
			int s = (int)((r + (unsigned int)(i + j)) % NUM_SIZES);
			int64_t t = time_load(hosts[s], img, len);

			if (t < 0)
				return (int)t;
			sum[s] += t;
		}
	}
	for (int s = 0; s < NUM_SIZES; s++)
		us[s] = (double)sum[s] / LOADS / 1000.0;
	return 0;
}

static void report(double *t[NUM_SIZES], double *ratio, unsigned int n)
{
	for (int s = 0; s < NUM_SIZES; s++) {
		char what[64];

		snprintf(what, sizeof(what), "load %u imports, host +%u exports", IMPORTS, sizes[s]);
		bench_report(metrics[s], what, "us", t[s], n);
	}
	bench_report("symtab_100k_over_100", "symtab: load time 100,000 / 100 exports",
		     "ratio", ratio, n);
}

static int measure(const struct bench_ctx *ctx, struct umod_host **hosts, const void *img,
		   size_t len)
{
	unsigned int n = ctx->rounds;
	double *t[NUM_SIZES], *ratio = calloc(n, sizeof(*ratio)), us[NUM_SIZES];
	int ret = 0;

	for (int s = 0; s < NUM_SIZES; s++)
		t[s] = calloc(n, sizeof(*t[s]));
	/* a first round unmeasured: caches, page tables, the allocator warm up */
	ret = round_of_loads(hosts, img, len, 0, us);
	for (unsigned int r = 0; r < n && !ret; r++) {
		ret = round_of_loads(hosts, img, len, r, us);
		for (int s = 0; s < NUM_SIZES; s++)
			t[s][r] = us[s];
		ratio[r] = us[NUM_SIZES - 1] / us[0];
	}
	if (ret)
		fprintf(stderr, "symtab: loading benchimp.ko failed: %s\n", strerror(-ret));
	else
		report(t, ratio, n);
	for (int s = 0; s < NUM_SIZES; s++)
		free(t[s]);
	free(ratio);
	return ret;
}

int bench_symtab(const struct bench_ctx *ctx)
{
	struct umod_host *hosts[NUM_SIZES] = { NULL };
	char path[4096];
	size_t len;
	void *img;
	int ret = -1;

	snprintf(path, sizeof(path), "%s/mod/benchimp.ko", ctx->objdir);
	img = read_file(path, &len);
	if (!img) {
		fprintf(stderr, "symtab: cannot read %s\n", path);
		return -1;
	}
	for (int s = 0; s < NUM_SIZES; s++)
		if (!(hosts[s] = host_with(sizes[s])))
			goto out;
	ret = measure(ctx, hosts, img, len);
out:
	if (ret < 0 && !hosts[NUM_SIZES - 1])
		fprintf(stderr, "symtab: cannot create the hosts\n");
	for (int s = 0; s < NUM_SIZES; s++)
		umod_host_unref(hosts[s]);
	free(img);
	return ret;
}
