/* SPDX-License-Identifier: MIT */
/*
 * kernel/panic.c: taint, and the warnings of the host's own library code
 * (Linux's include/linux/panic.h and bug.h).
 */
#ifndef _UMOD_KERNEL_PANIC_H
#define _UMOD_KERNEL_PANIC_H

#include <stdbool.h>
#include <stddef.h>

struct umod_host;
struct umod_module;

/* taint flags: the kernel's TAINT_* bit numbers, shown as its letters */
#define UMOD_TAINT_PROPRIETARY_MODULE	0	/* P */
#define UMOD_TAINT_FORCED_MODULE	1	/* F */
#define UMOD_TAINT_FORCED_RMMOD		3	/* R */
#define UMOD_TAINT_BAD_PAGE		5	/* B */
#define UMOD_TAINT_DIE			7	/* D */
#define UMOD_TAINT_WARN			9	/* W */
#define UMOD_TAINT_CRAP			10	/* C */
#define UMOD_TAINT_OOT_MODULE		12	/* O */
#define UMOD_TAINT_UNSIGNED_MODULE	13	/* E */
#define UMOD_TAINT_SOFTLOCKUP		14	/* L */

/* add_taint()'s lockdep_ok argument */
#define UMOD_LOCKDEP_STILL_OK		false
#define UMOD_LOCKDEP_NOW_UNRELIABLE	true

bool umod_host_test_taint(struct umod_host *host, unsigned int flag);
/* the kernel's add_taint(): the first "now unreliable" one says so */
void umod_host_add_taint(struct umod_host *host, unsigned int flag, bool lockdep_unreliable);
/* add_taint_module(): the host and the module both get @flag */
void umod_module_add_taint(struct umod_module *mod, unsigned int flag,
			   bool lockdep_unreliable);

/* the letters of the flags set in @taints, in bit order ("PO"); @module_only:
 * only those a module can carry, as /sys/module/NAME/taint shows them */
/* print_tainted()'s columns, one per flag, set or not; @buf holds 32 bytes */
void umod_taint_columns(unsigned long taints, char *buf);
size_t umod_taint_letters(unsigned long taints, bool module_only, char *buf,
			  size_t size);
/*
 * __stack_chk_fail() of genuine Linux code: a canary was overwritten. The
 * kernel panics; here the call that ran it ends as an oops.
 */
__attribute__((noreturn)) void umod_stack_chk_fail(void);
/* a WARN of the host's library code (ida_free, refcount) for the calling module */
void umod_warn_host(const char *file, int line, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* the same in @host, where no module code runs (the loader's own WARNs) */
void umod_warn_in(struct umod_host *host, const char *file, int line, const char *func,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif /* _UMOD_KERNEL_PANIC_H */
