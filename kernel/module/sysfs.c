// SPDX-License-Identifier: MIT
/*
 * The /sys/module tree of a host, as data. Linux shows one directory per
 * loaded module (from the moment its arguments are parsed until it is
 * freed, so also while init and exit run) holding attribute files and
 * subdirectories; here each is a struct sysfs_node, produced on demand by
 * the directory that holds it. Nothing is copied out of the module: a
 * reader pins the module's directory with an active reference (kernfs's
 * "active" count) and teardown waits until the last one is dropped, so
 * show/store may run the module's own code without the module mutex.
 *
 * To add an attribute, add a line to module_nodes[]; to add a directory,
 * give its node an iterate function that produces the entries.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/module/internal.h"
#include "kernel/panic.h"
#include "kernel/params.h"
#include "kernel/printk/internal.h"

#define DIR_MODE	0755

/* per module, while /sys/module/<name> exists; fields under module_mutex */
struct umod_mod_sysfs {
	unsigned int active;		/* reads and writes in flight */
	bool draining;			/* teardown waits: take no new ones */
	pthread_cond_t drained;
};

struct sysfs_node;
typedef int (*sysfs_fill_fn)(const struct sysfs_node *n, void *data);

/* one entry of the tree; a node found by lookup is a copy */
struct sysfs_node {
	const char *name;
	enum umod_sysfs_type type;
	unsigned int mode;
	/* directories: call @fn on each entry, stop at a non-zero return */
	int (*iterate)(struct umod_module *mod, sysfs_fill_fn fn, void *data);
	/* files: show fills a page and returns its length; store gets a NUL-terminated copy */
	int (*show)(struct umod_module *mod, const struct sysfs_node *n, char *page);
	int (*store)(struct umod_module *mod, const struct sysfs_node *n, char *buf, size_t len);
	/* links: the target, relative to the link's directory, NUL-terminated */
	int (*link)(struct umod_module *mod, const struct sysfs_node *n, char *buf, size_t size);
	/* hidden when it returns false (version only when set, ...) */
	bool (*visible)(const struct umod_module *mod);
	const void *priv;		/* parameters: the struct kernel_param */
	/* a name nothing else keeps alive (a holder's): name points here */
	char namebuf[UMOD_MODULE_NAME_LEN];
};

/* ---- setup and teardown ---------------------------------------------------- */

/* /sys/module/<name> appears; called once the module's arguments are parsed */
int umod_mod_sysfs_setup(struct umod_module *mod)
{
	struct umod_mod_sysfs *s = calloc(1, sizeof(*s));

	if (!s)
		return -ENOMEM;
	pthread_cond_init(&s->drained, NULL);
	pthread_mutex_lock(&mod->host->module_mutex);
	mod->sysfs = s;
	pthread_mutex_unlock(&mod->host->module_mutex);
	return 0;
}

/* the directory goes: no new readers, and wait for those in flight */
void umod_mod_sysfs_teardown(struct umod_module *mod)
{
	struct umod_host *host = mod->host;
	struct umod_mod_sysfs *s;

	pthread_mutex_lock(&host->module_mutex);
	s = mod->sysfs;
	if (s) {
		s->draining = true;
		while (s->active)
			pthread_cond_wait(&s->drained, &host->module_mutex);
		mod->sysfs = NULL;
	}
	pthread_mutex_unlock(&host->module_mutex);
	if (s) {
		pthread_cond_destroy(&s->drained);
		free(s);
	}
}

/* with module_mutex held: pin @mod's directory, if it is there */
static bool get_active_locked(struct umod_module *mod)
{
	if (!mod->sysfs || mod->sysfs->draining)
		return false;
	mod->sysfs->active++;
	return true;
}

static void put_active(struct umod_module *mod)
{
	pthread_mutex_lock(&mod->host->module_mutex);
	if (--mod->sysfs->active == 0 && mod->sysfs->draining)
		pthread_cond_broadcast(&mod->sysfs->drained);
	pthread_mutex_unlock(&mod->host->module_mutex);
}

/* the module whose directory is called @name (@len bytes), pinned */
static struct umod_module *get_active_by_name(struct umod_host *host,
					      const char *name, size_t len)
{
	struct umod_module *found = NULL;

	pthread_mutex_lock(&host->module_mutex);
	for (struct umod_list *l = host->modules.next; l != &host->modules; l = l->next) {
		struct umod_module *m = umod_container_of(l, struct umod_module, list);

		if (strlen(m->name) == len && !memcmp(m->name, name, len) &&
		    get_active_locked(m)) {
			found = m;
			break;
		}
	}
	pthread_mutex_unlock(&host->module_mutex);
	return found;
}

/* ---- the module's own attributes ------------------------------------------ */

/* the kernel's sysfs_emit(): a page's worth at most, the length written */
int umod_sysfs_emit(char *page, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(page, UMOD_PAGE_SIZE, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return n < (int)UMOD_PAGE_SIZE ? n : (int)UMOD_PAGE_SIZE - 1;
}

static int show_coresize(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	return umod_sysfs_emit(page, "%zu\n", mod->core.size);
}

/* 0 once init has run: the init region is gone */
static int show_initsize(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	return umod_sysfs_emit(page, "%zu\n", mod->init.size);
}

static int show_initstate(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	static const char *const names[] = {
		[UMOD_MODULE_COMING] = "coming",
		[UMOD_MODULE_LIVE] = "live",
		[UMOD_MODULE_GOING] = "going",
	};
	int state = atomic_load(&mod->state);
	const char *s = state >= 0 && state < (int)UMOD_ARRAY_SIZE(names) ? names[state] : NULL;

	return umod_sysfs_emit(page, "%s\n", s ? s : "unknown");
}

/* the module's own taint letters, as the kernel's show_taint() */
static int show_taint(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	size_t len = umod_taint_letters(mod->taints, true, page, UMOD_PAGE_SIZE - 1);

	page[len] = '\n';
	return (int)len + 1;
}

static int show_refcnt(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	return umod_sysfs_emit(page, "%d\n", umod_refcount_read(mod));
}

/* ---- holders/ --------------------------------------------------------------- */

/* holders/user -> ../../user, as the kernel's sysfs links them */
static int holder_link(struct umod_module *mod, const struct sysfs_node *n, char *buf,
		       size_t size)
{
	return snprintf(buf, size, "../../%s", n->name);
}

struct holder_names {
	char (*names)[UMOD_MODULE_NAME_LEN];
	size_t n, cap;
};

static int copy_holder_name(struct umod_module *holder, void *data)
{
	struct holder_names *h = data;

	if (h->n == h->cap) {
		void *grown = realloc(h->names, (h->cap = h->cap ? 2 * h->cap : 8) *
					       sizeof(*h->names));

		if (!grown)
			return -ENOMEM;
		h->names = grown;
	}
	strcpy(h->names[h->n++], umod_module_get_name(holder));
	return 0;
}

/* the names are copied first: @fn runs without the lock that guards them */
static int holders_iterate(struct umod_module *mod, sysfs_fill_fn fn, void *data)
{
	struct holder_names h = { NULL, 0, 0 };
	int ret = umod_module_for_each_holder(mod, copy_holder_name, &h);

	for (size_t i = 0; !ret && i < h.n; i++) {
		struct sysfs_node n = {
			.type = UMOD_SYSFS_LINK, .mode = 0777, .link = holder_link,
		};

		strcpy(n.namebuf, h.names[i]);
		n.name = n.namebuf;
		ret = fn(&n, data);
	}
	free(h.names);
	return ret;
}

/* ---- sections/, notes/, uevent ----------------------------------------------- */

/*
 * sections/: one file per loaded section, read-only to root, holding its
 * address; as for a reader without the right to see addresses
 * (kptr_restrict), the address reads as zeros, as /proc/modules' do.
 */
static int show_section(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	return umod_sysfs_emit(page, "0x%016x\n", 0);
}

static bool is_note(const struct umod_section *s)
{
	return !strncmp(s->name, ".note", 5);
}

static int sections_each(struct umod_module *mod, bool notes, sysfs_fill_fn fn, void *data,
			 const struct sysfs_node *tmpl)
{
	for (unsigned int i = 0; i < mod->num_sections; i++) {
		const struct umod_section *s = &mod->sections[i];
		struct sysfs_node n = *tmpl;
		int ret;

		if (!s->size || (notes && !is_note(s)))
			continue;
		n.name = s->name;
		n.priv = s;
		ret = fn(&n, data);
		if (ret)
			return ret;
	}
	return 0;
}

static int sections_iterate(struct umod_module *mod, sysfs_fill_fn fn, void *data)
{
	static const struct sysfs_node tmpl = {
		.type = UMOD_SYSFS_FILE, .mode = 0400, .show = show_section,
	};

	return sections_each(mod, false, fn, data, &tmpl);
}

/* notes/: each note section's bytes, as the kernel's binary attributes */
static int show_note(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	const struct umod_section *s = n->priv;
	size_t len = s->size < UMOD_PAGE_SIZE ? s->size : UMOD_PAGE_SIZE;

	memcpy(page, s->addr, len);
	return (int)len;
}

static int notes_iterate(struct umod_module *mod, sysfs_fill_fn fn, void *data)
{
	static const struct sysfs_node tmpl = {
		.type = UMOD_SYSFS_FILE, .mode = 0444, .show = show_note,
	};

	return sections_each(mod, true, fn, data, &tmpl);
}

/* the kernel makes notes/ only for a module that has notes */
static bool notes_visible(const struct umod_module *mod)
{
	for (unsigned int i = 0; i < mod->num_sections; i++)
		if (mod->sections[i].size && is_note(&mod->sections[i]))
			return true;
	return false;
}

/*
 * uevent: writing an action asks for that event, as kobject_synth_uevent()
 * takes it; no one listens for uevents here, so a known action is simply
 * accepted, and anything else gets the kernel's warning and -EINVAL.
 */
static int store_uevent(struct umod_module *mod, const struct sysfs_node *n, char *buf,
			size_t len)
{
	static const char *const actions[] = {
		"add", "remove", "change", "move", "online", "offline", "bind", "unbind",
	};
	size_t word = strcspn(buf, " \n");

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(actions); i++)
		if (word == strlen(actions[i]) && !strncmp(buf, actions[i], word))
			return (int)len;
	umod_log_printk(mod->host->log, KERN_WARNING "synth uevent: /module/%s: unknown uevent action string\n",
			mod->name);
	return -EINVAL;
}

/* ---- parameters/ ----------------------------------------------------------- */

/* a parameter's op and its buffer, run as the module's code */
struct param_op {
	const struct kernel_param *kp;
	char *buf;
};

static long call_get(void *arg)
{
	const struct param_op *op = arg;

	return op->kp->ops->get(op->buf, op->kp);
}

static long call_set(void *arg)
{
	const struct param_op *op = arg;

	return op->kp->ops->set(op->buf, op->kp);
}

/*
 * The op runs inside an entry into the module (umod_call()): it is the
 * module's code, or the host's acting on the module's variable (a const
 * one is read-only), and a fault in either is an oops of this read or
 * write only. The parameter lock is the host's: it is let go either way.
 */
static int param_op(struct umod_module *mod, long (*fn)(void *), struct param_op *op)
{
	long ret = 0;
	int err;

	umod_kernel_param_lock(mod->kmod);
	err = umod_call(mod, fn, op, &ret);
	umod_kernel_param_unlock(mod->kmod);
	return err ? err : (int)ret;
}

static int param_show(struct umod_module *mod, const struct sysfs_node *n, char *page)
{
	struct param_op op = { n->priv, page };

	if (!op.kp->ops->get)
		return -EPERM;
	return param_op(mod, call_get, &op);
}

/* as at load time: the set op decides, and keeps the old value on error */
static int param_store(struct umod_module *mod, const struct sysfs_node *n,
		       char *buf, size_t len)
{
	struct param_op op = { n->priv, buf };

	if (!op.kp->ops->set)
		return -EPERM;
	return param_op(mod, call_set, &op);
}

/* one file per parameter whose perm is not 0, with exactly that mode */
static int params_iterate(struct umod_module *mod, sysfs_fill_fn fn, void *data)
{
	for (unsigned int i = 0; i < mod->num_kp; i++) {
		const struct kernel_param *kp = &mod->kp[i];
		struct sysfs_node n = {
			.name = kp->name, .type = UMOD_SYSFS_FILE, .mode = kp->perm,
			.show = param_show, .store = param_store, .priv = kp,
		};
		int ret;

		if (!kp->perm)
			continue;
		ret = fn(&n, data);
		if (ret)
			return ret;
	}
	return 0;
}

/* no parameters/ at all when no parameter is visible */
static bool params_visible(const struct umod_module *mod)
{
	for (unsigned int i = 0; i < mod->num_kp; i++)
		if (mod->kp[i].perm)
			return true;
	return false;
}

/* ---- /sys/module/<name>/ --------------------------------------------------- */

static const struct sysfs_node module_nodes[] = {
	{ .name = "coresize", .type = UMOD_SYSFS_FILE, .mode = 0444, .show = show_coresize },
	{ .name = "holders", .type = UMOD_SYSFS_DIR, .mode = DIR_MODE, .iterate = holders_iterate },
	{ .name = "initsize", .type = UMOD_SYSFS_FILE, .mode = 0444, .show = show_initsize },
	{ .name = "initstate", .type = UMOD_SYSFS_FILE, .mode = 0444, .show = show_initstate },
	{ .name = "refcnt", .type = UMOD_SYSFS_FILE, .mode = 0444, .show = show_refcnt },
	{ .name = "taint", .type = UMOD_SYSFS_FILE, .mode = 0444, .show = show_taint },
	{ .name = "parameters", .type = UMOD_SYSFS_DIR, .mode = DIR_MODE,
	  .iterate = params_iterate, .visible = params_visible },
	{ .name = "sections", .type = UMOD_SYSFS_DIR, .mode = DIR_MODE, .iterate = sections_iterate },
	{ .name = "notes", .type = UMOD_SYSFS_DIR, .mode = DIR_MODE, .iterate = notes_iterate,
	  .visible = notes_visible },
	{ .name = "uevent", .type = UMOD_SYSFS_FILE, .mode = 0200, .store = store_uevent },
};

static int module_iterate(struct umod_module *mod, sysfs_fill_fn fn, void *data)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(module_nodes); i++) {
		const struct sysfs_node *n = &module_nodes[i];
		int ret;

		if (n->visible && !n->visible(mod))
			continue;
		ret = fn(n, data);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- path resolution --------------------------------------------------------- */

/* a resolved path: @mod is NULL for /sys/module itself, else pinned */
struct sysfs_ref {
	struct umod_module *mod;
	struct sysfs_node node;
};

struct find_ctx {
	const char *name;
	size_t len;
	struct sysfs_node *out;
};

static int find_one(const struct sysfs_node *n, void *data)
{
	struct find_ctx *f = data;

	if (strlen(n->name) != f->len || memcmp(n->name, f->name, f->len))
		return 0;
	*f->out = *n;
	if (n->name == n->namebuf)
		f->out->name = f->out->namebuf;
	return 1;
}

/* 0 at the end */
size_t umod_sysfs_next_component(const char **path, const char **comp)
{
	const char *p = *path;
	size_t len;

	while (*p == '/')
		p++;
	len = strcspn(p, "/");
	*comp = p;
	*path = p + len;
	return len;
}

static void sysfs_put(struct sysfs_ref *ref)
{
	if (ref->mod)
		put_active(ref->mod);
	ref->mod = NULL;
}

/*
 * @path is relative to /sys/module. Returns 0 with @ref filled (release it
 * with sysfs_put), -ENOENT or -ENOTDIR. Links are not followed.
 */
static int sysfs_resolve(struct umod_host *host, const char *path, struct sysfs_ref *ref)
{
	const char *comp;
	size_t len = umod_sysfs_next_component(&path, &comp);

	memset(ref, 0, sizeof(*ref));
	ref->node = (struct sysfs_node){ .name = "", .type = UMOD_SYSFS_DIR, .mode = DIR_MODE };
	if (!len)
		return 0;
	ref->mod = get_active_by_name(host, comp, len);
	if (!ref->mod)
		return -ENOENT;
	ref->node.name = ref->mod->name;
	ref->node.iterate = module_iterate;
	while ((len = umod_sysfs_next_component(&path, &comp))) {
		struct find_ctx f = { comp, len, &ref->node };

		if (ref->node.type != UMOD_SYSFS_DIR) {
			sysfs_put(ref);
			return -ENOTDIR;
		}
		if (!ref->node.iterate(ref->mod, find_one, &f)) {
			sysfs_put(ref);
			return -ENOENT;
		}
	}
	return 0;
}

/* ---- the public API ------------------------------------------------------------ */

/*
 * Where @path leads: relative paths (and "/sys/module/...") are this
 * file's, relative to /sys/module; the rest of an absolute "/sys/..." is
 * fs/sysfs/dir.c's, relative to /sys (*@path is moved past "/sys").
 */
static bool outside_module(const char **path)
{
	const char *p = *path;

	if (strncmp(p, "/sys", 4) || (p[4] && p[4] != '/'))
		return false;
	p += 4;
	while (*p == '/')
		p++;
	if (!strncmp(p, "module", 6) && (!p[6] || p[6] == '/')) {
		*path = p + 6;
		return false;
	}
	*path = p;
	return true;
}


UMOD_API int umod_sysfs_stat(struct umod_host *host, const char *path,
			     enum umod_sysfs_type *type, unsigned int *mode)
{
	struct sysfs_ref ref;
	int err;

	if (!host || !path)
		return -EINVAL;
	if (outside_module(&path))
		return umod_kernfs_stat(host, path, type, mode);
	err = sysfs_resolve(host, path, &ref);
	if (err)
		return err;
	if (type)
		*type = ref.node.type;
	if (mode)
		*mode = ref.node.mode;
	sysfs_put(&ref);
	return 0;
}

struct list_ctx {
	umod_sysfs_list_fn fn;
	void *data;
};

static int list_one(const struct sysfs_node *n, void *data)
{
	const struct list_ctx *l = data;

	return l->fn(l->data, n->name, n->type, n->mode);
}

/* /sys/module itself: the names are copied so that @fn runs unlocked */
static int list_modules(struct umod_host *host, const struct list_ctx *l)
{
	char (*names)[UMOD_MODULE_NAME_LEN] = NULL;
	size_t n = 0, cap = 0;
	int ret = 0;

	pthread_mutex_lock(&host->module_mutex);
	for (struct umod_list *e = host->modules.next; e != &host->modules; e = e->next) {
		struct umod_module *m = umod_container_of(e, struct umod_module, list);

		if (!m->sysfs || m->sysfs->draining)
			continue;
		if (n == cap) {
			void *grown = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof(*names));

			if (!grown) {
				ret = -ENOMEM;
				break;
			}
			names = grown;
		}
		strcpy(names[n++], m->name);
	}
	pthread_mutex_unlock(&host->module_mutex);
	for (size_t i = 0; !ret && i < n; i++)
		ret = l->fn(l->data, names[i], UMOD_SYSFS_DIR, DIR_MODE);
	free(names);
	return ret;
}

UMOD_API int umod_sysfs_list(struct umod_host *host, const char *path,
			     umod_sysfs_list_fn fn, void *data)
{
	struct list_ctx l = { fn, data };
	struct sysfs_ref ref;
	int ret;

	if (!host || !path || !fn)
		return -EINVAL;
	if (outside_module(&path)) {
		/* /sys itself: module/ is here, the rest there */
		path += strspn(path, "/");
		ret = *path ? 0 : fn(data, "module", UMOD_SYSFS_DIR, DIR_MODE);
		return ret ? ret : umod_kernfs_list(host, path, fn, data);
	}
	ret = sysfs_resolve(host, path, &ref);
	if (ret)
		return ret;
	if (!ref.mod)
		ret = list_modules(host, &l);
	else if (ref.node.type != UMOD_SYSFS_DIR)
		ret = -ENOTDIR;
	else
		ret = ref.node.iterate(ref.mod, list_one, &l);
	sysfs_put(&ref);
	return ret;
}

/* the checks open(2) makes on sysfs: a file, with the permission and the op */
static int file_access(const struct sysfs_node *n, bool write)
{
	if (n->type == UMOD_SYSFS_DIR)
		return -EISDIR;
	if (n->type != UMOD_SYSFS_FILE)
		return -EINVAL;
	if (write ? !(n->mode & 0222) || !n->store : !(n->mode & 0444) || !n->show)
		return -EACCES;
	return 0;
}

UMOD_API ssize_t umod_sysfs_read(struct umod_host *host, const char *path,
				 char *buf, size_t size)
{
	char page[UMOD_PAGE_SIZE];
	struct sysfs_ref ref;
	int ret;

	if (!host || !path || (!buf && size))
		return -EINVAL;
	if (outside_module(&path))
		return umod_kernfs_read(host, path, buf, size);
	ret = sysfs_resolve(host, path, &ref);
	if (ret)
		return ret;
	ret = file_access(&ref.node, false);
	if (!ret)
		ret = ref.node.show(ref.mod, &ref.node, page);
	sysfs_put(&ref);
	if (ret < 0)
		return ret;
	if (size) {
		size_t n = (size_t)ret < size ? (size_t)ret : size - 1;

		memcpy(buf, page, n);
		buf[n] = '\0';
	}
	return ret;
}

UMOD_API ssize_t umod_sysfs_write(struct umod_host *host, const char *path,
				  const char *buf, size_t len)
{
	char page[UMOD_PAGE_SIZE + 1];
	struct sysfs_ref ref;
	int ret;

	if (!host || !path || (!buf && len))
		return -EINVAL;
	if (outside_module(&path))
		return umod_kernfs_write(host, path, buf, len);
	ret = sysfs_resolve(host, path, &ref);
	if (ret)
		return ret;
	ret = file_access(&ref.node, true);
	/* as kernfs: an empty write stores nothing, a longer one is cut to a page */
	if (len > UMOD_PAGE_SIZE)
		len = UMOD_PAGE_SIZE;
	if (!ret && len) {
		memcpy(page, buf, len);
		page[len] = '\0';
		ret = ref.node.store(ref.mod, &ref.node, page, len);
	}
	sysfs_put(&ref);
	return ret < 0 ? ret : (ssize_t)len;
}

UMOD_API ssize_t umod_sysfs_readlink(struct umod_host *host, const char *path,
				     char *buf, size_t size)
{
	struct sysfs_ref ref;
	int ret;

	if (!host || !path || !buf || !size)
		return -EINVAL;
	if (outside_module(&path))
		return umod_kernfs_readlink(host, path, buf, size);
	ret = sysfs_resolve(host, path, &ref);
	if (ret)
		return ret;
	ret = ref.node.type == UMOD_SYSFS_LINK ? ref.node.link(ref.mod, &ref.node, buf, size)
					       : -EINVAL;
	sysfs_put(&ref);
	return ret;
}

/* ---- parameters by name, for embedders --------------------------------------- */

static const struct kernel_param *find_param(const struct umod_module *mod, const char *name)
{
	for (unsigned int i = 0; i < mod->num_kp; i++)
		if (umod_parameq(name, mod->kp[i].name))
			return &mod->kp[i];
	return NULL;
}

/* pins @mod and finds its parameter @name (any perm) */
static int get_param(struct umod_module *mod, const char *name,
		     const struct kernel_param **kpp)
{
	bool pinned;

	pthread_mutex_lock(&mod->host->module_mutex);
	pinned = get_active_locked(mod);
	pthread_mutex_unlock(&mod->host->module_mutex);
	if (!pinned)
		return -ENOENT;
	*kpp = find_param(mod, name);
	if (*kpp)
		return 0;
	put_active(mod);
	return -ENOENT;
}

UMOD_API int umod_param_get(struct umod_module *mod, const char *name,
			    char *buf, size_t size)
{
	const struct kernel_param *kp;
	char page[UMOD_PAGE_SIZE];
	int ret;

	if (!mod || !name || (!buf && size))
		return -EINVAL;
	ret = get_param(mod, name, &kp);
	if (ret)
		return ret;
	ret = param_show(mod, &(struct sysfs_node){ .priv = kp }, page);
	put_active(mod);
	if (ret < 0)
		return ret;
	if (ret > 0 && page[ret - 1] == '\n')
		ret--;
	if (size) {
		size_t len = (size_t)ret < size ? (size_t)ret : size - 1;

		memcpy(buf, page, len);
		buf[len] = '\0';
	}
	return ret;
}

UMOD_API int umod_param_set(struct umod_module *mod, const char *name, const char *val)
{
	const struct kernel_param *kp;
	char *copy;
	int ret;

	if (!mod || !name || !val)
		return -EINVAL;
	copy = strdup(val);	/* set ops may write into it (arrays do) */
	if (!copy)
		return -ENOMEM;
	ret = get_param(mod, name, &kp);
	if (!ret) {
		ret = param_store(mod, &(struct sysfs_node){ .priv = kp }, copy, strlen(copy));
		put_active(mod);
	}
	free(copy);
	return ret;
}
