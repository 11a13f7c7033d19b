// SPDX-License-Identifier: MIT
/*
 * debugfs below /sys/kernel/debug (0700, as its mount point on Linux):
 * directories, and files that show and set a variable of the module
 * formatted as Linux 6.1's fs/debugfs/file.c does (simple_attr: "%llu\n",
 * "0x%08llx\n", ...; writes parsed with kstrtoull base 0; bool "Y"/"N").
 * A dentry here is the tree's node (fs/sysfs/dir.c). A read or write runs
 * as the module's code: a bad pointer is an oops of that request. Files
 * with the module's own file_operations are opened, read or written and
 * released once per request, with the fs model's struct file (kabi/fs.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/fs.h>
#include <umod/kabi/kobject.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "lib/kstrtox.h"
#include "lib/usercopy.h"

#define DEBUGFS_DIR_MODE	0755

static struct dentry *err_ptr(long err)
{
	return (struct dentry *)err;
}

static bool is_err_or_null(const void *p)
{
	return !p || (unsigned long)p >= (unsigned long)-4095;
}

static struct umod_module *umod_of(struct module *owner)
{
	return owner ? owner->umod : NULL;
}

static struct umod_host *host_of(struct module *owner)
{
	struct umod_module *mod = umod_of(owner);

	return mod ? mod->host : umod_caller_host();
}

/* the parent's node; NULL is debugfs's root */
static struct kernfs_node *dir_of(struct dentry *parent)
{
	return parent ? (struct kernfs_node *)parent : umod_kernfs_root(UMOD_KERNFS_DEBUG);
}

/* start_creating(): a name taken is an error, in debugfs's words */
static struct dentry *create_rel(struct module *owner, const char *name, unsigned int mode,
				 struct dentry *parent, enum umod_sysfs_type type,
				 const struct umod_kernfs_ops *ops, void *priv,
				 void (*release)(void *priv))
{
	struct umod_host *host = host_of(owner);
	struct umod_kernfs_new nw = {
		.parent = dir_of(parent), .host = host, .owner = umod_of(owner), .name = name,
		.type = type, .kind = UMOD_KN_DEBUGFS, .mode = mode & 07777, .ops = ops,
		.priv = priv, .release = release,
	};
	struct kernfs_node *kn;
	int err;

	if (parent && is_err_or_null(parent))
		return parent;
	if (!host || !name)
		return err_ptr(-EINVAL);
	err = umod_kernfs_create(&nw, &kn);
	if (err == -EEXIST) {
		const char *pname = parent ? umod_kernfs_name(nw.parent) : "/";
		struct kernfs_node *old = umod_kernfs_find(nw.parent, host, name);

		if (old && umod_kernfs_type(old) == UMOD_SYSFS_DIR)
			umod_log_printk(host->log, KERN_ERR "debugfs: Directory '%s' with parent '%s' already present!\n",
					name, pname);
		else
			umod_log_printk(host->log, KERN_ERR "debugfs: File '%s' in directory '%s' already present!\n",
					name, pname);
	}
	return err ? err_ptr(err) : (struct dentry *)kn;
}

static struct dentry *create(struct module *owner, const char *name, unsigned int mode,
			     struct dentry *parent, enum umod_sysfs_type type,
			     const struct umod_kernfs_ops *ops, void *priv)
{
	return create_rel(owner, name, mode, parent, type, ops, priv, NULL);
}

/* what the calling module creates is its own (its exit's leftovers are removed) */
static struct dentry *kapi_debugfs_create_dir(const char *name, struct dentry *parent)
{
	return create(UMOD_CALLER(), name, DEBUGFS_DIR_MODE, parent, UMOD_SYSFS_DIR, NULL, NULL);
}

static void kapi_debugfs_remove(struct dentry *dentry)
{
	if (!is_err_or_null(dentry))
		umod_kernfs_remove((struct kernfs_node *)dentry);
}

/* ---- the simple types: simple_attr's formats and parsing ------------------------- */

/* simple_attr_write(): at most 23 bytes are looked at, a number in any base */
static long parse_u64(const char *buf, size_t len, unsigned long long *val)
{
	char set_buf[24];
	size_t n = len < sizeof(set_buf) - 1 ? len : sizeof(set_buf) - 1;
	int err;

	memcpy(set_buf, buf, n);
	set_buf[n] = '\0';
	err = umod_kstrtoull(set_buf, 0, val);
	return err ? err : (long)len;
}

#define DEBUGFS_SIMPLE(name, type, fmt)					\
static long show_##name(struct kernfs_node *kn, void *priv, char *page)	\
{									\
	return snprintf(page, 24, fmt, (unsigned long long)*(type *)priv); \
}									\
static long store_##name(struct kernfs_node *kn, void *priv, const char *buf, size_t len) \
{									\
	unsigned long long val;						\
	long ret = parse_u64(buf, len, &val);				\
									\
	if (ret >= 0)							\
		*(type *)priv = (type)val;				\
	return ret;							\
}									\
static const struct umod_kernfs_ops ops_##name = { show_##name, store_##name }

DEBUGFS_SIMPLE(u8, uint8_t, "%llu\n");
DEBUGFS_SIMPLE(u16, uint16_t, "%llu\n");
DEBUGFS_SIMPLE(u32, uint32_t, "%llu\n");
DEBUGFS_SIMPLE(u64, uint64_t, "%llu\n");
DEBUGFS_SIMPLE(ulong, unsigned long, "%llu\n");
DEBUGFS_SIMPLE(x8, uint8_t, "0x%02llx\n");
DEBUGFS_SIMPLE(x16, uint16_t, "0x%04llx\n");
DEBUGFS_SIMPLE(x32, uint32_t, "0x%08llx\n");
DEBUGFS_SIMPLE(x64, uint64_t, "0x%016llx\n");
DEBUGFS_SIMPLE(size_t, size_t, "%llu\n");

/* atomic_t: signed on the way out ("%lld"), kstrtoull's on the way in, as 6.1 */
static long show_atomic_t(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, 24, "%lld\n",
			(long long)__atomic_load_n(&((atomic_t *)priv)->counter, __ATOMIC_RELAXED));
}

static long store_atomic_t(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	unsigned long long val;
	long ret = parse_u64(buf, len, &val);

	if (ret >= 0)
		__atomic_store_n(&((atomic_t *)priv)->counter, (int)val, __ATOMIC_RELAXED);
	return ret;
}

static const struct umod_kernfs_ops ops_atomic_t = { show_atomic_t, store_atomic_t };

static long show_bool(struct kernfs_node *kn, void *priv, char *page)
{
	page[0] = *(bool *)priv ? 'Y' : 'N';
	page[1] = '\n';
	return 2;
}

/* kstrtobool_from_user(): the first three bytes decide */
static long store_bool(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	char b[4] = { 0 };
	bool val;
	int err;

	memcpy(b, buf, len < 3 ? len : 3);
	err = umod_kstrtobool(b, &val);
	if (err)
		return err;
	*(bool *)priv = val;
	return (long)len;
}

static const struct umod_kernfs_ops ops_bool = { show_bool, store_bool };

/* read-only in 6.1: the bytes as they are, a page at most here */
static long show_blob(struct kernfs_node *kn, void *priv, char *page)
{
	const struct debugfs_blob_wrapper *blob = priv;
	size_t n = blob->size < UMOD_PAGE_SIZE ? blob->size : UMOD_PAGE_SIZE;

	memcpy(page, blob->data, n);
	return (long)n;
}

static const struct umod_kernfs_ops ops_blob = { show_blob, NULL };

#define DEBUGFS_CREATE(name, type)					\
static void kapi_debugfs_create_##name(const char *fname, unsigned short mode, \
				       struct dentry *parent, type *value) \
{									\
	create(UMOD_CALLER(), fname, mode, parent, UMOD_SYSFS_FILE, &ops_##name, value); \
}

DEBUGFS_CREATE(u8, uint8_t)
DEBUGFS_CREATE(u16, uint16_t)
DEBUGFS_CREATE(u32, uint32_t)
DEBUGFS_CREATE(u64, uint64_t)
DEBUGFS_CREATE(ulong, unsigned long)
DEBUGFS_CREATE(x8, uint8_t)
DEBUGFS_CREATE(x16, uint16_t)
DEBUGFS_CREATE(x32, uint32_t)
DEBUGFS_CREATE(x64, uint64_t)
DEBUGFS_CREATE(size_t, size_t)
DEBUGFS_CREATE(atomic_t, atomic_t)
DEBUGFS_CREATE(bool, bool)

static struct dentry *kapi_debugfs_create_blob(const char *name, unsigned short mode,
					       struct dentry *parent,
					       struct debugfs_blob_wrapper *blob)
{
	return create(UMOD_CALLER(), name, mode & 0444, parent, UMOD_SYSFS_FILE, &ops_blob, blob);
}

/* ---- files with the module's file_operations ------------------------------------ */

/*
 * Each read or write of the model is one open, the reads (or one write)
 * at growing offsets, and a release, as `cat` or `echo` would do on
 * Linux: the module's open finds its data in inode->i_private (simple_open,
 * single_open), and copy_to_user/copy_from_user see the page as user memory.
 */
struct fops_file {
	const struct file_operations *fops;
	void *data;
	unsigned int mode;
	char name[];
};

struct open_file {
	struct inode inode;
	struct dentry dentry;
	struct file file;
};

static int fops_open(struct fops_file *ff, struct open_file *o, bool write)
{
	memset(o, 0, sizeof(*o));
	o->inode.i_mode = 0100000 | ff->mode;	/* S_IFREG */
	o->inode.i_private = ff->data;
	o->inode.i_fop = ff->fops;
	o->dentry.d_name.name = (const unsigned char *)ff->name;
	o->dentry.d_name.len = (unsigned int)strlen(ff->name);
	o->dentry.d_inode = &o->inode;
	o->file.f_path.dentry = &o->dentry;
	o->file.f_inode = &o->inode;
	o->file.f_op = ff->fops;
	o->file.f_flags = write ? 01 : 0;	/* O_WRONLY, O_RDONLY */
	o->file.f_mode = (write ? UMOD_FMODE_WRITE : UMOD_FMODE_READ) | UMOD_FMODE_LSEEK |
			 UMOD_FMODE_PREAD | UMOD_FMODE_PWRITE;
	return ff->fops->open ? ff->fops->open(&o->inode, &o->file) : 0;
}

static void fops_release(struct fops_file *ff, struct open_file *o)
{
	if (ff->fops->release)
		ff->fops->release(&o->inode, &o->file);
}

/* runs as the module's code (dir.c's umod_call), holding its use count */
static long fops_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct fops_file *ff = priv;
	struct umod_uwindow save;
	struct open_file o;
	long got = 0, n = 0;
	int err = fops_open(ff, &o, false);

	if (err)
		return err;
	umod_uaccess_enter(&save, page, UMOD_PAGE_SIZE);
	while (ff->fops->read && got < (long)UMOD_PAGE_SIZE) {
		n = ff->fops->read(&o.file, page + got, UMOD_PAGE_SIZE - (size_t)got,
				   &o.file.f_pos);
		if (n <= 0)
			break;
		got += n;
	}
	umod_uaccess_leave(&save);
	fops_release(ff, &o);
	if (!ff->fops->read)
		return -EINVAL;
	return n < 0 && !got ? n : got;
}

static long fops_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct fops_file *ff = priv;
	struct umod_uwindow save;
	struct open_file o;
	long n;
	int err;

	if (!ff->fops->write)
		return -EINVAL;
	err = fops_open(ff, &o, true);
	if (err)
		return err;
	umod_uaccess_enter(&save, (void *)buf, len);
	n = ff->fops->write(&o.file, buf, len, &o.file.f_pos);
	umod_uaccess_leave(&save);
	fops_release(ff, &o);
	return n;
}

static const struct umod_kernfs_ops ops_fops = { fops_show, fops_store };

static struct dentry *create_file(struct module *owner, const char *name,
				  unsigned short mode, struct dentry *parent,
				  void *data, const struct file_operations *fops)
{
	struct fops_file *ff;
	struct dentry *d;

	if (!name || !fops)
		return err_ptr(-EINVAL);
	ff = malloc(sizeof(*ff) + strlen(name) + 1);
	if (!ff)
		return err_ptr(-ENOMEM);
	*ff = (struct fops_file){ .fops = fops, .data = data, .mode = mode & 07777 };
	strcpy(ff->name, name);
	d = create_rel(owner, name, mode, parent, UMOD_SYSFS_FILE, &ops_fops, ff, free);
	if (is_err_or_null(d))
		free(ff);
	return d;
}

static struct dentry *kapi_debugfs_create_file(const char *name, unsigned short mode,
					       struct dentry *parent, void *data,
					       const struct file_operations *fops)
{
	return create_file(UMOD_CALLER(), name, mode, parent, data, fops);
}

/* 6.1's variant without the removal protection: every call here has it */
static struct dentry *kapi_debugfs_create_file_unsafe(const char *name, unsigned short mode,
						      struct dentry *parent, void *data,
						      const struct file_operations *fops)
{
	return create_file(UMOD_CALLER(), name, mode, parent, data, fops);
}

static const struct umod_kapi_export debugfs_exports[] = {
	UMOD_KAPI_GPL("debugfs_create_file", kapi_debugfs_create_file),
	UMOD_KAPI_GPL("debugfs_create_file_unsafe", kapi_debugfs_create_file_unsafe),
	UMOD_KAPI_GPL("debugfs_create_dir", kapi_debugfs_create_dir),
	UMOD_KAPI_GPL("debugfs_remove", kapi_debugfs_remove),
	UMOD_KAPI_GPL("debugfs_create_u8", kapi_debugfs_create_u8),
	UMOD_KAPI_GPL("debugfs_create_u16", kapi_debugfs_create_u16),
	UMOD_KAPI_GPL("debugfs_create_u32", kapi_debugfs_create_u32),
	UMOD_KAPI_GPL("debugfs_create_u64", kapi_debugfs_create_u64),
	UMOD_KAPI_GPL("debugfs_create_ulong", kapi_debugfs_create_ulong),
	UMOD_KAPI_GPL("debugfs_create_x8", kapi_debugfs_create_x8),
	UMOD_KAPI_GPL("debugfs_create_x16", kapi_debugfs_create_x16),
	UMOD_KAPI_GPL("debugfs_create_x32", kapi_debugfs_create_x32),
	UMOD_KAPI_GPL("debugfs_create_x64", kapi_debugfs_create_x64),
	UMOD_KAPI_GPL("debugfs_create_size_t", kapi_debugfs_create_size_t),
	UMOD_KAPI_GPL("debugfs_create_atomic_t", kapi_debugfs_create_atomic_t),
	UMOD_KAPI_GPL("debugfs_create_bool", kapi_debugfs_create_bool),
	UMOD_KAPI_GPL("debugfs_create_blob", kapi_debugfs_create_blob),
};

const struct umod_kapi_table umod_kapi_debugfs = UMOD_KAPI_TABLE(debugfs_exports);
