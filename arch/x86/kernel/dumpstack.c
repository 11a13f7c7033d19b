// SPDX-License-Identifier: MIT
/*
 * x86-64's part of an oops report, as the kernel's die() prints it: the
 * fault (the #PF lines from the saved error code, at KERN_ALERT, and the
 * page-table line, or the trap's name), "Oops: %04x [#1] PREEMPT SMP",
 * RIP named through kallsyms, the code bytes, the registers, the call
 * trace and CR2; after the end marker, oops_end()'s "executive summary":
 * the first oops' registers again. kernel/oops.c calls these from its
 * signal handler, so the same rules hold: no malloc, no stdio, no lock,
 * memory read only through umod_oops_read().
 */
#include <signal.h>
#include <ucontext.h>

#include "arch/arch.h"
#include "kernel/oops.h"
#include "lib/vsprintf.h"
#include "util/macro.h"

#define OOPS_MAX_FRAMES		32
#define OOPS_CODE_BEFORE	42	/* the kernel's PROLOGUE_SIZE */
#define OOPS_CODE_AFTER		21

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

uint64_t umod_arch_oops_pc(const ucontext_t *uc)
{
	return (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
}

uint64_t umod_arch_oops_sp(const ucontext_t *uc)
{
	return (uint64_t)uc->uc_mcontext.gregs[REG_RSP];
}

void umod_arch_oops_set_frame(ucontext_t *uc, uint64_t frame)
{
	uc->uc_mcontext.gregs[REG_RSP] = (greg_t)frame;
	uc->uc_mcontext.gregs[REG_RBP] = (greg_t)frame;
}

/* the registers of the first oops, which every oops_end() prints again */
static ucontext_t exec_summary;
static bool have_exec_summary;

static void report_page_fault(uint64_t addr, unsigned long err)
{
	struct umod_oops_line l = { .len = 0, .level = '1' };

	/* module code is the "kernel" here: its faults are supervisor faults */
	err &= ~PF_USER;
	umod_oops_put(&l, addr < UMOD_PAGE_SIZE ? "BUG: kernel NULL pointer dereference, address: " :
					"BUG: unable to handle page fault for address: ");
	umod_oops_put_hex(&l, addr, 16);
	umod_oops_emit(&l);
	l.level = '1';
	umod_oops_put(&l, "#PF: supervisor ");
	umod_oops_put(&l, err & PF_INSTR ? "instruction fetch" : err & PF_WRITE ? "write access" :
								   "read access");
	umod_oops_put(&l, " in kernel mode");
	umod_oops_emit(&l);
	l.level = '1';
	umod_oops_put(&l, "#PF: error_code(0x");
	umod_oops_put_hex(&l, err, 4);
	umod_oops_put(&l, ") - ");
	umod_oops_put(&l, err & PF_RSVD ? "reserved bit violation" : err & PF_PROT ?
		"permissions violation" : "not-present page");
	umod_oops_emit(&l);
	/*
	 * dump_pagetable() at KERN_INFO: a page with no table under it (what
	 * Linux shows for NULL) is "PGD 0 P4D 0 "; a process cannot read its
	 * own tables, so a fault on a present page has no line.
	 */
	if (!(err & PF_PROT)) {
		l.level = '6';
		umod_oops_put(&l, "PGD 0 P4D 0 ");
		umod_oops_emit(&l);
	}
}

/* the fault lines, then "Oops: 0002 [#1] PREEMPT SMP" or its equivalent */
/* handle_stack_overflow(): 6.1 prints the three addresses with %p, hashed */
static bool report_stack_overflow(int sig, const siginfo_t *si)
{
	uint64_t addr = (uint64_t)(uintptr_t)si->si_addr, begin, end;
	struct umod_oops_line l = { .len = 0 };

	if (sig != SIGSEGV || !umod_oops_stack_guard_hit(addr, &begin, &end))
		return false;
	umod_oops_put(&l, "BUG: TASK stack guard page was hit at ");
	umod_oops_put_hex(&l, umod_ptr_to_hashval((void *)(uintptr_t)addr), 16);
	umod_oops_put(&l, " (stack is ");
	umod_oops_put_hex(&l, umod_ptr_to_hashval((void *)(uintptr_t)begin), 16);
	umod_oops_put(&l, "..");
	umod_oops_put_hex(&l, umod_ptr_to_hashval((void *)(uintptr_t)end), 16);
	umod_oops_put(&l, ")");
	umod_oops_emit(&l);
	return true;
}

void umod_arch_oops_header(int sig, const siginfo_t *si, const ucontext_t *uc)
{
	const mcontext_t *mc = &uc->uc_mcontext;
	unsigned long trap = (unsigned long)mc->gregs[REG_TRAPNO];
	unsigned long err = (unsigned long)mc->gregs[REG_ERR];
	struct umod_oops_line l = { .len = 0 };

	if (umod_oops_die_counter() == 1) {
		exec_summary = *uc;
		have_exec_summary = true;
	}
	if (sig == SIGABRT) {
		/* the C library found the heap broken under module code */
		umod_oops_emit_str("kernel BUG: abort() in the C library (a double free or heap corruption?)");
		umod_oops_put(&l, "invalid opcode: 0000");
	} else if (sig == SIGILL || (sig != SIGFPE && trap == X86_TRAP_UD)) {
		umod_oops_put(&l, "invalid opcode: 0000");
	} else if (sig == SIGFPE) {
		umod_oops_put(&l, "divide error: 0000");
	} else if (sig == SIGSEGV && si->si_code == SI_KERNEL) {
		umod_oops_put(&l, "general protection fault: 0000");
	} else if (report_stack_overflow(sig, si)) {
		umod_oops_put(&l, "stack guard page: 0000");
	} else {
		report_page_fault((uint64_t)(uintptr_t)si->si_addr,
				  trap == X86_TRAP_PF ? err : PF_PROT);
		umod_oops_put(&l, "Oops: ");
		umod_oops_put_hex(&l, trap == X86_TRAP_PF ? err & ~PF_USER : 0, 4);
	}
	umod_oops_put(&l, " [#");
	umod_oops_put_dec(&l, umod_oops_die_counter(), 1, ' ');
	umod_oops_put(&l, "] PREEMPT SMP NOPTI");
	umod_oops_emit(&l);
}

/* 42 bytes before RIP, <the byte at RIP>, 21 after, as show_opcodes() */
static void report_code(uint64_t rip)
{
	unsigned char code[OOPS_CODE_BEFORE + 1 + OOPS_CODE_AFTER];
	uint64_t start = rip - OOPS_CODE_BEFORE;
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, "Code:");
	if (!umod_oops_read(start, code, sizeof(code))) {
		umod_oops_put(&l, " Unable to access opcode bytes at 0x");
		umod_oops_put_hex(&l, start, 1);
		umod_oops_put(&l, ".");
		umod_oops_emit(&l);
		return;
	}
	for (size_t i = 0; i < sizeof(code); i++) {
		umod_oops_put(&l, i == OOPS_CODE_BEFORE ? " <" : " ");
		umod_oops_put_hex(&l, code[i], 2);
		if (i == OOPS_CODE_BEFORE)
			umod_oops_put(&l, ">");
	}
	umod_oops_emit(&l);
}

static void put_reg(struct umod_oops_line *l, const char *name, greg_t v, bool last)
{
	umod_oops_put(l, name);
	umod_oops_put(l, ": ");
	umod_oops_put_hex(l, (uint64_t)v, 16);
	if (!last)
		umod_oops_put(l, " ");
}

/*
 * __show_regs()' segment and control-register lines. The FS base is the
 * faulting thread's (the handler runs on it); module code runs with the
 * kernel's segments, no GS base of its own, and control registers a
 * process cannot read: CR0, CR3 and CR4 show as 0; CR2 is the fault's.
 */
static void show_segments(const ucontext_t *uc)
{
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, "FS:  ");
	umod_oops_put_hex(&l, (uint64_t)(uintptr_t)__builtin_thread_pointer(), 16);
	umod_oops_put(&l, "(0000) GS:0000000000000000(0000) knlGS:0000000000000000");
	umod_oops_emit(&l);
	umod_oops_emit_str("CS:  0010 DS: 0000 ES: 0000 CR0: 0000000000000000");
	umod_oops_put(&l, "CR2: ");
	umod_oops_put_hex(&l, (uint64_t)uc->uc_mcontext.gregs[REG_CR2], 16);
	umod_oops_put(&l, " CR3: 0000000000000000 CR4: 0000000000000000");
	umod_oops_emit(&l);
}

void umod_arch_show_regs(const ucontext_t *uc)
{
	const mcontext_t *mc = &uc->uc_mcontext;
	static const struct { const char *name; int reg; } gprs[15] = {
		{ "RAX", REG_RAX }, { "RBX", REG_RBX }, { "RCX", REG_RCX },
		{ "RDX", REG_RDX }, { "RSI", REG_RSI }, { "RDI", REG_RDI },
		{ "RBP", REG_RBP }, { "R08", REG_R8 }, { "R09", REG_R9 },
		{ "R10", REG_R10 }, { "R11", REG_R11 }, { "R12", REG_R12 },
		{ "R13", REG_R13 }, { "R14", REG_R14 }, { "R15", REG_R15 },
	};
	struct umod_oops_line l = { .len = 0 };

	/* module code is the "kernel": its segments are __KERNEL_CS and __KERNEL_DS */
	umod_oops_put(&l, "RIP: 0010:");
	umod_oops_put_symbol(&l, (uint64_t)mc->gregs[REG_RIP], false);
	umod_oops_emit(&l);
	report_code((uint64_t)mc->gregs[REG_RIP]);
	umod_oops_put(&l, "RSP: 0018:");
	umod_oops_put_hex(&l, (uint64_t)mc->gregs[REG_RSP], 16);
	umod_oops_put(&l, " EFLAGS: ");
	umod_oops_put_hex(&l, (uint64_t)mc->gregs[REG_EFL], 8);
	umod_oops_emit(&l);
	for (int i = 0; i < 15; i++) {
		put_reg(&l, gprs[i].name, mc->gregs[gprs[i].reg], i % 3 == 2);
		if (i % 3 == 2)
			umod_oops_emit(&l);
	}
	show_segments(uc);
}

/*
 * page_fault_oops() kills with SIGKILL, die() for every other trap with
 * SIGSEGV; an abort (ASan's KASAN report, the C library's) has no
 * counterpart: KASAN reports and lets the task go on, which ASan cannot.
 */
int umod_arch_oops_kill_signal(int sig, const ucontext_t *uc)
{
	if (sig == SIGABRT)
		return 0;
	if ((sig == SIGSEGV || sig == SIGBUS) &&
	    (unsigned long)uc->uc_mcontext.gregs[REG_TRAPNO] == X86_TRAP_PF)
		return SIGKILL;
	return SIGSEGV;
}

/* __show_regs()' last lines again, for the first oops (oops_end()) */
void umod_arch_oops_summary(void)
{
	if (have_exec_summary)
		umod_arch_show_regs(&exec_summary);
}

static void trace_entry(uint64_t addr, bool reliable)
{
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, reliable ? " " : " ? ");
	umod_oops_put_symbol(&l, addr, true);
	umod_oops_emit(&l);
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
	uint64_t top = rsp + UMOD_OOPS_SCAN_WORDS * 8, frame[2];
	int n = 0;

	while (n < OOPS_MAX_FRAMES && rbp >= rsp && rbp + 8 < top && !(rbp & 7)) {
		if (!umod_oops_read(rbp, frame, sizeof(frame)) || !frame[1])
			break;
		slots[n++] = rbp + 8;
		if (!umod_oops_in_module_text(frame[1]) || frame[0] <= rbp)
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
void umod_arch_show_trace(const ucontext_t *uc)
{
	const mcontext_t *mc = &uc->uc_mcontext;
	uint64_t rsp = (uint64_t)mc->gregs[REG_RSP], slots[OOPS_MAX_FRAMES], word;
	int nslots = frame_slots(mc, slots);

	/* a stack overflow: RSP is in the guard page, the frames start above it */
	if (!umod_oops_read(rsp, &word, sizeof(word)))
		rsp = (rsp | (UMOD_PAGE_SIZE - 1)) + 1;
	umod_oops_emit_str("Call Trace:");
	umod_oops_emit_str(" <TASK>");
	for (int i = 0; i < UMOD_OOPS_SCAN_WORDS; i++) {
		uint64_t at = rsp + (uint64_t)i * 8;
		bool reliable = false;

		if (!umod_oops_read(at, &word, sizeof(word)))
			break;
		for (int k = 0; k < nslots; k++)
			reliable |= slots[k] == at;
		/* a return address follows a call: a pointer to a region's start is not one */
		if (umod_oops_in_module_text(word) && umod_oops_in_module_text(word - 1)) {
			trace_entry(word, reliable);
		} else if (reliable) {
			trace_entry(word, true);
			break;
		}
	}
	umod_oops_emit_str(" </TASK>");
}

void umod_arch_oops_tail(const ucontext_t *uc)
{
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, "CR2: ");
	umod_oops_put_hex(&l, (uint64_t)uc->uc_mcontext.gregs[REG_CR2], 16);
	umod_oops_emit(&l);
}
