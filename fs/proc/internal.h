/* SPDX-License-Identifier: MIT */
/*
 * What /proc's parts share beyond fs/internal.h: /proc/sys (the tables of
 * proc_sysctl.c, the handlers of kernel/sysctl.c, which Linux keeps there).
 */
#ifndef _UMOD_FS_PROC_INTERNAL_H
#define _UMOD_FS_PROC_INTERNAL_H

#include <stddef.h>

#include <umod/kabi/sysctl.h>

struct umod_fs;
struct umod_module;
struct umod_kapi_table;

/* kernel/sysctl.c: the proc_handler library, as modules call it */
extern const int umod_sysctl_vals[];
extern const unsigned long umod_sysctl_long_vals[];
int umod_proc_dostring(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		       long long *ppos);
int umod_proc_dobool(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		     long long *ppos);
int umod_proc_dointvec(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		       long long *ppos);
int umod_proc_douintvec(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			long long *ppos);
int umod_proc_dointvec_minmax(struct ctl_table *table, int write, void *buffer,
			      size_t *lenp, long long *ppos);
int umod_proc_douintvec_minmax(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, long long *ppos);
int umod_proc_dou8vec_minmax(struct ctl_table *table, int write, void *buffer,
			     size_t *lenp, long long *ppos);
int umod_proc_dointvec_jiffies(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, long long *ppos);
int umod_proc_dointvec_userhz_jiffies(struct ctl_table *table, int write, void *buffer,
				      size_t *lenp, long long *ppos);
int umod_proc_dointvec_ms_jiffies(struct ctl_table *table, int write, void *buffer,
				  size_t *lenp, long long *ppos);
int umod_proc_dointvec_ms_jiffies_minmax(struct ctl_table *table, int write, void *buffer,
					 size_t *lenp, long long *ppos);
int umod_proc_doulongvec_minmax(struct ctl_table *table, int write, void *buffer,
				size_t *lenp, long long *ppos);
int umod_proc_doulongvec_ms_jiffies_minmax(struct ctl_table *table, int write, void *buffer,
					   size_t *lenp, long long *ppos);
int umod_proc_do_large_bitmap(struct ctl_table *table, int write, void *buffer,
			      size_t *lenp, long long *ppos);

/* proc_sysctl.c: registration, proc/sys/ in the host's namespace */
/* umod_fs_leftovers(), fs->lock held, before the proc entries: @mod's
 * tables still registered are reported and unregistered */
void umod_sysctl_leftovers(struct umod_fs *fs, struct umod_module *mod);
/* fs/file.c, fs->lock held: proc/sys and proc/sys/kernel of a new namespace */
int umod_sysctl_init_fs(struct umod_fs *fs);

#endif /* _UMOD_FS_PROC_INTERNAL_H */
