// SPDX-License-Identifier: MIT
/*
 * Oops reports: a SIGSEGV, SIGBUS, SIGILL or SIGFPE raised by module code
 * (or an abort() of the C library while module code runs) is reported as
 * the kernel's die() reports it. Inside an entry into module code
 * (umod_call(), call.c) the report is kept, the handler jumps back to that
 * entry, which fails, and the report goes into the host's log: the host
 * goes on, tainted D, as Linux goes on after killing the task that
 * oopsed. Anywhere else, or with panic_on_oops, the report is written to
 * the descriptors given and the process dies: of the signal, or with the
 * exit status the embedder chose. This file holds
 * what every architecture shares (the handler, the line output, symbol
 * names, the CPU/PID/Tainted line, "Modules linked in:" and the end
 * marker); the port prints the fault, the registers and the call trace
 * (arch/<arch>/kernel/dumpstack.c, through arch/arch.h).
 *
 * Everything here runs in a signal handler: no malloc, no stdio, no lock.
 * Lines are formatted into a stack buffer and written with write(2);
 * memory that may be unmapped (stack words, code bytes) is read through
 * process_vm_readv(2), which fails instead of faulting. A fault whose PC
 * is outside every module, and with no module text address on the
 * stack, is not ours: it goes to the handler that was there before.
 *
 * Signal dispositions are process-wide, so this is the one other piece of
 * process-wide state in libumod: the host being reported on.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#include <generated/utsrelease.h>

#include "arch/arch.h"
#include "drivers/firmware/dmi.h"
#include "kernel/host_syms.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/vsprintf.h"
#include "mm/kasan.h"

#define OOPS_MAX_FDS		4
#define OOPS_ALTSTACK_SIZE	(64 * 1024)

#define OOPS_REPORT_SIZE	(32 * 1024)

static const int oops_signals[] = {
	SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
#if defined(__aarch64__)
	SIGTRAP,	/* BUG() and __builtin_trap() are a brk there */
#endif
};

static struct {
	struct umod_host *host;		/* borrowed: cleared by umod_oops_host_gone() */
	int fds[OOPS_MAX_FDS];
	unsigned int nfds;
	int exit_status;
	struct sigaction old[UMOD_ARRAY_SIZE(oops_signals)];
	/* the thread reporting now (0: none): one report at a time */
	atomic_int reporter;
	atomic_uint die_counter;	/* the kernel's: "[#N]" */
	/* a recoverable oops is kept here until umod_oops_log_report() */
	bool keep;
	char level;		/* the printk level of a line that names none */
	char report[OOPS_REPORT_SIZE];	/* lines of: level digit, text, '\n' */
	size_t report_len;
	size_t taint_at;	/* where oops_end()'s add_taint() line goes */
} oops;

static char oops_altstack[OOPS_ALTSTACK_SIZE] __attribute__((aligned(16)));

/* the signal the last oops on this thread would have killed its task with */
static __thread int oops_kill_signal;

/* ---- output: one line at a time, with dmesg's timestamp ------------------ */

void umod_oops_put(struct umod_oops_line *l, const char *s)
{
	while (*s && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = *s++;
}

void umod_oops_put_hex(struct umod_oops_line *l, uint64_t v, int width)
{
	char d[17];
	int n = 0;

	do {
		d[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v && n < 16);
	while (n < width && n < 16)
		d[n++] = '0';
	while (n && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = d[--n];
}

void umod_oops_put_dec(struct umod_oops_line *l, uint64_t v, int width, char pad)
{
	char d[21];
	int n = 0;

	do {
		d[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n < width && n < 20)
		d[n++] = pad;
	while (n && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = d[--n];
}

/* "%-Nd": the digits, then spaces up to @width */
static void put_dec_left(struct umod_oops_line *l, uint64_t v, size_t width)
{
	size_t start = l->len;

	umod_oops_put_dec(l, v, 1, ' ');
	while (l->len - start < width)
		umod_oops_put(l, " ");
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

/* a line of a recoverable oops: kept for the log with its level, no timestamp */
static void keep_line(struct umod_oops_line *l)
{
	size_t room = sizeof(oops.report) - oops.report_len;

	if (l->len + 2 < room) {
		oops.report[oops.report_len++] = l->level ? l->level : oops.level;
		memcpy(oops.report + oops.report_len, l->buf, l->len);
		oops.report_len += l->len;
		oops.report[oops.report_len++] = '\n';
	}
	l->len = 0;
	l->level = 0;
}

/* "[    1.234567] " + the line, to every descriptor; or kept for the log */
void umod_oops_emit(struct umod_oops_line *l)
{
	uint64_t ns = oops.host ? umod_log_now(oops.host->log) : 0;
	struct umod_oops_line out = { .len = 0 };

	if (oops.keep) {
		keep_line(l);
		return;
	}

	umod_oops_put(&out, "[");
	umod_oops_put_dec(&out, ns / 1000000000ull, 5, ' ');
	umod_oops_put(&out, ".");
	umod_oops_put_dec(&out, ns % 1000000000ull / 1000ull, 6, '0');
	umod_oops_put(&out, "] ");
	l->buf[l->len] = '\0';
	umod_oops_put(&out, l->buf);
	out.buf[out.len++] = '\n';
	for (unsigned int i = 0; i < oops.nfds; i++)
		write_all(oops.fds[i], out.buf, out.len);
	l->len = 0;
	l->level = 0;
}

/* the level of the report's lines that name none, from here on */
void umod_oops_set_level(char level)
{
	oops.level = level;
}

void umod_oops_emit_str(const char *s)
{
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, s);
	umod_oops_emit(&l);
}

/* ---- memory that may not be there ----------------------------------------- */

/*
 * Where process_vm_readv(2) is missing (qemu-user runs the arm64 suite),
 * write(2) into a pipe copies the bytes the same way: EFAULT, not a fault.
 */
static bool read_through_pipe(uint64_t addr, void *dst, size_t len)
{
	int fd[2];
	bool ok;

	if (len > 4096 || pipe2(fd, O_CLOEXEC | O_NONBLOCK) < 0)
		return false;
	ok = write(fd[1], (const void *)(uintptr_t)addr, len) == (ssize_t)len &&
	     read(fd[0], dst, len) == (ssize_t)len;
	close(fd[0]);
	close(fd[1]);
	return ok;
}

bool umod_oops_read(uint64_t addr, void *dst, size_t len)
{
	struct iovec local = { dst, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);

	if (n < 0 && errno == ENOSYS)
		return read_through_pipe(addr, dst, len);
	return n == (ssize_t)len;
}

bool umod_oops_in_module_text(uint64_t addr)
{
	struct umod_host *host = oops.host;

	for (struct umod_list *n = host->modules.next; n != &host->modules; n = n->next) {
		const struct umod_module *m = umod_container_of(n, struct umod_module, list);
		const struct umod_layout *ls[2] = { &m->core, &m->init };

		for (int i = 0; i < 2; i++) {
			uint64_t base = (uint64_t)(uintptr_t)ls[i]->base;

			if (ls[i]->base && addr >= base && addr < base + ls[i]->text_size)
				return true;
		}
	}
	return false;
}

/* "sym+0x12/0x40 [mod]", or the bare address outside any module */
void umod_oops_put_symbol(struct umod_oops_line *l, uint64_t addr, bool is_return)
{
	const char *name, *modname;
	uint64_t off, size;
	/* a return address may sit just past its function: look up the call */
	uint64_t at = is_return ? addr - 1 : addr;

	if (!umod_kallsyms_lookup_nolock(oops.host, at, &name, &modname, &off, &size) || !name) {
		modname = NULL;
		/* the host's own code: named as vmlinux's, without [module] */
		if (!umod_host_syms_lookup(at, &name, &off, &size)) {
			umod_oops_put(l, "0x");
			umod_oops_put_hex(l, addr, 16);
			return;
		}
	}
	umod_oops_put(l, name);
	umod_oops_put(l, "+0x");
	umod_oops_put_hex(l, off + (addr - at), 1);
	umod_oops_put(l, "/0x");
	umod_oops_put_hex(l, size, 1);
	if (!modname)
		return;
	umod_oops_put(l, " [");
	umod_oops_put(l, modname);
	umod_oops_put(l, "]");
}

/* ---- the lines every architecture prints ---------------------------------- */

/* print_tainted(), then the release and the version's first word */
static void put_tainted(struct umod_oops_line *l)
{
	unsigned long taints = atomic_load(&oops.host->taints);
	char cols[32];

	if (taints) {
		umod_taint_columns(taints, cols);
		umod_oops_put(l, "Tainted: ");
		umod_oops_put(l, cols);
	} else {
		umod_oops_put(l, "Not tainted");
	}
	umod_oops_put(l, " " UTS_RELEASE " #1");
}

/* the task that faulted, as current: a daemon's client shows as itself */
static void report_cpu(void)
{
	struct umod_task *t = umod_task_peek();
	char comm[UMOD_TASK_COMM_LEN + 1] = "";
	struct umod_oops_line l = { .len = 0 };
	int cpu = sched_getcpu();

	if (t)
		memcpy(comm, t->task.comm, UMOD_TASK_COMM_LEN);
	else
		prctl(PR_GET_NAME, comm, 0, 0, 0);
	umod_oops_put(&l, "CPU: ");
	umod_oops_put_dec(&l, cpu < 0 ? 0 : (uint64_t)cpu, 1, ' ');
	umod_oops_put(&l, " PID: ");
	umod_oops_put_dec(&l, t ? (uint64_t)t->task.pid : (uint64_t)getpid(), 1, ' ');
	umod_oops_put(&l, " Comm: ");
	umod_oops_put(&l, comm);
	umod_oops_put(&l, " ");
	put_tainted(&l);
	umod_oops_emit(&l);
	/* dump_stack_print_info()'s second line, when there is a description */
	if (*umod_dump_stack_arch_desc()) {
		umod_oops_put(&l, "Hardware name: ");
		umod_oops_put(&l, umod_dump_stack_arch_desc());
		umod_oops_emit(&l);
	}
}

/* print_modules(): newest first, "name(taints+)" with + coming, - going */
static void report_modules(void)
{
	struct umod_host *host = oops.host;
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, "Modules linked in:");
	for (struct umod_list *n = host->modules.next; n != &host->modules; n = n->next) {
		const struct umod_module *m = umod_container_of(n, struct umod_module, list);
		int state = atomic_load(&m->state);
		char letters[32];

		if (state == UMOD_MODULE_UNFORMED)
			continue;
		umod_oops_put(&l, " ");
		umod_oops_put(&l, m->name);
		if (!m->taints && state != UMOD_MODULE_COMING && state != UMOD_MODULE_GOING)
			continue;
		umod_taint_letters(m->taints, true, letters, sizeof(letters));
		umod_oops_put(&l, "(");
		umod_oops_put(&l, letters);
		umod_oops_put(&l, state == UMOD_MODULE_GOING ? "-" :
				  state == UMOD_MODULE_COMING ? "+" : "");
		umod_oops_put(&l, ")");
	}
	if (umod_area_last_unloaded(host)) {
		umod_oops_put(&l, " [last unloaded: ");
		umod_oops_put(&l, umod_area_last_unloaded(host));
		umod_oops_put(&l, "]");
	}
	umod_oops_emit(&l);
}

/*
 * A fault is ours if module code raised it or module code is below it, or
 * if it hit the module area: a stale pointer into an unloaded module.
 */
static bool module_fault(const siginfo_t *si, const ucontext_t *uc)
{
	uint64_t sp = umod_arch_oops_sp(uc), word;

	if (umod_oops_in_module_text(umod_arch_oops_pc(uc)) ||
	    umod_area_contains(oops.host, umod_arch_oops_pc(uc)) ||
	    umod_area_contains(oops.host, (uint64_t)(uintptr_t)si->si_addr))
		return true;
	for (int n = 0; n < UMOD_OOPS_SCAN_WORDS; n++) {
		if (!umod_oops_read(sp + (uint64_t)n * 8, &word, sizeof(word)))
			break;
		if (umod_oops_in_module_text(word))
			return true;
	}
	return false;
}

/*
 * BUG(): the module names its file and line (__bug()) just before its
 * ud2; the invalid-opcode oops that follows on this thread says where, as
 * report_bug() does from x86's bug table.
 */
static __thread struct {
	const char *file;
	int line;
} bug_at;

void umod_oops_bug_at(const char *file, int line)
{
	bug_at.file = file;
	bug_at.line = line;
}

static void report_bug(int sig)
{
	struct umod_oops_line l = { .len = 0 };

	if ((sig != SIGILL && sig != SIGTRAP) || !bug_at.file)
		return;
	umod_oops_emit_str("------------[ cut here ]------------");
	umod_oops_put(&l, "kernel BUG at ");
	umod_oops_put(&l, bug_at.file);
	umod_oops_put(&l, ":");
	umod_oops_put_dec(&l, (uint64_t)bug_at.line, 1, ' ');
	umod_oops_put(&l, "!");
	umod_oops_emit(&l);
	bug_at.file = NULL;
}

/*
 * An abort by ASan about module code: KASAN's report (mm/kasan.c), with
 * the CPU line and the call trace as dump_stack() gives them there, and
 * taint B, as end_report() adds.
 */
static bool report_kasan(int sig, const ucontext_t *uc)
{
	struct umod_task *t = umod_task_peek();
	char comm[UMOD_TASK_COMM_LEN + 1] = "";

	if (sig != SIGABRT)
		return false;
	oops.level = '3';	/* KASAN's report is pr_err() and dump_stack_lvl(KERN_ERR) */
	if (t)
		memcpy(comm, t->task.comm, UMOD_TASK_COMM_LEN);
	else
		prctl(PR_GET_NAME, comm, 0, 0, 0);
	if (!umod_kasan_report_begin(comm, t ? (uint64_t)t->task.pid : (uint64_t)getpid()))
		return false;
	report_cpu();
	/* the bad access's own trace comes with the report, else this one */
	if (!umod_kasan_has_trace())
		umod_arch_show_trace(uc);
	umod_kasan_report_end(oops.host);
	return true;
}

/*
 * In the order of the kernel's die() and oops_end(), at KERN_DEFAULT
 * unless a line says (the fault's own lines are KERN_ALERT): add_taint()'s
 * line goes before the end marker, and after it the port may repeat the
 * registers (x86's "executive summary").
 */
static void report(int sig, const siginfo_t *si, const ucontext_t *uc)
{
	oops.taint_at = SIZE_MAX;
	if (report_kasan(sig, uc))
		return;
	oops.level = '4';
	report_bug(sig);
	umod_arch_oops_header(sig, si, uc);
	report_cpu();
	umod_arch_show_regs(uc);
	umod_arch_show_trace(uc);
	report_modules();
	umod_arch_oops_tail(uc);
	oops.taint_at = oops.report_len;
	umod_oops_emit_str("---[ end trace 0000000000000000 ]---");
	umod_arch_oops_summary();
}

/* ---- the handler ------------------------------------------------------------ */

static int signal_index(int sig)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(oops_signals); i++)
		if (oops_signals[i] == sig)
			return (int)i;
	return -1;
}

/* not a module's fault: to whoever handled it before (ASan, the default) */
static void pass_on(int sig, siginfo_t *si, void *uc)
{
	int i = signal_index(sig);
	const struct sigaction *old = i < 0 ? NULL : &oops.old[i];

	if (old && (old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
		old->sa_sigaction(sig, si, uc);
		return;
	}
	if (old && old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	/* a fault happens again when the instruction reruns; a kill(2) does not */
	signal(sig, SIG_DFL);
	if (si->si_code <= 0)
		raise(sig);
}

/*
 * One report at a time: a second thread faulting waits for the first;
 * a fault inside the report itself (the same thread) is not reported.
 */
static bool report_begin(void)
{
	int self = (int)gettid(), none = 0;

	if (atomic_load(&oops.reporter) == self)
		return false;
	while (!atomic_compare_exchange_weak(&oops.reporter, &none, self)) {
		none = 0;
		sched_yield();
	}
	return true;
}

static bool oops_begin(void)
{
	if (!report_begin())
		return false;
	atomic_fetch_add(&oops.die_counter, 1);
	return true;
}

unsigned int umod_oops_die_counter(void)
{
	return atomic_load(&oops.die_counter);
}

/*
 * Only a fault the CPU raised (si_code > 0) is an oops, not a kill(2);
 * abort() raises SIGABRT itself, which is one when module code runs.
 */
static bool is_fault(int sig, const siginfo_t *si, const struct umod_call *c)
{
	return si->si_code > 0 || (sig == SIGABRT && c && si->si_pid == getpid());
}

static void oops_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	struct umod_task *t = umod_task_peek();
	struct umod_call *c = t ? t->call : NULL;

	if (!oops.host || !is_fault(sig, si, c) || !(c || module_fault(si, uc)) || !oops_begin()) {
		pass_on(sig, si, ucv);
		return;
	}
	if (c && !atomic_load(&oops.host->panic_on_oops)) {
		oops_kill_signal = umod_arch_oops_kill_signal(sig, uc);
		oops.keep = true;
		oops.report_len = 0;
		report(sig, si, uc);
		oops.keep = false;
		/* the bit the kernel sets in oops_end(), after the report */
		atomic_fetch_or(&oops.host->taints, 1ul << UMOD_TAINT_DIE);
		siglongjmp(c->recover, 1);
	}
	report(sig, si, uc);
	if (oops.exit_status)
		_exit(oops.exit_status);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* the kept lines from offset @from to @to into the log, each at its level */
static void log_kept(struct umod_host *host, size_t from, size_t to)
{
	for (size_t pos = from; pos < to;) {
		const char *line = oops.report + pos;
		size_t len = (size_t)((const char *)memchr(line, '\n', to - pos) - line);
		char level[3] = { KERN_SOH_ASCII, line[0], '\0' };

		umod_log_printk(host->log, "%s%.*s\n", level, (int)len - 1, line + 1);
		pos += len + 1;
	}
}

/* the whole kept report, then none */
static void log_kept_all(struct umod_host *host)
{
	log_kept(host, 0, oops.report_len);
	oops.report_len = 0;
}

/* @text's lines, each as a report line */
static void emit_text(const char *text)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		struct umod_oops_line l = { .len = 0 };

		if (len > sizeof(l.buf) - 1)
			len = sizeof(l.buf) - 1;
		memcpy(l.buf, text, len);
		l.len = len;
		umod_oops_emit(&l);
		text += len + (nl ? 1 : 0);
	}
}

/*
 * The report of 6.1's __warn() without registers (the generic path:
 * warn_slowpath_fmt() then dump_stack()): "cut here", the message (where
 * x86 prints it), "WARNING: CPU: N PID: N at FILE:LINE CALLER", "Modules linked in:", the
 * CPU line, the call trace from here, the end marker; then taint W. All
 * at KERN_WARNING. Without the host's oops handler (an embedder that did
 * not install it) the stack and modules cannot be walked: the first lines
 * and the end marker only.
 */
void umod_oops_warn(struct umod_host *host, const struct umod_warn *w)
{
	struct umod_task *t = umod_task_peek();
	struct umod_oops_line l = { .len = 0 };
	bool full = oops.host == host;
	int cpu = sched_getcpu();
	ucontext_t uc;

	getcontext(&uc);
	if (w->frame) {
		/* the module's frames are above the export's: skip the host's */
		umod_arch_oops_set_frame(&uc, w->frame);
	}
	if (!report_begin())
		return;
	oops.keep = true;
	oops.report_len = 0;
	oops.level = '4';
	umod_oops_emit_str("------------[ cut here ]------------");
	/* x86's WARN(): __warn_printk() prints the message before the trap */
	emit_text(w->msg);
	umod_oops_put(&l, "WARNING: CPU: ");
	umod_oops_put_dec(&l, cpu < 0 ? 0 : (uint64_t)cpu, 1, ' ');
	umod_oops_put(&l, " PID: ");
	umod_oops_put_dec(&l, t ? (uint64_t)t->task.pid : (uint64_t)getpid(), 1, ' ');
	umod_oops_put(&l, " at ");
	umod_oops_put(&l, w->file);
	umod_oops_put(&l, ":");
	umod_oops_put_dec(&l, (uint64_t)(w->line < 0 ? 0 : w->line), 1, ' ');
	umod_oops_put(&l, " ");
	if (w->caller_name)
		umod_oops_put(&l, w->caller_name);
	else if (full)
		umod_oops_put_symbol(&l, w->caller, true);
	else
		umod_oops_put_hex(&l, w->caller, 16);
	umod_oops_emit(&l);
	if (full) {
		report_modules();
		report_cpu();
		umod_arch_show_trace(&uc);
	}
	umod_oops_emit_str("---[ end trace 0000000000000000 ]---");
	oops.keep = false;
	log_kept_all(host);
	umod_host_add_taint(host, w->taint, UMOD_LOCKDEP_STILL_OK);
	atomic_store(&oops.reporter, 0);
}

/*
 * __stack_chk_fail(): module code found its stack canary overwritten, in
 * the function that @caller returns into. 6.1 panics with this message
 * ("Kernel panic - not syncing: stack-protector: Kernel stack is corrupted
 * in: %pB"); here it opens an oops of the module's call: the CPU line, the
 * trace from @frame (the export's, so the smashed function comes first),
 * the modules, then the call ends as after a fault, taint D. No call to
 * end (module code outside umod_call() cannot be) or no report possible:
 * the C library's verdict, abort().
 */
void umod_oops_stack_chk_fail(uint64_t caller, uint64_t frame)
{
	struct umod_task *t = umod_task_peek();
	struct umod_call *c = t ? t->call : NULL;
	struct umod_oops_line l = { .len = 0 };
	ucontext_t uc;

	getcontext(&uc);
	umod_arch_oops_set_frame(&uc, frame);
	if (!c || !oops.host || !report_begin())
		abort();
	oops.keep = !atomic_load(&oops.host->panic_on_oops);
	oops.report_len = 0;
	oops.level = '4';
	l.level = '0';	/* panic()'s pr_emerg(), then dump_stack() at KERN_DEFAULT */
	umod_oops_put(&l, "stack-protector: Kernel stack is corrupted in: ");
	umod_oops_put_symbol(&l, caller, true);
	umod_oops_emit(&l);
	report_cpu();
	umod_arch_show_trace(&uc);
	report_modules();
	oops.taint_at = oops.report_len;
	umod_oops_emit_str("---[ end trace 0000000000000000 ]---");
	if (!oops.keep) {
		if (oops.exit_status)
			_exit(oops.exit_status);
		signal(SIGABRT, SIG_DFL);
		abort();
	}
	oops.keep = false;
	atomic_fetch_or(&oops.host->taints, 1ul << UMOD_TAINT_DIE);
	siglongjmp(c->recover, 1);
}

/* dump_stack(): the CPU line and the call trace from @frame (0: here), at @level */
void umod_oops_dump_stack(struct umod_host *host, const char *level, uint64_t frame)
{
	ucontext_t uc;

	getcontext(&uc);
	if (frame) {
		umod_arch_oops_set_frame(&uc, frame);
	}
	if (oops.host != host || !report_begin())
		return;
	oops.keep = true;
	oops.report_len = 0;
	/* KERN_DEFAULT ("\001d") is the default message level, 4 */
	oops.level = level[0] == KERN_SOH_ASCII && level[1] >= '0' && level[1] <= '7' ? level[1] : '4';
	report_cpu();
	umod_arch_show_trace(&uc);
	oops.keep = false;
	log_kept_all(host);
	atomic_store(&oops.reporter, 0);
}

void umod_oops_log_report(struct umod_host *host)
{
	size_t at = oops.taint_at < oops.report_len ? oops.taint_at : oops.report_len;

	log_kept(host, 0, at);
	/* taint D is set: oops_end()'s add_taint(TAINT_DIE) says this once */
	umod_host_add_taint(host, UMOD_TAINT_DIE, UMOD_LOCKDEP_NOW_UNRELIABLE);
	log_kept(host, at, oops.report_len);
	oops.report_len = 0;
	atomic_store(&oops.reporter, 0);
}

/*
 * On the thread the watchdog found stuck, from its signal: the kernel's
 * soft-lockup report, kept for umod_oops_log_lockup(). False if no report
 * can be made now.
 */
bool umod_oops_capture_lockup(const ucontext_t *uc, unsigned int secs, bool hard)
{
	struct umod_task *t = umod_task_peek();
	struct umod_oops_line l = { .len = 0 };
	int cpu = sched_getcpu();

	if (!oops.host || !report_begin())
		return false;
	oops.keep = true;
	oops.report_len = 0;
	oops.level = '4';
	l.level = '0';	/* pr_emerg(), the rest KERN_DEFAULT */
	if (hard) {
		/* watchdog_hld.c's watchdog_overflow_callback() */
		umod_oops_put(&l, "NMI watchdog: Watchdog detected hard LOCKUP on cpu ");
		umod_oops_put_dec(&l, cpu < 0 ? 0 : (uint64_t)cpu, 1, ' ');
	} else {
		umod_oops_put(&l, "watchdog: BUG: soft lockup - CPU#");
		umod_oops_put_dec(&l, cpu < 0 ? 0 : (uint64_t)cpu, 1, ' ');
		umod_oops_put(&l, " stuck for ");
		umod_oops_put_dec(&l, secs, 1, ' ');
		umod_oops_put(&l, "s! [");
		umod_oops_put(&l, t ? t->task.comm : "umod");
		umod_oops_put(&l, ":");
		umod_oops_put_dec(&l, t ? (uint64_t)t->task.pid : (uint64_t)getpid(), 1, ' ');
		umod_oops_put(&l, "]");
	}
	umod_oops_emit(&l);
	report_modules();
	report_cpu();
	umod_arch_show_regs(uc);
	umod_arch_show_trace(uc);
	oops.keep = false;
	return true;
}

/* the watchdog's thread: the captured report into the log */
void umod_oops_log_lockup(struct umod_host *host, bool hard)
{
	log_kept_all(host);
	if (!hard)	/* 6.1 taints L for a soft lockup only */
		umod_host_add_taint(host, UMOD_TAINT_SOFTLOCKUP, UMOD_LOCKDEP_STILL_OK);
	atomic_store(&oops.reporter, 0);
}

/* the parent of the process @pid, from /proc (async-signal-safe); 0 if unknown */
static int parent_of(int pid)
{
	struct umod_oops_line path = { .len = 0 };
	char buf[512], *p;
	ssize_t n;
	int fd, ppid = 0;

	umod_oops_put(&path, "/proc/");
	umod_oops_put_dec(&path, (uint64_t)pid, 1, ' ');
	umod_oops_put(&path, "/stat");
	path.buf[path.len] = '\0';
	fd = open(path.buf, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* "pid (comm) S ppid ...": the comm may hold anything but the last ')' */
	p = strrchr(buf, ')');
	if (!p || strlen(p) < 4)
		return 0;
	for (p += 4; *p >= '0' && *p <= '9'; p++)
		ppid = ppid * 10 + (*p - '0');
	return ppid;
}

/* sched_show_task()'s first line, for a task in D state */
static void report_task(const struct umod_task *t)
{
	struct umod_oops_line l = { .len = 0 };
	char comm[16] = "";
	size_t len;
	int pid = t ? t->task.pid : (int)getpid();
	int ppid = t && (t->task.flags & UMOD_PF_KTHREAD) ? 2 : parent_of(pid);

	if (t)
		memcpy(comm, t->task.comm, sizeof(comm) - 1);
	len = strlen(comm);
	umod_oops_put(&l, "task:");
	umod_oops_put(&l, comm);
	while (len++ < 15)
		umod_oops_put(&l, " ");
	umod_oops_put(&l, " state:D stack:0     pid:");
	put_dec_left(&l, (uint64_t)pid, 5);
	umod_oops_put(&l, " ppid:");
	put_dec_left(&l, (uint64_t)ppid, 6);
	umod_oops_put(&l, " flags:0x00000000");
	umod_oops_emit(&l);
}

/*
 * On a thread the watchdog found blocked uninterruptibly for @secs: 6.1's
 * check_hung_task() report, kept for umod_oops_log_hung(). False if no
 * report can be made now.
 */
bool umod_oops_capture_hung(const ucontext_t *uc, unsigned int secs)
{
	struct umod_task *t = umod_task_peek();
	struct umod_oops_line l = { .len = 0 };

	if (!oops.host || !report_begin())
		return false;
	oops.keep = true;
	oops.report_len = 0;
	oops.level = '3';	/* pr_err(), then sched_show_task() at KERN_INFO */
	umod_oops_put(&l, "INFO: task ");
	umod_oops_put(&l, t ? t->task.comm : "umod");
	umod_oops_put(&l, ":");
	umod_oops_put_dec(&l, t ? (uint64_t)t->task.pid : (uint64_t)getpid(), 1, ' ');
	umod_oops_put(&l, " blocked for more than ");
	umod_oops_put_dec(&l, secs, 1, ' ');
	umod_oops_put(&l, " seconds.");
	umod_oops_emit(&l);
	umod_oops_put(&l, "      ");
	put_tainted(&l);
	umod_oops_emit(&l);
	umod_oops_emit_str("\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.");
	oops.level = '6';
	report_task(t);
	umod_arch_show_trace(uc);
	oops.keep = false;
	return true;
}

/* the watchdog's thread: the first three lines at KERN_ERR, the task's at KERN_INFO */
void umod_oops_log_hung(struct umod_host *host)
{
	log_kept_all(host);
	atomic_store(&oops.reporter, 0);
}

/* a thread's own alternate stack, freed with the thread */
static pthread_key_t altstack_key;
static pthread_once_t altstack_once = PTHREAD_ONCE_INIT;

static void altstack_free(void *stack)
{
	stack_t ss = { .ss_flags = SS_DISABLE };

	sigaltstack(&ss, NULL);
	free(stack);
}

static void altstack_key_init(void)
{
	pthread_key_create(&altstack_key, altstack_free);
}

/*
 * The calling thread's stack, as pthread sees it (guard pages included at
 * the low end), recorded once per thread outside any signal handler so
 * that the handler can tell a stack overflow from other faults.
 */
static __thread struct {
	bool ready;
	uint64_t lo, hi, guard;
	/* robust, held by the thread for good: once it has ended, however
	 * (an exit system call from module code skips every cleanup), a
	 * trylock by another thread says EOWNERDEAD */
	pthread_mutex_t alive;
	bool alive_held;
} thread_stack;

static void hold_alive(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	if (!pthread_mutex_init(&thread_stack.alive, &attr))
		thread_stack.alive_held = !pthread_mutex_lock(&thread_stack.alive);
	pthread_mutexattr_destroy(&attr);
}

pthread_mutex_t *umod_oops_thread_alive(void)
{
	return thread_stack.alive_held ? &thread_stack.alive : NULL;
}

static void record_stack(void)
{
	pthread_attr_t attr;
	void *addr;
	size_t size, guard = 0;

	if (pthread_getattr_np(pthread_self(), &attr))
		return;
	if (!pthread_attr_getstack(&attr, &addr, &size)) {
		pthread_attr_getguardsize(&attr, &guard);
		thread_stack.lo = (uint64_t)(uintptr_t)addr;
		thread_stack.hi = thread_stack.lo + size;
		thread_stack.guard = guard ? guard : UMOD_PAGE_SIZE;
	}
	pthread_attr_destroy(&attr);
}

/*
 * Did @addr hit the calling thread's stack guard: its guard pages, or
 * the gap below the lowest page the stack may grow to (the main thread's
 * stack grows on demand down to its limit)? *@begin and *@end: the
 * usable stack, as 6.1's handle_stack_overflow() prints it.
 */
#define STACK_GUARD_GAP		(1024 * 1024)	/* the kernel's stack_guard_gap */

bool umod_oops_stack_guard_hit(uint64_t addr, uint64_t *begin, uint64_t *end)
{
	if (!thread_stack.hi || addr >= thread_stack.lo + thread_stack.guard ||
	    addr + STACK_GUARD_GAP < thread_stack.lo)
		return false;
	*begin = thread_stack.lo + thread_stack.guard;
	*end = thread_stack.hi;
	return true;
}

/*
 * Called by every thread before it runs module code (umod_call() does it
 * on a thread's first entry, so the daemon's request threads and
 * libfuse's threads have one too): once per thread, cheap after that.
 */
void umod_oops_thread_init(void)
{
	stack_t old, ss = { .ss_size = OOPS_ALTSTACK_SIZE };

	if (thread_stack.ready)
		return;
	thread_stack.ready = true;
	record_stack();
	hold_alive();
	umod_ptr_to_hashval(NULL);	/* its key made here, not in the handler */
	if (sigaltstack(NULL, &old) == 0 && !(old.ss_flags & SS_DISABLE))
		return;
	pthread_once(&altstack_once, altstack_key_init);
	ss.ss_sp = malloc(OOPS_ALTSTACK_SIZE);
	if (!ss.ss_sp)
		return;
	if (pthread_setspecific(altstack_key, ss.ss_sp) || sigaltstack(&ss, NULL) < 0) {
		pthread_setspecific(altstack_key, NULL);
		free(ss.ss_sp);
	}
}

UMOD_API int umod_task_oops_signal(void)
{
	return oops_kill_signal;
}

UMOD_API int umod_host_set_panic_on_oops(struct umod_host *host, int enable)
{
	if (!host)
		return -EINVAL;
	atomic_store(&host->panic_on_oops, enable != 0);
	return 0;
}

UMOD_API int umod_host_install_oops(struct umod_host *host, const int *fds,
				    unsigned int nfds, int exit_status)
{
	struct sigaction sa = { .sa_sigaction = oops_handler,
				.sa_flags = SA_SIGINFO | SA_ONSTACK };
	stack_t ss = { .ss_sp = oops_altstack, .ss_size = sizeof(oops_altstack) };

	if (!host || !fds || !nfds || nfds > OOPS_MAX_FDS || exit_status < 0 ||
	    exit_status > 255)
		return -EINVAL;
	if (sigaltstack(&ss, NULL) < 0)
		return -errno;
	umod_oops_host_gone(oops.host);
	memcpy(oops.fds, fds, nfds * sizeof(*fds));
	oops.nfds = nfds;
	oops.exit_status = exit_status;
	oops.host = host;
	umod_dmi_setup();
	umod_kasan_init(host);
	umod_host_syms_load();
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(oops_signals); i++) {
		if (sigaction(oops_signals[i], &sa, &oops.old[i]) < 0) {
			int err = -errno;

			umod_oops_host_gone(host);
			return err;
		}
	}
	return 0;
}

void umod_oops_host_gone(struct umod_host *host)
{
	if (!host || oops.host != host)
		return;
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(oops_signals); i++)
		sigaction(oops_signals[i], &oops.old[i], NULL);
	oops.host = NULL;
}
