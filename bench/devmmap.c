// SPDX-License-Identifier: MIT
/*
 * devmmap: a driver's page (benchmm.ko) written and read back through a
 * shared mapping against the same through read()/write(), in a daemon's
 * tree (`umod daemon --root`, no umod shell), with a 4 KiB tmpfs file
 * doing the same as the yardstick. One cycle:
 *   map       write 4 KiB into the mapping, msync(MS_SYNC), read them back
 *             (the mapping is kept: the cost of the write-back to the
 *             driver; the read-back is a hit in FUSE's page cache)
 *   fresh     open, mmap, read the page, munmap, close (a new open drops
 *             the cache: one READ of the driver's page)
 *   rw        pwrite 4 KiB, pread them back, on the device without mmap
 *             (direct I/O: a WRITE and a READ of the driver's ops)
 * taking turns, 200 of each per round. Skipped without /dev/fuse.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"

#define CYCLES	200
#define PAGE	4096

enum { MAP, MAP_TMPFS, FRESH, FRESH_TMPFS, RW, RW_TMPFS, NFIG };

static char buf[PAGE], back[PAGE];

static double map_cycle(char *p)
{
	uint64_t t0 = bench_now_ns();

	memcpy(p, buf, PAGE);
	msync(p, PAGE, MS_SYNC);
	memcpy(back, p, PAGE);
	return (double)(bench_now_ns() - t0);
}

static double fresh_cycle(const char *path)
{
	uint64_t t0 = bench_now_ns();
	int fd = open(path, O_RDWR);
	char *p = fd < 0 ? MAP_FAILED : mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED) {
		if (fd >= 0)
			close(fd);
		return -1.0;
	}
	memcpy(back, p, PAGE);
	munmap(p, PAGE);
	close(fd);
	return (double)(bench_now_ns() - t0);
}

static double rw_cycle(int fd)
{
	uint64_t t0 = bench_now_ns();

	if (pwrite(fd, buf, PAGE, 0) != PAGE || pread(fd, back, PAGE, 0) != PAGE)
		return -1.0;
	return (double)(bench_now_ns() - t0);
}

struct files {
	const char *mm, *rw, *shm;
	int mm_fd, rw_fd, shm_fd;
	char *mm_map, *shm_map;
};

/* one round: CYCLES of each, in turns; microseconds per cycle in @t */
static int round_of(struct files *f, double t[NFIG])
{
	memset(t, 0, NFIG * sizeof(double));
	for (int k = 0; k < CYCLES; k++) {
		double c[NFIG];

		buf[k % PAGE]++;	/* each cycle writes something new */
		c[MAP] = map_cycle(f->mm_map);
		c[MAP_TMPFS] = map_cycle(f->shm_map);
		c[FRESH] = fresh_cycle(f->mm);
		c[FRESH_TMPFS] = fresh_cycle(f->shm);
		c[RW] = rw_cycle(f->rw_fd);
		c[RW_TMPFS] = rw_cycle(f->shm_fd);
		for (int i = 0; i < NFIG; i++) {
			if (c[i] < 0)
				return -1;
			t[i] += c[i] / CYCLES / 1000.0;
		}
	}
	return memcmp(back, buf, PAGE) ? -1 : 0;	/* the last read saw the last write */
}

static const char *const metric[NFIG][2] = {
	{ "devmmap_map_us", "devmmap: mapped page written, msync'd, read" },
	{ "devmmap_map_tmpfs_us", "devmmap: the same, tmpfs" },
	{ "devmmap_fresh_us", "devmmap: a fresh mapping's page read" },
	{ "devmmap_fresh_tmpfs_us", "devmmap: the same, tmpfs" },
	{ "devmmap_rw_us", "devmmap: pwrite+pread of a page, no mmap" },
	{ "devmmap_rw_tmpfs_us", "devmmap: the same, tmpfs" },
};

static int measure(const struct bench_ctx *ctx, struct files *f)
{
	double *s[NFIG + 2];
	int err = 0;

	for (int i = 0; i < NFIG + 2; i++)
		s[i] = calloc(ctx->rounds, sizeof(double));
	for (unsigned int r = 0; r < ctx->rounds && !err; r++) {
		double t[NFIG];

		err = round_of(f, t);
		for (int i = 0; i < NFIG && !err; i++)
			s[i][r] = t[i];
		s[NFIG][r] = t[MAP] / t[RW];
		s[NFIG + 1][r] = t[FRESH] / t[RW];
	}
	for (int i = 0; !err && i < NFIG; i++)
		bench_report(metric[i][0], metric[i][1], "us", s[i], ctx->rounds);
	if (!err) {
		bench_report("devmmap_map_over_rw", "devmmap: mapped / pwrite+pread", "x",
			     s[NFIG], ctx->rounds);
		bench_report("devmmap_fresh_over_rw", "devmmap: fresh mapping / pwrite+pread", "x",
			     s[NFIG + 1], ctx->rounds);
	} else {
		printf("devmmap: a cycle failed\n");
	}
	for (int i = 0; i < NFIG + 2; i++)
		free(s[i]);
	return err ? -1 : 0;
}

static int open_all(struct files *f)
{
	f->mm_fd = open(f->mm, O_RDWR);
	f->rw_fd = open(f->rw, O_RDWR);
	f->shm_fd = open(f->shm, O_RDWR);
	if (f->mm_fd < 0 || f->rw_fd < 0 || f->shm_fd < 0)
		return -1;
	f->mm_map = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, f->mm_fd, 0);
	f->shm_map = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, f->shm_fd, 0);
	return f->mm_map == MAP_FAILED || f->shm_map == MAP_FAILED ? -1 : 0;
}

int bench_devmmap(const struct bench_ctx *ctx)
{
	struct bench_daemon bd = { .dir = "" };
	char mm[700], rw[700], shm[] = "/dev/shm/umod-bench-XXXXXX";
	struct files f = { mm, rw, shm, -1, -1, -1, MAP_FAILED, MAP_FAILED };
	int fd, ret = bench_daemon_start(ctx, "devmmap", "mm/benchmm.ko", &bd);

	if (ret)
		goto out;
	snprintf(mm, sizeof(mm), "%s/dev/benchmm", bd.root);
	snprintf(rw, sizeof(rw), "%s/dev/benchrw", bd.root);
	fd = mkstemp(shm);
	if (fd < 0 || ftruncate(fd, PAGE)) {
		ret = -1;
		goto out;
	}
	close(fd);
	ret = open_all(&f) ? -1 : measure(ctx, &f);
	if (f.mm_map != MAP_FAILED)
		munmap(f.mm_map, PAGE);
	if (f.shm_map != MAP_FAILED)
		munmap(f.shm_map, PAGE);
	for (int *p = &f.mm_fd; p <= &f.shm_fd; p++)
		if (*p >= 0)
			close(*p);
	unlink(shm);
out:
	if (bd.dir[0])	/* whatever happened once it had a directory */
		bench_daemon_stop(&bd);
	return ret < 0 ? -1 : 0;
}
