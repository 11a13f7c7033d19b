// SPDX-License-Identifier: MIT
/*
 * Kernel threads as processes: on Linux each kthread and kworker is a
 * /proc/PID of its own (`ps` lists it as [name]); here each kernel thread
 * of the host (umod_for_each_kthread()) is a directory of the tree's /proc
 * holding what ps and top read, as 6.1's fs/proc/base.c and array.c write
 * them for a kernel thread:
 *
 *   status   Name .. NSsid, no Vm* lines (no mm), Threads 1, every signal
 *            ignored, root's capabilities; PPid 2 (kthreadd)
 *   stat     the 52 fields of do_task_stat(), the mm ones 0
 *   statm    seven zeros; cmdline empty; comm the name
 *
 * The pid is the thread's own id: a thread id is never another live
 * process's pid, so it cannot collide with anything the real /proc lists
 * (it lists thread groups, and the daemon's own pid is its main thread's).
 * What the host kernel knows better about the thread, because it is a real
 * thread, comes from /proc/self/task/TID: its times, CPU, allowed CPUs and
 * memory nodes, context switches, speculation mitigations and signal queue.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <umod/umod.h>

#include "daemon.h"

#define PF_KTHREAD		0x00200000u
#define PF_WQ_WORKER		0x00000020u
/* what copy_process() and kthreadd give every kernel thread */
#define PF_NOFREEZE		0x00008000u
#define PF_FORKNOEXEC		0x00000040u
#define PF_NO_SETAFFINITY	0x04000000u	/* a worker bound to its pool */

struct kthread {
	int pid;
	char comm[16];
	char state;
	unsigned int flags;
};

static const char *const files[] = { "cmdline", "comm", "stat", "statm", "status" };

struct find {
	struct kthread *k;
	bool found;
};

static int match(void *data, struct umod_task *t)
{
	struct find *f = data;

	if (umod_task_get_pid(t) != f->k->pid)
		return 0;
	snprintf(f->k->comm, sizeof(f->k->comm), "%s", umod_task_get_comm(t));
	f->k->state = umod_task_get_state(t);
	f->k->flags = umod_task_get_flags(t);
	f->found = true;
	return 1;
}

/* "/proc/PID[/FILE]" of a live kernel thread: its thread and FILE ("" for the directory) */
static bool parse(const char *path, struct kthread *k, const char **file)
{
	struct find f = { k, false };
	char *end;
	long pid;

	if (strncmp(path, "/proc/", 6) || path[6] < '1' || path[6] > '9')
		return false;
	pid = strtol(path + 6, &end, 10);
	if (pid <= 0 || pid > 0x3fffffff || (*end && *end != '/'))
		return false;
	k->pid = (int)pid;
	umod_for_each_kthread(match, &f);
	*file = *end ? end + 1 : "";
	return f.found;
}

static bool known_file(const char *name)
{
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (!strcmp(name, files[i]))
			return true;
	return false;
}

int umod_proc_pid_stat(const char *path, mode_t *mode)
{
	struct kthread k;
	const char *file;

	if (!parse(path, &k, &file))
		return -ENOENT;
	if (!*file)
		*mode = S_IFDIR | 0555;
	else if (known_file(file))
		*mode = S_IFREG | (strcmp(file, "comm") ? 0444 : 0644);
	else
		return -ENOENT;
	return 0;
}

struct lister {
	int (*fill)(void *data, const char *name, mode_t mode);
	void *data;
};

static int list_one(void *data, struct umod_task *t)
{
	struct lister *l = data;
	char name[16];

	/* the interrupt CPU's task is swapper/N, pid 0: /proc never lists it */
	if (umod_task_get_pid(t) <= 0)
		return 0;
	snprintf(name, sizeof(name), "%d", umod_task_get_pid(t));
	return l->fill(l->data, name, S_IFDIR | 0555);
}

/* "/proc": a directory per kernel thread; "/proc/PID": its files */
int umod_proc_pid_list(const char *path, int (*fill)(void *data, const char *name, mode_t mode),
		       void *data)
{
	struct lister l = { fill, data };
	struct kthread k;
	const char *file;
	int err = 0;

	if (!strcmp(path, "/proc"))
		return umod_for_each_kthread(list_one, &l);
	if (!parse(path, &k, &file) || *file)
		return -ENOENT;
	for (size_t i = 0; !err && i < sizeof(files) / sizeof(files[0]); i++)
		err = fill(data, files[i], S_IFREG | (strcmp(files[i], "comm") ? 0444 : 0644));
	return err;
}

/* ---- the files --------------------------------------------------------------- */

struct text {
	char *buf;
	size_t size, len;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len >= t->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	t->len = n < 0 ? t->size : t->len + (size_t)n;
}

/* the host kernel's /proc/self/task/TID/@name, NUL-terminated; "" if gone */
static void real_file(int pid, const char *name, char *buf, size_t size)
{
	char path[64];
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/%s", pid, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, size - 1);
		close(fd);
	}
	buf[n < 0 ? 0 : n] = '\0';
}

/* field @n (1-based, as proc(5) numbers them) of the real stat, or "0" */
static const char *real_stat_field(const char *stat, int n, char *out, size_t size)
{
	const char *p = strrchr(stat, ')');
	int field = 2;

	snprintf(out, size, "0");
	if (!p)
		return out;
	for (p++; *p && field < n; field++) {
		while (*p == ' ')
			p++;
		if (field + 1 == n) {
			snprintf(out, size, "%.*s", (int)strcspn(p, " \n"), p);
			return out;
		}
		p += strcspn(p, " \n");
	}
	return out;
}

/*
 * The letter: the host's own when this one says running but the thread
 * waits on the host's primitives (a worker between items is TASK_IDLE on
 * Linux, any other kernel thread asleep)
 */
static char state_of(const struct kthread *k, const char *stat)
{
	char real[4];

	real_stat_field(stat, 3, real, sizeof(real));
	if (k->state != 'R' || real[0] == 'R')
		return k->state;
	return k->flags & PF_WQ_WORKER ? 'I' : 'S';
}

static const char *state_name(char c)
{
	static const char *const names[] = {
		"R (running)", "S (sleeping)", "D (disk sleep)", "T (stopped)",
		"t (tracing stop)", "X (dead)", "Z (zombie)", "P (parked)", "I (idle)",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i][0] == c)
			return names[i];
	return names[0];
}

/* the real status line @key's value, or @dflt */
static void put_real(struct text *t, const char *status, const char *key, const char *dflt)
{
	size_t klen = strlen(key);

	for (const char *p = status; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, key, klen) && p[klen] == ':') {
			const char *v = p + klen + 1 + strspn(p + klen + 1, "\t");

			put(t, "%s:\t%.*s\n", key, (int)strcspn(v, "\n"), v);
			return;
		}
	put(t, "%s:\t%s\n", key, dflt);
}

static void render_status(struct text *t, const struct kthread *k, const char *stat,
			  const char *status)
{
	static const char *const real_tail[] = {
		"Cpus_allowed", "Cpus_allowed_list", "Mems_allowed", "Mems_allowed_list",
		"voluntary_ctxt_switches", "nonvoluntary_ctxt_switches",
	};

	put(t, "Name:\t%s\nUmask:\t0000\nState:\t%s\n", k->comm, state_name(state_of(k, stat)));
	put(t, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t2\nTracerPid:\t0\n", k->pid, k->pid);
	put(t, "Uid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\nFDSize:\t64\nGroups:\t \n");
	put(t, "NStgid:\t%d\nNSpid:\t%d\nNSpgid:\t0\nNSsid:\t0\nThreads:\t1\n", k->pid, k->pid);
	put_real(t, status, "SigQ", "0/0");
	put(t, "SigPnd:\t%016x\nShdPnd:\t%016x\nSigBlk:\t%016x\n", 0, 0, 0);
	put(t, "SigIgn:\tffffffffffffffff\nSigCgt:\t%016x\n", 0);
	put(t, "CapInh:\t%016x\nCapPrm:\t000001ffffffffff\nCapEff:\t000001ffffffffff\n", 0);
	put(t, "CapBnd:\t000001ffffffffff\nCapAmb:\t%016x\n", 0);
	put(t, "NoNewPrivs:\t0\nSeccomp:\t0\nSeccomp_filters:\t0\n");
	put_real(t, status, "Speculation_Store_Bypass", "unknown");
	put_real(t, status, "SpeculationIndirectBranch", "unknown");
	for (size_t i = 0; i < sizeof(real_tail) / sizeof(real_tail[0]); i++)
		put_real(t, status, real_tail[i], "0");
}

static void render_stat(struct text *t, const struct kthread *k, const char *stat)
{
	unsigned int flags = PF_KTHREAD | PF_NOFREEZE | PF_FORKNOEXEC;
	/* a kworker/N:MH serves a WQ_HIGHPRI pool: nice -20 */
	bool highpri = (k->flags & PF_WQ_WORKER) && k->comm[strlen(k->comm) - 1] == 'H';
	char state = state_of(k, stat), f[4][24];

	if (k->flags & PF_WQ_WORKER)
		flags |= PF_WQ_WORKER | PF_NO_SETAFFINITY;
	put(t, "%d (%s) %c 2 0 0 0 -1 %u 0 0 0 0 %s %s 0 0 %d %d 1 0 %s 0 0 %llu 0 0 0 0 0",
	    k->pid, k->comm, state, flags, real_stat_field(stat, 14, f[0], sizeof(f[0])),
	    real_stat_field(stat, 15, f[1], sizeof(f[1])), highpri ? 0 : 20, highpri ? -20 : 0,
	    real_stat_field(stat, 22, f[2], sizeof(f[2])), ~0ull);
	put(t, " 0 0 2147483647 0 %d 0 0 17 %s 0 0 0 0 0 0 0 0 0 0 0 0 0\n", state != 'R',
	    real_stat_field(stat, 39, f[3], sizeof(f[3])));
}

ssize_t umod_proc_pid_read(const char *path, char *buf, size_t size)
{
	char stat[1024], status[4096];
	struct text t = { buf, size, 0 };
	struct kthread k;
	const char *file;

	if (!parse(path, &k, &file) || !*file)
		return -ENOENT;
	real_file(k.pid, "stat", stat, sizeof(stat));
	if (!strcmp(file, "status")) {
		real_file(k.pid, "status", status, sizeof(status));
		render_status(&t, &k, stat, status);
	} else if (!strcmp(file, "stat")) {
		render_stat(&t, &k, stat);
	} else if (!strcmp(file, "statm")) {
		put(&t, "0 0 0 0 0 0 0\n");
	} else if (!strcmp(file, "comm")) {
		put(&t, "%s\n", k.comm);
	} else if (strcmp(file, "cmdline")) {
		return -ENOENT;
	}
	return t.len < size ? (ssize_t)t.len : -EFBIG;
}
