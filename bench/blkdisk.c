// SPDX-License-Identifier: MIT
/*
 * blkdisk: a disk's file in the tree against a file on tmpfs. A daemon
 * (`umod daemon --root`) serves benchblk.ko's 64 MiB RAM disk as
 * dev/benchblk; each round writes then reads 32 MiB sequentially in 1 MiB
 * pwrite/pread calls and makes 2,000 random 4 KiB preads, on the disk's
 * file and on a tmpfs file of the same size (/dev/shm, the page cache),
 * taking turns. The disk's path: FUSE (direct I/O) -> the host's bounce
 * buffer -> queue_rq -> the driver's memcpy.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define DISK_BYTES	(64u << 20)
#define SEQ_BYTES	(32u << 20)
#define CHUNK		(1u << 20)
#define RANDOM_READS	2000

/* MB/s of 32 MiB in 1 MiB calls, or -1 */
static double seq(int fd, char *buf, bool write)
{
	uint64_t t0 = bench_now_ns();

	for (unsigned int off = 0; off < SEQ_BYTES; off += CHUNK) {
		ssize_t n = write ? pwrite(fd, buf, CHUNK, off) : pread(fd, buf, CHUNK, off);

		if (n != (ssize_t)CHUNK)
			return -1;
	}
	if (write && fsync(fd))
		return -1;
	return (double)SEQ_BYTES / 1e6 / ((double)(bench_now_ns() - t0) / 1e9);
}

/* 4 KiB random reads per second, or -1 */
static double rnd(int fd, char *buf, unsigned int *seed)
{
	uint64_t t0 = bench_now_ns();

	for (int i = 0; i < RANDOM_READS; i++) {
		off_t off = (off_t)(rand_r(seed) % (DISK_BYTES / 4096)) * 4096;

		if (pread(fd, buf, 4096, off) != 4096)
			return -1;
	}
	return RANDOM_READS / ((double)(bench_now_ns() - t0) / 1e9);
}

static int measure(const struct bench_ctx *ctx, int disk, int shm, char *buf)
{
	static const char *const names[] = {
		"blk_seq_write_mbs", "blk_seq_read_mbs", "blk_rand_read_iops",
		"tmpfs_seq_write_mbs", "tmpfs_seq_read_mbs", "tmpfs_rand_read_iops",
		"blk_seq_write_ratio", "blk_seq_read_ratio", "blk_rand_read_ratio",
	};
	static const char *const whats[] = {
		"blkdisk: 1 MiB sequential writes, disk file", "blkdisk: 1 MiB sequential reads, disk file",
		"blkdisk: 4 KiB random reads, disk file", "blkdisk: 1 MiB sequential writes, tmpfs",
		"blkdisk: 1 MiB sequential reads, tmpfs", "blkdisk: 4 KiB random reads, tmpfs",
		"blkdisk: seq write, disk / tmpfs", "blkdisk: seq read, disk / tmpfs",
		"blkdisk: random read, disk / tmpfs",
	};
	static const char *const units[] = { "MB/s", "MB/s", "IOPS", "MB/s", "MB/s", "IOPS",
					     "x", "x", "x" };
	double *s[9];
	unsigned int seed = 1;
	int err = 0;

	for (int i = 0; i < 9; i++)
		s[i] = calloc(ctx->rounds, sizeof(double));
	for (unsigned int r = 0; r < ctx->rounds && !err; r++) {
		for (int k = 0; k < 2; k++) {
			int fd = k ? shm : disk;

			s[3 * k][r] = seq(fd, buf, true);
			s[3 * k + 1][r] = seq(fd, buf, false);
			s[3 * k + 2][r] = rnd(fd, buf, &seed);
		}
		for (int i = 0; i < 6; i++)
			err |= s[i][r] < 0;
		for (int i = 0; i < 3; i++)
			s[6 + i][r] = s[i][r] / s[3 + i][r];
	}
	for (int i = 0; i < 9 && !err; i++)
		bench_report(names[i], whats[i], units[i], s[i], ctx->rounds);
	if (err)
		printf("blkdisk: an I/O failed\n");
	for (int i = 0; i < 9; i++)
		free(s[i]);
	return err ? -1 : 0;
}

int bench_blkdisk(const struct bench_ctx *ctx)
{
	struct bench_daemon bd = { .dir = "" };
	char path[700], shm[] = "/dev/shm/umod-blk-XXXXXX";
	char *buf = NULL;
	int disk = -1, fd = -1, ret;

	ret = bench_daemon_start(ctx, "blkdisk", "blk/benchblk.ko", &bd);
	if (ret)
		goto out;
	snprintf(path, sizeof(path), "%s/dev/benchblk", bd.root);
	disk = open(path, O_RDWR);
	fd = mkstemp(shm);
	ret = -1;
	if (disk >= 0 && fd >= 0 && !ftruncate(fd, DISK_BYTES) &&
	    !posix_memalign((void **)&buf, 4096, CHUNK)) {
		memset(buf, 0x5a, CHUNK);
		ret = measure(ctx, disk, fd, buf);
	}
	free(buf);
	if (fd >= 0) {
		close(fd);
		unlink(shm);
	}
	if (disk >= 0)
		close(disk);
out:
	if (bd.dir[0])
		bench_daemon_stop(&bd);
	return ret < 0 ? -1 : 0;
}
