// SPDX-License-Identifier: MIT
/*
 * fsread: the cost of the FUSE round trip. A daemon (`umod daemon --root`)
 * serves benchfs.ko's 4 KiB proc file, 4 KiB misc device and a parameter's
 * sysfs attribute; one read of each (open, one read of up to 4096 bytes,
 * close) is timed against the same of a 4 KiB file on tmpfs (/dev/shm) and
 * of libfuse's minimal file system at the same depth (fusehello.c, its
 * own program: the floor), taking turns, and the ratios reported.
 * Skipped without /dev/fuse or when a mount fails.
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

/* open, one read of up to 4 KiB, close: ns; < 0 unless @want bytes came */
static double one_read(const char *path, ssize_t want)
{
	char buf[4096];
	uint64_t t0 = bench_now_ns();
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf)) : -1;

	if (fd >= 0)
		close(fd);
	return n == want ? (double)(bench_now_ns() - t0) : -1.0;
}

/*
 * What one round reads, in turn: tmpfs, the floor's file at the depth of
 * proc/benchfs and dev/benchfs (d/hello), the two, the floor's file at the
 * depth of sys/module/benchfs/parameters/level (d/d/d/d/hello), the
 * attribute ("3\n").
 */
enum { SHM, FLOOR2, PROC, DEV, FLOOR5, SYS, NPATHS };

struct paths {
	char p[NPATHS][640];
};

static const ssize_t want[NPATHS] = { 4096, 4096, 4096, 4096, 4096, 2 };

static const struct {
	const char *metric, *what;
	int num, den;	/* a time (den < 0) or the ratio of two */
} figures[] = {
	{ "fsread_tmpfs_us", "fsread: 4 KiB read of a tmpfs file", SHM, -1 },
	{ "fsread_floor_us", "fsread: libfuse hello floor, depth 2", FLOOR2, -1 },
	{ "fsread_proc_us", "fsread: 4 KiB read of a module's proc file", PROC, -1 },
	{ "fsread_dev_us", "fsread: 4 KiB read of a module's misc device", DEV, -1 },
	{ "fsread_floor5_us", "fsread: libfuse hello floor, depth 5", FLOOR5, -1 },
	{ "fsread_sysfs_us", "fsread: read of a module's sysfs attribute", SYS, -1 },
	{ "fsread_floor_over_tmpfs", "fsread: libfuse floor / tmpfs", FLOOR2, SHM },
	{ "fsread_proc_over_floor", "fsread: proc file / libfuse floor", PROC, FLOOR2 },
	{ "fsread_dev_over_floor", "fsread: misc device / libfuse floor", DEV, FLOOR2 },
	{ "fsread_sysfs_over_floor", "fsread: sysfs attribute / libfuse floor", SYS, FLOOR5 },
	{ "fsread_proc_ratio", "fsread: proc file / tmpfs", PROC, SHM },
	{ "fsread_dev_ratio", "fsread: misc device / tmpfs", DEV, SHM },
};

#define NFIG	(sizeof(figures) / sizeof(figures[0]))

/* one round: READS of each path, in turn; the mean of each in @t (ns) */
static int one_round(const struct paths *p, double t[NPATHS])
{
	for (int i = 0; i < NPATHS; i++)
		t[i] = 0;
	for (int k = 0; k < READS; k++)
		for (int i = 0; i < NPATHS; i++) {
			double ns = one_read(p->p[i], want[i]);

			if (ns < 0) {
				printf("fsread: reading %s failed: %s\n", p->p[i], strerror(errno));
				return -1;
			}
			t[i] += ns / READS;
		}
	return 0;
}

static int measure(const struct bench_ctx *ctx, const struct paths *p)
{
	double *s[NFIG], t[NPATHS];
	int err = 0;

	for (size_t i = 0; i < NFIG; i++)
		s[i] = calloc(ctx->rounds, sizeof(double));
	for (unsigned int r = 0; r < ctx->rounds && !err; r++) {
		err = one_round(p, t);
		for (size_t i = 0; i < NFIG && !err; i++)
			s[i][r] = figures[i].den < 0 ? t[figures[i].num] / 1000.0 :
				  t[figures[i].num] / t[figures[i].den];
	}
	for (size_t i = 0; i < NFIG; i++) {
		if (!err)
			bench_report(figures[i].metric, figures[i].what,
				     figures[i].den < 0 ? "us" : "x", s[i], ctx->rounds);
		free(s[i]);
	}
	return err ? -1 : 0;
}

/* the floor's file system on @dir, in a child; its pid, or -1 */
static pid_t start_floor(const struct bench_ctx *ctx, const char *dir, const char *probe)
{
	char prog[4096];
	pid_t pid;

	snprintf(prog, sizeof(prog), "%s/fusehello", ctx->objdir);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		dup2(null, 2);
		execl(prog, prog, dir, (char *)NULL);
		_exit(127);
	}
	for (int i = 0; pid > 0 && i < 100 && access(probe, R_OK); i++)
		usleep(50000);
	if (pid > 0 && access(probe, R_OK)) {
		kill(pid, SIGTERM);
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

/* stop the daemon whose pid is in @pidf */
static void stop_daemon(const char *pidf)
{
	FILE *f = fopen(pidf, "re");
	long pid = 0;

	if (f && fscanf(f, "%ld", &pid) == 1 && pid > 0) {
		kill((pid_t)pid, SIGTERM);
		for (int i = 0; i < 200 && kill((pid_t)pid, 0) == 0; i++)
			usleep(50000);
	}
	if (f)
		fclose(f);
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

	snprintf(path, sizeof(path), "%s/pid", bd->dir);
	stop_daemon(path);
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
	char umod[512], dir[512], sock[600], state[600], root[600], pidf[600], ko[600];
	char hello[600];
	char *start[] = { umod, "daemon", "-S", sock, "--state-dir", state, "--root", root,
			  "--pidfile", pidf, NULL };
	char *insmod[] = { umod, "insmod", ko, NULL };
	struct paths p;
	char zero[4096] = { 0 };
	int fd, ret = -1;
	pid_t floor = -1;

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
	snprintf(hello, sizeof(hello), "%s/hello", dir);
	snprintf(pidf, sizeof(pidf), "%s/pid", dir);
	mkdir(root, 0755);
	mkdir(hello, 0755);
	setenv("UMOD_SOCKET", sock, 1);
	snprintf(p.p[FLOOR2], sizeof(p.p[0]), "%s/d/hello", hello);
	snprintf(p.p[PROC], sizeof(p.p[0]), "%s/proc/benchfs", root);
	snprintf(p.p[DEV], sizeof(p.p[0]), "%s/dev/benchfs", root);
	snprintf(p.p[FLOOR5], sizeof(p.p[0]), "%s/d/d/d/d/hello", hello);
	snprintf(p.p[SYS], sizeof(p.p[0]), "%s/sys/module/benchfs/parameters/level", root);
	strcpy(p.p[SHM], "/dev/shm/umod-bench-XXXXXX");
	fd = mkstemp(p.p[SHM]);
	if (fd < 0 || write(fd, zero, sizeof(zero)) != (ssize_t)sizeof(zero))
		goto out;
	close(fd);
	if (bench_spawn(start) || bench_spawn(insmod) || access(p.p[PROC], R_OK) ||
	    (floor = start_floor(ctx, hello, p.p[FLOOR2])) < 0) {
		printf("fsread: skipped (no FUSE mount or the module did not load)\n");
		ret = 0;
		goto out;
	}
	ret = measure(ctx, &p);
out:
	if (floor > 0) {
		kill(floor, SIGTERM);
		waitpid(floor, NULL, 0);
	}
	stop_daemon(pidf);
	unlink(p.p[SHM]);
	unlink(pidf);
	unlink(sock);
	rmdir(root);
	rmdir(hello);
	/* the daemon's log, then the scratch directory itself */
	strncat(state, "/messages", sizeof(state) - strlen(state) - 1);
	unlink(state);
	*strrchr(state, '/') = '\0';
	rmdir(state);
	rmdir(dir);
	return ret;
}
