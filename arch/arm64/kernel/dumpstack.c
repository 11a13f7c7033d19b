// SPDX-License-Identifier: MIT
/*
 * arm64's part of an oops report, as Linux 6.1 prints it: the fault
 * ("Unable to handle kernel ... at virtual address", the decoded ESR),
 * "Internal error: Oops: <esr> [#1] PREEMPT SMP", __show_regs() (pstate,
 * pc and lr named through kallsyms, sp, x29..x0 three to a line), the
 * frame-record call trace and the code words around pc. kernel/oops.c
 * calls these from its signal handler: no malloc, no stdio, no lock,
 * memory read only through umod_oops_read().
 */
#include <signal.h>
#include <ucontext.h>

#include "arch/arch.h"
#include "kernel/oops.h"
#include "util/macro.h"

#define OOPS_MAX_FRAMES		32

/* the signal frame's record of the exception syndrome (uapi asm/sigcontext.h) */
#ifndef ESR_MAGIC
#define ESR_MAGIC		0x45535201u
#endif

/* ESR_ELx fields */
#define ESR_EC_SHIFT		26
#define ESR_IL			(1ul << 25)
#define ESR_ISS_MASK		0x01fffffful
#define ESR_WNR			(1ul << 6)
#define ESR_CM			(1ul << 8)
#define ESR_EA			(1ul << 9)
#define ESR_FNV			(1ul << 10)
#define ESR_S1PTW		(1ul << 7)
#define EC_UNKNOWN		0x00
#define EC_IABT_LOW		0x20
#define EC_IABT_CUR		0x21
#define EC_DABT_LOW		0x24
#define EC_DABT_CUR		0x25
#define EC_BRK64		0x3c

/* PSTATE bits as print_pstate() shows them */
#define PSR_MODE_EL1H		0x5ul

uint64_t umod_arch_oops_pc(const ucontext_t *uc)
{
	return uc->uc_mcontext.pc;
}

uint64_t umod_arch_oops_sp(const ucontext_t *uc)
{
	return uc->uc_mcontext.sp;
}

void umod_arch_oops_set_frame(ucontext_t *uc, uint64_t frame)
{
	uc->uc_mcontext.sp = frame;
	uc->uc_mcontext.regs[29] = frame;
}

/* the kernel's ESR from the signal frame's esr_context, if the kernel gave one */
static bool frame_esr(const ucontext_t *uc, uint64_t *esr)
{
	const unsigned char *p = uc->uc_mcontext.__reserved;
	size_t off = 0, room = sizeof(uc->uc_mcontext.__reserved);

	while (off + 8 <= room) {
		uint32_t magic, size;

		__builtin_memcpy(&magic, p + off, 4);
		__builtin_memcpy(&size, p + off + 4, 4);
		if (!magic || size < 8 || size > room - off)
			return false;
		if (magic == ESR_MAGIC && size >= 16) {
			__builtin_memcpy(esr, p + off + 8, 8);
			return true;
		}
		off += size;
	}
	return false;
}

/*
 * The syndrome of a fault in "kernel" code: the signal frame's, taken at
 * EL0, turned into the current-EL class; or, where there is none (under
 * qemu-user), made from the signal: a data abort whose FSC follows
 * si_code, an instruction abort when the fault address is the pc.
 */
static uint64_t fault_esr(const siginfo_t *si, const ucontext_t *uc)
{
	uint64_t esr, ec;

	if (frame_esr(uc, &esr) && esr) {
		ec = esr >> ESR_EC_SHIFT;
		if (ec == EC_DABT_LOW || ec == EC_IABT_LOW)
			esr += 1ul << ESR_EC_SHIFT;
		return esr;
	}
	ec = (uint64_t)(uintptr_t)si->si_addr == uc->uc_mcontext.pc ? EC_IABT_CUR : EC_DABT_CUR;
	if (si->si_signo == SIGBUS)
		return ec << ESR_EC_SHIFT | ESR_IL | 0x21;		/* alignment fault */
	return ec << ESR_EC_SHIFT | ESR_IL | (si->si_code == SEGV_ACCERR ? 0x0f : 0x04);
}

static const char *fsc_name(unsigned int fsc)
{
	static const char *const level[] = { "level 0 ", "level 1 ", "level 2 ", "level 3 " };
	static char buf[40];	/* one report at a time: the handler serialises */
	const char *kind;

	switch (fsc & ~3u) {
	case 0x04: kind = "translation fault"; break;
	case 0x08: kind = "access flag fault"; break;
	case 0x0c: kind = "permission fault"; break;
	default:
		return fsc == 0x21 ? "alignment fault" : fsc == 0x10 ?
			"synchronous external abort" : "unknown";
	}
	buf[0] = 0;
	__builtin_strcat(buf, level[fsc & 3]);
	__builtin_strcat(buf, kind);
	return buf;
}

static void put_field(const char *name, uint64_t v, const char *name2, uint64_t v2)
{
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, name);
	umod_oops_put_dec(&l, v, 1, ' ');
	umod_oops_put(&l, name2);
	umod_oops_put_dec(&l, v2, 1, ' ');
	umod_oops_emit(&l);
}

/* mem_abort_decode() and data_abort_decode() */
static void report_abort(uint64_t addr, uint64_t esr)
{
	struct umod_oops_line l = { .len = 0 };
	uint64_t ec = esr >> ESR_EC_SHIFT;

	/* die_kernel_fault() and the decoders print with pr_alert() */
	umod_oops_set_level('1');
	umod_oops_put(&l, addr < UMOD_PAGE_SIZE ? "Unable to handle kernel NULL pointer dereference" :
						  "Unable to handle kernel paging request");
	umod_oops_put(&l, " at virtual address ");
	umod_oops_put_hex(&l, addr, 16);
	umod_oops_emit(&l);
	umod_oops_emit_str("Mem abort info:");
	umod_oops_put(&l, "  ESR = 0x");
	umod_oops_put_hex(&l, esr, 16);
	umod_oops_emit(&l);
	umod_oops_put(&l, "  EC = 0x");
	umod_oops_put_hex(&l, ec, 2);
	umod_oops_put(&l, ec == EC_IABT_CUR ? ": IABT (current EL)" : ": DABT (current EL)");
	umod_oops_put(&l, esr & ESR_IL ? ", IL = 32 bits" : ", IL = 16 bits");
	umod_oops_emit(&l);
	put_field("  SET = ", (esr >> 11) & 3, ", FnV = ", !!(esr & ESR_FNV));
	put_field("  EA = ", !!(esr & ESR_EA), ", S1PTW = ", !!(esr & ESR_S1PTW));
	umod_oops_put(&l, "  FSC = 0x");
	umod_oops_put_hex(&l, esr & 0x3f, 2);
	umod_oops_put(&l, ": ");
	umod_oops_put(&l, fsc_name(esr & 0x3f));
	umod_oops_emit(&l);
	if (ec != EC_DABT_CUR)
		return;
	umod_oops_emit_str("Data abort info:");
	umod_oops_put(&l, "  ISV = 0, ISS = 0x");
	umod_oops_put_hex(&l, esr & ESR_ISS_MASK, 8);
	umod_oops_emit(&l);
	put_field("  CM = ", !!(esr & ESR_CM), ", WnR = ", !!(esr & ESR_WNR));
}

/* BRK #imm: ESR class 0x3c with the immediate as its syndrome */
static uint64_t brk_esr(const ucontext_t *uc)
{
	uint32_t insn = 0;

	umod_oops_read(uc->uc_mcontext.pc, &insn, sizeof(insn));
	return (uint64_t)EC_BRK64 << ESR_EC_SHIFT | ESR_IL | ((insn >> 5) & 0xffff);
}

/* the fault lines, then "Internal error: Oops: <esr> [#1] PREEMPT SMP" (die()) */
void umod_arch_oops_header(int sig, const siginfo_t *si, const ucontext_t *uc)
{
	struct umod_oops_line l = { .len = 0 };
	uint64_t esr;

	if (sig == SIGABRT) {
		umod_oops_emit_str("kernel BUG: abort() in the C library (a double free or heap corruption?)");
		umod_oops_put(&l, "Internal error: Oops - BUG: ");
		esr = 0;
	} else if (sig == SIGTRAP) {
		/* brk_handler(): no hook claims the brk of __builtin_trap() */
		umod_oops_emit_str("Unexpected kernel BRK exception at EL1");
		umod_oops_put(&l, "Internal error: BRK handler: ");
		esr = brk_esr(uc);
	} else if (sig == SIGILL) {
		umod_oops_put(&l, "Internal error: Oops - Undefined instruction: ");
		esr = (uint64_t)EC_UNKNOWN << ESR_EC_SHIFT | ESR_IL;
	} else {
		esr = fault_esr(si, uc);
		report_abort((uint64_t)(uintptr_t)si->si_addr, esr);
		umod_oops_put(&l, "Internal error: Oops: ");
	}
	umod_oops_put_hex(&l, esr, 16);
	umod_oops_put(&l, " [#");
	umod_oops_put_dec(&l, umod_oops_die_counter(), 1, ' ');
	umod_oops_put(&l, "] PREEMPT SMP");
	l.level = '0';	/* __die()'s pr_emerg(); what follows is KERN_DEFAULT */
	umod_oops_emit(&l);
	umod_oops_set_level('4');
}

/* "pstate: 60000005 (nZCv daif -PAN -UAO -TCO -DIT -SSBS BTYPE=--)" */
static void report_pstate(uint64_t ps)
{
	static const char *const btype[] = { "--", "-c", "j-", "jc" };
	struct umod_oops_line l = { .len = 0 };
	char flags[] = "nzcv daif";
	static const struct { int bit; const char *name; } opt[] = {
		{ 22, "PAN" }, { 23, "UAO" }, { 25, "TCO" }, { 24, "DIT" }, { 12, "SSBS" },
	};

	/* module code is the "kernel": it runs at EL1 with the handler's stack (h) */
	ps = (ps & ~0xful) | PSR_MODE_EL1H;
	for (int i = 0; i < 4; i++)
		if (ps & (1ul << (31 - i)))
			flags[i] -= 'a' - 'A';
	for (int i = 0; i < 4; i++)
		if (ps & (1ul << (9 - i)))
			flags[5 + i] -= 'a' - 'A';
	umod_oops_put(&l, "pstate: ");
	umod_oops_put_hex(&l, ps & 0xffffffffu, 8);
	umod_oops_put(&l, " (");
	umod_oops_put(&l, flags);
	for (size_t i = 0; i < sizeof(opt) / sizeof(opt[0]); i++) {
		umod_oops_put(&l, ps & (1ul << opt[i].bit) ? " +" : " -");
		umod_oops_put(&l, opt[i].name);
	}
	umod_oops_put(&l, " BTYPE=");
	umod_oops_put(&l, btype[(ps >> 10) & 3]);
	umod_oops_put(&l, ")");
	umod_oops_emit(&l);
}

/* __show_regs(): pc and lr by name, sp, then x29 down to x0, three to a line */
void umod_arch_show_regs(const ucontext_t *uc)
{
	const mcontext_t *mc = &uc->uc_mcontext;
	struct umod_oops_line l = { .len = 0 };

	report_pstate(mc->pstate);
	umod_oops_put(&l, "pc : ");
	umod_oops_put_symbol(&l, mc->pc, false);
	umod_oops_emit(&l);
	umod_oops_put(&l, "lr : ");
	umod_oops_put_symbol(&l, mc->regs[30], false);
	umod_oops_emit(&l);
	umod_oops_put(&l, "sp : ");
	umod_oops_put_hex(&l, mc->sp, 16);
	umod_oops_emit(&l);
	for (int i = 29; i >= 0; i--) {
		umod_oops_put(&l, i == 29 || i % 3 == 2 ? "x" : " x");
		umod_oops_put_dec(&l, (uint64_t)i, 1, ' ');
		umod_oops_put(&l, i < 10 ? " : " : ": ");
		umod_oops_put_hex(&l, mc->regs[i], 16);
		if (i % 3 == 0)
			umod_oops_emit(&l);
	}
}

static void trace_entry(uint64_t addr)
{
	struct umod_oops_line l = { .len = 0 };

	umod_oops_put(&l, " ");
	umod_oops_put_symbol(&l, addr, false);
	umod_oops_emit(&l);
}

/*
 * dump_backtrace(): the pc, then the return address of each frame record
 * on the x29 chain (modules are built -fno-omit-frame-pointer), up to and
 * including the first return into the host, whose frames may have none.
 */
void umod_arch_show_trace(const ucontext_t *uc)
{
	const mcontext_t *mc = &uc->uc_mcontext;
	uint64_t fp = mc->regs[29], sp = mc->sp, frame[2];
	bool from_fault = umod_oops_in_module_text(mc->pc);

	umod_oops_emit_str("Call trace:");
	if (from_fault)
		trace_entry(mc->pc);
	for (int n = 0; n < OOPS_MAX_FRAMES; n++) {
		if (fp < sp || fp >= sp + UMOD_OOPS_SCAN_WORDS * 8 || (fp & 7) ||
		    !umod_oops_read(fp, frame, sizeof(frame)) || !frame[1])
			break;
		if (umod_oops_in_module_text(frame[1])) {
			trace_entry(frame[1]);
		} else if (from_fault || n) {
			trace_entry(frame[1]);
			break;
		}
		if (frame[0] <= fp)
			break;
		fp = frame[0];
	}
}

/* dump_kernel_instr(): four words before pc and, in parentheses, pc's own */
void umod_arch_oops_tail(const ucontext_t *uc)
{
	struct umod_oops_line l = { .len = 0 };
	uint64_t pc = uc->uc_mcontext.pc;

	umod_oops_put(&l, "Code: ");
	for (int i = -4; i <= 0; i++) {
		uint32_t insn;
		bool ok = umod_oops_read(pc + (uint64_t)(i * 4), &insn, sizeof(insn));

		umod_oops_put(&l, i ? "" : "(");
		if (ok)
			umod_oops_put_hex(&l, insn, 8);
		else
			umod_oops_put(&l, "????????");
		umod_oops_put(&l, i ? " " : ") ");
	}
	l.level = '0';	/* dump_kernel_instr(KERN_EMERG, ...) */
	umod_oops_emit(&l);
}

/* arm64's die() ends the task with SIGSEGV, a kernel fault's too; an abort: none */
int umod_arch_oops_kill_signal(int sig, const ucontext_t *uc)
{
	return sig == SIGABRT ? 0 : SIGSEGV;
}

/* arm64's die() repeats nothing after the end marker */
void umod_arch_oops_summary(void)
{
}
