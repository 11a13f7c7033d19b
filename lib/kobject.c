// SPDX-License-Identifier: MIT
/*
 * kobjects: a name, a parent, a reference count and a type whose release
 * frees the object, shown as a directory below /sys (fs/sysfs/dir.c) once
 * added. As Linux's lib/kobject.c: the last kobject_put() takes the
 * directory away and calls the type's release, as the code of the module
 * that initialised the kobject. kernel_kobj and its siblings are the
 * host's own kobjects for the directories every host has.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/kobject.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/locking/spinlock.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/kobject_uevent.h"
#include "mm/internal.h"

/* ---- the roots: /sys/kernel, /sys/kernel/mm, /sys/firmware ------------------- */

#define ROOT_KOBJ(n)	{ .name = n, .ktype = &umod_dynamic_kobj_ktype,		\
			  .kref = { { { 1 } } }, .state_initialized = 1,	\
			  .state_in_sysfs = 1 }

static struct kobject kernel_kobj_s = ROOT_KOBJ("kernel");
static struct kobject mm_kobj_s = ROOT_KOBJ("mm");
static struct kobject firmware_kobj_s = ROOT_KOBJ("firmware");
/* the host's device model only (drivers/base/) */
static struct kobject class_kobj_s = ROOT_KOBJ("class");
static struct kobject devices_kobj_s = ROOT_KOBJ("devices");
static struct kobject bus_kobj_s = ROOT_KOBJ("bus");
static struct kobject dev_block_kobj_s = ROOT_KOBJ("block");
static struct kobject dev_char_kobj_s = ROOT_KOBJ("char");

/* the exported variables: module code reads the pointers */
static struct kobject *kernel_kobj_p = &kernel_kobj_s;
static struct kobject *mm_kobj_p = &mm_kobj_s;
static struct kobject *firmware_kobj_p = &firmware_kobj_s;

static pthread_once_t roots_once = PTHREAD_ONCE_INIT;

static void roots_init(void)
{
	static const struct { struct kobject *kobj; enum umod_kernfs_root root; } r[] = {
		{ &kernel_kobj_s, UMOD_KERNFS_KERNEL },
		{ &mm_kobj_s, UMOD_KERNFS_MM },
		{ &firmware_kobj_s, UMOD_KERNFS_FIRMWARE },
		{ &class_kobj_s, UMOD_KERNFS_CLASS },
		{ &devices_kobj_s, UMOD_KERNFS_DEVICES },
		{ &bus_kobj_s, UMOD_KERNFS_BUS },
		{ &dev_block_kobj_s, UMOD_KERNFS_DEV_BLOCK },
		{ &dev_char_kobj_s, UMOD_KERNFS_DEV_CHAR },
	};

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(r); i++) {
		r[i].kobj->sd = umod_kernfs_root(r[i].root);
		r[i].kobj->parent = i == 1 ? &kernel_kobj_s : NULL;
		umod_kernfs_set_priv(r[i].kobj->sd, r[i].kobj);
	}
}

static bool is_root(const struct kobject *kobj)
{
	return kobj == &kernel_kobj_s || kobj == &mm_kobj_s || kobj == &firmware_kobj_s ||
	       kobj == &class_kobj_s || kobj == &devices_kobj_s || kobj == &bus_kobj_s ||
	       kobj == &dev_block_kobj_s || kobj == &dev_char_kobj_s;
}

struct kobject *umod_kobject_root(enum umod_kernfs_root which)
{
	pthread_once(&roots_once, roots_init);
	switch (which) {
	case UMOD_KERNFS_KERNEL:
		return &kernel_kobj_s;
	case UMOD_KERNFS_MM:
		return &mm_kobj_s;
	case UMOD_KERNFS_FIRMWARE:
		return &firmware_kobj_s;
	case UMOD_KERNFS_CLASS:
		return &class_kobj_s;
	case UMOD_KERNFS_DEVICES:
		return &devices_kobj_s;
	case UMOD_KERNFS_BUS:
		return &bus_kobj_s;
	case UMOD_KERNFS_DEV_BLOCK:
		return &dev_block_kobj_s;
	case UMOD_KERNFS_DEV_CHAR:
		return &dev_char_kobj_s;
	default:
		return NULL;	/* /sys itself: a NULL parent */
	}
}

struct kernfs_node *umod_kobject_dir(struct kobject *kobj)
{
	pthread_once(&roots_once, roots_init);
	return kobj ? kobj->sd : umod_kernfs_root(UMOD_KERNFS_SYS);
}

static struct umod_module *owner_of(const struct kobject *kobj)
{
	return kobj->owner ? kobj->owner->umod : NULL;
}

struct umod_host *umod_kobject_host(const struct kobject *kobj)
{
	struct umod_module *mod = owner_of(kobj);

	return kobj->host ? kobj->host : mod ? mod->host : NULL;
}

struct umod_host *umod_caller_host(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call ? t->call->mod->host : NULL;
}

/* the host's log for messages about @kobj, or the caller's */
static struct umod_log *log_of(const struct kobject *kobj)
{
	struct umod_host *host = kobj ? umod_kobject_host(kobj) : NULL;

	if (!host)
		host = umod_caller_host();
	return host ? host->log : NULL;
}

#define kobj_log(kobj, ...)						\
	do {								\
		struct umod_log *_log = log_of(kobj);			\
		if (_log)						\
			umod_log_printk(_log, __VA_ARGS__);		\
	} while (0)

/* ---- kobj_sysfs_ops: the attributes of kobject_create_and_add()'s kobjects ---- */

static long kobj_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct kobj_attribute *ka = umod_container_of(attr, struct kobj_attribute, attr);

	return ka->show ? ka->show(kobj, ka, buf) : -EIO;
}

static long kobj_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			    size_t count)
{
	struct kobj_attribute *ka = umod_container_of(attr, struct kobj_attribute, attr);

	return ka->store ? ka->store(kobj, ka, buf, count) : -EIO;
}

static const struct sysfs_ops kobj_sysfs_ops = {
	.show = kobj_attr_show,
	.store = kobj_attr_store,
};

static void dynamic_kobj_release(struct kobject *kobj)
{
	free(kobj);
}

const struct kobj_type umod_dynamic_kobj_ktype = {
	.release = dynamic_kobj_release,
	.sysfs_ops = &kobj_sysfs_ops,
};

/* ---- names ------------------------------------------------------------------------ */

/* as the kernel's: a '/' in a name becomes '!', the name being one path component */
static int set_name_va(struct kobject *kobj, const char *fmt, va_list ap)
{
	char *name;

	/* device_add() names the object by its own name: kept, as 6.1's NULL fmt keeps it
	 * (pointers to it, such as a platform device's name, stay good) */
	if (kobj->name && kobj->name_owned && !strcmp(fmt, "%s")) {
		va_list c;
		const char *arg;

		va_copy(c, ap);
		arg = va_arg(c, const char *);
		va_end(c);
		if (arg == kobj->name)
			return 0;
	}
	if (vasprintf(&name, fmt, ap) < 0)
		return -ENOMEM;
	for (char *p = name; (p = strchr(p, '/')); p++)
		*p = '!';
	if (kobj->name_owned)
		free((char *)kobj->name);
	kobj->name = name;
	kobj->name_owned = 1;
	return 0;
}

static int kapi_kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = set_name_va(kobj, fmt, ap);
	va_end(ap);
	return err;
}

/* ---- lifetime ---------------------------------------------------------------------- */

static void init_owned(struct module *owner, struct kobject *kobj,
		       const struct kobj_type *ktype)
{
	if (!kobj)
		return;
	if (!ktype)
		kobj_log(kobj, KERN_ERR "kobject (%p): must have a ktype to be initialized properly!\n",
			 (void *)kobj);
	if (kobj->state_initialized)
		kobj_log(kobj, KERN_ERR "kobject (%p): tried to init an initialized object, something is seriously wrong.\n",
			 (void *)kobj);
	__atomic_store_n(&kobj->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	kobj->entry.next = kobj->entry.prev = &kobj->entry;
	kobj->ktype = ktype;
	kobj->owner = owner;
	kobj->state_initialized = 1;
	kobj->state_in_sysfs = 0;
	kobj->state_add_uevent_sent = 0;
	kobj->state_remove_uevent_sent = 0;
}

static struct kobject *kapi_kobject_get(struct kobject *kobj)
{
	if (kobj && !is_root(kobj))
		__atomic_fetch_add(&kobj->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return kobj;
}

static long release_thunk(void *arg)
{
	struct kobject *kobj = arg;

	kobj->ktype->release(kobj);
	return 0;
}

/* the type's release, as its module's code; the name goes after it, as Linux's */
static void kset_release(struct kobject *kobj);

static void call_release(struct kobject *kobj)
{
	const struct kobj_type *t = kobj->ktype;
	struct umod_module *mod = owner_of(kobj);
	const char *name = kobj->name;
	bool owned = kobj->name_owned;
	long ret;

	if (t && t->release) {
		if (mod && t->release != dynamic_kobj_release && t->release != kset_release)
			umod_call(mod, release_thunk, kobj, &ret);
		else
			t->release(kobj);
	}
	if (owned)
		free((char *)name);
}

static void kapi_kobject_del(struct kobject *kobj);

static void kapi_kobject_put(struct kobject *kobj)
{
	if (!kobj || is_root(kobj))
		return;
	if (!kobj->state_initialized) {
		kobj_log(kobj, KERN_WARNING "kobject: '%s' (%p): is not initialized, yet kobject_put() is being called.\n",
			 kobj->name ? kobj->name : "(null)", (void *)kobj);
		return;
	}
	if (__atomic_sub_fetch(&kobj->kref.refcount.refs.counter, 1, __ATOMIC_ACQ_REL))
		return;
	/* kobject_cleanup(): "remove" if the owner sent "add" and not that */
	if (kobj->state_add_uevent_sent && !kobj->state_remove_uevent_sent)
		umod_kobject_uevent(kobj, UMOD_KOBJ_REMOVE);
	if (kobj->state_in_sysfs)
		kapi_kobject_del(kobj);
	call_release(kobj);
}

/* ---- in sysfs ------------------------------------------------------------------------ */

/* kernfs's lock held: the node is going with the module that forgot the kobject */
void umod_kobject_forget(struct kobject *kobj)
{
	kobj->sd = NULL;
	kobj->state_in_sysfs = 0;
}

/* ---- ksets: a kobject of a kset is on its list (and its child, if no parent) ---- */

static void kset_join(struct kobject *kobj)
{
	struct kset *k = kobj->kset;

	kapi_kobject_get(&k->kobj);
	umod_arch_spin_lock(&k->list_lock.rlock.raw_lock.locked);
	kobj->entry.next = &k->list;
	kobj->entry.prev = k->list.prev;
	k->list.prev->next = &kobj->entry;
	k->list.prev = &kobj->entry;
	umod_arch_spin_unlock(&k->list_lock.rlock.raw_lock.locked);
}

static void kset_leave(struct kobject *kobj)
{
	struct kset *k = kobj->kset;

	if (!k || kobj->entry.next == &kobj->entry)
		return;
	umod_arch_spin_lock(&k->list_lock.rlock.raw_lock.locked);
	kobj->entry.prev->next = kobj->entry.next;
	kobj->entry.next->prev = kobj->entry.prev;
	kobj->entry.next = kobj->entry.prev = &kobj->entry;
	umod_arch_spin_unlock(&k->list_lock.rlock.raw_lock.locked);
	kapi_kobject_put(&k->kobj);
}

static void kapi_kobject_del(struct kobject *kobj)
{
	struct kernfs_node *sd;
	struct kobject *parent;

	if (!kobj || is_root(kobj) || !kobj->sd)
		return;
	kset_leave(kobj);
	sd = kobj->sd;
	parent = kobj->parent;
	kobj->sd = NULL;
	umod_kernfs_remove(sd);		/* waits for the shows and stores in flight */
	umod_kernfs_put(sd);
	kobj->state_in_sysfs = 0;
	kobj->parent = NULL;
	kapi_kobject_put(parent);
}

static int populate_dir(struct kobject *kobj);

/* kobject_add_internal(): the directory, in the parent's (NULL: /sys) */
static int add_internal(struct kobject *kobj)
{
	struct umod_kernfs_new nw = {
		.host = umod_kobject_host(kobj), .owner = owner_of(kobj), .name = kobj->name,
		.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_KOBJECT, .mode = 0755, .priv = kobj,
		.ref = true,
	};
	int err;

	if (!kobj->name || !kobj->name[0]) {
		kobj_log(kobj, KERN_WARNING "kobject: (%p): attempted to be registered with empty name!\n",
			 (void *)kobj);
		return -EINVAL;
	}
	if (kobj->kset) {
		if (!kobj->parent)
			kobj->parent = kapi_kobject_get(&kobj->kset->kobj);
		kset_join(kobj);
	}
	nw.parent = umod_kobject_dir(kobj->parent);
	if (!nw.parent) {
		kset_leave(kobj);
		return -ENOENT;
	}
	if (!nw.host)
		nw.host = umod_kernfs_host(nw.parent);
	kobj->host = nw.host;
	err = umod_kernfs_create(&nw, &kobj->sd);
	if (!err) {
		kobj->state_in_sysfs = 1;
		err = populate_dir(kobj);
		if (err)
			kapi_kobject_del(kobj);
		return err;
	}
	kobj->sd = NULL;
	kset_leave(kobj);
	if (err == -EEXIST)
		kobj_log(kobj, KERN_ERR "kobject_add_internal failed for %s with -EEXIST, don't try to register things with the same name in the same directory.\n",
			 kobj->name);
	else
		kobj_log(kobj, KERN_ERR "kobject_add_internal failed for %s (error: %d parent: %s)\n",
			 kobj->name, err, kobj->parent ? kobj->parent->name : "<NULL>");
	return err;
}

/* the type's default_groups (fs/sysfs/file.c does the files) */
static int populate_dir(struct kobject *kobj)
{
	const struct kobj_type *t = kobj->ktype;

	if (!t || !t->default_groups)
		return 0;
	return umod_sysfs_create_groups(kobj->owner, kobj, t->default_groups);
}

static int add_va(struct kobject *kobj, struct kobject *parent, const char *fmt, va_list ap)
{
	int err;

	if (!kobj)
		return -EINVAL;
	if (!kobj->state_initialized) {
		kobj_log(kobj, KERN_ERR "kobject '%s' (%p): tried to add an uninitialized object, something is seriously wrong.\n",
			 kobj->name ? kobj->name : "(null)", (void *)kobj);
		return -EINVAL;
	}
	err = set_name_va(kobj, fmt, ap);
	if (err)
		return err;
	kobj->parent = kapi_kobject_get(parent);
	err = add_internal(kobj);
	if (err) {
		kapi_kobject_put(kobj->parent);
		kobj->parent = NULL;
	}
	return err;
}

static int kapi_kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = add_va(kobj, parent, fmt, ap);
	va_end(ap);
	return err;
}

/* the calling module's kobject: its release, show and store run as its code */
static void kapi_kobject_init(struct kobject *kobj, const struct kobj_type *ktype)
{
	init_owned(UMOD_CALLER(), kobj, ktype);
}

static int kapi_kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
				     struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int err;

	init_owned(UMOD_CALLER(), kobj, ktype);
	va_start(ap, fmt);
	err = add_va(kobj, parent, fmt, ap);
	va_end(ap);
	return err;
}

static struct kobject *kapi_kobject_create_and_add(const char *name, struct kobject *parent)
{
	struct kobject *kobj = calloc(1, sizeof(*kobj));
	int err;

	if (!kobj)
		return NULL;
	init_owned(UMOD_CALLER(), kobj, &umod_dynamic_kobj_ktype);
	err = kapi_kobject_add(kobj, parent, "%s", name);
	if (err) {
		kobj_log(kobj, KERN_WARNING "kobject_create_and_add: kobject_add error: %d\n", err);
		kapi_kobject_put(kobj);
		return NULL;
	}
	return kobj;
}

/* the module whose code runs on this thread: a kset's owner when it sets none */
static struct module *caller_kmod(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call ? t->call->mod->kmod : NULL;
}

/* kobject_init_internal() and the list: the caller has set the name and ktype */
static void kset_init(struct module *owner, struct kset *k)
{
	struct kobject *kobj = &k->kobj;

	__atomic_store_n(&kobj->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	kobj->entry.next = kobj->entry.prev = &kobj->entry;
	kobj->owner = owner ? owner : caller_kmod();
	kobj->state_initialized = 1;
	kobj->state_in_sysfs = 0;
	kobj->state_add_uevent_sent = 0;
	kobj->state_remove_uevent_sent = 0;
	k->list.next = k->list.prev = &k->list;
	k->list_lock.rlock.raw_lock.locked = 0;
}

/* the kset's directory, and its "add" event */
static int kset_register_owned(struct module *owner, struct kset *k)
{
	int err;

	if (!k)
		return -EINVAL;
	kset_init(owner, k);
	k->kobj.parent = kapi_kobject_get(k->kobj.parent);
	err = add_internal(&k->kobj);
	if (err) {
		kapi_kobject_put(k->kobj.parent);
		k->kobj.parent = NULL;
		return err;
	}
	umod_kobject_uevent(&k->kobj, UMOD_KOBJ_ADD);
	return 0;
}

static int kapi_kset_register(struct kset *k)
{
	return kset_register_owned(UMOD_CALLER(), k);
}

static void kapi_kset_unregister(struct kset *k)
{
	if (!k)
		return;
	kapi_kobject_del(&k->kobj);
	kapi_kobject_put(&k->kobj);
}

static void kset_release(struct kobject *kobj)
{
	free(umod_container_of(kobj, struct kset, kobj));
}

static const struct kobj_type kset_ktype = {
	.sysfs_ops = &kobj_sysfs_ops,
	.release = kset_release,
};

static struct kset *kapi_kset_create_and_add(const char *name,
					     const struct kset_uevent_ops *uevent_ops,
					     struct kobject *parent)
{
	struct kset *k = calloc(1, sizeof(*k));

	if (!k || kapi_kobject_set_name(&k->kobj, "%s", name)) {
		free(k);
		return NULL;
	}
	k->uevent_ops = uevent_ops;
	k->kobj.parent = parent;
	k->kobj.ktype = &kset_ktype;
	if (kset_register_owned(UMOD_CALLER(), k)) {
		free((char *)k->kobj.name);
		free(k);
		return NULL;
	}
	return k;
}

/* a member of @k by name, with a reference, or NULL */
static struct kobject *kapi_kset_find_obj(struct kset *k, const char *name)
{
	struct kobject *found = NULL;

	umod_arch_spin_lock(&k->list_lock.rlock.raw_lock.locked);
	for (struct list_head *e = k->list.next; e != &k->list; e = e->next) {
		struct kobject *kobj = umod_container_of(e, struct kobject, entry);
		int refs = __atomic_load_n(&kobj->kref.refcount.refs.counter, __ATOMIC_RELAXED);

		if (kobj->name && !strcmp(kobj->name, name) && refs > 0 &&
		    __atomic_compare_exchange_n(&kobj->kref.refcount.refs.counter, &refs,
						refs + 1, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			found = kobj;
			break;
		}
	}
	umod_arch_spin_unlock(&k->list_lock.rlock.raw_lock.locked);
	return found;
}

/* "/kernel/foo": the names up to the top, as kobject_get_path() gives them */
char *umod_kobject_path(const struct kobject *kobj)
{
	size_t len = 1;
	char *path;

	for (const struct kobject *k = kobj; k; k = k->parent)
		len += strlen(k->name ? k->name : "") + 1;
	path = malloc(len);
	if (!path)
		return NULL;
	path[--len] = '\0';
	for (const struct kobject *k = kobj; k; k = k->parent) {
		size_t n = strlen(k->name ? k->name : "");

		len -= n;
		memcpy(path + len, k->name, n);
		path[--len] = '/';
	}
	return path;
}

static char *kapi_kobject_get_path(const struct kobject *kobj, unsigned int gfp)
{
	char *path = umod_kobject_path(kobj), *copy;

	if (!path)
		return NULL;
	copy = umod_kmalloc_lib(strlen(path) + 1, gfp, __builtin_return_address(0));
	if (copy)
		strcpy(copy, path);
	free(path);
	return copy;
}

static const struct umod_kapi_export kobject_exports[] = {
	UMOD_KAPI("kset_register", kapi_kset_register),
	UMOD_KAPI("kset_unregister", kapi_kset_unregister),
	UMOD_KAPI_GPL("kset_create_and_add", kapi_kset_create_and_add),
	UMOD_KAPI_GPL("kset_find_obj", kapi_kset_find_obj),
	UMOD_KAPI_GPL("kobject_get_path", kapi_kobject_get_path),
	UMOD_KAPI("kobject_init", kapi_kobject_init),
	UMOD_KAPI("kobject_add", kapi_kobject_add),
	UMOD_KAPI_GPL("kobject_init_and_add", kapi_kobject_init_and_add),
	UMOD_KAPI_GPL("kobject_create_and_add", kapi_kobject_create_and_add),
	UMOD_KAPI("kobject_del", kapi_kobject_del),
	UMOD_KAPI("kobject_get", kapi_kobject_get),
	UMOD_KAPI("kobject_put", kapi_kobject_put),
	UMOD_KAPI("kobject_set_name", kapi_kobject_set_name),
	UMOD_KAPI_GPL("kobj_sysfs_ops", &kobj_sysfs_ops),
	UMOD_KAPI_GPL("kernel_kobj", &kernel_kobj_p),
	UMOD_KAPI_GPL("mm_kobj", &mm_kobj_p),
	UMOD_KAPI_GPL("firmware_kobj", &firmware_kobj_p),
};

const struct umod_kapi_table umod_kapi_kobject = UMOD_KAPI_TABLE(kobject_exports);

/* ---- for the host's own users (the device model): the same calls ------------------- */

int umod_kobject_init_and_add(struct module *owner, struct kobject *kobj,
			      const struct kobj_type *ktype, struct kobject *parent,
			      const char *name)
{
	init_owned(owner, kobj, ktype);
	return kapi_kobject_add(kobj, parent, "%s", name);
}

void umod_kobject_init(struct module *owner, struct kobject *kobj, const struct kobj_type *ktype)
{
	init_owned(owner, kobj, ktype);
}

int umod_kobject_add(struct kobject *kobj, struct kobject *parent, const char *name)
{
	return kapi_kobject_add(kobj, parent, "%s", name);
}

struct kobject *umod_kobject_get(struct kobject *kobj)
{
	return kapi_kobject_get(kobj);
}

void umod_kobject_put(struct kobject *kobj)
{
	kapi_kobject_put(kobj);
}

void umod_kobject_del(struct kobject *kobj)
{
	kapi_kobject_del(kobj);
}
