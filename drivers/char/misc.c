// SPDX-License-Identifier: MIT
/*
 * Misc devices (Linux's drivers/char/misc.c, 6.1): major 10, a minor each,
 * a class device of the misc class (/sys/devices/virtual/misc/NAME, its
 * link /sys/class/misc/NAME, dev/NAME from devtmpfs) and a line of
 * /proc/misc. MISC_DYNAMIC_MINOR takes the highest free of the 128
 * dynamic minors (127 down), as 6.1's bitmap does. The open goes to the
 * driver's fops with only its owner pinned (misc's own cdev belongs to the
 * kernel), so lsmod shows 1 while the node is open.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "mm/internal.h"

#define MISC_MAJOR		10
#define MISC_DYNAMIC_MINOR	255
#define DYNAMIC_MINORS		128

/* the host's record of one registration; the cdev carries the fops */
struct misc_reg {
	struct cdev cdev;
	struct miscdevice *misc;
	struct umod_module *owner;
	int dyn_bit;			/* -1: a static minor */
	struct umod_list link;		/* newest first, as misc_list */
};

/* guards each host's list of registrations (fs->misc_list) */
static pthread_mutex_t misc_mtx = PTHREAD_MUTEX_INITIALIZER;

static bool bit_test(const unsigned char *map, int i)
{
	return map[i / 8] & (1u << (i % 8));
}

static void bit_set(unsigned char *map, int i, bool on)
{
	if (on)
		map[i / 8] |= (unsigned char)(1u << (i % 8));
	else
		map[i / 8] &= (unsigned char)~(1u << (i % 8));
}

static bool minor_taken(struct umod_fs *fs, int minor)
{
	return umod_cdev_lookup(fs, (MISC_MAJOR << 20) | (unsigned int)minor, NULL) != NULL;
}

/* fs->lock held */
static int pick_minor(struct umod_fs *fs, struct miscdevice *misc, int *bit)
{
	*bit = -1;
	if (misc->minor != MISC_DYNAMIC_MINOR)
		return minor_taken(fs, misc->minor) ? -EBUSY : misc->minor;
	for (int i = 0; i < DYNAMIC_MINORS; i++)
		if (!bit_test(fs->misc_minors, i)) {
			*bit = i;
			return DYNAMIC_MINORS - i - 1;
		}
	return -EBUSY;
}

/* the class's devnode: misc->nodename and misc->mode (misc_devnode()) */
static char *misc_devnode(struct device *dev, unsigned short *mode)
{
	struct miscdevice *c = dev->driver_data;
	char *name = NULL;

	if (mode && c->mode)
		*mode = c->mode;
	if (c->nodename && (name = umod_kmalloc_caller(NULL, strlen(c->nodename) + 1, 0, NULL)))
		strcpy(name, c->nodename);
	return name;
}

/* /proc/misc: "%3i %s" per device, newest first */
static int misc_seq_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct umod_fs *fs = node->text_data;
	size_t len = 0;

	pthread_mutex_lock(&misc_mtx);
	for (struct umod_list *l = fs->misc_list.next; l != &fs->misc_list; l = l->next) {
		struct misc_reg *r = umod_container_of(l, struct misc_reg, link);

		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%3i %s\n",
					r->misc->minor, r->misc->name ? r->misc->name : "");
	}
	pthread_mutex_unlock(&misc_mtx);
	return (int)len;
}

int umod_misc_init(struct umod_host *host)
{
	struct umod_fs *fs = umod_fs_of(host);
	struct class *cls;
	int err;

	if (!fs || !(cls = calloc(1, sizeof(*cls))))
		return -ENOMEM;
	cls->name = "misc";
	cls->devnode = misc_devnode;
	err = umod_class_register(umod_driver_core(host), cls, NULL);
	if (err) {
		free(cls);
		return err;
	}
	fs->misc_class = cls;
	umod_list_init(&fs->misc_list);
	return umod_proc_text(host, "misc", 0444, misc_seq_show, fs) ? 0 : -ENOMEM;
}

void umod_misc_exit(struct umod_host *host)
{
	struct umod_fs *fs = umod_fs_of(host);

	if (!fs || !fs->misc_class)
		return;
	umod_proc_text_remove(host, "misc");
	umod_class_unregister(umod_driver_core(host), fs->misc_class);
	free(fs->misc_class);
	fs->misc_class = NULL;
}

/* fs->lock held: the minor, the cdev the open finds */
static int claim_minor(struct umod_fs *fs, struct misc_reg *r, struct miscdevice *misc)
{
	int minor = pick_minor(fs, misc, &r->dyn_bit), err;

	if (minor < 0)
		return minor;
	r->cdev.ops = misc->fops;
	r->cdev.dev = (MISC_MAJOR << 20) | (unsigned int)minor;
	err = umod_cdev_map_locked(fs, r->owner, &r->cdev, r->cdev.dev, 1);
	if (err)
		return err;
	if (r->dyn_bit >= 0)
		bit_set(fs->misc_minors, r->dyn_bit, true);
	misc->minor = minor;
	return 0;
}

/* fs->lock held */
static void release_minor(struct umod_fs *fs, struct misc_reg *r)
{
	umod_cdev_unmap_locked(fs, &r->cdev);
	if (r->dyn_bit >= 0) {
		bit_set(fs->misc_minors, r->dyn_bit, false);
		r->misc->minor = MISC_DYNAMIC_MINOR;
	}
}

/* the calling module's device: its exit's leftovers are taken back */
static int kapi_misc_register(struct miscdevice *misc)
{
	struct module *owner = UMOD_CALLER();
	struct umod_fs *fs = umod_fs_of_module(owner);
	struct device *dev;
	struct misc_reg *r;
	int err;

	if (!fs || !misc || !misc->name || !fs->misc_class)
		return -EINVAL;
	if (!(r = calloc(1, sizeof(*r))))
		return -ENOMEM;
	r->misc = misc;
	r->owner = umod_module_made(umod_fs_umod(owner), UMOD_MADE_MISC);
	pthread_mutex_lock(&fs->lock);
	err = claim_minor(fs, r, misc);
	pthread_mutex_unlock(&fs->lock);
	if (err) {
		free(r);
		return err;
	}
	dev = umod_device_create(umod_driver_core(fs->host), fs->misc_class, misc->parent,
				 r->cdev.dev, misc, misc->groups, misc->name);
	if ((uintptr_t)dev >= (uintptr_t)-4095) {
		pthread_mutex_lock(&fs->lock);
		release_minor(fs, r);
		pthread_mutex_unlock(&fs->lock);
		free(r);
		return (int)(intptr_t)dev;
	}
	misc->this_device = dev;
	pthread_mutex_lock(&misc_mtx);
	umod_list_add(&r->link, &fs->misc_list);
	pthread_mutex_unlock(&misc_mtx);
	return 0;
}

/* the registration of @misc, taken off the list; NULL if it has none */
static struct misc_reg *take_reg(struct umod_fs *fs, struct miscdevice *misc,
				 struct umod_module *owner)
{
	struct misc_reg *found = NULL;

	pthread_mutex_lock(&misc_mtx);
	for (struct umod_list *l = fs->misc_list.next; l != &fs->misc_list && !found; l = l->next) {
		struct misc_reg *r = umod_container_of(l, struct misc_reg, link);

		if (misc ? r->misc == misc : r->owner == owner)
			found = r;
	}
	if (found)
		umod_list_del(&found->link);
	pthread_mutex_unlock(&misc_mtx);
	return found;
}

/* misc_deregister(): the device goes first, then the minor is free again */
static void misc_del(struct umod_fs *fs, struct misc_reg *r)
{
	struct device *dev = r->misc->this_device;

	if (dev) {
		umod_device_del(dev);
		umod_put_device(dev);
	}
	pthread_mutex_lock(&fs->lock);
	release_minor(fs, r);
	pthread_mutex_unlock(&fs->lock);
	free(r);
}

/* which host: the caller's, as misc_deregister has no module argument */
static void kapi_misc_deregister(struct miscdevice *misc)
{
	struct umod_host *host = umod_caller_host();
	struct umod_fs *fs = host ? umod_fs_of(host) : NULL;
	struct misc_reg *r;

	if (!fs || !misc)
		return;
	r = take_reg(fs, misc, NULL);
	if (r)
		misc_del(fs, r);
}

void umod_misc_leftovers(struct umod_module *mod)
{
	struct umod_fs *fs;
	struct misc_reg *r;

	if (!umod_module_has_made(mod, UMOD_MADE_MISC))
		return;
	fs = umod_fs_of(mod->host);
	while (fs && (r = take_reg(fs, NULL, mod))) {
		umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left misc device %s registered: deregistered\n",
				mod->name, r->misc->name);
		misc_del(fs, r);
	}
}

static const struct umod_kapi_export misc_exports[] = {
	UMOD_KAPI("misc_register", kapi_misc_register),
	UMOD_KAPI("misc_deregister", kapi_misc_deregister),
};

const struct umod_kapi_table umod_kapi_misc = UMOD_KAPI_TABLE(misc_exports);
