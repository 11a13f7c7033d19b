// SPDX-License-Identifier: MIT
/*
 * Character device numbers and cdevs (Linux's fs/char_dev.c, written
 * anew): regions of (major, minors) with a name, dynamic majors allocated
 * as 6.1 does (254 down to 234, then 511 down to 384), and the map from a
 * dev_t to the cdev whose ops an open of that number gets. Major 10 is the
 * misc driver's from the start, as on Linux.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"

#define MINORBITS		20
#define MINORMASK		((1u << MINORBITS) - 1)
#define MAJOR(d)		((unsigned int)((d) >> MINORBITS))
#define MINOR(d)		((unsigned int)((d) & MINORMASK))
#define MKDEV(ma, mi)		(((ma) << MINORBITS) | (mi))
#define CHRDEV_MAJOR_MAX	512
#define CHRDEV_MAJOR_HASH_SIZE	255
#define CHRDEV_MAJOR_DYN_END	234
#define CHRDEV_MAJOR_DYN_EXT_START	511
#define CHRDEV_MAJOR_DYN_EXT_END	384

/* the kernel's char_device_struct */
struct region {
	struct umod_list link;		/* on fs->regions */
	unsigned int major, baseminor, minorct;
	char name[64];
	struct cdev *cdev;		/* __register_chrdev()'s */
	struct umod_module *owner;
};

/* one cdev_add() */
struct cdev_map {
	struct umod_list link;		/* on fs->cdevs, newest first */
	unsigned int dev, count;
	struct cdev *cdev;
	struct umod_module *mod;
};

#define for_each(pos, head, type) \
	for (struct umod_list *_l = (head)->next, *_n = _l->next; \
	     _l != (head) && ((pos) = umod_container_of(_l, type, link), 1); \
	     _l = _n, _n = _l->next)

static bool major_used(struct umod_fs *fs, unsigned int major)
{
	struct region *r;

	if (major == 10)
		return true;	/* misc */
	for_each(r, &fs->regions, struct region)
		if (r->major == major)
			return true;
	return false;
}

/* find_dynamic_major(): a free hash slot from 254 down, then 511 down to 384 */
static int dynamic_major(struct umod_fs *fs)
{
	for (unsigned int i = CHRDEV_MAJOR_HASH_SIZE - 1; i >= CHRDEV_MAJOR_DYN_END; i--) {
		bool slot_used = i == 10;
		struct region *r;

		for_each(r, &fs->regions, struct region)
			slot_used |= r->major % CHRDEV_MAJOR_HASH_SIZE == i;
		if (!slot_used)
			return (int)i;
	}
	for (unsigned int i = CHRDEV_MAJOR_DYN_EXT_START; i >= CHRDEV_MAJOR_DYN_EXT_END; i--)
		if (!major_used(fs, i))
			return (int)i;
	return -EBUSY;
}

/* __register_chrdev_region(), fs->lock held: the region or an ERR (in *errp) */
static struct region *region_add(struct umod_fs *fs, struct umod_module *owner,
				 unsigned int major, unsigned int baseminor,
				 unsigned int minorct, const char *name, int *errp)
{
	struct umod_log *log = fs->host->log;
	struct region *r, *cd;

	if (major >= CHRDEV_MAJOR_MAX) {
		umod_log_printk(log, KERN_ERR "CHRDEV \"%s\" major requested (%u) is greater than the maximum (%u)\n",
				name, major, CHRDEV_MAJOR_MAX - 1);
		return *errp = -EINVAL, NULL;
	}
	if (minorct > MINORMASK + 1 - baseminor) {
		umod_log_printk(log, KERN_ERR "CHRDEV \"%s\" minor range requested (%u-%u) is out of range of maximum range (%u-%u) for a single major\n",
				name, baseminor, baseminor + minorct - 1, 0, MINORMASK);
		return *errp = -EINVAL, NULL;
	}
	if (major == 0) {
		int m = dynamic_major(fs);

		if (m < 0) {
			umod_log_printk(log, KERN_ERR "CHRDEV \"%s\" dynamic allocation region is full\n",
					name);
			return *errp = m, NULL;
		}
		major = (unsigned int)m;
	}
	if (major == 10)
		return *errp = -EBUSY, NULL;
	for_each(cd, &fs->regions, struct region)
		if (cd->major == major && cd->baseminor + cd->minorct > baseminor &&
		    baseminor + minorct > cd->baseminor)
			return *errp = -EBUSY, NULL;
	if (!(r = calloc(1, sizeof(*r))))
		return *errp = -ENOMEM, NULL;
	r->major = major;
	r->baseminor = baseminor;
	r->minorct = minorct;
	snprintf(r->name, sizeof(r->name), "%s", name ? name : "");
	r->owner = owner;
	umod_list_add(&r->link, fs->regions.prev);
	return r;
}

static struct region *region_find(struct umod_fs *fs, unsigned int major,
				  unsigned int baseminor, unsigned int minorct)
{
	struct region *r;

	for_each(r, &fs->regions, struct region)
		if (r->major == major && r->baseminor == baseminor && r->minorct == minorct)
			return r;
	return NULL;
}

/* the calling module's region: its exit's leftovers are taken back */
static int kapi_alloc_chrdev_region(unsigned int *dev, unsigned int baseminor,
				    unsigned int count, const char *name)
{
	struct module *owner = UMOD_CALLER();
	struct umod_fs *fs = umod_fs_of_module(owner);
	struct region *r;
	int err = 0;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	r = region_add(fs, umod_fs_umod(owner), 0, baseminor, count, name, &err);
	if (r)
		*dev = MKDEV(r->major, r->baseminor);
	pthread_mutex_unlock(&fs->lock);
	return err;
}

static int kapi_register_chrdev_region(unsigned int from, unsigned int count,
				       const char *name)
{
	struct module *owner = UMOD_CALLER();
	struct umod_fs *fs = umod_fs_of_module(owner);
	unsigned int to = from + count, n, next;
	int err = 0;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		if (!region_add(fs, umod_fs_umod(owner), MAJOR(n), MINOR(n), next - n, name, &err))
			break;
	}
	/* undo the majors done before the one that failed */
	for (unsigned int m = from; err && m < n; m = next) {
		struct region *r;

		next = MKDEV(MAJOR(m) + 1, 0);
		if (next > to)
			next = to;
		if ((r = region_find(fs, MAJOR(m), MINOR(m), next - m))) {
			umod_list_del(&r->link);
			free(r);
		}
	}
	pthread_mutex_unlock(&fs->lock);
	return err;
}

void umod_cdev_unmap_locked(struct umod_fs *fs, struct cdev *p)
{
	struct cdev_map *e;

	for_each(e, &fs->cdevs, struct cdev_map)
		if (e->cdev == p) {
			umod_list_del(&e->link);
			free(e);
		}
}

static void region_del_locked(struct umod_fs *fs, struct region *r)
{
	umod_list_del(&r->link);
	if (r->cdev) {
		umod_cdev_unmap_locked(fs, r->cdev);
		free(r->cdev);	/* open files keep their own copy of the ops */
	}
	free(r);
}

static void unregister_range(unsigned int from, unsigned int count, bool with_cdev)
{
	struct umod_task *t = umod_task_current();
	struct umod_fs *fs = t->call ? umod_fs_of(t->call->mod->host) : NULL;
	unsigned int to = from + count, next;

	if (!fs)
		return;
	pthread_mutex_lock(&fs->lock);
	for (unsigned int n = from; n < to; n = next) {
		struct region *r;

		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		r = region_find(fs, MAJOR(n), MINOR(n), next - n);
		if (r && !with_cdev)
			r->cdev = NULL;	/* not ours to free: the module's cdev_del does */
		if (r)
			region_del_locked(fs, r);
	}
	pthread_mutex_unlock(&fs->lock);
}

/* a region for host code that serves a module's devices (a tty driver's lines) */
int umod_chrdev_region_add(struct umod_fs *fs, struct umod_module *owner, unsigned int *major,
			   unsigned int baseminor, unsigned int count, const char *name)
{
	struct region *r;
	int err = 0;

	pthread_mutex_lock(&fs->lock);
	r = region_add(fs, owner, *major, baseminor, count, name, &err);
	if (r)
		*major = r->major;
	pthread_mutex_unlock(&fs->lock);
	return err;
}

void umod_chrdev_region_del(struct umod_fs *fs, unsigned int major, unsigned int baseminor,
			    unsigned int count)
{
	struct region *r;

	pthread_mutex_lock(&fs->lock);
	r = region_find(fs, major, baseminor, count);
	if (r)
		region_del_locked(fs, r);
	pthread_mutex_unlock(&fs->lock);
}

static void kapi_unregister_chrdev_region(unsigned int from, unsigned int count)
{
	unregister_range(from, count, false);
}

static void kapi___unregister_chrdev(unsigned int major, unsigned int baseminor,
				     unsigned int count, const char *name)
{
	unregister_range(MKDEV(major, baseminor), count, true);
}

/* fs->lock held: cdev_add() for @mod */
int umod_cdev_map_locked(struct umod_fs *fs, struct umod_module *mod, struct cdev *p,
			   unsigned int dev, unsigned int count)
{
	struct cdev_map *e = calloc(1, sizeof(*e));

	if (!e)
		return -ENOMEM;
	p->dev = dev;
	p->count = count;
	e->dev = dev;
	e->count = count;
	e->cdev = p;
	e->mod = mod;
	umod_list_add(&e->link, &fs->cdevs);
	return 0;
}

static int kapi___register_chrdev(unsigned int major, unsigned int baseminor,
				  unsigned int count, const char *name,
				  const struct file_operations *fops)
{
	struct module *owner = UMOD_CALLER();
	struct umod_fs *fs = umod_fs_of_module(owner);
	struct region *r;
	struct cdev *cdev = NULL;
	int err = 0;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	r = region_add(fs, umod_fs_umod(owner), major, baseminor, count, name, &err);
	if (r && !(cdev = calloc(1, sizeof(*cdev))))
		err = -ENOMEM;
	if (!err) {
		umod_list_init((struct umod_list *)&cdev->list);
		cdev->owner = fops ? fops->owner : NULL;
		cdev->ops = fops;
		err = umod_cdev_map_locked(fs, r->owner, cdev, MKDEV(r->major, baseminor), count);
		if (err)
			free(cdev);
		else
			r->cdev = cdev;
	}
	if (err && r)
		region_del_locked(fs, r);
	pthread_mutex_unlock(&fs->lock);
	return err ? err : major ? 0 : (int)r->major;
}

static void kapi_cdev_init(struct cdev *cdev, const struct file_operations *fops)
{
	memset(cdev, 0, sizeof(*cdev));
	cdev->list.next = cdev->list.prev = &cdev->list;
	cdev->ops = fops;
}

static struct cdev *kapi_cdev_alloc(void)
{
	struct cdev *p = calloc(1, sizeof(*p));

	if (p) {
		p->list.next = p->list.prev = &p->list;
		p->__kobj[0] = 1;	/* dynamic: freed by cdev_del */
	}
	return p;
}

static void kapi_cdev_put(struct cdev *p)
{
}

static int kapi_cdev_add(struct cdev *p, unsigned int dev, unsigned int count)
{
	struct module *mod = UMOD_CALLER();
	struct umod_fs *fs = umod_fs_of_module(mod);
	int err;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	err = umod_cdev_map_locked(fs, umod_fs_umod(mod), p, dev, count);
	pthread_mutex_unlock(&fs->lock);
	return err;
}

/* which host: the caller's (cdev_del has no module argument in Linux) */
static void kapi_cdev_del(struct cdev *p)
{
	struct umod_task *t = umod_task_current();
	struct umod_fs *fs = t->call ? umod_fs_of(t->call->mod->host) : NULL;
	bool in_use = false;

	if (!fs || !p)
		return;
	pthread_mutex_lock(&fs->lock);
	umod_cdev_unmap_locked(fs, p);
	for (struct umod_list *l = fs->files.next; l != &fs->files; l = l->next)
		in_use |= umod_container_of(l, struct umod_file, fs_link)->node->inode.i_cdev == p;
	pthread_mutex_unlock(&fs->lock);
	/* Linux frees a dynamic cdev at its last reference: an open file keeps it */
	if (p->__kobj[0] && !in_use)
		free(p);
}

struct cdev *umod_cdev_lookup(struct umod_fs *fs, unsigned int devt,
			      struct umod_module **modp)
{
	struct cdev_map *e;

	for_each(e, &fs->cdevs, struct cdev_map)
		if (devt >= e->dev && devt - e->dev < e->count) {
			if (modp)
				*modp = e->mod;
			return e->cdev;
		}
	return NULL;
}

struct cdev *umod_cdev_find_mod(struct umod_fs *fs, struct umod_module *mod,
				unsigned int major)
{
	struct cdev_map *e;

	for_each(e, &fs->cdevs, struct cdev_map)
		if (e->mod == mod && MAJOR(e->dev) == major)
			return e->cdev;
	return NULL;
}

int umod_chrdev_list(struct umod_fs *fs, int (*fn)(void *, const char *), void *data)
{
	struct cdev_map *e;
	char name[32];
	int err = 0;

	for_each(e, &fs->cdevs, struct cdev_map) {
		snprintf(name, sizeof(name), "%u:%u", MAJOR(e->dev), MINOR(e->dev));
		if ((err = fn(data, name)))
			break;
	}
	return err;
}

/*
 * /proc/devices' character half: each registered region, by major, as
 * chrdev_show() walks majors 0..511 (the lower minors first within one).
 * Major 10 is misc's, registered at boot on Linux.
 */
int umod_chrdev_for_each_region(struct umod_host *host,
				int (*fn)(void *data, unsigned int major, const char *name),
				void *data)
{
	struct umod_fs *fs = umod_fs_of(host);
	int err = 0;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	for (unsigned int major = 0; !err && major < CHRDEV_MAJOR_MAX; major++) {
		unsigned int next = 0;

		if (major == 10)
			err = fn(data, major, "misc");
		/* regions of one major never overlap: take them by base minor */
		while (!err) {
			struct region *r, *best = NULL;

			for_each(r, &fs->regions, struct region)
				if (r->major == major && r->baseminor >= next &&
				    (!best || r->baseminor < best->baseminor))
					best = r;
			if (!best)
				break;
			err = fn(data, major, best->name);
			next = best->baseminor + (best->minorct ? best->minorct : 1);
		}
	}
	pthread_mutex_unlock(&fs->lock);
	return err;
}

/* fs->lock held: @mod's cdevs and regions, reported and taken back */
void umod_chrdev_leftovers(struct umod_fs *fs, struct umod_module *mod)
{
	struct cdev_map *e;
	struct region *r;

	for_each(e, &fs->cdevs, struct cdev_map)
		if (e->mod == mod) {
			umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left cdev %u:%u added: deleted\n",
					mod->name, MAJOR(e->dev), MINOR(e->dev));
			umod_list_del(&e->link);
			free(e);
		}
	for_each(r, &fs->regions, struct region)
		if (r->owner == mod) {
			umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left char device region %u:%u-%u (%s) registered: unregistered\n",
					mod->name, r->major, r->baseminor,
					r->baseminor + r->minorct - 1, r->name);
			region_del_locked(fs, r);
		}
}

void umod_chrdev_host_gone(struct umod_fs *fs)
{
	struct cdev_map *e;
	struct region *r;

	for_each(e, &fs->cdevs, struct cdev_map) {
		umod_list_del(&e->link);
		free(e);
	}
	for_each(r, &fs->regions, struct region) {
		umod_list_del(&r->link);
		free(r->cdev);		/* __register_chrdev()'s own */
		free(r);
	}
}

static const struct umod_kapi_export char_dev_exports[] = {
	UMOD_KAPI("alloc_chrdev_region", kapi_alloc_chrdev_region),
	UMOD_KAPI("register_chrdev_region", kapi_register_chrdev_region),
	UMOD_KAPI("unregister_chrdev_region", kapi_unregister_chrdev_region),
	UMOD_KAPI("__register_chrdev", kapi___register_chrdev),
	UMOD_KAPI("__unregister_chrdev", kapi___unregister_chrdev),
	UMOD_KAPI("cdev_init", kapi_cdev_init),
	UMOD_KAPI("cdev_alloc", kapi_cdev_alloc),
	UMOD_KAPI("cdev_put", kapi_cdev_put),
	UMOD_KAPI("cdev_add", kapi_cdev_add),
	UMOD_KAPI("cdev_del", kapi_cdev_del),
};

const struct umod_kapi_table umod_kapi_char_dev = UMOD_KAPI_TABLE(char_dev_exports);
