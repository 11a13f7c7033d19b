// SPDX-License-Identifier: MIT
/*
 * A user-space KASAN: in a host built with ASan, a report about module
 * code (a sanitized module's own access, or host code acting for it)
 * becomes the kernel's KASAN report (mm/kasan/report.c): the banner,
 * "BUG: KASAN: slab-out-of-bounds in f+0x1c/0x40 [m]", the access, the
 * task and its call trace, then the sanitizer's own text, whose frames in
 * module code are named as kallsyms names them (ASan knows only the
 * files the dynamic linker mapped). ASan then aborts; the oops handler
 * (kernel/oops.c) turns that abort into an oops of the module's call, so
 * the host goes on, as the kernel goes on after a KASAN report.
 *
 * ASan hands its text to a callback before it aborts: kept here, and
 * printed from the signal handler, so nothing here allocates or locks.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

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

static struct {
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
	{ "use-after-poison", "use-after-free" },
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

void umod_kasan_init(void)
{
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
