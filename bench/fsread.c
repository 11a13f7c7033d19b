// SPDX-License-Identifier: MIT
/*
 * fsread: the cost of the FUSE round trip. A daemon (`umod daemon --root`)
 * serves benchfs.ko's 4 KiB proc file and 4 KiB misc device; one read of
 * each (open, read 4096 bytes, close) is timed against the same of a 4 KiB
 * file on tmpfs (/dev/shm), taking turns, and the ratios reported. Skipped
 * without /dev/fuse or when the mount fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

#define READS	200

/* open, one 4 KiB read, close: ns */
static double one_read(const char *path)
{
	char buf[4096];
	uint64_t t0 = bench_now_ns();
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf)) : -1;

	if (fd >= 0)
		close(fd);
	return n == (ssize_t)sizeof(buf) ? (double)(bench_now_ns() - t0) : -1.0;
}

struct paths {
	char proc[640], dev[640], shm[128];
};

static int measure(const struct bench_ctx *ctx, const struct paths *p)
{
	double *s[5];
	int err = 0;

	for (int i = 0; i < 5; i++)
		s[i] = calloc(ctx->rounds, sizeof(double));
	for (unsigned int r = 0; r < ctx->rounds && !err; r++) {
		double t[3] = { 0, 0, 0 };

		for (int k = 0; k < READS && !err; k++) {
			double a = one_read(p->shm), b = one_read(p->proc), c = one_read(p->dev);

			err = a < 0 || b < 0 || c < 0;
			t[0] += a;
			t[1] += b;
			t[2] += c;
		}
		s[0][r] = t[0] / READS / 1000.0;
		s[1][r] = t[1] / READS / 1000.0;
		s[2][r] = t[2] / READS / 1000.0;
		s[3][r] = t[1] / t[0];
		s[4][r] = t[2] / t[0];
	}
	if (!err) {
		bench_report("fsread_tmpfs_us", "fsread: 4 KiB read of a tmpfs file", "us",
			     s[0], ctx->rounds);
		bench_report("fsread_proc_us", "fsread: 4 KiB read of a module's proc file",
			     "us", s[1], ctx->rounds);
		bench_report("fsread_dev_us", "fsread: 4 KiB read of a module's misc device",
			     "us", s[2], ctx->rounds);
		bench_report("fsread_proc_ratio", "fsread: proc file / tmpfs", "x", s[3],
			     ctx->rounds);
		bench_report("fsread_dev_ratio", "fsread: misc device / tmpfs", "x", s[4],
			     ctx->rounds);
	} else {
		printf("fsread: a read failed: %s\n", strerror(errno));
	}
	for (int i = 0; i < 5; i++)
		free(s[i]);
	return err ? -1 : 0;
}

int bench_fsread(const struct bench_ctx *ctx)
{
	char umod[512], dir[512], sock[600], state[600], root[600], pidf[600], ko[600];
	char *start[] = { umod, "daemon", "-S", sock, "--state-dir", state, "--root", root,
			  "--pidfile", pidf, NULL };
	char *insmod[] = { umod, "insmod", ko, NULL };
	struct paths p;
	char zero[4096] = { 0 };
	FILE *f;
	int fd, ret = -1;
	long pid = 0;

	if (access("/dev/fuse", R_OK | W_OK)) {
		printf("fsread: skipped (no /dev/fuse)\n");
		return 0;
	}
	snprintf(umod, sizeof(umod), "%s/../bin/umod", ctx->objdir);
	snprintf(ko, sizeof(ko), "%s/fs/benchfs.ko", ctx->objdir);
	snprintf(dir, sizeof(dir), "%s/fsread.XXXXXX", ctx->objdir);
	if (!mkdtemp(dir))
		return -1;
	snprintf(sock, sizeof(sock), "%s/umod.sock", dir);
	snprintf(state, sizeof(state), "%s/state", dir);
	snprintf(root, sizeof(root), "%s/root", dir);
	snprintf(pidf, sizeof(pidf), "%s/pid", dir);
	mkdir(root, 0755);
	setenv("UMOD_SOCKET", sock, 1);
	snprintf(p.proc, sizeof(p.proc), "%s/proc/benchfs", root);
	snprintf(p.dev, sizeof(p.dev), "%s/dev/benchfs", root);
	strcpy(p.shm, "/dev/shm/umod-bench-XXXXXX");
	fd = mkstemp(p.shm);
	if (fd < 0 || write(fd, zero, sizeof(zero)) != (ssize_t)sizeof(zero))
		goto out;
	close(fd);
	if (bench_spawn(start) || bench_spawn(insmod) || access(p.proc, R_OK)) {
		printf("fsread: skipped (no FUSE mount or the module did not load)\n");
		ret = 0;
		goto out;
	}
	ret = measure(ctx, &p);
out:
	f = fopen(pidf, "re");
	if (f && fscanf(f, "%ld", &pid) == 1 && pid > 0) {
		kill((pid_t)pid, SIGTERM);
		for (int i = 0; i < 200 && kill((pid_t)pid, 0) == 0; i++)
			usleep(50000);
	}
	if (f)
		fclose(f);
	unlink(p.shm);
	unlink(pidf);
	unlink(sock);
	rmdir(root);
	/* the daemon's log, then the scratch directory itself */
	strncat(state, "/messages", sizeof(state) - strlen(state) - 1);
	unlink(state);
	*strrchr(state, '/') = '\0';
	rmdir(state);
	rmdir(dir);
	return ret;
}
