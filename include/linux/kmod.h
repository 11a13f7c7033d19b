/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_KMOD_H
#define _LINUX_KMOD_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/sysctl.h>
#include <linux/uidgid.h>

/*
 * request_module("fmt", ...): asks the host to load the module that name
 * or alias stands for, with what it needs, as the kernel runs modprobe.
 * Returns 0, modprobe's failure as the kernel reports it (256), or a
 * negative errno: -ENOENT (the host has no module tree), -ENAMETOOLONG,
 * -ETIME (too many requests nested: a module chain requesting itself).
 * The host asking is the calling module's, found as printk's.
 */
int __request_module(bool wait, const char *name, ...)
	__attribute__((__format__(printf, 2, 3)));
#define request_module(mod...)		__request_module(true, mod)
#define request_module_nowait(mod...)	__request_module(false, mod)
#define try_then_request_module(x, mod...) \
	((x) ?: (__request_module(true, mod), (x)))

#endif /* _LINUX_KMOD_H */
