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

/*
 * A `umod daemon --root` in a scratch directory of ctx->objdir, with
 * module @ko inserted (bench.h): 0, 1 when it cannot be had here (said,
 * for benchmark @name), -1 on an error.
 */
int bench_daemon_start(const struct bench_ctx *ctx, const char *name, const char *ko,
		       struct bench_daemon *bd)
{
	char umod[512], sock[600], state[600], pidf[600], kopath[600];
	char *start[] = { umod, "daemon", "-S", sock, "--state-dir", state, "--root", bd->root,
			  "--pidfile", pidf, NULL };
	char *insmod[] = { umod, "insmod", kopath, NULL };

	if (access("/dev/fuse", R_OK | W_OK)) {
		printf("%s: skipped (no /dev/fuse)\n", name);
		return 1;
	}
	snprintf(umod, sizeof(umod), "%s/../bin/umod", ctx->objdir);
	snprintf(kopath, sizeof(kopath), "%s/%s", ctx->objdir, ko);
	snprintf(bd->dir, sizeof(bd->dir), "%s/daemon.XXXXXX", ctx->objdir);
	if (!mkdtemp(bd->dir)) {
		bd->dir[0] = '\0';
		return -1;
	}
	snprintf(sock, sizeof(sock), "%s/umod.sock", bd->dir);
	snprintf(state, sizeof(state), "%s/state", bd->dir);
	snprintf(bd->root, sizeof(bd->root), "%s/root", bd->dir);
	snprintf(pidf, sizeof(pidf), "%s/pid", bd->dir);
	mkdir(bd->root, 0755);
	setenv("UMOD_SOCKET", sock, 1);
	if (bench_spawn(start) || bench_spawn(insmod)) {
		printf("%s: skipped (no FUSE mount or the module did not load)\n", name);
		return 1;
	}
	return 0;
}

/* the daemon stopped, the scratch directory removed */
void bench_daemon_stop(struct bench_daemon *bd)
{
	char path[700];
	long pid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/pid", bd->dir);
	f = fopen(path, "re");
	if (f && fscanf(f, "%ld", &pid) == 1 && pid > 0) {
		kill((pid_t)pid, SIGTERM);
		for (int i = 0; i < 200 && kill((pid_t)pid, 0) == 0; i++)
			usleep(50000);
	}
	if (f)
		fclose(f);
	unlink(path);
	snprintf(path, sizeof(path), "%s/umod.sock", bd->dir);
	unlink(path);
	rmdir(bd->root);
	/* the daemon's log, then the scratch directory itself */
	snprintf(path, sizeof(path), "%s/state/messages", bd->dir);
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	rmdir(bd->dir);
}

int bench_fsread(const struct bench_ctx *ctx)
{
	struct bench_daemon bd = { .dir = "" };
	struct paths p;
	char zero[4096] = { 0 };
	int fd, ret;

	ret = bench_daemon_start(ctx, "fsread", "fs/benchfs.ko", &bd);
	if (ret)
		goto out;
	snprintf(p.proc, sizeof(p.proc), "%s/proc/benchfs", bd.root);
	snprintf(p.dev, sizeof(p.dev), "%s/dev/benchfs", bd.root);
	strcpy(p.shm, "/dev/shm/umod-bench-XXXXXX");
	fd = mkstemp(p.shm);
	if (fd < 0 || write(fd, zero, sizeof(zero)) != (ssize_t)sizeof(zero))
		ret = -1;
	else
		ret = measure(ctx, &p);
	if (fd >= 0) {
		close(fd);
		unlink(p.shm);
	}
out:
	if (bd.dir[0])	/* whatever happened once it had a directory */
		bench_daemon_stop(&bd);
	return ret < 0 ? -1 : 0;
}
