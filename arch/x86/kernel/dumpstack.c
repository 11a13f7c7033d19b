// SPDX-License-Identifier: MIT
/*
 * Oops reports: a SIGSEGV, SIGBUS, SIGILL or SIGFPE raised by module code
 * is reported as x86's die() reports it (the fault, "Oops: ... [#1]", the
 * CPU/PID/Tainted line, RIP named through kallsyms, code bytes, registers,
 * the call trace, "Modules linked in:", CR2), then the process dies: of
 * the signal, or with the exit status the embedder chose.
 *
 * Everything here runs in a signal handler: no malloc, no stdio, no lock.
 * Lines are formatted into a static buffer and written with write(2);
 * memory that may be unmapped (stack words, code bytes) is read through
 * process_vm_readv(2), which fails instead of faulting. A fault whose
 * RIP is outside every module, and with no module text address on the
 * stack, is not ours: it goes to the handler that was there before.
 *
 * Signal dispositions are process-wide, so this is the one other piece of
 * process-wide state in libumod: the host being reported on.
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#include <generated/utsrelease.h>

#include "internal.h"

#define OOPS_MAX_FDS		4
#define OOPS_MAX_FRAMES		32
#define OOPS_SCAN_WORDS		512	/* stack words searched for module text */
#define OOPS_CODE_BEFORE	42	/* the kernel's PROLOGUE_SIZE */
#define OOPS_CODE_AFTER		21
#define OOPS_ALTSTACK_SIZE	(64 * 1024)

/* x86 trap numbers, as the kernel saves them in gregs[REG_TRAPNO] */
#define X86_TRAP_DE	0
#define X86_TRAP_UD	6
#define X86_TRAP_GP	13
#define X86_TRAP_PF	14

/* page-fault error code bits */
#define PF_PROT		(1ul << 0)
#define PF_WRITE	(1ul << 1)
#define PF_USER		(1ul << 2)
#define PF_RSVD		(1ul << 3)
#define PF_INSTR	(1ul << 4)

static const int oops_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };

static struct {
	struct umod_host *host;		/* borrowed: cleared by umod_oops_host_gone() */
	int fds[OOPS_MAX_FDS];
	unsigned int nfds;
	int exit_status;
	struct sigaction old[UMOD_ARRAY_SIZE(oops_signals)];
	atomic_bool in_oops;
} oops;

static char oops_altstack[OOPS_ALTSTACK_SIZE] __attribute__((aligned(16)));

/* ---- output: one line at a time, with dmesg's timestamp ------------------ */

struct line {
	char buf[1024];
	size_t len;
};

static void put(struct line *l, const char *s)
{
	while (*s && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = *s++;
}

static void put_hex(struct line *l, uint64_t v, int width)
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

static void put_dec(struct line *l, uint64_t v, int width, char pad)
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

/* "[    1.234567] " + the line, to every descriptor */
static void emit(struct line *l)
{
	uint64_t ns = oops.host ? umod_log_now(oops.host->log) : 0;
	struct line out = { .len = 0 };

	put(&out, "[");
	put_dec(&out, ns / 1000000000ull, 5, ' ');
	put(&out, ".");
	put_dec(&out, ns % 1000000000ull / 1000ull, 6, '0');
	put(&out, "] ");
	l->buf[l->len] = '\0';
	put(&out, l->buf);
	out.buf[out.len++] = '\n';
	for (unsigned int i = 0; i < oops.nfds; i++)
		write_all(oops.fds[i], out.buf, out.len);
	l->len = 0;
}

static void emit_str(const char *s)
{
	struct line l = { .len = 0 };

	put(&l, s);
	emit(&l);
}

/* ---- memory that may not be there ----------------------------------------- */

static bool safe_read(uint64_t addr, void *dst, size_t len)
{
	struct iovec local = { dst, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };

	return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)len;
}

static bool in_module_text(uint64_t addr)
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
static void put_symbol(struct line *l, uint64_t addr, bool is_return)
{
	const char *name, *modname;
	uint64_t off, size;
	/* a return address may sit just past its function: look up the call */
	uint64_t at = is_return ? addr - 1 : addr;

	if (!umod_kallsyms_lookup_nolock(oops.host, at, &name, &modname, &off, &size) || !name) {
		put(l, "0x");
		put_hex(l, addr, 16);
		return;
	}
	put(l, name);
	put(l, "+0x");
	put_hex(l, off + (addr - at), 1);
	put(l, "/0x");
	put_hex(l, size, 1);
	put(l, " [");
	put(l, modname);
	put(l, "]");
}

/* ---- the report, in the order of x86's die() ------------------------------ */

static void report_page_fault(uint64_t addr, unsigned long err)
{
	struct line l = { .len = 0 };

	/* module code is the "kernel" here: its faults are supervisor faults */
	err &= ~PF_USER;
	put(&l, addr < UMOD_PAGE_SIZE ? "BUG: kernel NULL pointer dereference, address: " :
					"BUG: unable to handle page fault for address: ");
	put_hex(&l, addr, 16);
	emit(&l);
	put(&l, "#PF: supervisor ");
	put(&l, err & PF_INSTR ? "instruction fetch" : err & PF_WRITE ? "write access" :
								   "read access");
	put(&l, " in kernel mode");
	emit(&l);
	put(&l, "#PF: error_code(0x");
	put_hex(&l, err, 4);
	put(&l, ") - ");
	put(&l, err & PF_RSVD ? "reserved bit violation" : err & PF_PROT ?
		"permissions violation" : "not-present page");
	emit(&l);
}

/* the fault lines, then "Oops: 0002 [#1] PREEMPT SMP" or its equivalent */
static void report_header(int sig, const siginfo_t *si, const mcontext_t *mc)
{
	unsigned long trap = (unsigned long)mc->gregs[REG_TRAPNO];
	unsigned long err = (unsigned long)mc->gregs[REG_ERR];
	struct line l = { .len = 0 };

	if (sig == SIGILL || (sig != SIGFPE && trap == X86_TRAP_UD)) {
		put(&l, "invalid opcode: 0000");
	} else if (sig == SIGFPE) {
		put(&l, "divide error: 0000");
	} else if (sig == SIGSEGV && si->si_code == SI_KERNEL) {
		put(&l, "general protection fault: 0000");
	} else {
		report_page_fault((uint64_t)(uintptr_t)si->si_addr,
				  trap == X86_TRAP_PF ? err : PF_PROT);
		put(&l, "Oops: ");
		put_hex(&l, trap == X86_TRAP_PF ? err & ~PF_USER : 0, 4);
	}
	put(&l, " [#1] PREEMPT SMP");
	emit(&l);
}

static void report_cpu(void)
{
	char comm[17] = "", cols[32];
	unsigned long taints = atomic_load(&oops.host->taints);
	struct line l = { .len = 0 };
	int cpu = sched_getcpu();

	prctl(PR_GET_NAME, comm, 0, 0, 0);
	put(&l, "CPU: ");
	put_dec(&l, cpu < 0 ? 0 : (uint64_t)cpu, 1, ' ');
	put(&l, " PID: ");
	put_dec(&l, (uint64_t)getpid(), 1, ' ');
	put(&l, " Comm: ");
	put(&l, comm);
	if (taints) {
		umod_taint_columns(taints, cols);
		put(&l, " Tainted: ");
		put(&l, cols);
	} else {
		put(&l, " Not tainted");
	}
	put(&l, " " UTS_RELEASE " #1");
	emit(&l);
}

/* 42 bytes before RIP, <the byte at RIP>, 21 after, as show_opcodes() */
static void report_code(uint64_t rip)
{
	unsigned char code[OOPS_CODE_BEFORE + 1 + OOPS_CODE_AFTER];
	uint64_t start = rip - OOPS_CODE_BEFORE;
	struct line l = { .len = 0 };

	put(&l, "Code:");
	if (!safe_read(start, code, sizeof(code))) {
		put(&l, " Unable to access opcode bytes at 0x");
		put_hex(&l, start, 1);
		put(&l, ".");
		emit(&l);
		return;
	}
	for (size_t i = 0; i < sizeof(code); i++) {
		put(&l, i == OOPS_CODE_BEFORE ? " <" : " ");
		put_hex(&l, code[i], 2);
		if (i == OOPS_CODE_BEFORE)
			put(&l, ">");
	}
	emit(&l);
}

static void put_reg(struct line *l, const char *name, greg_t v, bool last)
{
	put(l, name);
	put(l, ": ");
	put_hex(l, (uint64_t)v, 16);
	if (!last)
		put(l, " ");
}

static void report_regs(const mcontext_t *mc)
{
	static const struct { const char *name; int reg; } gprs[15] = {
		{ "RAX", REG_RAX }, { "RBX", REG_RBX }, { "RCX", REG_RCX },
		{ "RDX", REG_RDX }, { "RSI", REG_RSI }, { "RDI", REG_RDI },
		{ "RBP", REG_RBP }, { "R08", REG_R8 }, { "R09", REG_R9 },
		{ "R10", REG_R10 }, { "R11", REG_R11 }, { "R12", REG_R12 },
		{ "R13", REG_R13 }, { "R14", REG_R14 }, { "R15", REG_R15 },
	};
	uint64_t csgsfs = (uint64_t)mc->gregs[REG_CSGSFS];
	struct line l = { .len = 0 };

	put(&l, "RIP: ");
	put_hex(&l, csgsfs & 0xffff, 4);
	put(&l, ":");
	put_symbol(&l, (uint64_t)mc->gregs[REG_RIP], false);
	emit(&l);
	report_code((uint64_t)mc->gregs[REG_RIP]);
	/* a user-mode stack segment is implied: SS = CS + 8 (0x2b) */
	put(&l, "RSP: ");
	put_hex(&l, (csgsfs & 0xffff) - 8, 4);
	put(&l, ":");
	put_hex(&l, (uint64_t)mc->gregs[REG_RSP], 16);
	put(&l, " EFLAGS: ");
	put_hex(&l, (uint64_t)mc->gregs[REG_EFL], 8);
	emit(&l);
	for (int i = 0; i < 15; i++) {
		put_reg(&l, gprs[i].name, mc->gregs[gprs[i].reg], i % 3 == 2);
		if (i % 3 == 2)
			emit(&l);
	}
}

static void trace_entry(uint64_t addr, bool reliable)
{
	struct line l = { .len = 0 };

	put(&l, reliable ? " " : " ? ");
	put_symbol(&l, addr, true);
	emit(&l);
}

/*
 * The frame-pointer chain from RBP (modules are built
 * -fno-omit-frame-pointer): the stack slots holding its return addresses,
 * up to and including the first return into the host, whose own frames
 * have no frame pointers. Returns how many slots were found.
 */
static int frame_slots(const mcontext_t *mc, uint64_t *slots)
{
	uint64_t rsp = (uint64_t)mc->gregs[REG_RSP], rbp = (uint64_t)mc->gregs[REG_RBP];
	uint64_t top = rsp + OOPS_SCAN_WORDS * 8, frame[2];
	int n = 0;

	while (n < OOPS_MAX_FRAMES && rbp >= rsp && rbp + 8 < top && !(rbp & 7)) {
		if (!safe_read(rbp, frame, sizeof(frame)) || !frame[1])
			break;
		slots[n++] = rbp + 8;
		if (!in_module_text(frame[1]) || frame[0] <= rbp)
			break;
		rbp = frame[0];
	}
	return n;
}

/*
 * As the kernel's show_trace_log_lvl(): every module text address on the
 * stack is listed, those on the frame chain plainly, the others with
 * "? ". The chain's return into the host ends the list.
 */
static void report_trace(const mcontext_t *mc)
{
	uint64_t rsp = (uint64_t)mc->gregs[REG_RSP], slots[OOPS_MAX_FRAMES], word;
	int nslots = frame_slots(mc, slots);

	emit_str("Call Trace:");
	emit_str(" <TASK>");
	for (int i = 0; i < OOPS_SCAN_WORDS; i++) {
		uint64_t at = rsp + (uint64_t)i * 8;
		bool reliable = false;

		if (!safe_read(at, &word, sizeof(word)))
			break;
		for (int k = 0; k < nslots; k++)
			reliable |= slots[k] == at;
		/* a return address follows a call: a pointer to a region's start is not one */
		if (in_module_text(word) && in_module_text(word - 1)) {
			trace_entry(word, reliable);
		} else if (reliable) {
			trace_entry(word, true);
			break;
		}
	}
	emit_str(" </TASK>");
}

/* print_modules(): newest first, "name(taints+)" with + coming, - going */
static void report_modules(void)
{
	struct umod_host *host = oops.host;
	struct line l = { .len = 0 };

	put(&l, "Modules linked in:");
	for (struct umod_list *n = host->modules.next; n != &host->modules; n = n->next) {
		const struct umod_module *m = umod_container_of(n, struct umod_module, list);
		int state = atomic_load(&m->state);
		char letters[32];

		if (state == UMOD_MODULE_UNFORMED)
			continue;
		put(&l, " ");
		put(&l, m->name);
		if (!m->taints && state != UMOD_MODULE_COMING && state != UMOD_MODULE_GOING)
			continue;
		umod_taint_letters(m->taints, true, letters, sizeof(letters));
		put(&l, "(");
		put(&l, letters);
		put(&l, state == UMOD_MODULE_GOING ? "-" : state == UMOD_MODULE_COMING ? "+" : "");
		put(&l, ")");
	}
	emit(&l);
}

/* a fault is ours if module code raised it or module code is below it */
static bool module_fault(const mcontext_t *mc)
{
	uint64_t rsp = (uint64_t)mc->gregs[REG_RSP], word;

	if (in_module_text((uint64_t)mc->gregs[REG_RIP]))
		return true;
	for (int n = 0; n < OOPS_SCAN_WORDS; n++) {
		if (!safe_read(rsp + (uint64_t)n * 8, &word, sizeof(word)))
			break;
		if (in_module_text(word))
			return true;
	}
	return false;
}

static void report(int sig, const siginfo_t *si, const mcontext_t *mc)
{
	struct line l = { .len = 0 };

	report_header(sig, si, mc);
	report_cpu();
	report_regs(mc);
	report_trace(mc);
	report_modules();
	put(&l, "CR2: ");
	put_hex(&l, (uint64_t)mc->gregs[REG_CR2], 16);
	emit(&l);
	emit_str("---[ end trace 0000000000000000 ]---");
}

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

static void oops_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	/* only a fault the CPU raised (si_code > 0) is an oops, not a kill(2) */
	if (!oops.host || si->si_code <= 0 || !module_fault(&uc->uc_mcontext) ||
	    atomic_exchange(&oops.in_oops, true)) {
		pass_on(sig, si, ucv);
		return;
	}
	report(sig, si, &uc->uc_mcontext);
	if (oops.exit_status)
		_exit(oops.exit_status);
	signal(sig, SIG_DFL);
	raise(sig);
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
