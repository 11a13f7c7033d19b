// SPDX-License-Identifier: MIT
/*
 * procfs for modules (Linux's fs/proc/generic.c): entries are nodes of the
 * host's namespace under proc/, their ops a module's struct proc_ops
 * (or the host's seq_file glue for proc_create_single/seq). Removal waits
 * for the operations running on the entry and releases the files still
 * open on it, as proc_entry_rundown() does; reads of them then fail.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

static const char *dir_name(struct umod_fs_node *dir)
{
	return dir == dir->fs->proc ? "/proc" : dir->name;
}

/* the directory @parent names (NULL: proc/ itself), on @owner's host */
static struct umod_fs_node *parent_dir(struct module *owner, struct proc_dir_entry *parent,
				       struct umod_fs **fsp)
{
	struct umod_fs_node *dir = (struct umod_fs_node *)parent;
	struct umod_fs *fs = dir ? dir->fs : umod_fs_of_module(owner);

	*fsp = fs;
	return dir ? dir : fs ? fs->proc : NULL;
}

/*
 * xlate_proc_name(): "a/b/c" names c in the existing directory a/b.
 * Returns the directory and leaves the last component in *@last.
 */
static struct umod_fs_node *xlate(struct umod_fs_node *dir, const char *name,
				  const char **last)
{
	const char *slash;
	char part[256];

	while ((slash = strchr(name, '/'))) {
		size_t len = (size_t)(slash - name);

		if (len >= sizeof(part))
			return NULL;
		memcpy(part, name, len);
		part[len] = '\0';
		dir = umod_fs_child(dir, part);
		if (!dir || dir->kind != UMOD_FS_DIR)
			return NULL;
		name = slash + 1;
	}
	*last = name;
	return dir;
}

/* proc_create_reg()/proc_register(): the node, or NULL (logged as Linux does) */
static struct umod_fs_node *proc_new(struct module *owner, const char *name,
				     unsigned int mode, struct proc_dir_entry *parent,
				     enum umod_fs_kind kind, void *data)
{
	struct umod_fs *fs;
	struct umod_fs_node *dir = parent_dir(owner, parent, &fs), *n = NULL;
	const char *last;

	if (!dir || !name)
		return NULL;
	pthread_mutex_lock(&fs->lock);
	dir = xlate(dir, name, &last);
	if (!dir || !*last || strlen(last) > 255) {
		umod_log_printk(fs->host->log, KERN_ERR "name '%s'\n", name);
	} else if (umod_fs_child(dir, last)) {
		umod_log_printk(fs->host->log,
				KERN_WARNING "proc_dir_entry '%s/%s' already registered\n",
				dir_name(dir), last);
	} else if ((n = umod_fs_node_add(dir, last, kind, mode, umod_fs_umod(owner)))) {
		n->inode.i_private = data;
	}
	pthread_mutex_unlock(&fs->lock);
	return n;
}

static unsigned int reg_mode(unsigned short mode)
{
	if (!(mode & S_IFMT))
		mode |= S_IFREG;
	if (!(mode & 0777))
		mode |= 0444;	/* S_IRUGO */
	return mode;
}

static struct proc_dir_entry *create_data(struct module *owner, const char *name,
					  unsigned short mode, struct proc_dir_entry *parent,
					  const struct proc_ops *ops, void *data)
{
	struct umod_fs_node *n;

	if (!ops)
		return NULL;
	n = proc_new(owner, name, reg_mode(mode), parent, UMOD_FS_PROC, data);
	if (n)
		n->proc_ops = ops;
	return (struct proc_dir_entry *)n;
}

/* the calling module owns what it creates (its exit's leftovers are removed) */
static struct proc_dir_entry *kapi_proc_create_data(const char *name, unsigned short mode,
						    struct proc_dir_entry *parent,
						    const struct proc_ops *ops, void *data)
{
	return create_data(UMOD_CALLER(), name, mode, parent, ops, data);
}

static struct proc_dir_entry *kapi_proc_create(const char *name, unsigned short mode,
					       struct proc_dir_entry *parent,
					       const struct proc_ops *ops)
{
	return create_data(UMOD_CALLER(), name, mode, parent, ops, NULL);
}

static struct proc_dir_entry *kapi_proc_create_single_data(const char *name,
		unsigned short mode, struct proc_dir_entry *parent,
		int (*show)(struct seq_file *, void *), void *data)
{
	struct umod_fs_node *n = proc_new(UMOD_CALLER(), name, reg_mode(mode), parent,
					  UMOD_FS_PROC, data);

	if (n) {
		n->proc_ops = &umod_proc_single_ops;
		n->single_show = show;
	}
	return (struct proc_dir_entry *)n;
}

static struct proc_dir_entry *kapi_proc_create_seq_private(const char *name,
		unsigned short mode, struct proc_dir_entry *parent,
		const struct seq_operations *ops, unsigned int state_size, void *data)
{
	struct umod_fs_node *n = proc_new(UMOD_CALLER(), name, reg_mode(mode), parent,
					  UMOD_FS_PROC, data);

	if (n) {
		n->proc_ops = &umod_proc_seq_ops;
		n->seq_ops = ops;
		n->state_size = state_size;
	}
	return (struct proc_dir_entry *)n;
}

static struct proc_dir_entry *mkdir_data(struct module *owner, const char *name,
					 unsigned short mode, struct proc_dir_entry *parent,
					 void *data)
{
	if (!(mode & 0777))
		mode |= 0555;	/* S_IRUGO | S_IXUGO */
	return (struct proc_dir_entry *)proc_new(owner, name, S_IFDIR | (mode & 07777),
						 parent, UMOD_FS_DIR, data);
}

static struct proc_dir_entry *kapi_proc_mkdir_data(const char *name, unsigned short mode,
						   struct proc_dir_entry *parent, void *data)
{
	return mkdir_data(UMOD_CALLER(), name, mode, parent, data);
}

static struct proc_dir_entry *kapi_proc_mkdir_mode(const char *name, unsigned short mode,
						   struct proc_dir_entry *parent)
{
	return mkdir_data(UMOD_CALLER(), name, mode, parent, NULL);
}

static struct proc_dir_entry *kapi_proc_mkdir(const char *name, struct proc_dir_entry *parent)
{
	return mkdir_data(UMOD_CALLER(), name, 0, parent, NULL);
}

/* remove_proc_entry(): the entry goes; a directory's entries go with it,
 * with the kernel's complaint that they were left */
static int remove_entry(struct module *owner, const char *name,
			struct proc_dir_entry *parent, bool subtree)
{
	struct umod_fs *fs;
	struct umod_fs_node *dir = parent_dir(owner, parent, &fs), *n = NULL;
	const char *last;

	if (!dir || !name)
		return -ENOENT;
	pthread_mutex_lock(&fs->lock);
	dir = xlate(dir, name, &last);
	if (dir)
		n = umod_fs_child(dir, last);
	if (!n) {
		umod_log_printk(fs->host->log, KERN_WARNING "name '%s'\n", name);
	} else {
		if (!subtree && n->children.next != &n->children)
			umod_log_printk(fs->host->log, KERN_WARNING "remove_proc_entry: removing non-empty directory '%s/%s', leaking at least '%s'\n",
					dir_name(dir), n->name,
					umod_container_of(n->children.next, struct umod_fs_node,
							  sibling)->name);
		umod_fs_node_remove(n);
	}
	pthread_mutex_unlock(&fs->lock);
	return n ? 0 : -ENOENT;
}

/* the caller's host: a NULL @parent is its /proc */
static void kapi_remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
	remove_entry(UMOD_CALLER(), name, parent, false);
}

static int kapi_remove_proc_subtree(const char *name, struct proc_dir_entry *parent)
{
	return remove_entry(UMOD_CALLER(), name, parent, true);
}

static void kapi_proc_remove(struct proc_dir_entry *de)
{
	struct umod_fs_node *n = (struct umod_fs_node *)de;
	struct umod_fs *fs;

	if (!n)
		return;
	fs = n->fs;
	pthread_mutex_lock(&fs->lock);
	if (!n->removed)
		umod_fs_node_remove(n);
	pthread_mutex_unlock(&fs->lock);
}

static void kapi_proc_set_size(struct proc_dir_entry *de, long long size)
{
	((struct umod_fs_node *)de)->inode.i_size = size;
}

static void kapi_proc_set_user(struct proc_dir_entry *de, kuid_t uid, kgid_t gid)
{
	((struct umod_fs_node *)de)->uid = uid.val;
	((struct umod_fs_node *)de)->gid = gid.val;
	((struct umod_fs_node *)de)->ids = true;
}

static void *kapi_pde_data(const struct inode *inode)
{
	return inode->i_private;
}

static void *kapi_proc_get_parent_data(const struct inode *inode)
{
	struct umod_fs_node *n = umod_container_of(inode, struct umod_fs_node, inode);

	return n->parent ? n->parent->inode.i_private : NULL;
}

/* @n's path, "/proc/..." (written only for a leftover: the walk needs none) */
static void proc_path(const struct umod_fs *fs, const struct umod_fs_node *n,
		      char *buf, size_t size)
{
	size_t k;

	if (n == fs->proc || !n->parent) {
		snprintf(buf, size, "/proc");
		return;
	}
	proc_path(fs, n->parent, buf, size);
	k = strlen(buf);
	snprintf(buf + k, size - k, "/%s", n->name);
}

/* the module's entries that its exit left: reported, then removed */
void umod_proc_leftovers(struct umod_fs *fs, struct umod_module *mod, struct umod_fs_node *dir)
{
	struct umod_list *l = dir->children.next;

	while (l != &dir->children) {
		struct umod_fs_node *n = umod_container_of(l, struct umod_fs_node, sibling);
		char path[1024];

		l = l->next;
		if (n->owner == mod) {
			proc_path(fs, n, path, sizeof(path));
			umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left %s: removed\n",
					mod->name, path);
			umod_fs_node_remove(n);
		} else if (n->kind == UMOD_FS_DIR) {
			umod_proc_leftovers(fs, mod, n);
		}
	}
}

/*
 * A file of the host's own below proc/ (/proc/misc, /proc/interrupts,
 * /proc/device-tree/...): @show renders it at each open. The directories
 * of @path are made as needed (0555, as proc's). NULL if the name is taken
 * or there is no memory.
 */
struct umod_fs_node *umod_proc_text(struct umod_host *host, const char *path, unsigned int mode,
				    int (*show)(struct umod_fs_node *node, char *buf, size_t size),
				    void *data)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *dir, *n = NULL;
	char part[256];
	const char *slash;

	if (!fs)
		return NULL;
	pthread_mutex_lock(&fs->lock);
	dir = fs->proc;
	while (dir && (slash = strchr(path, '/'))) {
		size_t len = (size_t)(slash - path);
		struct umod_fs_node *sub;

		if (len >= sizeof(part))
			break;
		memcpy(part, path, len);
		part[len] = '\0';
		sub = umod_fs_child(dir, part);
		if (!sub)
			sub = umod_fs_node_add(dir, part, UMOD_FS_DIR, S_IFDIR | 0555, NULL);
		dir = sub && sub->kind == UMOD_FS_DIR ? sub : NULL;
		path = slash + 1;
	}
	if (dir && !strchr(path, '/') && !umod_fs_child(dir, path) &&
	    (n = umod_fs_node_add(dir, path, UMOD_FS_TEXT, S_IFREG | mode, NULL))) {
		n->text_show = show;
		n->text_data = data;
	}
	pthread_mutex_unlock(&fs->lock);
	return n;
}

/* @path below proc/ and what is below it go */
void umod_proc_text_remove(struct umod_host *host, const char *path)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct umod_fs_node *n;
	char full[512];

	if (!fs)
		return;
	snprintf(full, sizeof(full), "proc/%s", path);
	pthread_mutex_lock(&fs->lock);
	n = umod_fs_walk(fs, full);
	if (n)
		umod_fs_node_remove(n);
	pthread_mutex_unlock(&fs->lock);
}

static const struct umod_kapi_export procfs_exports[] = {
	UMOD_KAPI("proc_create_data", kapi_proc_create_data),
	UMOD_KAPI("proc_create", kapi_proc_create),
	UMOD_KAPI("proc_create_single_data", kapi_proc_create_single_data),
	UMOD_KAPI("proc_create_seq_private", kapi_proc_create_seq_private),
	UMOD_KAPI_GPL("proc_mkdir_data", kapi_proc_mkdir_data),
	UMOD_KAPI("proc_mkdir_mode", kapi_proc_mkdir_mode),
	UMOD_KAPI("proc_mkdir", kapi_proc_mkdir),
	UMOD_KAPI("remove_proc_entry", kapi_remove_proc_entry),
	UMOD_KAPI("remove_proc_subtree", kapi_remove_proc_subtree),
	UMOD_KAPI("proc_remove", kapi_proc_remove),
	UMOD_KAPI("proc_set_size", kapi_proc_set_size),
	UMOD_KAPI("proc_set_user", kapi_proc_set_user),
	UMOD_KAPI("pde_data", kapi_pde_data),
	UMOD_KAPI_GPL("proc_get_parent_data", kapi_proc_get_parent_data),
};

const struct umod_kapi_table umod_kapi_procfs = UMOD_KAPI_TABLE(procfs_exports);
