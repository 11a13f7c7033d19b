/* SPDX-License-Identifier: MIT */
/*
 * debugfs, as Linux 6.1's: directories and files below
 * /sys/kernel/debug (0700) that show and set a variable of the module,
 * formatted as the kernel does. What a module creates is its own (the
 * host finds the caller from the call's return address): reads and writes
 * run as its code, and what it leaves at unload is reported and removed.
 * A dentry is only a handle here (IS_ERR() on failure).
 */
#ifndef _LINUX_DEBUGFS_H
#define _LINUX_DEBUGFS_H

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/types.h>
#include <umod/kabi/kobject.h>

struct dentry;
struct module;

struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);

/*
 * A file with the module's @fops: each read of the whole file (up to a
 * page) or each write is an open with inode->i_private = @data, the
 * reads or the write, and a release.
 */
struct dentry *debugfs_create_file(const char *name, umode_t mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops);
struct dentry *debugfs_create_file_unsafe(const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const struct file_operations *fops);

/* removes @dentry and everything below it; NULL and errors are ignored */
void debugfs_remove(struct dentry *dentry);
#define debugfs_remove_recursive debugfs_remove

static inline bool debugfs_initialized(void)
{
	return true;
}

#define __DEBUGFS_DECLARE(fn, type)					\
	void fn(const char *name, umode_t mode, struct dentry *parent, type *value)

__DEBUGFS_DECLARE(debugfs_create_u8, u8);
__DEBUGFS_DECLARE(debugfs_create_u16, u16);
__DEBUGFS_DECLARE(debugfs_create_u32, u32);
__DEBUGFS_DECLARE(debugfs_create_u64, u64);
__DEBUGFS_DECLARE(debugfs_create_ulong, unsigned long);
__DEBUGFS_DECLARE(debugfs_create_x8, u8);
__DEBUGFS_DECLARE(debugfs_create_x16, u16);
__DEBUGFS_DECLARE(debugfs_create_x32, u32);
__DEBUGFS_DECLARE(debugfs_create_x64, u64);
__DEBUGFS_DECLARE(debugfs_create_size_t, size_t);
__DEBUGFS_DECLARE(debugfs_create_atomic_t, atomic_t);
__DEBUGFS_DECLARE(debugfs_create_bool, bool);
#undef __DEBUGFS_DECLARE

/* read-only, as in 6.1: the bytes of @blob */
struct dentry *debugfs_create_blob(const char *name, umode_t mode,
				   struct dentry *parent, struct debugfs_blob_wrapper *blob);

#endif /* _LINUX_DEBUGFS_H */
