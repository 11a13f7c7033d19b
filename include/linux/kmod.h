/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_KMOD_H
#define _LINUX_KMOD_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/uidgid.h>

/*
 * request_module("fmt", ...): asks the host to load the module that name
 * or alias stands for, with what it needs, as the kernel runs modprobe.
 * Returns 0, modprobe's failure as the kernel reports it (256), or a
 * negative errno: -ENOENT (the host has no module tree), -ENAMETOOLONG,
 * -ETIME (too many requests nested: a module chain requesting itself).
 * The module pointer tells the host which host is asking, as for printk.
 */
int __request_module(struct module *me, bool wait, const char *fmt, ...)
	__attribute__((__format__(printf, 3, 4)));
#define request_module(mod...)		__request_module(THIS_MODULE, true, mod)
#define request_module_nowait(mod...)	__request_module(THIS_MODULE, false, mod)
#define try_then_request_module(x, mod...) \
	((x) ?: (__request_module(THIS_MODULE, true, mod), (x)))

#endif /* _LINUX_KMOD_H */
