// SPDX-License-Identifier: MIT
/*
 * /proc/sys (Linux's fs/proc/proc_sysctl.c): a registered table's entries
 * are nodes of the host's namespace under proc/sys/, in the directories
 * its path names (made as mkdir -p makes them, and gone with the last
 * table in them); reading or writing one calls its proc_handler with the
 * kernel's copy of the bytes and the file position, as proc_sys_call_handler()
 * does. A registration is checked first (sysctl_check_table()'s messages),
 * and is all or nothing: a duplicate name undoes it ("sysctl duplicate
 * entry: /dev/x/y"). Registration and removal hold the namespace's lock;
 * removing an entry waits for the reads and writes running on it, as
 * unregister_sysctl_table() waits for the table's users.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/oops.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/sched/sched.h"
#include "kernel/printk/internal.h"
#include "kernel/module/module.h"
#include "kernel/kapi.h"
#include "fs/internal.h"
#include "fs/proc/internal.h"

struct ctl_table_header {
	struct umod_list link;		/* fs->sysctls: what a module got back */
	struct umod_fs *fs;
	struct umod_module *owner;
	char *path;			/* below proc/sys, for the leftover report */
	struct ctl_table *table;	/* the entries: the module's, or copy */
	struct ctl_table *copy;		/* the files of a mixed table: ours */
	struct umod_fs_node *dir;	/* NULL: only subs */
	struct umod_fs_node **nodes;	/* one per entry */
	unsigned int count;
	struct ctl_table_header **subs;	/* register_sysctl_table()'s directories */
	unsigned int nsubs;
};

#define for_each_entry(e, table)	for ((e) = (table); (e)->procname; (e)++)

static struct ctl_table empty_table[1];

/* ---- reading and writing an entry --------------------------------------------- */

static struct ctl_table *entry_of(struct file *file)
{
	return file->f_inode->i_private;
}

/* proc_sys_call_handler(): the handler works on a zeroed kernel copy */
static long call_handler(struct file *file, char *ubuf, size_t count, long long *ppos,
			 int write)
{
	struct ctl_table *table = entry_of(file);
	size_t n = count;
	char *kbuf;
	int err;

	if (!table->proc_handler)
		return -EINVAL;
	if (!(kbuf = calloc(1, count + 1)))
		return -ENOMEM;
	if (write)
		memcpy(kbuf, ubuf, count);
	err = table->proc_handler(table, write, kbuf, &n, ppos);
	if (n > count)		/* a handler claiming more than it had */
		n = count;
	if (!err && !write)
		memcpy(ubuf, kbuf, n);
	free(kbuf);
	return err ? err : (long)n;
}

static long sysctl_read(struct file *file, char *buf, unsigned long count, long long *ppos)
{
	return call_handler(file, buf, count, ppos, 0);
}

static long sysctl_write(struct file *file, const char *buf, unsigned long count,
			 long long *ppos)
{
	return call_handler(file, (char *)buf, count, ppos, 1);
}

/*
 * proc_sys_permission(): the table's mode binds root too (its owner bits);
 * whoever else opens was checked by the VFS against the same mode
 */
static int sysctl_open(struct inode *inode, struct file *file)
{
	struct ctl_table *table = inode->i_private;
	unsigned int acc = file->f_flags & O_ACCMODE;

	if ((acc != O_RDONLY && !(table->mode & 0200)) || (acc != O_WRONLY && !(table->mode & 0400)))
		return -EACCES;
	if (table->poll)
		file->private_data = (void *)(unsigned long)
			__atomic_load_n(&table->poll->event.counter, __ATOMIC_RELAXED);
	return 0;
}

#define DEFAULT_POLLMASK	0x145u	/* EPOLLIN | EPOLLOUT | EPOLLRDNORM | EPOLLWRNORM */

/* readable and in error (POLLERR|POLLPRI) once the value moved since open */
static unsigned int sysctl_poll(struct file *file, struct poll_table_struct *pt)
{
	struct ctl_table *table = entry_of(file);
	unsigned long event;

	if (!table->proc_handler || !table->poll)
		return DEFAULT_POLLMASK;
	if (pt && pt->_qproc)
		pt->_qproc(file, &table->poll->wait, pt);
	event = (unsigned long)(unsigned int)__atomic_load_n(&table->poll->event.counter,
							      __ATOMIC_RELAXED);
	if (event == (unsigned long)file->private_data)
		return DEFAULT_POLLMASK;
	file->private_data = (void *)event;
	return 0x1 | 0x40 | 0x8 | 0x2;	/* EPOLLIN | EPOLLRDNORM | EPOLLERR | EPOLLPRI */
}

static const struct proc_ops sysctl_proc_ops = {
	.proc_open = sysctl_open,
	.proc_read = sysctl_read,
	.proc_write = sysctl_write,
	.proc_poll = sysctl_poll,
};

static void kapi_proc_sys_poll_notify(struct ctl_table_poll *poll)
{
	struct umod_task *t;

	if (!poll)
		return;
	__atomic_fetch_add(&poll->event.counter, 1, __ATOMIC_RELAXED);
	t = umod_wq_lock(&poll->wait);
	umod_wake_locked(&poll->wait, 1 /* TASK_INTERRUPTIBLE */, 1);
	umod_wq_unlock(&poll->wait, t);
}

/* ---- checks, as sysctl_check_table() ---------------------------------------------- */

/* the handlers whose tables need data and maxlen */
static bool needs_data(proc_handler *h)
{
	static proc_handler *const known[] = {
		umod_proc_dostring, umod_proc_dointvec, umod_proc_douintvec,
		umod_proc_douintvec_minmax, umod_proc_dointvec_minmax, umod_proc_dou8vec_minmax,
		umod_proc_dointvec_jiffies, umod_proc_dointvec_userhz_jiffies,
		umod_proc_dointvec_ms_jiffies, umod_proc_doulongvec_minmax,
		umod_proc_doulongvec_ms_jiffies_minmax,
	};

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(known); i++)
		if (h == known[i])
			return true;
	return false;
}

static int sysctl_err(struct umod_log *log, const char *path, const struct ctl_table *e,
		      const char *fmt, ...)
{
	char why[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	umod_log_printk(log, KERN_ERR "sysctl table check failed: %s/%s %s\n", path,
			e->procname, why);
	return -EINVAL;
}

static int check_table(struct umod_log *log, const char *path, struct ctl_table *table)
{
	struct ctl_table *e;
	int err = 0;

	for_each_entry(e, table) {
		if (e->child)
			err |= sysctl_err(log, path, e, "Not a file");
		if (needs_data(e->proc_handler)) {
			if (!e->data)
				err |= sysctl_err(log, path, e, "No data");
			if (!e->maxlen)
				err |= sysctl_err(log, path, e, "No maxlen");
			else if ((e->proc_handler == umod_proc_douintvec ||
				  e->proc_handler == umod_proc_douintvec_minmax) &&
				 e->maxlen != sizeof(unsigned int))
				err |= sysctl_err(log, path, e, "array not allowed");
			else if (e->proc_handler == umod_proc_dou8vec_minmax && e->maxlen != 1)
				err |= sysctl_err(log, path, e, "array not allowed");
		}
		if (!e->proc_handler)
			err |= sysctl_err(log, path, e, "No proc_handler");
		if ((e->mode & 0666) != e->mode)
			err |= sysctl_err(log, path, e, "bogus .mode 0%o", e->mode);
	}
	return err;
}

/* ---- directories ------------------------------------------------------------------- */

/* sysctl_print_dir(): "/dev/x/" for proc/sys/dev/x */
static void dir_path(const struct umod_fs_node *dir, char *buf, size_t size)
{
	const struct umod_fs_node *chain[64];
	size_t n = 0, len = 0;

	for (; dir && dir->nreg >= 0 && n < UMOD_ARRAY_SIZE(chain); dir = dir->parent)
		chain[n++] = dir;
	len = (size_t)snprintf(buf, size, "/");
	while (n-- && len < size)
		len += (size_t)snprintf(buf + len, size - len, "%s/", chain[n]->name);
}

/* proc/sys itself, the root of every path */
static struct umod_fs_node *sys_root(struct umod_fs *fs)
{
	return umod_fs_child(fs->proc, "sys");
}

int umod_sysctl_init_fs(struct umod_fs *fs)
{
	struct umod_fs_node *sys = umod_fs_node_add(fs->proc, "sys", UMOD_FS_DIR,
						    S_IFDIR | 0555, NULL);
	struct umod_fs_node *kernel = sys ? umod_fs_node_add(sys, "kernel", UMOD_FS_DIR,
							   S_IFDIR | 0555, NULL) : NULL;

	if (!kernel)
		return -ENOMEM;
	sys->nreg = kernel->nreg = -1;	/* the kernel's own: never removed */
	return 0;
}

/* get_subdir(): @name (@len bytes) in @dir, made if need be; fs->lock held */
static struct umod_fs_node *get_subdir(struct umod_fs *fs, struct umod_fs_node *dir,
				       const char *name, size_t len, int *errp)
{
	char comp[256], where[PATH_MAX];
	struct umod_fs_node *sub = NULL;

	*errp = -ENAMETOOLONG;
	if (len < sizeof(comp)) {
		memcpy(comp, name, len);
		comp[len] = '\0';
		sub = umod_fs_child(dir, comp);
		*errp = sub && sub->kind != UMOD_FS_DIR ? -ENOTDIR : 0;
		if (!sub)
			sub = umod_fs_node_add(dir, comp, UMOD_FS_DIR, S_IFDIR | 0555, NULL);
		if (!sub && !*errp)
			*errp = -ENOMEM;
	}
	if (!*errp)
		return sub;
	dir_path(dir, where, sizeof(where));
	umod_log_printk(fs->host->log, KERN_ERR "sysctl could not get directory: %s%.*s %d\n",
			where, (int)len, name, *errp);
	return NULL;
}

/* a directory made for tables goes with the last of them */
static void put_dirs(struct umod_fs_node *dir)
{
	while (dir && dir->nreg > 0) {
		struct umod_fs_node *parent = dir->parent;

		if (!--dir->nreg && dir->children.next == &dir->children)
			umod_fs_node_remove(dir);
		dir = parent;
	}
}

/*
 * The directory @path names below proc/sys, made as mkdir -p makes it;
 * *@made is the first directory this made (NULL: none), which undoes it.
 * fs->lock held.
 */
static struct umod_fs_node *walk_path(struct umod_fs *fs, const char *path,
				      struct umod_fs_node **made)
{
	struct umod_fs_node *dir = sys_root(fs);
	int err = 0;

	*made = NULL;
	while (dir && *path) {
		size_t len = strcspn(path, "/");

		if (len) {
			struct umod_fs_node *sub = get_subdir(fs, dir, path, len, &err);

			/* a directory of no table is one this walk made */
			if (sub && !sub->nreg && !*made)
				*made = sub;
			dir = sub;
		}
		path += len + (path[len] == '/');
	}
	if (!dir && *made) {
		umod_fs_node_remove(*made);
		*made = NULL;
	}
	return dir;
}

/* ---- registration ----------------------------------------------------------------- */

static void remove_entries(struct ctl_table_header *h, unsigned int n)
{
	while (n--)
		umod_fs_node_remove(h->nodes[n]);
}

/* insert_header(): every entry or none; fs->lock held */
static int insert_entries(struct ctl_table_header *h)
{
	struct umod_fs *fs = h->fs;
	char where[PATH_MAX];
	struct ctl_table *e;
	unsigned int i = 0;

	for_each_entry(e, h->table) {
		if (umod_fs_child(h->dir, e->procname)) {
			dir_path(h->dir, where, sizeof(where));
			umod_log_printk(fs->host->log, KERN_ERR "sysctl duplicate entry: %s%s\n",
					where, e->procname);
			remove_entries(h, i);
			return -EEXIST;
		}
		h->nodes[i] = umod_fs_node_add(h->dir, e->procname, UMOD_FS_PROC,
					       S_IFREG | e->mode, h->owner);
		if (!h->nodes[i]) {
			remove_entries(h, i);
			return -ENOMEM;
		}
		h->nodes[i]->proc_ops = &sysctl_proc_ops;
		h->nodes[i++]->inode.i_private = e;
	}
	return 0;
}

static void header_free(struct ctl_table_header *h)
{
	if (!h)
		return;
	free(h->subs);
	free(h->copy);
	free(h->nodes);
	free(h->path);
	free(h);
}

static struct ctl_table_header *header_new(struct umod_fs *fs, struct umod_module *owner,
					   const char *path, struct ctl_table *table)
{
	struct ctl_table_header *h = calloc(1, sizeof(*h));
	struct ctl_table *e;

	if (!h)
		return NULL;
	*h = (struct ctl_table_header){ .fs = fs, .owner = owner, .table = table };
	umod_list_init(&h->link);
	for_each_entry(e, table)
		h->count++;
	/* "dev/x/" (register_sysctl_table()'s form) shows as dev/x */
	h->path = strndup(path + strspn(path, "/"), strlen(path));
	for (size_t n = h->path ? strlen(h->path) : 0; n && h->path[n - 1] == '/'; n--)
		h->path[n - 1] = '\0';
	h->nodes = calloc(h->count + 1, sizeof(*h->nodes));
	if (!h->path || !h->nodes) {
		header_free(h);
		return NULL;
	}
	return h;
}

/* __register_sysctl_table(): one table in one directory; NULL on failure */
static struct ctl_table_header *register_one(struct umod_fs *fs, struct umod_module *owner,
					     const char *path, struct ctl_table *table)
{
	struct umod_fs_node *made;
	struct ctl_table_header *h;

	if (check_table(fs->host->log, path, table))
		return NULL;
	if (!(h = header_new(fs, owner, path, table)))
		return NULL;
	pthread_mutex_lock(&fs->lock);
	h->dir = walk_path(fs, path, &made);
	if (!h->dir || insert_entries(h)) {
		if (made)
			umod_fs_node_remove(made);
		pthread_mutex_unlock(&fs->lock);
		header_free(h);
		return NULL;
	}
	for (struct umod_fs_node *d = h->dir; d && d->nreg >= 0; d = d->parent)
		d->nreg++;
	pthread_mutex_unlock(&fs->lock);
	return h;
}

/* fs->lock held: the entries go (each once its reads and writes end), then
 * the directories no table uses any more */
static void unregister_locked(struct ctl_table_header *h)
{
	for (unsigned int i = h->nsubs; i-- > 0;) {
		unregister_locked(h->subs[i]);
		header_free(h->subs[i]);
	}
	if (h->dir) {
		remove_entries(h, h->count);
		put_dirs(h->dir);
	}
}

/* ---- register_sysctl_table(): a tree of tables, one header per directory --------- */

/* count_subheaders(): the leaf registrations a tree makes */
static unsigned int count_subheaders(struct ctl_table *table)
{
	unsigned int n = 0, files = 0;
	struct ctl_table *e;

	if (!table || !table->procname)
		return 1;
	for_each_entry(e, table) {
		if (e->child)
			n += count_subheaders(e->child);
		else
			files = 1;
	}
	return n + files;
}

/* "name/" appended at @pos of @path (PATH_MAX); NULL when it does not fit */
static char *append_path(char *path, char *pos, const char *name)
{
	size_t len = strlen(name);

	if ((size_t)(pos - path) + len + 2 >= PATH_MAX)
		return NULL;
	memcpy(pos, name, len);
	pos[len] = '/';
	pos[len + 1] = '\0';
	return pos + len + 1;
}

struct tree_reg {
	struct umod_fs *fs;
	struct umod_module *owner;
	struct ctl_table_header *top;
	char path[PATH_MAX];
};

/* the files of a table that also has directories: a copy of their own */
static struct ctl_table *files_of(struct ctl_table *table, unsigned int nfiles)
{
	struct ctl_table *files = calloc(nfiles + 1, sizeof(*files)), *e, *f = files;

	if (files)
		for_each_entry(e, table)
			if (!e->child)
				*f++ = *e;
	return files;
}

/* register_leaf_sysctl_tables() */
static int register_leaves(struct tree_reg *r, char *pos, struct ctl_table *table)
{
	unsigned int nfiles = 0, ndirs = 0;
	struct ctl_table *e, *files = table, *copy = NULL;

	for_each_entry(e, table)
		e->child ? ndirs++ : nfiles++;
	if (ndirs && nfiles && !(files = copy = files_of(table, nfiles)))
		return -ENOMEM;
	if (nfiles || !ndirs) {
		struct ctl_table_header *h = register_one(r->fs, r->owner, r->path, files);

		if (!h) {
			free(copy);
			return -ENOMEM;
		}
		h->copy = copy;
		r->top->subs[r->top->nsubs++] = h;
	}
	for_each_entry(e, table) {
		char *child = e->child ? append_path(r->path, pos, e->procname) : NULL;
		int err;

		if (!e->child)
			continue;
		if (!child)
			return -ENAMETOOLONG;
		err = register_leaves(r, child, e->child);
		pos[0] = '\0';
		if (err)
			return err;
	}
	return 0;
}

/* __register_sysctl_paths() */
static struct ctl_table_header *register_paths(struct umod_fs *fs, struct umod_module *owner,
					       const struct ctl_path *path,
					       struct ctl_table *table)
{
	unsigned int nsubs = count_subheaders(table);
	struct tree_reg *r = calloc(1, sizeof(*r));
	struct ctl_table_header *h = NULL;
	char *pos = r ? r->path : NULL;

	for (; pos && path->procname; path++)
		pos = append_path(r->path, pos, path->procname);
	while (pos && table->procname && table->child && !table[1].procname) {
		pos = append_path(r->path, pos, table->procname);
		table = table->child;
	}
	if (pos && nsubs == 1) {
		h = register_one(fs, owner, r->path, table);
	} else if (pos && (h = header_new(fs, owner, r->path, empty_table)) &&
		   (h->subs = calloc(nsubs, sizeof(*h->subs)))) {
		r->fs = fs;
		r->owner = owner;
		r->top = h;
		if (register_leaves(r, pos, table)) {
			pthread_mutex_lock(&fs->lock);
			unregister_locked(h);
			pthread_mutex_unlock(&fs->lock);
			header_free(h);
			h = NULL;
		}
	} else {
		header_free(h);
		h = NULL;
	}
	free(r);
	return h;
}

/* ---- the exports ------------------------------------------------------------------ */

static struct umod_fs *fs_for(struct module *owner)
{
	struct umod_module *mod = umod_fs_umod(owner);

	return umod_fs_of(mod ? mod->host : umod_caller_host());
}

/* a new table is known by the module that registered it; a failure shows a trace */
static struct ctl_table_header *publish(struct umod_fs *fs, struct ctl_table_header *h,
					uint64_t frame)
{
	if (!h) {
		umod_oops_dump_stack(fs->host, "", frame);
		return NULL;
	}
	pthread_mutex_lock(&fs->lock);
	umod_list_add(&h->link, &fs->sysctls);
	pthread_mutex_unlock(&fs->lock);
	return h;
}

#define CALLER_FRAME()	((uint64_t)(uintptr_t)__builtin_frame_address(0))

/* @owner's table at @path; @frame starts the trace of a failure */
static struct ctl_table_header *register_owned(struct module *owner, const char *path,
					       struct ctl_table *table, uint64_t frame)
{
	struct umod_fs *fs = fs_for(owner);

	if (!fs || !path || !table)
		return NULL;
	return publish(fs, register_one(fs, umod_fs_umod(owner), path, table), frame);
}

static struct ctl_table_header *register_paths_owned(struct module *owner,
						     const struct ctl_path *path,
						     struct ctl_table *table, uint64_t frame)
{
	struct umod_fs *fs = fs_for(owner);

	if (!fs || !path || !table)
		return NULL;
	return publish(fs, register_paths(fs, umod_fs_umod(owner), path, table), frame);
}

/* the calling module's tables: what its exit leaves registered is unregistered */
static struct ctl_table_header *kapi_register_sysctl(const char *path, struct ctl_table *table)
{
	return register_owned(UMOD_CALLER(), path, table, CALLER_FRAME());
}

static struct ctl_table_header *kapi_register_sysctl_paths(const struct ctl_path *path,
							   struct ctl_table *table)
{
	return register_paths_owned(UMOD_CALLER(), path, table, CALLER_FRAME());
}

static struct ctl_table_header *kapi_register_sysctl_table(struct ctl_table *table)
{
	static const struct ctl_path null_path[] = { { NULL } };

	return register_paths_owned(UMOD_CALLER(), null_path, table, CALLER_FRAME());
}

static struct ctl_table_header *kapi_register_sysctl_mount_point(const char *path)
{
	return register_owned(UMOD_CALLER(), path, empty_table, CALLER_FRAME());
}

static void kapi_unregister_sysctl_table(struct ctl_table_header *h)
{
	if (!h)
		return;
	pthread_mutex_lock(&h->fs->lock);
	umod_list_del(&h->link);
	unregister_locked(h);
	pthread_mutex_unlock(&h->fs->lock);
	header_free(h);
}

void umod_sysctl_leftovers(struct umod_fs *fs, struct umod_module *mod)
{
	struct umod_list *l = fs->sysctls.next;

	while (l != &fs->sysctls) {
		struct ctl_table_header *h = umod_container_of(l, struct ctl_table_header, link);

		l = l->next;
		if (h->owner != mod)
			continue;
		umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left sysctl table /proc/sys%s%s registered: unregistered\n",
				mod->name, *h->path ? "/" : "", h->path);
		umod_list_del(&h->link);
		unregister_locked(h);
		header_free(h);
	}
}

static const struct umod_kapi_export proc_sysctl_exports[] = {
	UMOD_KAPI("register_sysctl", kapi_register_sysctl),
	UMOD_KAPI("register_sysctl_table", kapi_register_sysctl_table),
	UMOD_KAPI("register_sysctl_paths", kapi_register_sysctl_paths),
	UMOD_KAPI("register_sysctl_mount_point", kapi_register_sysctl_mount_point),
	UMOD_KAPI("unregister_sysctl_table", kapi_unregister_sysctl_table),
	UMOD_KAPI("proc_sys_poll_notify", kapi_proc_sys_poll_notify),
};

const struct umod_kapi_table umod_kapi_proc_sysctl = UMOD_KAPI_TABLE(proc_sysctl_exports);
