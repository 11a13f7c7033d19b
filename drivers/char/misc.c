// SPDX-License-Identifier: MIT
/*
 * Misc devices (Linux's drivers/char/misc.c, 6.1): major 10, a minor each,
 * dev/NAME and sys/class/misc/NAME. MISC_DYNAMIC_MINOR takes the highest
 * free of the 128 dynamic minors (127 down), as 6.1's bitmap does. The
 * open goes to the driver's fops with only its owner pinned (misc's own
 * cdev belongs to the kernel), so lsmod shows 1 while the node is open.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"

#define MISC_MAJOR		10
#define MISC_DYNAMIC_MINOR	255
#define DYNAMIC_MINORS		128

/* the host's record of one registration; the cdev carries the fops */
struct misc_reg {
	struct cdev cdev;
	struct miscdevice *misc;
	struct umod_fs_node *node, *sysdir;
	int dyn_bit;			/* -1: a static minor */
};

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

/* the map entry for @r: misc_open() in Linux, a cdev per minor here */
static int misc_map(struct umod_fs *fs, struct misc_reg *r, struct umod_module *mod)
{
	return umod_cdev_map_locked(fs, mod, &r->cdev, r->cdev.dev, 1);
}

/* fs->lock held */
static void misc_del_locked(struct umod_fs *fs, struct cdev *cd)
{
	struct misc_reg *r = umod_container_of(cd, struct misc_reg, cdev);

	umod_cdev_unmap_locked(fs, cd);
	umod_fs_node_remove(r->node);
	umod_fs_node_remove(r->sysdir);
	if (r->dyn_bit >= 0)
		bit_set(fs->misc_minors, r->dyn_bit, false);
	free(r);
}

static int kapi_misc_register(struct module *owner, struct miscdevice *misc)
{
	struct umod_fs *fs = umod_fs_of_module(owner);
	struct misc_reg *r;
	int minor, err;

	if (!fs || !misc || !misc->name)
		return -EINVAL;
	if (!(r = calloc(1, sizeof(*r))))
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	minor = pick_minor(fs, misc, &r->dyn_bit);
	err = minor < 0 ? minor : 0;
	if (!err) {
		r->node = umod_device_nodes(fs, "misc", misc->name,
					    (MISC_MAJOR << 20) | (unsigned int)minor,
					    misc->mode ? misc->mode : 0600, umod_fs_umod(owner),
					    &r->sysdir, &err);
	}
	if (r->node) {
		r->misc = misc;
		r->cdev.ops = misc->fops;
		r->cdev.dev = (MISC_MAJOR << 20) | (unsigned int)minor;
		err = misc_map(fs, r, umod_fs_umod(owner));
		if (err) {
			umod_fs_node_remove(r->node);
			umod_fs_node_remove(r->sysdir);
		}
	}
	if (!err) {
		if (r->dyn_bit >= 0)
			bit_set(fs->misc_minors, r->dyn_bit, true);
		misc->minor = minor;
		misc->this_device = (struct device *)r;
	}
	pthread_mutex_unlock(&fs->lock);
	if (err)
		free(r);
	return err;
}

/* which host: the caller's, as misc_deregister has no module argument */
static struct umod_fs *caller_fs(void)
{
	struct umod_task *t = umod_task_current();

	return t->call ? umod_fs_of(t->call->mod->host) : NULL;
}

static void kapi_misc_deregister(struct miscdevice *misc)
{
	struct umod_fs *fs = caller_fs();
	struct cdev *cd;

	if (!fs || !misc)
		return;
	pthread_mutex_lock(&fs->lock);
	cd = umod_cdev_lookup(fs, (MISC_MAJOR << 20) | (unsigned int)misc->minor, NULL);
	if (cd)
		misc_del_locked(fs, cd);
	pthread_mutex_unlock(&fs->lock);
}

void umod_misc_leftovers(struct umod_fs *fs, struct umod_module *mod)
{
	struct cdev *cd;

	while ((cd = umod_cdev_find_mod(fs, mod, MISC_MAJOR))) {
		struct misc_reg *r = umod_container_of(cd, struct misc_reg, cdev);

		umod_log_printk(fs->host->log, KERN_WARNING "%s: exit left misc device %s registered: deregistered\n",
				mod->name, r->node->name);
		misc_del_locked(fs, cd);
	}
}

static const struct umod_kapi_export misc_exports[] = {
	UMOD_KAPI("misc_register", kapi_misc_register),
	UMOD_KAPI("misc_deregister", kapi_misc_deregister),
};

const struct umod_kapi_table umod_kapi_misc = UMOD_KAPI_TABLE(misc_exports);
