/* SPDX-License-Identifier: MIT */
/*
 * What an architecture port provides, in arch/<arch>/kernel/: the
 * arithmetic of its relocation types and the shape of its far-call stubs
 * (module.c), and its lines of an oops report (dumpstack.c). Symbol
 * lookup, bounds checks and slot allocation stay generic
 * (kernel/module/main.c, layout.c, reloc.c), and so does the oops handler
 * (kernel/oops.c).
 */
#ifndef _UMOD_ARCH_H
#define _UMOD_ARCH_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

struct umod_log;

/* the ELF machine a module must be built for: this host's */
#if defined(__aarch64__)
#define UMOD_ARCH_ELF_MACHINE	183	/* EM_AARCH64 */
#define UMOD_ARCH_UTS_MACHINE	"aarch64"
/* apply_relocate_add()'s words for a type it does not know */
#define UMOD_ARCH_RELOC_UNKNOWN	"module %s: unsupported RELA relocation: %u\n"
#else
#define UMOD_ARCH_ELF_MACHINE	62	/* EM_X86_64 */
#define UMOD_ARCH_UTS_MACHINE	"x86_64"
#define UMOD_ARCH_RELOC_UNKNOWN	"%s: Unknown rela relocation: %u\n"
#endif

/* one relocation, with everything already resolved and bounds-checked */
struct umod_reloc {
	unsigned int type;
	void *where;		/* P: inside its section, width bytes available */
	uint64_t sym;		/* S: resolved address */
	int64_t addend;		/* A */
	void *got;		/* this symbol's GOT slot, holding S; or NULL */
	void *plt;		/* this symbol's far-call stub, jumping to S; or NULL */
	const char *symname;	/* for messages only */
};

#define UMOD_ARCH_NEEDS_GOT	(1u << 0)
#define UMOD_ARCH_NEEDS_PLT	(1u << 1)

/* bytes of one GOT slot and one far-call stub */
#define UMOD_ARCH_GOT_SIZE	8
#define UMOD_ARCH_PLT_SIZE	16

/*
 * umod_arch_reloc_needs - what relocation @type needs: a mask of
 * UMOD_ARCH_NEEDS_*, and in *@width the bytes it writes at P.
 * Returns the mask, or -ENOEXEC for a type this port does not handle.
 */
int umod_arch_reloc_needs(unsigned int type, unsigned int *width);

/* fills a far-call stub at @slot that jumps to @target */
void umod_arch_write_plt(void *slot, uint64_t target);

/*
 * umod_arch_apply - apply one relocation of module @modname.
 * Returns 0, or -ENOEXEC after logging why (overflow, unknown type, a
 * target that is not zero as an unapplied RELA target must be).
 */
int umod_arch_apply(struct umod_log *log, const char *modname,
		    const struct umod_reloc *r);

/* ---- dumpstack.c: an oops, from the signal handler's context ----------- */

/* the faulting program counter and stack pointer */
uint64_t umod_arch_oops_pc(const ucontext_t *uc);
uint64_t umod_arch_oops_sp(const ucontext_t *uc);
/* a context whose stack and frame pointer are @frame: a trace from there */
void umod_arch_oops_set_frame(ucontext_t *uc, uint64_t frame);
/* the fault's own lines, then "Oops: ..." (x86: the #PF lines, the trap) */
void umod_arch_oops_header(int sig, const siginfo_t *si, const ucontext_t *uc);
/* the PC named, code bytes, registers */
void umod_arch_show_regs(const ucontext_t *uc);
/* "Call Trace:" and its entries */
void umod_arch_show_trace(const ucontext_t *uc);
/* what follows "Modules linked in:" (x86: CR2) */
void umod_arch_oops_tail(const ucontext_t *uc);
/* what follows the end marker (x86: the first oops' registers again) */
void umod_arch_oops_summary(void);
/* the signal the kernel's die() ends the task with after this fault, or 0 */
int umod_arch_oops_kill_signal(int sig, const ucontext_t *uc);

/*
 * ---- genuine.c, setup_percpu.c: what a genuine Linux module's code expects
 * of the CPU and of the kernel image around it (kernel/module/genuine.c).
 * A port without genuine modules returns -EOPNOTSUPP and does nothing.
 */

/* a name the port provides to genuine modules, and its value */
struct umod_arch_genuine_sym {
	const char *name;
	uint64_t value;
};

/*
 * The port's own part of the genuine kernel image, made once per process:
 * its thunks and per-CPU words, in *@syms. 0, -EOPNOTSUPP or -ENOMEM.
 */
int umod_arch_genuine_syms(const struct umod_arch_genuine_sym **syms, size_t *n);
/*
 * For each of the @n host functions @targets, an address genuine code
 * reaches from anywhere in a genuine host's module area, with any
 * relocation (a veneer jumping to it), in @out. 0 or -ENOMEM.
 */
int umod_arch_genuine_veneers(const uint64_t *targets, size_t n, uint64_t *out);
/*
 * For each of the @n host data objects @src, @size[i] bytes, a copy that
 * genuine code reaches with any relocation, read-write and never
 * executable, in @out: made once per process and object (the first call
 * copies what *@src holds then; an object asked again keeps its copy).
 * 0 or -ENOMEM.
 */
int umod_arch_genuine_data(const uint64_t *src, const size_t *size, size_t n, uint64_t *out);
/*
 * Reserves PROT_NONE address space where genuine code's 32-bit
 * relocations reach it: *@size bytes, or fewer (down to @min, *@size
 * says) when that much is not free. NULL when nothing fits.
 */
void *umod_arch_genuine_reserve(size_t *size, size_t min);
/* the calling thread may now run genuine code: its per-CPU block is set */
void umod_arch_genuine_thread(void);
/* the calling thread runs as @task now (what its per-CPU current_task reads) */
void umod_arch_set_current(void *task);
/*
 * ftrace's answer for a call site in __mcount_loc: the call at @site, if
 * it goes to @target, becomes a NOP. True if it was patched.
 */
bool umod_arch_genuine_nop_mcount(void *site, uint64_t target);

#endif /* _UMOD_ARCH_H */
