/* SPDX-License-Identifier: MIT */
/*
 * procfs as Linux 6.1 offers it to modules (struct proc_ops is in
 * umod/kabi/fs.h). The entries appear under the daemon's proc/ directory.
 * Which module creates an entry matters to the host (an entry its exit
 * forgets is removed for it): the host finds it from the call's return
 * address, so the calls keep 6.1's arguments.
 */
#ifndef _LINUX_PROC_FS_H
#define _LINUX_PROC_FS_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/uidgid.h>
#include <umod/kabi/fs.h>

struct seq_file;
struct seq_operations;

#define PROC_ENTRY_PERMANENT	UMOD_PROC_ENTRY_PERMANENT

typedef int (*proc_write_t)(struct file *, char *, size_t);

/* 6.1's prototypes: the host knows the calling module from where it calls */
struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
					struct proc_dir_entry *parent,
					const struct proc_ops *proc_ops, void *data);
struct proc_dir_entry *proc_create(const char *name, umode_t mode,
				   struct proc_dir_entry *parent,
				   const struct proc_ops *proc_ops);

struct proc_dir_entry *proc_create_single_data(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       int (*show)(struct seq_file *, void *),
					       void *data);
#define proc_create_single(name, mode, parent, show) \
	proc_create_single_data(name, mode, parent, show, NULL)

struct proc_dir_entry *proc_create_seq_private(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       const struct seq_operations *ops,
					       unsigned int state_size, void *data);
#define proc_create_seq_data(name, mode, parent, ops, data) \
	proc_create_seq_private(name, mode, parent, ops, 0, data)
#define proc_create_seq(name, mode, parent, ops) \
	proc_create_seq_private(name, mode, parent, ops, 0, NULL)

struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent);
struct proc_dir_entry *proc_mkdir_data(const char *name, umode_t mode,
				       struct proc_dir_entry *parent, void *data);
struct proc_dir_entry *proc_mkdir_mode(const char *name, umode_t mode,
				       struct proc_dir_entry *parent);

void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
int remove_proc_subtree(const char *name, struct proc_dir_entry *parent);
void proc_remove(struct proc_dir_entry *de);

void proc_set_size(struct proc_dir_entry *de, loff_t size);
void proc_set_user(struct proc_dir_entry *de, kuid_t uid, kgid_t gid);
/* the data given at creation, from an open file's inode (5.17 renamed PDE_DATA) */
void *pde_data(const struct inode *inode);
void *proc_get_parent_data(const struct inode *inode);

#endif /* _LINUX_PROC_FS_H */
