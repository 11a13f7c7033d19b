// SPDX-License-Identifier: MIT
/*
 * The /sys tree beyond module/: kernfs's nodes. A directory holds nodes by
 * name; a file has ops whose show fills a page and whose store gets a
 * NUL-terminated copy of one write; a link has a target. kobjects
 * (lib/kobject.c), their attributes (fs/sysfs/file.c), debugfs
 * (fs/debugfs/) and the device model's class directories all hang here.
 *
 * The directories every host has (/sys, /sys/kernel, /sys/kernel/debug,
 * /sys/class, ...) are shared by the hosts of the process; every other
 * node belongs to one host and only that host's paths see it. One lock
 * guards the whole tree; it is never held while a show or store runs.
 * Those pin their node with an active count (kernfs's "active"
 * reference) and the module whose code they run with a use count, so a
 * removal waits for them and an unload cannot start under them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

struct kernfs_node {
	char *name;
	enum umod_sysfs_type type;
	enum umod_kernfs_kind kind;
	unsigned int mode;
	struct kernfs_node *parent;
	struct umod_list children;	/* directories: their entries */
	struct umod_list sibling;	/* on the parent's children */
	struct umod_host *host;		/* NULL: a directory every host has */
	struct umod_module *owner;	/* whose code show/store run as; NULL: the host's */
	const struct umod_kernfs_ops *ops;	/* files */
	void *priv;
	void (*release)(void *priv);	/* frees what priv holds, with the node */
	char *target;			/* links, relative to the link's directory */
	unsigned int refs;		/* the tree's, and its creator's if it kept one */
	unsigned int active;		/* shows and stores in flight */
	bool removed;
};

static pthread_mutex_t kernfs_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t kernfs_drained = PTHREAD_COND_INITIALIZER;

/* ---- the shared directories ------------------------------------------------ */

struct root_dir {
	struct kernfs_node kn;
	enum umod_kernfs_root parent;
};

#define ROOT(n, m, p)	{ { .name = n, .type = UMOD_SYSFS_DIR, .mode = m, .refs = 1 }, p }

/* as on Linux: /sys is 0555, debugfs's mount point 0700 */
static struct root_dir roots[] = {
	[UMOD_KERNFS_SYS] = ROOT("", 0555, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_KERNEL] = ROOT("kernel", 0755, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_DEBUG] = ROOT("debug", 0700, UMOD_KERNFS_KERNEL),
	[UMOD_KERNFS_MM] = ROOT("mm", 0755, UMOD_KERNFS_KERNEL),
	[UMOD_KERNFS_CLASS] = ROOT("class", 0755, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_FIRMWARE] = ROOT("firmware", 0755, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_SLAB] = ROOT("slab", 0755, UMOD_KERNFS_KERNEL),
	[UMOD_KERNFS_DEVICES] = ROOT("devices", 0755, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_BUS] = ROOT("bus", 0755, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_DEV] = ROOT("dev", 0755, UMOD_KERNFS_SYS),
	[UMOD_KERNFS_DEV_BLOCK] = ROOT("block", 0755, UMOD_KERNFS_DEV),
	[UMOD_KERNFS_DEV_CHAR] = ROOT("char", 0755, UMOD_KERNFS_DEV),
	[UMOD_KERNFS_BLOCK] = ROOT("block", 0755, UMOD_KERNFS_SYS),
};

static pthread_once_t roots_once = PTHREAD_ONCE_INIT;

static void roots_link(void)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(roots); i++)
		umod_list_init(&roots[i].kn.children);
	for (size_t i = 1; i < UMOD_ARRAY_SIZE(roots); i++) {
		struct kernfs_node *p = &roots[roots[i].parent].kn;

		roots[i].kn.parent = p;
		umod_list_add(&roots[i].kn.sibling, p->children.prev);
	}
}

struct kernfs_node *umod_kernfs_root(enum umod_kernfs_root which)
{
	pthread_once(&roots_once, roots_link);
	return &roots[which].kn;
}

/* ---- nodes ------------------------------------------------------------------- */

static bool visible(const struct kernfs_node *kn, const struct umod_host *host)
{
	return !kn->removed && (!kn->host || kn->host == host);
}

/* @dir's entry @name (@len bytes) as @host sees it; kernfs_lock held */
static struct kernfs_node *find_child(struct kernfs_node *dir, const struct umod_host *host,
				      const char *name, size_t len)
{
	for (struct umod_list *l = dir->children.next; l != &dir->children; l = l->next) {
		struct kernfs_node *kn = umod_container_of(l, struct kernfs_node, sibling);

		if (visible(kn, host) && strlen(kn->name) == len && !memcmp(kn->name, name, len))
			return kn;
	}
	return NULL;
}

/* kernfs_lock held; frees a node nobody refers to any more */
static void put_locked(struct kernfs_node *kn)
{
	if (--kn->refs)
		return;
	if (kn->release)
		kn->release(kn->priv);
	free(kn->name);
	free(kn->target);
	free(kn);
}

void umod_kernfs_put(struct kernfs_node *kn)
{
	if (!kn)
		return;
	pthread_mutex_lock(&kernfs_lock);
	put_locked(kn);
	pthread_mutex_unlock(&kernfs_lock);
}

/* "/kernel/x/attr": @kn's path below /sys, as kernfs_path() gives it; kernfs_lock held */
static void path_locked(const struct kernfs_node *kn, char *buf, size_t size)
{
	const struct kernfs_node *chain[64];
	size_t n = 0, len = 0;

	for (; kn && kn->parent && n < UMOD_ARRAY_SIZE(chain); kn = kn->parent)
		chain[n++] = kn;
	buf[0] = '\0';
	while (n-- && len < size)
		len += (size_t)snprintf(buf + len, size - len, "/%s", chain[n]->name);
	if (!len && size > 1)
		strcpy(buf, "/");
}

void umod_kernfs_path(struct kernfs_node *kn, char *buf, size_t size)
{
	pthread_mutex_lock(&kernfs_lock);
	path_locked(kn, buf, size);
	pthread_mutex_unlock(&kernfs_lock);
}

const char *umod_kernfs_name(const struct kernfs_node *kn)
{
	return kn->name;
}

void *umod_kernfs_priv(const struct kernfs_node *kn)
{
	return kn->priv;
}

enum umod_sysfs_type umod_kernfs_type(const struct kernfs_node *kn)
{
	return kn->type;
}

void umod_kernfs_set_priv(struct kernfs_node *kn, void *priv)
{
	kn->priv = priv;
}

struct kernfs_node *umod_kernfs_parent(const struct kernfs_node *kn)
{
	return kn->parent;
}

struct umod_module *umod_kernfs_owner(const struct kernfs_node *kn)
{
	return kn->owner;
}

struct umod_host *umod_kernfs_host(const struct kernfs_node *kn)
{
	return kn->host;
}

/*
 * A new node @name in @parent, for @host (NULL: @parent's; a root's
 * children need one: -EINVAL). -EEXIST, logged in sysfs's words, when
 * @host already sees that name there; -ENOENT when @parent is gone.
 */
int umod_kernfs_create(const struct umod_kernfs_new *nw, struct kernfs_node **knp)
{
	struct kernfs_node *parent = nw->parent, *kn = calloc(1, sizeof(*kn));
	struct umod_host *host = nw->host ? nw->host : parent->host;
	char path[512];
	int err = 0;

	/* only the roots are every host's; a name is one path component */
	if (!host || !nw->name || !*nw->name || strchr(nw->name, '/') ||
	    (nw->type == UMOD_SYSFS_FILE && !nw->ops)) {
		free(kn);
		return -EINVAL;
	}
	if (!kn || !(kn->name = strdup(nw->name)) ||
	    (nw->target && !(kn->target = strdup(nw->target)))) {
		if (kn)
			free(kn->name);
		free(kn);
		return -ENOMEM;
	}
	*kn = (struct kernfs_node){ .name = kn->name, .target = kn->target, .type = nw->type,
		.kind = nw->kind, .mode = nw->mode, .parent = parent, .host = host,
		.owner = nw->owner, .ops = nw->ops, .priv = nw->priv, .release = nw->release,
		.refs = nw->ref ? 2 : 1 };
	umod_list_init(&kn->children);
	if (nw->kind != UMOD_KN_PLAIN)	/* what umod_kernfs_leftovers() reports */
		umod_module_made(nw->owner, UMOD_MADE_KERNFS);
	pthread_mutex_lock(&kernfs_lock);
	if (parent->removed || parent->type != UMOD_SYSFS_DIR) {
		err = -ENOENT;
	} else if (find_child(parent, host, nw->name, strlen(nw->name))) {
		path_locked(parent, path, sizeof(path));
		if (host && nw->kind != UMOD_KN_DEBUGFS)
			umod_log_printk(host->log, KERN_WARNING "sysfs: cannot create duplicate filename '%s%s%s'\n",
					strcmp(path, "/") ? path : "", "/", nw->name);
		err = -EEXIST;
	} else {
		umod_list_add(&kn->sibling, parent->children.prev);
	}
	pthread_mutex_unlock(&kernfs_lock);
	if (err) {
		free(kn->name);
		free(kn->target);
		free(kn);
		return err;
	}
	if (knp)
		*knp = kn;
	return 0;
}

/* @kn and everything below it, deepest last; kernfs_lock held */
static int collect(struct kernfs_node *kn, struct kernfs_node ***v, size_t *n, size_t *cap)
{
	if (*n == *cap) {
		void *grown = realloc(*v, (*cap = *cap ? 2 * *cap : 16) * sizeof(**v));

		if (!grown)
			return -ENOMEM;
		*v = grown;
	}
	(*v)[(*n)++] = kn;
	for (struct umod_list *l = kn->children.next; l != &kn->children; l = l->next) {
		int err = collect(umod_container_of(l, struct kernfs_node, sibling), v, n, cap);

		if (err)
			return err;
	}
	return 0;
}

/* kernfs_lock held: unlinks the subtree, waits for its shows and stores, drops the tree's refs */
static void remove_locked(struct kernfs_node *kn)
{
	struct kernfs_node **v = NULL;
	size_t n = 0, cap = 0;

	if (kn->removed || !kn->parent)
		return;
	while (collect(kn, &v, &n, &cap)) {	/* out of memory: try again later */
		n = 0;
		pthread_mutex_unlock(&kernfs_lock);
		usleep(1000);
		pthread_mutex_lock(&kernfs_lock);
		if (kn->removed) {
			free(v);
			return;
		}
	}
	for (size_t i = 0; i < n; i++) {
		v[i]->removed = true;
		umod_list_del(&v[i]->sibling);
	}
	for (size_t i = 0; i < n; i++)
		while (v[i]->active)
			pthread_cond_wait(&kernfs_drained, &kernfs_lock);
	for (size_t i = n; i-- > 0;)
		put_locked(v[i]);
	free(v);
}

void umod_kernfs_remove(struct kernfs_node *kn)
{
	if (!kn)
		return;
	pthread_mutex_lock(&kernfs_lock);
	remove_locked(kn);
	pthread_mutex_unlock(&kernfs_lock);
}

int umod_kernfs_remove_by_name(struct kernfs_node *dir, struct umod_host *host,
			       const char *name)
{
	struct kernfs_node *kn;

	pthread_mutex_lock(&kernfs_lock);
	kn = find_child(dir, host ? host : dir->host, name, strlen(name));
	if (kn)
		remove_locked(kn);
	pthread_mutex_unlock(&kernfs_lock);
	return kn ? 0 : -ENOENT;
}

struct kernfs_node *umod_kernfs_find(struct kernfs_node *dir, struct umod_host *host,
				     const char *name)
{
	struct kernfs_node *kn;

	pthread_mutex_lock(&kernfs_lock);
	kn = find_child(dir, host ? host : dir->host, name, strlen(name));
	pthread_mutex_unlock(&kernfs_lock);
	return kn;
}

/* ---- what a module leaves behind ----------------------------------------------- */

/* the first node @mod made and would report, in a walk from @kn; kernfs_lock held */
static struct kernfs_node *find_owned(struct kernfs_node *kn, const struct umod_module *mod)
{
	for (struct umod_list *l = kn->children.next; l != &kn->children; l = l->next) {
		struct kernfs_node *c = umod_container_of(l, struct kernfs_node, sibling), *f;

		if (c->owner == mod && c->kind != UMOD_KN_PLAIN)
			return c;
		f = find_owned(c, mod);
		if (f)
			return f;
	}
	return NULL;
}

static const char *const kind_names[] = {
	[UMOD_KN_KOBJECT] = "kobject", [UMOD_KN_ATTR] = "sysfs file",
	[UMOD_KN_GROUP] = "sysfs group", [UMOD_KN_LINK] = "sysfs link",
	[UMOD_KN_DEBUGFS] = "debugfs entry",
};

/*
 * module_leftovers[]: what @mod made and did not take back (a kobject it
 * did not put, a file it did not remove) is reported, one line each, and
 * removed with what it holds, so no read calls into memory that is about
 * to go. Its own kobject is told it is out of sysfs (lib/kobject.c).
 */
void umod_kernfs_leftovers(struct umod_module *mod)
{
	struct kernfs_node *sys = umod_kernfs_root(UMOD_KERNFS_SYS), *kn;
	char path[512];

	if (!umod_module_has_made(mod, UMOD_MADE_KERNFS))
		return;
	pthread_mutex_lock(&kernfs_lock);
	while ((kn = find_owned(sys, mod))) {
		path_locked(kn, path, sizeof(path));
		umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left %s /sys%s\n",
				mod->name, kind_names[kn->kind], path);
		if (kn->kind == UMOD_KN_KOBJECT) {
			umod_kobject_forget(kn->priv);
			kn->refs--;	/* the kobject's: remove_locked() drops the tree's */
		}
		remove_locked(kn);
	}
	pthread_mutex_unlock(&kernfs_lock);
}

/* ---- paths -------------------------------------------------------------------- */

#define LINKS_MAX	8	/* links followed in one path, as a bound on loops */

static int walk_locked(struct umod_host *host, struct kernfs_node *kn, const char *path,
		       unsigned int links, struct kernfs_node **knp);

/*
 * kernfs_lock held: the directory link @kn names, for a path that goes on
 * through it (as the VFS follows /sys/class/misc/x/dev); links are
 * relative, so ".." climbs from the link's directory.
 */
static int follow_locked(struct umod_host *host, struct kernfs_node *kn, unsigned int links,
			 struct kernfs_node **knp)
{
	if (links >= LINKS_MAX)
		return -ELOOP;
	return walk_locked(host, kn->parent, kn->target, links + 1, knp);
}

/* kernfs_lock held: @path below @kn as @host sees it; links inside it are followed */
static int walk_locked(struct umod_host *host, struct kernfs_node *kn, const char *path,
		       unsigned int links, struct kernfs_node **knp)
{
	const char *comp;
	size_t len;
	int err;

	while ((len = umod_sysfs_next_component(&path, &comp))) {
		if (kn->type == UMOD_SYSFS_LINK && (err = follow_locked(host, kn, links, &kn)))
			return err;
		if (kn->type != UMOD_SYSFS_DIR)
			return -ENOTDIR;
		if (len == 1 && comp[0] == '.')
			continue;
		if (len == 2 && !memcmp(comp, "..", 2)) {
			kn = kn->parent ? kn->parent : kn;
			continue;
		}
		kn = find_child(kn, host, comp, len);
		if (!kn)
			return -ENOENT;
	}
	*knp = kn;
	return 0;
}

/* kernfs_lock held: @path below /sys as @host sees it, or an errno */
static int resolve_locked(struct umod_host *host, const char *path, struct kernfs_node **knp)
{
	return walk_locked(host, umod_kernfs_root(UMOD_KERNFS_SYS), path, 0, knp);
}

int umod_kernfs_stat(struct umod_host *host, const char *path,
		     enum umod_sysfs_type *type, unsigned int *mode)
{
	struct kernfs_node *kn;
	int err;

	pthread_mutex_lock(&kernfs_lock);
	err = resolve_locked(host, path, &kn);
	if (!err && type)
		*type = kn->type;
	if (!err && mode)
		*mode = kn->mode;
	pthread_mutex_unlock(&kernfs_lock);
	return err;
}

struct dirent_copy {
	char *name;
	enum umod_sysfs_type type;
	unsigned int mode;
};

/* the entries are copied first: @fn runs without the lock */
int umod_kernfs_list(struct umod_host *host, const char *path, umod_sysfs_list_fn fn,
		     void *data)
{
	struct dirent_copy *v = NULL;
	struct kernfs_node *dir;
	size_t n = 0, cap = 0;
	int err;

	pthread_mutex_lock(&kernfs_lock);
	err = resolve_locked(host, path, &dir);
	if (!err && dir->type != UMOD_SYSFS_DIR)
		err = -ENOTDIR;
	for (struct umod_list *l = err ? NULL : dir->children.next; l && l != &dir->children;
	     l = l->next) {
		struct kernfs_node *kn = umod_container_of(l, struct kernfs_node, sibling);

		if (!visible(kn, host))
			continue;
		if (n == cap) {
			void *grown = realloc(v, (cap = cap ? 2 * cap : 16) * sizeof(*v));

			if (!grown) {
				err = -ENOMEM;
				break;
			}
			v = grown;
		}
		v[n] = (struct dirent_copy){ strdup(kn->name), kn->type, kn->mode };
		if (!v[n++].name)
			err = -ENOMEM;
	}
	pthread_mutex_unlock(&kernfs_lock);
	for (size_t i = 0; !err && i < n; i++)
		err = fn(data, v[i].name, v[i].type, v[i].mode);
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	return err;
}

/*
 * open(2)'s checks, as kernfs makes them: a file, with the permission bit
 * and the op (root included), then an active reference on the node and a
 * use count on the module whose code will run (-ENODEV once it is going).
 */
static int get_active(struct umod_host *host, const char *path, bool write,
		      struct kernfs_node **knp)
{
	struct kernfs_node *kn;
	int err;

	pthread_mutex_lock(&kernfs_lock);
	err = resolve_locked(host, path, &kn);
	if (!err && kn->type == UMOD_SYSFS_DIR)
		err = -EISDIR;
	else if (!err && kn->type != UMOD_SYSFS_FILE)
		err = -EINVAL;
	else if (!err && (write ? !(kn->mode & 0222) || !kn->ops->store
				: !(kn->mode & 0444) || !kn->ops->show))
		err = -EACCES;
	else if (!err && kn->owner && !umod_refcount_try_get(kn->owner))
		err = -ENODEV;
	if (!err)
		kn->active++;
	pthread_mutex_unlock(&kernfs_lock);
	*knp = kn;
	return err;
}

static void put_active(struct kernfs_node *kn)
{
	if (kn->owner)
		umod_refcount_put(kn->owner);
	pthread_mutex_lock(&kernfs_lock);
	if (!--kn->active && kn->removed)
		pthread_cond_broadcast(&kernfs_drained);
	pthread_mutex_unlock(&kernfs_lock);
}

struct kernfs_call {
	struct kernfs_node *kn;
	char *buf;
	size_t len;
};

static long call_show(void *arg)
{
	struct kernfs_call *c = arg;

	return c->kn->ops->show(c->kn, c->kn->priv, c->buf);
}

static long call_store(void *arg)
{
	struct kernfs_call *c = arg;

	return c->kn->ops->store(c->kn, c->kn->priv, c->buf, c->len);
}

/* the op, as its module's code when it has one: a fault is an oops of this request */
static long run_op(struct kernfs_node *kn, long (*fn)(void *), struct kernfs_call *c)
{
	long ret;
	int err;

	if (!kn->owner)
		return fn(c);
	err = umod_call(kn->owner, fn, c, &ret);
	return err ? err : ret;
}

ssize_t umod_kernfs_read(struct umod_host *host, const char *path, char *buf, size_t size)
{
	char *page = calloc(1, UMOD_PAGE_SIZE);
	struct kernfs_call c = { .buf = page };
	long ret;

	if (!page)
		return -ENOMEM;
	ret = get_active(host, path, false, &c.kn);
	if (!ret) {
		ret = run_op(c.kn, call_show, &c);
		put_active(c.kn);
	}
	if (ret >= (long)UMOD_PAGE_SIZE)		/* the ops say what the kernel says */
		ret = UMOD_PAGE_SIZE - 1;
	if (ret >= 0 && size) {
		size_t n = (size_t)ret < size ? (size_t)ret : size - 1;

		memcpy(buf, page, n);
		buf[n] = '\0';
	}
	free(page);
	return ret;
}

/* as kernfs: cut to a page, NUL-terminated; an empty write stores nothing */
ssize_t umod_kernfs_write(struct umod_host *host, const char *path, const char *buf,
			  size_t len)
{
	struct kernfs_call c;
	long ret;

	if (len > UMOD_PAGE_SIZE)
		len = UMOD_PAGE_SIZE;
	c = (struct kernfs_call){ .buf = malloc(len + 1), .len = len };
	if (!c.buf)
		return -ENOMEM;
	memcpy(c.buf, buf, len);
	c.buf[len] = '\0';
	ret = get_active(host, path, true, &c.kn);
	if (!ret) {
		ret = len ? run_op(c.kn, call_store, &c) : 0;
		put_active(c.kn);
	}
	if (ret > (long)len)
		ret = (long)len;
	free(c.buf);
	return ret;
}

ssize_t umod_kernfs_readlink(struct umod_host *host, const char *path, char *buf,
			     size_t size)
{
	struct kernfs_node *kn;
	ssize_t ret;

	pthread_mutex_lock(&kernfs_lock);
	ret = resolve_locked(host, path, &kn);
	if (!ret && kn->type != UMOD_SYSFS_LINK)
		ret = -EINVAL;
	if (!ret) {
		ret = (ssize_t)strlen(kn->target);
		snprintf(buf, size, "%s", kn->target);
	}
	pthread_mutex_unlock(&kernfs_lock);
	return ret;
}
