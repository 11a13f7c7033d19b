// SPDX-License-Identifier: MIT
/*
 * Taint: the kernel's TAINT_* bits (Linux 6.1 has 19) and the letters it
 * prints for them. The host's mask is what /proc/sys/kernel/tainted would
 * read; a module carries the subset that describes it (/sys/module/NAME/
 * taint, the "(POE)" of /proc/modules).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/vsprintf.h"

struct taint_flag {
	char c_true, c_false;
	bool module;		/* a module can carry it */
};

/* indexed by bit number, as the kernel's taint_flags[] */
static const struct taint_flag taint_flags[] = {
	{ 'P', 'G', true },	/* PROPRIETARY_MODULE */
	{ 'F', ' ', true },	/* FORCED_MODULE */
	{ 'S', ' ', false },	/* CPU_OUT_OF_SPEC */
	{ 'R', ' ', false },	/* FORCED_RMMOD */
	{ 'M', ' ', false },	/* MACHINE_CHECK */
	{ 'B', ' ', false },	/* BAD_PAGE */
	{ 'U', ' ', false },	/* USER */
	{ 'D', ' ', false },	/* DIE */
	{ 'A', ' ', false },	/* OVERRIDDEN_ACPI_TABLE */
	{ 'W', ' ', false },	/* WARN */
	{ 'C', ' ', true },	/* CRAP */
	{ 'I', ' ', false },	/* FIRMWARE_WORKAROUND */
	{ 'O', ' ', true },	/* OOT_MODULE */
	{ 'E', ' ', true },	/* UNSIGNED_MODULE */
	{ 'L', ' ', false },	/* SOFTLOCKUP */
	{ 'K', ' ', true },	/* LIVEPATCH */
	{ 'X', ' ', true },	/* AUX */
	{ 'T', ' ', true },	/* RANDSTRUCT */
	{ 'N', ' ', true },	/* TEST */
};

#define TAINT_FLAGS_COUNT	UMOD_ARRAY_SIZE(taint_flags)

size_t umod_taint_letters(unsigned long taints, bool module_only, char *buf, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < TAINT_FLAGS_COUNT; i++) {
		if (!(taints & (1ul << i)) || (module_only && !taint_flags[i].module))
			continue;
		if (n + 1 < size)
			buf[n] = taint_flags[i].c_true;
		n++;
	}
	if (size)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}

bool umod_host_test_taint(struct umod_host *host, unsigned int flag)
{
	return atomic_load(&host->taints) & (1ul << flag);
}

void umod_host_add_taint(struct umod_host *host, unsigned int flag, bool lockdep_unreliable)
{
	if (lockdep_unreliable && !atomic_exchange(&host->debug_locks_off, true))
		umod_log_printk(host->log, KERN_WARNING "Disabling lock debugging due to kernel taint\n");
	atomic_fetch_or(&host->taints, 1ul << flag);
}

void umod_module_add_taint(struct umod_module *mod, unsigned int flag, bool lockdep_unreliable)
{
	umod_host_add_taint(mod->host, flag, lockdep_unreliable);
	mod->taints |= 1ul << flag;
}

UMOD_API unsigned long umod_host_get_taint(struct umod_host *host)
{
	return host ? atomic_load(&host->taints) : 0;
}

/* no stdio: the oops handler prints these from a signal handler */
void umod_taint_columns(unsigned long taints, char *buf)
{
	_Static_assert(TAINT_FLAGS_COUNT < 32, "columns fit in 32 bytes");
	for (size_t i = 0; i < TAINT_FLAGS_COUNT; i++)
		buf[i] = taints & (1ul << i) ? taint_flags[i].c_true : taint_flags[i].c_false;
	buf[TAINT_FLAGS_COUNT] = '\0';
}

/* the kernel's print_tainted(): one column per flag, set or not */
UMOD_API int umod_host_print_tainted(struct umod_host *host, char *buf, size_t size)
{
	char cols[32];
	unsigned long taints;

	if (!host || (!buf && size))
		return -EINVAL;
	taints = atomic_load(&host->taints);
	if (!taints)
		return snprintf(buf, size, "Not tainted");
	umod_taint_columns(taints, cols);
	return snprintf(buf, size, "Tainted: %s", cols);
}

UMOD_API int umod_module_get_taint(const struct umod_module *mod, char *buf, size_t size)
{
	if (!mod || (!buf && size))
		return -EINVAL;
	return (int)umod_taint_letters(mod->taints, true, buf, size);
}

/* ---- warnings and BUG() (Linux's kernel/panic.c __warn(), lib/bug.c) ---------- */

/* the host of the module whose code runs on this thread */
static struct umod_host *calling_host(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call && t->call->mod ? t->call->mod->host : NULL;
}

/*
 * WARN(), WARN_ON(): the generic warn_slowpath_fmt(). The caller is the
 * return address into the module, printed with %pS as Linux prints it.
 */
static void kapi_warn_slowpath_fmt(const char *file, int line, unsigned int taint,
				   const char *fmt, ...)
{
	struct umod_host *host = calling_host();
	struct umod_warn w = {
		.file = file, .line = line,
		.caller = (uint64_t)(uintptr_t)__builtin_return_address(0),
		.taint = taint < 32 ? taint : UMOD_TAINT_WARN,
		.frame = (uint64_t)(uintptr_t)__builtin_frame_address(0),
	};
	char msg[1024] = "";

	if (!host)
		return;
	if (fmt) {
		va_list ap;

		va_start(ap, fmt);
		umod_vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		w.msg = msg;
	}
	umod_oops_warn(host, &w);
}

static void warn_in(struct umod_host *host, const char *file, int line, const char *func,
		    uint64_t frame, const char *fmt, va_list ap)
{
	struct umod_warn w = { .file = file, .line = line, .caller_name = func,
			       .taint = UMOD_TAINT_WARN, .frame = frame };
	char msg[512];

	/* NULL: a WARN_ON(), with no message line */
	if (fmt) {
		umod_vsnprintf(msg, sizeof(msg), fmt, ap);
		w.msg = msg;
	}
	umod_oops_warn(host, &w);
}

/* a warning raised by the host's own library code on a module's behalf */
void umod_warn_host(const char *file, int line, const char *func, const char *fmt, ...)
{
	struct umod_host *host = calling_host();
	va_list ap;

	if (!host)
		return;
	va_start(ap, fmt);
	warn_in(host, file, line, func, (uint64_t)(uintptr_t)__builtin_frame_address(0), fmt, ap);
	va_end(ap);
}

/* the same where no module code runs (the loader, after an init) */
void umod_warn_in(struct umod_host *host, const char *file, int line, const char *func,
		  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	warn_in(host, file, line, func, (uint64_t)(uintptr_t)__builtin_frame_address(0), fmt, ap);
	va_end(ap);
}

/*
 * A genuine module's canary check failed: 6.1 panics with this line. The
 * trap after it makes the rest an oops of the call that ran the code.
 */
__attribute__((noreturn, noinline)) void umod_stack_chk_fail(void)
{
	struct umod_host *host = calling_host();

	if (host)
		umod_log_printk(host->log, KERN_EMERG "Kernel panic - not syncing: stack-protector: Kernel stack is corrupted in: %pB\n",
				__builtin_return_address(0));
	__builtin_trap();
}

/* BUG(): where, for the oops report of the ud2 that follows */
static void kapi___bug(const char *file, int line)
{
	umod_oops_bug_at(file, line);
}

/* the trace starts at the export's frame: the module's caller comes first */
static void kapi_dump_stack_lvl(const char *log_lvl)
{
	struct umod_host *host = calling_host();

	if (host)
		umod_oops_dump_stack(host, log_lvl ? log_lvl : "",
				     (uint64_t)(uintptr_t)__builtin_frame_address(0));
}

static void kapi_dump_stack(void)
{
	struct umod_host *host = calling_host();

	if (host)
		umod_oops_dump_stack(host, "", (uint64_t)(uintptr_t)__builtin_frame_address(0));
}

/*
 * -fstack-protector-strong's check failed in a module function: 6.1's
 * __stack_chk_fail() panics; here it is an oops of the module's call
 * (kernel/oops.c), whose report starts at this frame.
 */
static __attribute__((noreturn)) void kapi___stack_chk_fail(void)
{
	umod_oops_stack_chk_fail((uint64_t)(uintptr_t)__builtin_return_address(0),
				 (uint64_t)(uintptr_t)__builtin_frame_address(0));
}

#ifdef __aarch64__
/* the canary there: glibc's one per-process value, which modules read as Linux's */
extern uintptr_t __stack_chk_guard;
#endif

/*
 * add_taint(): the host of the calling module (or, for host code, none:
 * a taint belongs to a host). LOCKDEP_NOW_UNRELIABLE says once that lock
 * debugging is off, as the kernel does.
 */
static void kapi_add_taint(unsigned int flag, int lockdep_ok)
{
	struct umod_host *host = calling_host();

	if (host && flag < TAINT_FLAGS_COUNT)
		umod_host_add_taint(host, flag, lockdep_ok != 0);
}

static int kapi_test_taint(unsigned int flag)
{
	struct umod_host *host = calling_host();

	return host && flag < TAINT_FLAGS_COUNT && umod_host_test_taint(host, flag);
}

static unsigned long kapi_get_taint(void)
{
	return umod_host_get_taint(calling_host());
}

static const struct umod_kapi_export panic_exports[] = {
	UMOD_KAPI("add_taint", kapi_add_taint),
	UMOD_KAPI("test_taint", kapi_test_taint),
	UMOD_KAPI("get_taint", kapi_get_taint),
	UMOD_KAPI("__stack_chk_fail", kapi___stack_chk_fail),
#ifdef __aarch64__
	UMOD_KAPI("__stack_chk_guard", &__stack_chk_guard),
#endif
	UMOD_KAPI("warn_slowpath_fmt", kapi_warn_slowpath_fmt),
	UMOD_KAPI("__bug", kapi___bug),
	UMOD_KAPI("dump_stack", kapi_dump_stack),
	UMOD_KAPI("dump_stack_lvl", kapi_dump_stack_lvl),
};

const struct umod_kapi_table umod_kapi_panic = UMOD_KAPI_TABLE(panic_exports);
