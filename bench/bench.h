/* SPDX-License-Identifier: MIT */
/*
 * The benchmark driver's interface. Each benchmark is one function that
 * measures in rounds, interleaving what it compares so that drift in the
 * machine hits every variant alike, and reports figures through
 * bench_report(): the driver prints one table and writes
 * build/bench/results.tsv ("metric<TAB>value<TAB>unit").
 */
#ifndef _UMOD_BENCH_H
#define _UMOD_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bench_ctx {
	const char *objdir;	/* build/bench: generated modules live here */
	unsigned int rounds;	/* BENCH_ROUNDS, default 15 */
};

/* a monotonic clock in nanoseconds */
uint64_t bench_now_ns(void);

/* @argv's exit status, its output to /dev/null; -1 if it did not run */
int bench_spawn(char *const argv[]);

/*
 * One figure: @samples (one per round) give its median and spread (the
 * interquartile range, as a percentage of the median). @metric names the
 * results.tsv row; @what is the table's description.
 */
void bench_report(const char *metric, const char *what, const char *unit,
		  double *samples, size_t n);

/* fsread.c: a `umod daemon --root` in a scratch directory, a module in it */
struct bench_daemon {
	char dir[560];
	char root[600];		/* the tree */
};
int bench_daemon_start(const struct bench_ctx *ctx, const char *name, const char *ko,
		       struct bench_daemon *bd);
void bench_daemon_stop(struct bench_daemon *bd);

struct bench {
	const char *name;
	int (*run)(const struct bench_ctx *ctx);
};

/* symtab.c */
int bench_symtab(const struct bench_ctx *ctx);
/* modtree.c */
int bench_modtree(const struct bench_ctx *ctx);
/* loadcycle.c */
int bench_loadcycle(const struct bench_ctx *ctx);
/* the child that callgrind and strace run: OBJDIR --cycles umod|dlopen N */
int bench_loadcycle_child(const char *objdir, const char *which, int n);
/* is @tool on $PATH? */
bool bench_have(const char *tool);
/*
 * callgrind's instruction total for this program run as "OBJDIR @mode
 * @which @n", counted inside @fn only; its profile in OBJDIR/callgrind.@tag.out
 */
double bench_callgrind(const char *objdir, const char *fn, const char *tag, const char *mode,
		       const char *which, int n);
/* hwinstr.c: this thread's user-space instructions from the CPU's counter;
 * open gives the counter's fd, or -errno and @why when the machine has none */
int bench_hw_instr_open(char *why, size_t size);
int bench_hw_instr_start(int fd);
double bench_hw_instr_stop(int fd);
/* refcount.c */
int bench_refcount(const struct bench_ctx *ctx);
/* kmalloc.c */
int bench_kmalloc(const struct bench_ctx *ctx);
/* spinlock.c */
int bench_spinlock(const struct bench_ctx *ctx);
/* gpioirq.c */
int bench_gpioirq(const struct bench_ctx *ctx);
/* pciio.c */
int bench_pciio(const struct bench_ctx *ctx);
/* workqueue.c */
int bench_workqueue(const struct bench_ctx *ctx);
/* fsread.c */
int bench_fsread(const struct bench_ctx *ctx);
/* devmmap.c */
int bench_devmmap(const struct bench_ctx *ctx);
/* blkdisk.c */
int bench_blkdisk(const struct bench_ctx *ctx);
/* tapnet.c */
int bench_tapnet(const struct bench_ctx *ctx);
/* scale.c */
int bench_scale(const struct bench_ctx *ctx);
/* the child callgrind runs: OBJDIR --scale-loads chains N */
int bench_scale_child(const char *objdir, int n);
/* kunit.c */
int bench_kunit(const struct bench_ctx *ctx);
/* sigverify.c */
int bench_sigverify(const struct bench_ctx *ctx);
/* tick.c */
int bench_tick(const struct bench_ctx *ctx);
/* genuine.c */
int bench_genuine(const struct bench_ctx *ctx);

#endif /* _UMOD_BENCH_H */
