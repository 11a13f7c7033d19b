/* SPDX-License-Identifier: MIT */
/*
 * A sysctl table as module and host see it: struct ctl_table with 6.1's
 * members in 6.1's order (amd64 has no __randomize_layout in Debian's
 * build), and the poll cookie a table may point at. The host walks the
 * tables and calls their proc_handler; the module owns them. Builtin
 * types only (umode_t is unsigned short, loff_t long long).
 */
#ifndef _UMOD_KABI_SYSCTL_H
#define _UMOD_KABI_SYSCTL_H

#include <umod/kabi/types.h>
#include <umod/kabi/wait.h>

struct ctl_table;

/* buffer is the kernel's copy of the user's bytes (6.1: no __user) */
typedef int proc_handler(struct ctl_table *ctl, int write, void *buffer,
			 unsigned long *lenp, long long *ppos);

/* poll(2) on an entry: readable (POLLERR|POLLPRI) once event moved */
struct ctl_table_poll {
	atomic_t event;
	struct wait_queue_head wait;
};

struct ctl_table {
	const char *procname;		/* its name under /proc/sys, or NULL: the end */
	void *data;
	int maxlen;
	unsigned short mode;		/* umode_t: 0644, or S_IFDIR | 0555 */
	struct ctl_table *child;	/* register_sysctl_table()'s directories */
	proc_handler *proc_handler;
	struct ctl_table_poll *poll;
	void *extra1;			/* the minmax handlers' bounds */
	void *extra2;
};

/* struct ctl_path: register_sysctl_paths()' directory names, NULL-ended */
struct ctl_path {
	const char *procname;
};

#endif /* _UMOD_KABI_SYSCTL_H */
