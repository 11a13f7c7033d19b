/* SPDX-License-Identifier: MIT */
/*
 * kernel/printk/printk.c: the printk ring, one per host. Host code writes
 * to it with umod_log_printk() and the kernel's KERN_* prefixes (Linux's
 * printk() of include/linux/printk.h, which here is the modules' header).
 */
#ifndef _UMOD_KERNEL_PRINTK_INTERNAL_H
#define _UMOD_KERNEL_PRINTK_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/kern_levels.h>
#include <umod/umod.h>

struct umod_log;

int umod_log_new(struct umod_log **logp, size_t size);
void umod_log_free(struct umod_log *log);
void umod_log_set_sink(struct umod_log *log, umod_log_fn fn, void *data);
/* printk semantics: a KERN_* prefix sets the level, KERN_CONT continues */
int umod_log_vprintk(struct umod_log *log, const char *fmt, va_list ap);
int umod_log_printk(struct umod_log *log, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));
int umod_log_read_record(struct umod_log *log, uint64_t *seq, int *level,
			 uint64_t *ts_nsec, char *buf, size_t size);
void umod_log_clear_read(struct umod_log *log);
/* nanoseconds since the log was made, as records are stamped (signal-safe) */
uint64_t umod_log_now(const struct umod_log *log);
/* the log of the host that loaded @mod (a module's struct), or NULL */
struct module;
struct umod_log *umod_module_log(const struct module *mod);

#endif /* _UMOD_KERNEL_PRINTK_INTERNAL_H */
