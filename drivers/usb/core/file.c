// SPDX-License-Identifier: MIT
/*
 * USB character devices (Linux 6.1's drivers/usb/core/file.c):
 * usb_register_dev() takes the first free minor of major 180 from the
 * class driver's minor_base, opens of it reach the class driver's fops,
 * and a class device of class usbmisc below the interface is named from
 * the class driver's name with the minor's offset ("skel%d" -> skel0,
 * /dev/skel0). The class exists while a minor is registered, as 6.1's
 * init_usb_class()/destroy_usb_class() make it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/usb/core/usb.h"
#include "fs/internal.h"
#include "kernel/printk/internal.h"
#include "kernel/kapi.h"

#define USB_MAJOR	180
#define MAX_MINORS	256

struct usb_minor {
	struct cdev cdev;
	struct usb_interface *intf;
};

struct usb_files {
	struct umod_host *host;
	struct usb_minor *minors[MAX_MINORS];
	unsigned int used;		/* minors taken: the class lives while > 0 */
	struct usb_files *next;
};

static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct usb_files *all_files;

static struct class usb_class = {
	.name = "usbmisc",
};

static struct usb_files *files_of(struct umod_host *host)
{
	struct usb_files *f;

	for (f = all_files; f && f->host != host; f = f->next)
		;
	return f;
}

static int kapi_usb_register_dev(struct usb_interface *intf, struct usb_class_driver *cd)
{
	struct umod_driver_core *core = umod_dev_core(&intf->dev);
	struct umod_fs *fs = core ? umod_fs_of(core->host) : NULL;
	struct usb_minor *m = calloc(1, sizeof(*m));
	struct usb_files *files;
	char name[64];
	const char *base;
	struct device *dev;
	int minor = -1, err;

	if (!m || !fs || !cd || !cd->fops) {
		free(m);
		return m ? -EINVAL : -ENOMEM;
	}
	if (intf->minor >= 0) {
		free(m);
		return -EADDRINUSE;
	}
	pthread_mutex_lock(&files_lock);
	files = files_of(core->host);
	for (int i = cd->minor_base > 0 ? cd->minor_base : 0; files && i < MAX_MINORS; i++)
		if (!files->minors[i]) {
			minor = i;
			files->minors[i] = m;
			break;
		}
	err = minor < 0 ? -EXFULL : files->used++ ? 0 :
	      umod_class_register(core, &usb_class, NULL);
	if (err && minor >= 0) {
		files->minors[minor] = NULL;
		files->used--;
	}
	pthread_mutex_unlock(&files_lock);
	if (err) {
		free(m);
		return err;
	}
	m->intf = intf;
	m->cdev.ops = cd->fops;
	m->cdev.dev = (USB_MAJOR << 20) | (unsigned int)minor;
	pthread_mutex_lock(&fs->lock);
	err = umod_cdev_map_locked(fs, umod_caller_module(), &m->cdev, m->cdev.dev, 1);
	pthread_mutex_unlock(&fs->lock);
	intf->minor = minor;
	snprintf(name, sizeof(name), cd->name, minor - (cd->minor_base > 0 ? cd->minor_base : 0));
	base = strrchr(name, '/');
	base = base && base[1] ? base + 1 : name;
	dev = err ? NULL : umod_device_create(core, &usb_class, &intf->dev, m->cdev.dev, cd, NULL,
					      base);
	if (!err && (uintptr_t)dev >= (uintptr_t)-4095)
		err = (int)(intptr_t)dev;
	if (err) {
		umod_base_printk(core, KERN_ERR "usb %s: %s - failed to create usb_device\n",
				 umod_dev_name(&intf->dev), "usb_register_dev");
		pthread_mutex_lock(&fs->lock);
		umod_cdev_unmap_locked(fs, &m->cdev);
		pthread_mutex_unlock(&fs->lock);
		pthread_mutex_lock(&files_lock);
		files->minors[minor] = NULL;
		if (!--files->used)
			umod_class_unregister(core, &usb_class);
		pthread_mutex_unlock(&files_lock);
		intf->minor = -1;
		free(m);
		return err;
	}
	intf->usb_dev = dev;
	return 0;
}

static void kapi_usb_deregister_dev(struct usb_interface *intf, struct usb_class_driver *cd)
{
	struct umod_driver_core *core = umod_dev_core(&intf->dev);
	struct umod_fs *fs = core ? umod_fs_of(core->host) : NULL;
	struct usb_files *files;
	struct usb_minor *m = NULL;

	if (!fs || intf->minor < 0 || intf->minor >= MAX_MINORS)
		return;
	pthread_mutex_lock(&files_lock);
	files = files_of(core->host);
	if (files) {
		m = files->minors[intf->minor];
		files->minors[intf->minor] = NULL;
	}
	pthread_mutex_unlock(&files_lock);
	if (intf->usb_dev) {
		umod_device_del(intf->usb_dev);
		umod_put_device(intf->usb_dev);
		intf->usb_dev = NULL;
	}
	pthread_mutex_lock(&files_lock);
	if (m && !--files->used)
		umod_class_unregister(core, &usb_class);
	pthread_mutex_unlock(&files_lock);
	if (m) {
		pthread_mutex_lock(&fs->lock);
		umod_cdev_unmap_locked(fs, &m->cdev);
		pthread_mutex_unlock(&fs->lock);
		free(m);
	}
	intf->minor = -1;
}

static const struct umod_kapi_export file_exports[] = {
	UMOD_KAPI_GPL("usb_register_dev", kapi_usb_register_dev),
	UMOD_KAPI_GPL("usb_deregister_dev", kapi_usb_deregister_dev),
};

const struct umod_kapi_table umod_kapi_usb_file = UMOD_KAPI_TABLE(file_exports);

int umod_usb_file_init(struct umod_host *host)
{
	struct usb_files *f = calloc(1, sizeof(*f));

	if (!f)
		return -ENOMEM;
	f->host = host;
	pthread_mutex_lock(&files_lock);
	f->next = all_files;
	all_files = f;
	pthread_mutex_unlock(&files_lock);
	return 0;
}

void umod_usb_file_exit(struct umod_host *host)
{
	struct usb_files *f = NULL;

	pthread_mutex_lock(&files_lock);
	for (struct usb_files **pp = &all_files; *pp; pp = &(*pp)->next)
		if ((*pp)->host == host) {
			f = *pp;
			*pp = f->next;
			break;
		}
	pthread_mutex_unlock(&files_lock);
	if (!f)
		return;
	if (f->used)
		umod_class_unregister(umod_driver_core(host), &usb_class);
	free(f);
}
