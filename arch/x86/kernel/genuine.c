// SPDX-License-Identifier: MIT
/*
 * What a genuine x86-64 Linux module (built with -mcmodel=kernel) expects
 * of the kernel image around it, made in a process:
 *
 * - Reach. Its code names the module's own data and the kernel's with
 *   R_X86_64_32S (a sign-extended 32-bit address) and R_X86_64_PC32, so
 *   the module, and everything of the host it names, must lie where a
 *   32-bit value reaches: the low 2 GiB of the process, where the kernel
 *   has its top 2 GiB. A genuine host's module area is reserved there
 *   (umod_arch_genuine_reserve()), and so is the text below.
 * - The thunks 6.1 builds call: __fentry__ at every function entry (the
 *   sites ftrace lists in __mcount_loc; the loader makes them NOPs, as
 *   ftrace does), __x86_return_thunk instead of each ret, and
 *   __x86_indirect_thunk_REG for each indirect call. Here they are what
 *   they stand for: a ret, a ret, a jmp *%REG (user space has its own
 *   speculation mitigations, and retbleed's needs a kernel's return stack).
 * - Veneers: the host's functions live in libumod, anywhere in the
 *   address space; each one a genuine module may call gets a 16-byte jmp
 *   in the low text, and that is the address the module sees, whatever
 *   relocation names it (a call, a PC32, or a 32S that takes its address).
 * - Data: a host data object a genuine module may name gets a copy in the
 *   low data, a reservation of its own, read-write and never executable;
 *   kernel/module/genuine.c says which objects and why a copy serves.
 *
 * The low text is one reservation per process, filled a page run at a
 * time: written while read-write, then made read-execute for good, so no
 * page is ever writable and executable (W^X).
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "arch/arch.h"
#include "arch/x86/kernel/percpu.h"
#include "util/macro.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE	0x100000
#endif

#define LOW_LIMIT	(2ul << 30)	/* a sign-extended 32-bit address reaches below */
#define LOW_FLOOR	(256ul << 20)	/* above a non-PIE program, its heap, valgrind's client */
#define LOW_STEP	(16ul << 20)
#define TEXT_SIZE	(1ul << 20)	/* thunks and veneers: 65,000 of them */
#define SLOT		16		/* one thunk or veneer, int3-padded */
#define MAX_VENEERS	4096
#define DATA_SIZE	(1ul << 20)	/* the data copies */
#define DATA_ALIGN	64		/* each on lines of its own, as __cacheline_aligned */
#define MAX_COPIES	256

static const unsigned char int3 = 0xcc;

struct veneer {
	uint64_t target, at;
};

/* a host data object's low copy */
struct copy {
	uint64_t src, at;
};

static struct {
	pthread_mutex_t lock;
	unsigned char *base;		/* the low text, TEXT_SIZE reserved */
	size_t used;			/* bytes written and sealed, page-rounded */
	struct veneer v[MAX_VENEERS];	/* each host function's veneer, once */
	size_t nv;
	unsigned char *data;		/* the low data, DATA_SIZE reserved */
	size_t data_used, data_open;	/* bytes given out; bytes made read-write */
	struct copy c[MAX_COPIES];	/* each host object's copy, once */
	size_t nc;
	struct umod_arch_genuine_sym syms[32];
	size_t nsyms;
	int err;			/* the first build's result */
} image = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* [@at, @at + @size) if nothing is mapped there; NULL if something is */
static void *map_at(uintptr_t at, size_t size)
{
	void *p = mmap((void *)at, size, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	/* a kernel (or valgrind) that takes the flag for a hint: low is enough */
	if ((uintptr_t)p + size <= LOW_LIMIT && (uintptr_t)p >= LOW_FLOOR)
		return p;
	munmap(p, size);
	return NULL;
}

/* the highest free place below LOW_LIMIT for @size bytes, searched top down */
static void *map_low(size_t size)
{
	for (uintptr_t at = (LOW_LIMIT - size) & ~(LOW_STEP - 1);
	     at >= LOW_FLOOR && at + size <= LOW_LIMIT; at -= LOW_STEP) {
		void *p = map_at(at, size);

		if (p)
			return p;
	}
	return NULL;
}

void *umod_arch_genuine_reserve(size_t *size, size_t min)
{
	for (size_t s = *size; s >= min && s >= UMOD_PAGE_SIZE; s /= 2) {
		void *p = map_low(UMOD_ALIGN(s, UMOD_PAGE_SIZE));

		if (p) {
			*size = UMOD_ALIGN(s, UMOD_PAGE_SIZE);
			return p;
		}
	}
	return NULL;
}

/* makes the next @len bytes of the low text writable; image.lock held */
static unsigned char *text_open(size_t len)
{
	size_t pages = UMOD_ALIGN(len, UMOD_PAGE_SIZE);
	unsigned char *p = image.base + image.used;

	if (image.used + pages > TEXT_SIZE ||
	    mprotect(p, pages, PROT_READ | PROT_WRITE))
		return NULL;
	return p;
}

/* seals what text_open() gave: read-execute from now on */
static int text_seal(unsigned char *p, size_t len)
{
	size_t pages = UMOD_ALIGN(len, UMOD_PAGE_SIZE);

	if (mprotect(p, pages, PROT_READ | PROT_EXEC))
		return -errno;
	image.used += pages;
	return 0;
}

/* one 16-byte slot: @code, then int3 */
static void put_slot(unsigned char *slot, const unsigned char *code, size_t len)
{
	memset(slot, int3, SLOT);
	memcpy(slot, code, len);
}

static void add_sym(const char *name, const unsigned char *slot)
{
	image.syms[image.nsyms++] = (struct umod_arch_genuine_sym){
		name, (uint64_t)(uintptr_t)slot
	};
}

/* 6.1's retpoline thunks: one per register but %rsp, as arch/x86/lib/retpoline.S */
static const struct {
	const char *name;
	unsigned char code[3];	/* jmp *%reg */
	unsigned char len;
} thunks[] = {
	{ "__x86_indirect_thunk_rax", { 0xff, 0xe0 }, 2 },
	{ "__x86_indirect_thunk_rcx", { 0xff, 0xe1 }, 2 },
	{ "__x86_indirect_thunk_rdx", { 0xff, 0xe2 }, 2 },
	{ "__x86_indirect_thunk_rbx", { 0xff, 0xe3 }, 2 },
	{ "__x86_indirect_thunk_rbp", { 0xff, 0xe5 }, 2 },
	{ "__x86_indirect_thunk_rsi", { 0xff, 0xe6 }, 2 },
	{ "__x86_indirect_thunk_rdi", { 0xff, 0xe7 }, 2 },
	{ "__x86_indirect_thunk_r8", { 0x41, 0xff, 0xe0 }, 3 },
	{ "__x86_indirect_thunk_r9", { 0x41, 0xff, 0xe1 }, 3 },
	{ "__x86_indirect_thunk_r10", { 0x41, 0xff, 0xe2 }, 3 },
	{ "__x86_indirect_thunk_r11", { 0x41, 0xff, 0xe3 }, 3 },
	{ "__x86_indirect_thunk_r12", { 0x41, 0xff, 0xe4 }, 3 },
	{ "__x86_indirect_thunk_r13", { 0x41, 0xff, 0xe5 }, 3 },
	{ "__x86_indirect_thunk_r14", { 0x41, 0xff, 0xe6 }, 3 },
	{ "__x86_indirect_thunk_r15", { 0x41, 0xff, 0xe7 }, 3 },
};

/* the first page of the low text: the thunks; image.lock held */
static int build_thunks(void)
{
	static const unsigned char ret = 0xc3;
	unsigned char *p;
	size_t n = 0;

	image.base = map_low(TEXT_SIZE);
	if (!image.base)
		return -ENOMEM;
	p = text_open(UMOD_PAGE_SIZE);
	if (!p)
		return -ENOMEM;
	put_slot(p + SLOT * n, &ret, 1);
	add_sym("__fentry__", p + SLOT * n++);
	put_slot(p + SLOT * n, &ret, 1);
	add_sym("__x86_return_thunk", p + SLOT * n++);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(thunks); i++) {
		put_slot(p + SLOT * n, thunks[i].code, thunks[i].len);
		add_sym(thunks[i].name, p + SLOT * n++);
	}
	return text_seal(p, UMOD_PAGE_SIZE);
}

static void add_percpu(const char *name, uint64_t off)
{
	image.syms[image.nsyms++] = (struct umod_arch_genuine_sym){ name, off };
}

int umod_arch_genuine_syms(const struct umod_arch_genuine_sym **syms, size_t *n)
{
	pthread_mutex_lock(&image.lock);
	if (!image.base && !image.err) {
		image.err = build_thunks();
		if (!image.err)
			umod_arch_percpu_syms(add_percpu);
	}
	*syms = image.syms;
	*n = image.err ? 0 : image.nsyms;
	pthread_mutex_unlock(&image.lock);
	return image.err;
}

static uint64_t find_veneer(uint64_t target)
{
	for (size_t i = 0; i < image.nv; i++)
		if (image.v[i].target == target)
			return image.v[i].at;
	return 0;
}

/* jmp *0(%rip) with the target after it: reaches any address */
static void put_veneer(unsigned char *slot, uint64_t target)
{
	static const unsigned char jmp[6] = { 0xff, 0x25, 0, 0, 0, 0 };
	unsigned char code[14];

	memcpy(code, jmp, sizeof(jmp));
	memcpy(code + sizeof(jmp), &target, sizeof(target));
	put_slot(slot, code, sizeof(code));
}

/* the veneers not made yet, in one fresh page run; image.lock held */
static int make_veneers(const uint64_t *targets, size_t n)
{
	size_t todo = 0, k = 0;
	unsigned char *p;

	for (size_t i = 0; i < n; i++)
		todo += !find_veneer(targets[i]);
	if (!todo)
		return 0;
	if (image.nv + todo > MAX_VENEERS || !(p = text_open(todo * SLOT)))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		if (find_veneer(targets[i]))
			continue;
		put_veneer(p + k * SLOT, targets[i]);
		image.v[image.nv++] = (struct veneer){ targets[i], (uint64_t)(uintptr_t)(p + k++ * SLOT) };
	}
	return text_seal(p, todo * SLOT);
}

int umod_arch_genuine_veneers(const uint64_t *targets, size_t n, uint64_t *out)
{
	int err;

	pthread_mutex_lock(&image.lock);
	err = image.base ? make_veneers(targets, n) : -ENOMEM;
	for (size_t i = 0; i < n && !err; i++)
		out[i] = find_veneer(targets[i]);
	pthread_mutex_unlock(&image.lock);
	return err;
}

/* e8 rel32 to @target becomes the 5-byte NOP ftrace writes (nopl 0(%rax,%rax)) */
bool umod_arch_genuine_nop_mcount(void *site, uint64_t target)
{
	static const unsigned char nop5[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	unsigned char *p = site;
	int32_t rel;

	if (p[0] != 0xe8)
		return false;
	memcpy(&rel, p + 1, sizeof(rel));
	if ((uint64_t)(uintptr_t)p + 5 + (uint64_t)(int64_t)rel != target)
		return false;
	memcpy(p, nop5, sizeof(nop5));
	return true;
}

static uint64_t find_copy(uint64_t src)
{
	for (size_t i = 0; i < image.nc; i++)
		if (image.c[i].src == src)
			return image.c[i].at;
	return 0;
}

/* @size bytes of the low data, read-write (pages made so as needed); image.lock held */
static unsigned char *data_alloc(size_t size)
{
	size_t at = UMOD_ALIGN(image.data_used, DATA_ALIGN), end = at + size;

	if (!image.data && !(image.data = map_low(DATA_SIZE)))
		return NULL;
	if (end > DATA_SIZE)
		return NULL;
	if (end > image.data_open) {
		size_t open = UMOD_ALIGN(end, UMOD_PAGE_SIZE);

		if (mprotect(image.data + image.data_open, open - image.data_open,
			     PROT_READ | PROT_WRITE))
			return NULL;
		image.data_open = open;
	}
	image.data_used = end;
	return image.data + at;
}

int umod_arch_genuine_data(const uint64_t *src, const size_t *size, size_t n, uint64_t *out)
{
	int err = 0;

	pthread_mutex_lock(&image.lock);
	for (size_t i = 0; i < n && !err; i++) {
		unsigned char *p;

		out[i] = find_copy(src[i]);
		if (out[i])
			continue;
		p = image.nc < MAX_COPIES ? data_alloc(size[i]) : NULL;
		if (!p) {
			err = -ENOMEM;
			continue;
		}
		memcpy(p, (const void *)(uintptr_t)src[i], size[i]);
		out[i] = (uint64_t)(uintptr_t)p;
		image.c[image.nc++] = (struct copy){ src[i], out[i] };
	}
	pthread_mutex_unlock(&image.lock);
	return err;
}
