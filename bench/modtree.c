// SPDX-License-Identifier: MIT
/*
 * modtree: umod's depmod and modprobe against kmod's, as processes, on the
 * module tree of Debian's kernel package that `make check-kernel-tree`
 * unpacks under build/kernel-tree/ (skipped without it).
 *
 *   depmod     `depmod -b ROOT R` and `umod depmod -b ROOT R`, taking
 *              turns; both write the same ten files into the tree
 *   modprobe   `--show-depends ALIAS` (no modprobe.d), ALIAS being the
 *              first alias of the module with the longest modules.dep
 *              line: a glob lookup among all aliases, then a deep load list;
 *              and `--show-depends MODULE`, that module by name: the
 *              longest dependency chain without the alias lookup
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

struct tree {
	char root[4096];	/* the package's root: ROOT/lib/modules/RELEASE */
	char release[256];
	char umod[4096];	/* build/bin/umod */
	char noconf[4096];	/* an empty modprobe.d */
	char alias[1024];
	char module[256];	/* the module with the longest modules.dep line */
};

/* build/kernel-tree/root-*: the first one unpacked */
static int find_tree(const struct bench_ctx *ctx, struct tree *t)
{
	char dir[2048], mods[4096 + 16];
	struct dirent *de;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/../kernel-tree", ctx->objdir);
	d = opendir(dir);
	while (d && (de = readdir(d)))
		if (!strncmp(de->d_name, "root-", 5) && !strstr(de->d_name, ".tmp")) {
			snprintf(t->root, sizeof(t->root), "%s/%s", dir, de->d_name);
			break;
		}
	if (d)
		closedir(d);
	if (!t->root[0])
		return -ENOENT;
	snprintf(mods, sizeof(mods), "%s/lib/modules", t->root);
	d = opendir(mods);
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			snprintf(t->release, sizeof(t->release), "%s", de->d_name);
	if (d)
		closedir(d);
	snprintf(t->umod, sizeof(t->umod), "%s/../bin/umod", ctx->objdir);
	snprintf(t->noconf, sizeof(t->noconf), "%s/noconf", ctx->objdir);
	mkdir(t->noconf, 0755);
	return t->release[0] ? 0 : -ENOENT;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;

	if (!f)
		return NULL;
	if (getdelim(&buf, &len, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* the module with the most dependencies, and the first of its aliases */
static int pick_alias(struct tree *t)
{
	char path[8192], name[256] = "", *dep, *alias, *line, *best = NULL;
	size_t most = 0;

	snprintf(path, sizeof(path), "%s/lib/modules/%s/modules.dep", t->root, t->release);
	dep = read_file(path);
	snprintf(path, sizeof(path), "%s/lib/modules/%s/modules.alias", t->root, t->release);
	alias = read_file(path);
	for (line = dep; line && *line; line = strchr(line, '\n') + 1) {
		size_t n = 0;

		for (char *p = line; *p && *p != '\n'; p++)
			n += *p == ' ';
		if (n > most && strchr(line, '\n')) {
			most = n;
			best = line;
		}
		if (!strchr(line, '\n'))
			break;
	}
	if (best) {
		char *colon = strchr(best, ':'), *base = colon;
		size_t i = 0;

		while (base > best && base[-1] != '/')
			base--;
		for (; base + i < colon && base[i] != '.' && i + 1 < sizeof(name); i++)
			name[i] = base[i] == '-' ? '_' : base[i];
		name[i] = '\0';
		snprintf(t->module, sizeof(t->module), "%s", name);
	}
	for (line = alias; name[0] && line && *line; line = strchr(line, '\n') + 1) {
		char pat[1024], mod[256];

		if (sscanf(line, "alias %1023s %255s", pat, mod) == 2 && !strcmp(mod, name)) {
			snprintf(t->alias, sizeof(t->alias), "%s", pat);
			break;
		}
		if (!strchr(line, '\n'))
			break;
	}
	free(dep);
	free(alias);
	return t->alias[0] ? 0 : -ENOENT;
}

/* runs @argv with stdout and stderr to /dev/null; the wall time in ms */
static double timed_run(char *const argv[])
{
	posix_spawn_file_actions_t fa;
	uint64_t t0;
	pid_t pid;
	int status;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	t0 = bench_now_ns();
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	waitpid(pid, &status, 0);
	posix_spawn_file_actions_destroy(&fa);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	return (double)(bench_now_ns() - t0) / 1e6;
}

static int bench_depmod(const struct bench_ctx *ctx, struct tree *t)
{
	char *kmod[] = { "depmod", "-b", t->root, t->release, NULL };
	char *umod[] = { t->umod, "depmod", "-b", t->root, t->release, NULL };
	double *k = calloc(ctx->rounds, sizeof(double)), *u = calloc(ctx->rounds, sizeof(double));
	double *r = calloc(ctx->rounds, sizeof(double));
	int err = k && u && r ? 0 : -ENOMEM;

	for (unsigned int i = 0; !err && i < ctx->rounds; i++) {
		/* alternate who goes first: the page cache favours neither */
		k[i] = i % 2 ? timed_run(kmod) : 0;
		u[i] = timed_run(umod);
		if (!(i % 2))
			k[i] = timed_run(kmod);
		if (k[i] < 0 || u[i] < 0)
			err = -EIO;
		else
			r[i] = k[i] / u[i];
	}
	if (!err) {
		bench_report("depmod_kmod_ms", "depmod: kmod 30, Debian 6.1 tree", "ms", k, ctx->rounds);
		bench_report("depmod_umod_ms", "depmod: umod, same tree", "ms", u, ctx->rounds);
		bench_report("depmod_speedup_vs_kmod", "depmod: kmod time / umod time (>= 3)", "x",
			     r, ctx->rounds);
	}
	free(k);
	free(u);
	free(r);
	return err;
}

#define SHOW_RUNS 10

struct show_figures {
	const char *kmod, *umod, *ratio;
};

/* @what: the alias or module name given to --show-depends */
static int bench_modprobe(const struct bench_ctx *ctx, struct tree *t, char *what,
			  const struct show_figures *fig)
{
	char *kmod[] = { "modprobe", "-C", t->noconf, "-d", t->root, "-S", t->release,
			 "--show-depends", what, NULL };
	char *umod[] = { t->umod, "modprobe", "-C", t->noconf, "-d", t->root, "-S", t->release,
			 "--show-depends", what, NULL };
	double *k = calloc(ctx->rounds, sizeof(double)), *u = calloc(ctx->rounds, sizeof(double));
	double *r = calloc(ctx->rounds, sizeof(double));
	int err = k && u && r ? 0 : -ENOMEM;

	for (unsigned int i = 0; !err && i < ctx->rounds; i++) {
		for (int j = 0; !err && j < SHOW_RUNS; j++) {
			double a = timed_run(kmod), b = timed_run(umod);

			if (a < 0 || b < 0)
				err = -EIO;
			k[i] += a / SHOW_RUNS;
			u[i] += b / SHOW_RUNS;
		}
		r[i] = u[i] / k[i];
	}
	if (!err) {
		printf("modprobe --show-depends %s\n", what);
		bench_report(fig->kmod, "modprobe --show-depends: kmod", "ms", k, ctx->rounds);
		bench_report(fig->umod, "modprobe --show-depends: umod", "ms", u, ctx->rounds);
		bench_report(fig->ratio, "modprobe --show-depends: umod / kmod (<= 1)", "x", r,
			     ctx->rounds);
	}
	free(k);
	free(u);
	free(r);
	return err;
}

static const struct show_figures by_alias = {
	"modprobe_show_depends_kmod_ms", "modprobe_show_depends_umod_ms",
	"modprobe_show_depends_vs_kmod",
}, by_name = {
	"modprobe_show_depends_name_kmod_ms", "modprobe_show_depends_name_umod_ms",
	"modprobe_show_depends_name_vs_kmod",
};

int bench_modtree(const struct bench_ctx *ctx)
{
	struct tree t;
	int err;

	memset(&t, 0, sizeof(t));

	if (find_tree(ctx, &t) < 0 || pick_alias(&t) < 0) {
		printf("modtree: skipped: no Debian kernel tree under build/kernel-tree "
		       "(make check-kernel-tree unpacks one)\n");
		return 0;
	}
	err = bench_depmod(ctx, &t);
	if (!err)
		err = bench_modprobe(ctx, &t, t.alias, &by_alias);
	if (!err)
		err = bench_modprobe(ctx, &t, t.module, &by_name);
	if (err)
		fprintf(stderr, "modtree: a depmod or modprobe run failed\n");
	return err ? 1 : 0;
}
