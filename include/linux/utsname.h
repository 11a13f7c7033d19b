/* SPDX-License-Identifier: MIT */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/utsname.h>
#elif !defined(_LINUX_UTSNAME_H)
#define _LINUX_UTSNAME_H

#include <linux/compiler.h>
#include <umod/kabi/utsname.h>
#include <linux/sched.h>

/*
 * The host's one namespace: sysname "Linux", release umod's, nodename the
 * machine's hostname (read when the host library starts), machine x86_64.
 */
extern struct uts_namespace init_uts_ns;

static inline struct new_utsname *utsname(void)
{
	return &init_uts_ns.name;
}

static inline struct new_utsname *init_utsname(void)
{
	return &init_uts_ns.name;
}

#endif /* _LINUX_UTSNAME_H */
