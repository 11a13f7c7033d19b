// SPDX-License-Identifier: MIT
/*
 * A user-space KASAN, in a host built with ASan.
 *
 * A sanitized module's bad access (UMOD_SANITIZE=address, its inline
 * shadow check failing) calls __asan_report_store1() and the like; the
 * loader gives it the functions here instead (sanitize.c). They report as
 * the kernel's KASAN does (mm/kasan/report.c): the banner, "BUG: KASAN:
 * slab-out-of-bounds in f+0x1c/0x40 [m]", the access and the task, the
 * call trace, who allocated and freed the object, what object and cache
 * the address belongs to; what ASan knows (its allocator's stacks, the
 * region) through its public debugging interface, module frames with
 * their file:line. ASan's own description of the address follows on
 * stderr. Then the module's call is ended as an oops (abort(), which the
 * oops handler turns into an oops of that call): the host goes on.
 * ASan's own report path cannot be used for that: it keeps its report
 * lock and dies, and dies only once per process.
 *
 * A report by ASan itself about module code (host code acting for it:
 * a kfree() of a bad pointer, a memcpy() past a buffer) ends in ASan's
 * abort: ASan hands its text to a callback before; the same KASAN lines,
 * then that text, its module frames named as kallsyms names them (ASan
 * knows only the files the dynamic linker mapped).
 *
 * What the oops handler prints is kept here first: nothing it calls
 * allocates or locks.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/panic.h"
#include "mm/internal.h"
#include "mm/kasan.h"

#define KASAN_TEXT_SIZE		(12 * 1024)

/* ASan's interface (sanitizer/asan_interface.h); weak: absent without ASan */
void __asan_set_error_report_callback(void (*callback)(const char *)) __attribute__((weak));
void *__asan_get_report_pc(void) __attribute__((weak));
void *__asan_get_report_address(void) __attribute__((weak));
int __asan_get_report_access_type(void) __attribute__((weak));
size_t __asan_get_report_access_size(void) __attribute__((weak));
const char *__asan_get_report_description(void) __attribute__((weak));
const char *__asan_locate_address(void *addr, char *name, size_t name_size,
				  void **region_address, size_t *region_size) __attribute__((weak));
size_t __asan_get_alloc_stack(void *addr, void **trace, size_t size, int *thread_id)
	__attribute__((weak));
size_t __asan_get_free_stack(void *addr, void **trace, size_t size, int *thread_id)
	__attribute__((weak));
void __asan_describe_address(void *addr) __attribute__((weak));

#define KASAN_STACK_DEPTH	16

static struct {
	struct umod_host *host;
	atomic_bool pending;
	uint64_t pc, addr;
	size_t size;
	bool write;
	char bug[48];
	char text[KASAN_TEXT_SIZE];
} kasan;

/* ASan's names for what went wrong, in KASAN's words */
static const struct {
	const char *asan, *kasan;
} bug_types[] = {
	{ "heap-buffer-overflow", "slab-out-of-bounds" },
	{ "heap-use-after-free", "use-after-free" },
	{ "double-free", "double-free" },
	{ "bad-free", "invalid-free" },
	{ "stack-buffer-overflow", "stack-out-of-bounds" },
	{ "stack-buffer-underflow", "stack-out-of-bounds" },
	{ "global-buffer-overflow", "global-out-of-bounds" },
	{ "use-after-poison", "slab-out-of-bounds" },	/* kmalloc past its size (slab_common.c) */
};

static void set_bug_type(const char *desc)
{
	const char *name = desc ? desc : "unknown-crash";

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(bug_types); i++)
		if (!strcmp(desc ? desc : "", bug_types[i].asan))
			name = bug_types[i].kasan;
	strncpy(kasan.bug, name, sizeof(kasan.bug) - 1);
	kasan.bug[sizeof(kasan.bug) - 1] = '\0';
}

static uint64_t parse_hex(const char **sp)
{
	const char *s = *sp;
	uint64_t v = 0;

	for (;; s++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;

		if (d < 0)
			break;
		v = v << 4 | (uint64_t)d;
	}
	*sp = s;
	return v;
}

/*
 * One line of ASan's text into @l: a frame ASan could not place ("#1
 * 0x7f.. (<unknown module>)") gets the module symbol kallsyms has for it
 * and the file:line its DWARF says, as ASan prints a frame it can place.
 */
static void rewrite_line(struct umod_oops_line *l, const char *line, size_t len)
{
	const char *unknown = memmem(line, len, "(<unknown module>)", 18);
	const char *addr = memmem(line, len, " 0x", 3);
	const char *p;
	uint64_t pc;
	char where[512];

	if (len > sizeof(l->buf) - 1)
		len = sizeof(l->buf) - 1;
	if (!unknown || !addr || addr > unknown) {
		memcpy(l->buf, line, len);
		l->len = len;
		return;
	}
	p = addr + 3;
	pc = parse_hex(&p);
	memcpy(l->buf, line, (size_t)(p - line));
	l->len = (size_t)(p - line);
	umod_oops_put(l, " in ");
	/* ASan prints each frame's pc inside its call already: no return address */
	umod_oops_put_symbol(l, pc, false);
	if (umod_gdb_jit_srcline(pc, where, sizeof(where))) {
		umod_oops_put(l, " ");
		umod_oops_put(l, where);
	}
}

/* ASan's text, rewritten line by line into kasan.text */
static void keep_text(const char *text)
{
	size_t used = 0;

	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		struct umod_oops_line l = { .len = 0 };

		rewrite_line(&l, text, len);
		if (used + l.len + 2 > sizeof(kasan.text))
			break;
		memcpy(kasan.text + used, l.buf, l.len);
		used += l.len;
		kasan.text[used++] = '\n';
		text += len + (nl ? 1 : 0);
	}
	kasan.text[used] = '\0';
}

/* ASan's callback, before it aborts: not in a signal handler yet */
static void asan_reported(const char *text)
{
	set_bug_type(__asan_get_report_description ? __asan_get_report_description() : NULL);
	kasan.pc = __asan_get_report_pc ? (uint64_t)(uintptr_t)__asan_get_report_pc() : 0;
	kasan.addr = __asan_get_report_address ?
		     (uint64_t)(uintptr_t)__asan_get_report_address() : 0;
	kasan.size = __asan_get_report_access_size ? __asan_get_report_access_size() : 0;
	kasan.write = __asan_get_report_access_type && __asan_get_report_access_type();
	keep_text(text);
	atomic_store(&kasan.pending, true);
}

/* ---- a sanitized module's bad access --------------------------------------- */

static size_t text_used;

bool umod_kasan_has_trace(void)
{
	return !strncmp(kasan.text, "Call Trace:", 11);
}

static void add_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void add_line(const char *fmt, ...)
{
	size_t room = sizeof(kasan.text) - text_used;
	va_list ap;
	int n;

	if (room < 2)
		return;
	va_start(ap, fmt);
	n = vsnprintf(kasan.text + text_used, room - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	text_used += (size_t)n < room - 2 ? (size_t)n : room - 2;
	kasan.text[text_used++] = '\n';
	kasan.text[text_used] = '\0';
}

/* " f+0x1c/0x40 [m] /path/m.c:12": a frame as stack_depot_print(), and its line */
static void add_frame(uint64_t pc)
{
	struct umod_oops_line l = { .len = 0 };
	char where[512];

	umod_oops_put(&l, " ");
	umod_oops_put_symbol(&l, pc, true);
	l.buf[l.len] = '\0';
	if (!strncmp(l.buf, " 0x", 3))
		return;		/* in a library (ASan's, the C library's): no name */
	if (umod_gdb_jit_srcline(pc - 1, where, sizeof(where)))
		add_line("%s %s", l.buf, where);
	else
		add_line("%s", l.buf);
}

/*
 * The call trace of the bad access, from the module's frame pointer @bp
 * (modules keep frame pointers): each module frame with its line, then
 * the host frame the chain returns into, as the oops trace ends there.
 */
static void add_trace(uint64_t pc, uint64_t bp)
{
	uint64_t frame[2];

	add_line("Call Trace:");
	add_line(" <TASK>");
	add_frame(pc);
	for (int n = 0; n < KASAN_STACK_DEPTH && umod_oops_in_module_text(pc); n++) {
		if (!bp || (bp & 7) || !umod_oops_read(bp, frame, sizeof(frame)) || !frame[1])
			break;
		pc = frame[1];
		bp = frame[0];
		add_frame(pc);
	}
	add_line(" </TASK>");
}

typedef size_t get_stack_fn(void *addr, void **trace, size_t size, int *thread_id);

/* "Allocated by task N:" and its stack; ASan numbers threads, not tasks */
static void add_stack(const char *what, get_stack_fn *get, uint64_t addr)
{
	void *trace[KASAN_STACK_DEPTH];
	int tid = -1;
	size_t n = get ? get((void *)(uintptr_t)addr, trace, KASAN_STACK_DEPTH, &tid) : 0;

	if (!n)
		return;
	add_line("%s", "");
	add_line("%s by task %d:", what, tid);
	for (size_t i = 0; i < n; i++)
		add_frame((uint64_t)(uintptr_t)trace[i]);
}

/* a header's fields, read past ASan: a freed object's are poisoned */
__attribute__((no_sanitize_address))
static bool kobj_at(uint64_t at, uint64_t base, size_t block, size_t pad, struct umod_kobj *out)
{
	*out = *(const volatile struct umod_kobj *)(uintptr_t)at;
	if ((uint64_t)(uintptr_t)out->base != base || !out->size)
		return false;
	/* a kmalloc object has its whole cache size; a cache object its own */
	if (out->kind == UMOD_KOBJ_KMALLOC)
		return pad + umod_kmalloc_bucket(out->size) == block;
	return out->kind == UMOD_KOBJ_CACHE && pad + out->size == block;
}

/*
 * The kmalloc or cache object in ASan's heap block [@base, +@block):
 * slab_common.c and slab.c put the headers first, padded to the object's
 * alignment (a power of two from 16), the object last (a kmalloc object
 * with its cache's size, the part past the size asked for poisoned). Its address, or 0.
 */
static uint64_t find_object(uint64_t base, size_t block, struct umod_kobj *h)
{
	for (size_t pad = 32; pad <= 4096 && pad < block; pad *= 2)
		if (kobj_at(base + pad - sizeof(*h), base, block, pad, h))
			return base + pad;
	return 0;
}

/* describe_object_addr(): the object, its cache, where the access is */
static void add_object(uint64_t addr, uint64_t obj, const struct umod_kobj *h)
{
	size_t csize = h->kind == UMOD_KOBJ_KMALLOC ? umod_kmalloc_bucket(h->size) : h->size;
	char cache[64];

	if (h->kind == UMOD_KOBJ_KMALLOC)
		snprintf(cache, sizeof(cache), csize >= 1024 && !(csize & 1023) ? "kmalloc-%zuk" :
			 "kmalloc-%zu", csize >= 1024 && !(csize & 1023) ? csize >> 10 : csize);
	else
		snprintf(cache, sizeof(cache), "%s", umod_kmem_cache_obj_name(h));
	add_line("%s", "");
	add_line("The buggy address belongs to the object at %016llx", (unsigned long long)obj);
	add_line(" which belongs to the cache %s of size %zu", cache, csize);
	if (addr < obj)
		add_line("The buggy address is located %llu bytes to the left of",
			 (unsigned long long)(obj - addr));
	else if (addr >= obj + csize)
		add_line("The buggy address is located %llu bytes to the right of",
			 (unsigned long long)(addr - obj - csize));
	else
		add_line("The buggy address is located %llu bytes inside of",
			 (unsigned long long)(addr - obj));
	add_line(" %zu-byte region [%016llx, %016llx)", csize, (unsigned long long)obj,
		 (unsigned long long)(obj + csize));
}

/* the bug type, and the heap object if the address is in one */
static const char *classify(uint64_t addr, uint64_t *obj, struct umod_kobj *h)
{
	void *region = NULL, *trace[1];
	size_t size = 0;
	int tid;
	const char *kind = __asan_locate_address((void *)(uintptr_t)addr, NULL, 0, &region, &size);
	bool freed;

	*obj = 0;
	if (!kind || strcmp(kind, "heap"))
		return kind && !strcmp(kind, "stack") ? "stack-out-of-bounds" :
		       kind && !strcmp(kind, "global") ? "global-out-of-bounds" : "wild-memory-access";
	*obj = find_object((uint64_t)(uintptr_t)region, size, h);
	freed = __asan_get_free_stack && __asan_get_free_stack((void *)(uintptr_t)addr, trace, 1, &tid);
	if (*obj && addr >= *obj && addr < *obj + h->size)
		return freed ? "use-after-free" : "slab-out-of-bounds";
	return !*obj && freed ? "use-after-free" : "slab-out-of-bounds";
}

/*
 * A sanitized module's access of @size at @addr failed ASan's check (at
 * @pc): KASAN's report is kept for the oops handler, ASan describes the
 * address on stderr, and the module's call ends in an oops.
 */
static __attribute__((noinline, noreturn))
void kasan_access(uint64_t addr, size_t size, bool write, uint64_t pc, uint64_t bp)
{
	struct umod_kobj h;
	uint64_t obj;
	const char *bug = classify(addr, &obj, &h);

	snprintf(kasan.bug, sizeof(kasan.bug), "%s", bug);
	kasan.pc = pc;
	kasan.addr = addr;
	kasan.size = size;
	kasan.write = write;
	text_used = 0;
	kasan.text[0] = '\0';
	add_trace(pc, bp);
	add_stack("Allocated", __asan_get_alloc_stack, addr);
	add_stack("Freed", __asan_get_free_stack, addr);
	if (obj)
		add_object(addr, obj, &h);
	if (__asan_describe_address)
		__asan_describe_address((void *)(uintptr_t)addr);
	atomic_store(&kasan.pending, true);
	abort();
}

/*
 * Where the module called from, and its frame pointer: the one this
 * function saved (ASan builds keep frame pointers, SAN_FLAGS)
 */
#define KASAN_CALLER_PC	((uint64_t)(uintptr_t)__builtin_return_address(0))
#define KASAN_CALLER_BP	(*(const uint64_t *)__builtin_frame_address(0))

#define KASAN_REPORT(type, write, size)						\
static void kasan_report_##type##size(uintptr_t addr)				\
{										\
	kasan_access(addr, size, write, KASAN_CALLER_PC, KASAN_CALLER_BP);	\
}
KASAN_REPORT(load, false, 1)
KASAN_REPORT(load, false, 2)
KASAN_REPORT(load, false, 4)
KASAN_REPORT(load, false, 8)
KASAN_REPORT(load, false, 16)
KASAN_REPORT(store, true, 1)
KASAN_REPORT(store, true, 2)
KASAN_REPORT(store, true, 4)
KASAN_REPORT(store, true, 8)
KASAN_REPORT(store, true, 16)

static void kasan_report_load_n(uintptr_t addr, size_t size)
{
	kasan_access(addr, size, false, KASAN_CALLER_PC, KASAN_CALLER_BP);
}

static void kasan_report_store_n(uintptr_t addr, size_t size)
{
	kasan_access(addr, size, true, KASAN_CALLER_PC, KASAN_CALLER_BP);
}

/* ASan's report entry points a module calls (with or without _noabort) */
static const struct {
	const char *name;
	void *fn;
} report_fns[] = {
	{ "load1", kasan_report_load1 }, { "load2", kasan_report_load2 },
	{ "load4", kasan_report_load4 }, { "load8", kasan_report_load8 },
	{ "load16", kasan_report_load16 }, { "load_n", kasan_report_load_n },
	{ "store1", kasan_report_store1 }, { "store2", kasan_report_store2 },
	{ "store4", kasan_report_store4 }, { "store8", kasan_report_store8 },
	{ "store16", kasan_report_store16 }, { "store_n", kasan_report_store_n },
};

void *umod_kasan_report_fn(const char *name)
{
	size_t len;

	if (!__asan_locate_address || strncmp(name, "__asan_report_", 14))
		return NULL;
	name += 14;
	len = strlen(name);
	if (len > 8 && !strcmp(name + len - 8, "_noabort"))
		len -= 8;
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(report_fns); i++)
		if (strlen(report_fns[i].name) == len && !strncmp(report_fns[i].name, name, len))
			return report_fns[i].fn;
	return NULL;
}

void umod_kasan_init(struct umod_host *host)
{
	kasan.host = host;
	if (__asan_set_error_report_callback)
		__asan_set_error_report_callback(asan_reported);
}

static const char banner[] =
	"==================================================================";

/* "BUG: KASAN: ... in f+0x../0x.. [m]" and the access: print_error_description() */
static void report_description(const char *comm, uint64_t pid)
{
	struct umod_oops_line l = { .len = 0 };
	bool is_free = !strcmp(kasan.bug, "double-free") || !strcmp(kasan.bug, "invalid-free");

	umod_oops_put(&l, "BUG: KASAN: ");
	umod_oops_put(&l, kasan.bug);
	umod_oops_put(&l, " in ");
	umod_oops_put_symbol(&l, kasan.pc, false);
	umod_oops_emit(&l);
	if (is_free)
		umod_oops_put(&l, "Free of addr ");
	else if (kasan.size) {
		umod_oops_put(&l, kasan.write ? "Write of size " : "Read of size ");
		umod_oops_put_dec(&l, kasan.size, 1, ' ');
		umod_oops_put(&l, " at addr ");
	} else {
		umod_oops_put(&l, kasan.write ? "Write at addr " : "Read at addr ");
	}
	umod_oops_put_hex(&l, kasan.addr, 16);
	umod_oops_put(&l, " by task ");
	umod_oops_put(&l, comm);
	umod_oops_put(&l, "/");
	umod_oops_put_dec(&l, pid, 1, ' ');
	umod_oops_emit(&l);
	umod_oops_emit_str("");
}

bool umod_kasan_report_begin(const char *comm, uint64_t pid)
{
	if (!atomic_exchange(&kasan.pending, false))
		return false;
	umod_oops_emit_str(banner);
	report_description(comm, pid);
	return true;
}

/* the sanitizer's text, the closing banner and taint B: end_report() */
void umod_kasan_report_end(struct umod_host *host)
{
	const char *text = kasan.text;

	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		struct umod_oops_line l = { .len = 0 };

		memcpy(l.buf, text, len < sizeof(l.buf) - 1 ? len : sizeof(l.buf) - 1);
		l.len = len < sizeof(l.buf) - 1 ? len : sizeof(l.buf) - 1;
		umod_oops_emit(&l);
		text += len + (nl ? 1 : 0);
	}
	umod_oops_emit_str(banner);
	atomic_fetch_or(&host->taints, 1ul << UMOD_TAINT_BAD_PAGE);
}
