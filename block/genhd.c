// SPDX-License-Identifier: MIT
/*
 * Disks (Linux's block/genhd.c, 6.1): block majors (register_blkdev, the
 * "Block devices:" half of /proc/devices), a gendisk's life (alloc, add,
 * del, put), its capacity, /proc/partitions, and the disk's directory in
 * sysfs: /sys/devices/virtual/block/NAME (or below its parent), linked
 * from /sys/block and /sys/class/block, with dev/NAME made by devtmpfs.
 * Partitions are not scanned: a disk is its whole device (DESIGN.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "block/blk.h"
#include "drivers/base/base.h"
#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

#define BLKDEV_MAJOR_MAX	512
#define BLKDEV_MAJOR_HASH	255
#define BLOCK_EXT_MAJOR		259
#define MINORBITS		20
#define GENHD_FL_HIDDEN		(1 << 1)
#define GENHD_FL_NO_PART	(1 << 2)
#define GENHD_FL_REMOVABLE	(1 << 0)
#define GD_READ_ONLY		1
#define GD_ADDED		4
#define DISK_MAX_PARTS		256

struct blk_major {
	unsigned int major;
	char name[16];
	struct umod_module *owner;
	struct umod_list link;
};

static struct umod_list registry = { &registry, &registry };
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

struct umod_block *umod_block_of(struct umod_host *host)
{
	struct umod_block *found = NULL;

	pthread_mutex_lock(&registry_lock);
	blk_list_for_each(l, &registry) {
		struct umod_block *b = umod_container_of(l, struct umod_block, link);

		if (b->host == host)
			found = b;
	}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

struct umod_module *umod_block_caller(struct module *owner)
{
	return owner ? owner->umod : umod_caller_module();
}

static struct umod_block *caller_block(struct module *owner)
{
	struct umod_module *mod = umod_block_caller(owner);
	struct umod_host *host = mod ? mod->host : umod_caller_host();

	return host ? umod_block_of(host) : NULL;
}

long umod_blk_call(struct umod_module *mod, long (*fn)(void *), void *arg)
{
	long ret;

	if (!mod)
		return fn(arg);
	return umod_call(mod, fn, arg, &ret) ? -EIO : ret;
}

/* ---- majors ---------------------------------------------------------------- */

/* blk->lock held */
static struct blk_major *major_find(struct umod_block *b, unsigned int major)
{
	blk_list_for_each(l, &b->majors) {
		struct blk_major *m = umod_container_of(l, struct blk_major, link);

		if (m->major == major)
			return m;
	}
	return NULL;
}

/* blk->lock held: the highest free hash slot, as 6.1's dynamic majors */
static unsigned int major_dynamic(struct umod_block *b)
{
	for (unsigned int i = BLKDEV_MAJOR_HASH - 1; i > 0; i--) {
		bool used = false;

		blk_list_for_each(l, &b->majors)
			used |= umod_container_of(l, struct blk_major, link)->major %
				BLKDEV_MAJOR_HASH == i;
		if (!used)
			return i;
	}
	return 0;
}

static int major_add(struct umod_block *b, struct umod_module *mod, unsigned int major,
		     const char *name)
{
	struct umod_log *log = b->host->log;
	struct blk_major *m;

	if (major == 0 && !(major = major_dynamic(b))) {
		umod_log_printk(log, KERN_DEFAULT "__register_blkdev: failed to get major for %s\n",
				name);
		return -EBUSY;
	}
	if (major >= BLKDEV_MAJOR_MAX) {
		umod_log_printk(log, KERN_ERR "__register_blkdev: major requested (%u) is greater than the maximum (%u) for %s\n",
				major, BLKDEV_MAJOR_MAX - 1, name);
		return -EINVAL;
	}
	if (major_find(b, major)) {
		umod_log_printk(log, KERN_DEFAULT "register_blkdev: cannot get major %u for %s\n",
				major, name);
		return -EBUSY;
	}
	if (!(m = calloc(1, sizeof(*m))))
		return -ENOMEM;
	m->major = major;
	m->owner = umod_module_made(mod, UMOD_MADE_BLOCK);
	snprintf(m->name, sizeof(m->name), "%s", name);
	blk_list_add_tail(&m->link, &b->majors);
	return (int)major;
}

static int kapi_register_blkdev(unsigned int major, const char *name, void (*probe)(unsigned int))
{
	struct umod_block *b = caller_block(NULL);
	bool dynamic = major == 0;
	int ret;

	if (!b || !name)
		return -EINVAL;
	pthread_mutex_lock(&b->lock);
	ret = major_add(b, umod_caller_module(), major, name);
	pthread_mutex_unlock(&b->lock);
	/* a fixed major gives 0 on success, a dynamic one the major */
	return ret > 0 && !dynamic ? 0 : ret;
}

static void kapi_unregister_blkdev(unsigned int major, const char *name)
{
	struct umod_block *b = caller_block(NULL);
	struct blk_major *m;

	if (!b || !name)
		return;
	pthread_mutex_lock(&b->lock);
	m = major_find(b, major);
	if (m && !strcmp(m->name, name))
		umod_list_del(&m->link);
	else
		m = NULL;
	pthread_mutex_unlock(&b->lock);
	free(m);
}

int umod_blkdev_for_each_region(struct umod_host *host,
				int (*fn)(void *data, unsigned int major, const char *name),
				void *data)
{
	struct umod_block *b = umod_block_of(host);
	unsigned int last = 0;
	int err = 0;

	/* ascending, as blkdev_show() walks the hash of majors below 255 */
	while (b && !err) {
		struct blk_major *next = NULL;
		char name[16];

		pthread_mutex_lock(&b->lock);
		blk_list_for_each(l, &b->majors) {
			struct blk_major *m = umod_container_of(l, struct blk_major, link);

			if (m->major > last && (!next || m->major < next->major))
				next = m;
		}
		if (next) {
			last = next->major;
			memcpy(name, next->name, sizeof(name));
		}
		pthread_mutex_unlock(&b->lock);
		if (!next)
			break;
		err = fn(data, last, name);
	}
	return err;
}

/* ---- allocating ----------------------------------------------------------------- */

struct gendisk *umod_disk_alloc(struct umod_module *owner, struct request_queue *q)
{
	struct umod_disk *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->owner = umod_module_made(owner, UMOD_MADE_BLOCK);
	d->blk = owner ? umod_block_of(owner->host) : NULL;
	d->disk.part0 = &d->part0;
	d->disk.queue = q;
	d->part0.bd_disk = &d->disk;
	d->part0.bd_queue = q;
	d->refs = 1;		/* put_disk's */
	q->disk = &d->disk;
	umod_list_init(&d->link);
	return &d->disk;
}

static struct gendisk *kapi_blk_alloc_disk(int node, void *lkclass)
{
	struct umod_module *mod = umod_block_caller(UMOD_CALLER());
	struct request_queue *q = umod_blk_queue_alloc(mod);
	struct gendisk *disk;

	if (!q)
		return NULL;
	if (!(disk = umod_disk_alloc(mod, q))) {
		umod_blk_queue_free(q);
		return NULL;
	}
	umod_disk_of(disk)->owns_queue = true;
	return disk;
}

static void kapi_set_capacity(struct gendisk *disk, uint64_t sectors)
{
	disk->part0->bd_nr_sectors = sectors;
}

static bool kapi_set_capacity_and_notify(struct gendisk *disk, uint64_t size)
{
	struct umod_disk *d = umod_disk_of(disk);
	uint64_t capacity = disk->part0->bd_nr_sectors;

	kapi_set_capacity(disk, size);
	if (!(disk->state & (1ul << GD_ADDED)) || size == capacity || !d->blk)
		return false;
	umod_log_printk(d->blk->host->log, KERN_INFO "%s: detected capacity change from %llu to %llu\n",
			disk->disk_name, (unsigned long long)capacity, (unsigned long long)size);
	return true;
}

static void kapi_set_disk_ro(struct gendisk *disk, bool read_only)
{
	if (read_only)
		disk->state |= 1ul << GD_READ_ONLY;
	else
		disk->state &= ~(1ul << GD_READ_ONLY);
}

static struct device *kapi_disk_to_dev(struct gendisk *disk)
{
	return umod_disk_of(disk)->dev;
}

/* ---- /proc/partitions and sysfs ------------------------------------------------- */

static int partitions_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct umod_block *b = node->text_data;
	size_t len = (size_t)snprintf(buf, size, "major minor  #blocks  name\n\n");

	pthread_mutex_lock(&b->lock);
	blk_list_for_each(l, &b->disks) {
		struct umod_disk *d = umod_container_of(l, struct umod_disk, link);
		unsigned int devt = d->part0.bd_dev;

		if (!d->part0.bd_nr_sectors || (d->disk.flags & GENHD_FL_HIDDEN))
			continue;
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%4u  %7u %10llu %s\n",
					devt >> MINORBITS, devt & ((1u << MINORBITS) - 1),
					(unsigned long long)d->part0.bd_nr_sectors >> 1,
					d->disk.disk_name);
	}
	pthread_mutex_unlock(&b->lock);
	return (int)len;
}

enum disk_attr { A_SIZE, A_RO, A_REMOVABLE, A_RANGE, A_EXT_RANGE, A_CAPABILITY, A_HIDDEN,
		 A_STAT, A_INFLIGHT, A_ALIGN, A_DISCARD_ALIGN };

struct disk_file {
	const char *name;
	enum disk_attr attr;
};

static const struct disk_file disk_files[] = {
	{ "size", A_SIZE }, { "ro", A_RO }, { "removable", A_REMOVABLE }, { "range", A_RANGE },
	{ "ext_range", A_EXT_RANGE }, { "capability", A_CAPABILITY }, { "hidden", A_HIDDEN },
	{ "stat", A_STAT }, { "inflight", A_INFLIGHT }, { "alignment_offset", A_ALIGN },
	{ "discard_alignment", A_DISCARD_ALIGN },
};

static long stat_show(struct umod_disk *d, char *page)
{
	return snprintf(page, 4096,
			"%8llu %8u %8llu %8u %8llu %8u %8llu %8u %8llu %8u %8u %8llu %8u %8llu %8u %8llu %8u\n",
			(unsigned long long)d->ios[0], 0u, (unsigned long long)d->sectors[0], 0u,
			(unsigned long long)d->ios[1], 0u, (unsigned long long)d->sectors[1], 0u,
			(unsigned long long)(d->inflight[0] + d->inflight[1]), 0u, 0u,
			(unsigned long long)d->ios[2], 0u, (unsigned long long)d->sectors[2], 0u,
			(unsigned long long)d->ios[3], 0u);
}

static long disk_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct umod_disk_attr *a = priv;
	struct umod_disk *d = a->d;
	struct gendisk *disk = &d->disk;

	switch ((enum disk_attr)a->attr) {
	case A_SIZE:
		return snprintf(page, 4096, "%llu\n", (unsigned long long)d->part0.bd_nr_sectors);
	case A_RO:
		return snprintf(page, 4096, "%d\n", d->part0.bd_read_only ||
				(disk->state & (1ul << GD_READ_ONLY)) ? 1 : 0);
	case A_REMOVABLE:
		return snprintf(page, 4096, "%d\n", disk->flags & GENHD_FL_REMOVABLE ? 1 : 0);
	case A_RANGE:
		return snprintf(page, 4096, "%d\n", disk->minors);
	case A_EXT_RANGE:
		return snprintf(page, 4096, "%d\n", disk->flags & GENHD_FL_NO_PART ? 1 :
				DISK_MAX_PARTS);
	case A_CAPABILITY:
		return snprintf(page, 4096, "0\n");
	case A_HIDDEN:
		return snprintf(page, 4096, "%d\n", disk->flags & GENHD_FL_HIDDEN ? 1 : 0);
	case A_STAT:
		return stat_show(d, page);
	case A_INFLIGHT:
		return snprintf(page, 4096, "%8llu %8llu\n", (unsigned long long)d->inflight[0],
				(unsigned long long)d->inflight[1]);
	case A_ALIGN:
	case A_DISCARD_ALIGN:
		return snprintf(page, 4096, "0\n");
	}
	return -EIO;
}

static const struct umod_kernfs_ops disk_ops = { disk_show, NULL };

int umod_disk_file(struct umod_disk *d, struct kernfs_node *dir, const char *name, int attr,
		   const struct umod_kernfs_ops *ops)
{
	struct umod_disk_attr *a;
	struct umod_kernfs_new nw = {
		.parent = dir, .host = d->blk->host, .name = name, .type = UMOD_SYSFS_FILE,
		.kind = UMOD_KN_PLAIN, .mode = 0444, .ops = ops,
	};

	if (d->nattrs == UMOD_DISK_ATTRS)
		return -ENOSPC;
	a = &d->attrs[d->nattrs++];
	a->d = d;
	a->attr = attr;
	nw.priv = a;
	return umod_kernfs_create(&nw, NULL);
}

static int disk_sysfs(struct umod_disk *d)
{
	struct kernfs_node *dir = umod_kobject_dir(&d->dev->kobj);
	int err = dir ? 0 : -ENOENT;

	for (size_t i = 0; !err && i < sizeof(disk_files) / sizeof(disk_files[0]); i++)
		err = umod_disk_file(d, dir, disk_files[i].name, (int)disk_files[i].attr, &disk_ops);
	return err ? err : umod_blk_queue_sysfs(d);
}

/* ---- adding and deleting ---------------------------------------------------------- */

/* blk->lock held: the first free minor of the extended major */
static unsigned int ext_minor(struct umod_block *b)
{
	for (unsigned int minor = 0;; minor++) {
		bool used = false;

		blk_list_for_each(l, &b->disks) {
			struct umod_disk *d = umod_container_of(l, struct umod_disk, link);

			used |= d->part0.bd_dev == ((BLOCK_EXT_MAJOR << MINORBITS) | minor);
		}
		if (!used)
			return minor;
	}
}

/* blk->lock held: the dev_t of a disk being added (0: taken) */
static unsigned int disk_devt(struct umod_block *b, struct gendisk *disk)
{
	unsigned int devt;

	if (!disk->major)
		return (BLOCK_EXT_MAJOR << MINORBITS) | ext_minor(b);
	devt = ((unsigned int)disk->major << MINORBITS) | (unsigned int)disk->first_minor;
	blk_list_for_each(l, &b->disks)
		if (umod_container_of(l, struct umod_disk, link)->part0.bd_dev == devt)
			return 0;
	return devt;
}

static int disk_register(struct umod_disk *d, struct device *parent,
			 const struct attribute_group **groups)
{
	struct umod_block *b = d->blk;
	struct device *dev;
	int err;

	dev = umod_device_create(umod_driver_core(b->host), b->block_class, parent,
				 d->part0.bd_dev, &d->disk, groups, d->disk.disk_name);
	if ((uintptr_t)dev >= (uintptr_t)-4095)
		return (int)(intptr_t)dev;
	d->dev = dev;
	err = disk_sysfs(d);
	if (!err)
		err = umod_kernfs_link(b->host, umod_kernfs_root(UMOD_KERNFS_BLOCK),
				       d->disk.disk_name, umod_kobject_dir(&dev->kobj));
	return err;
}

static void disk_unregister(struct umod_disk *d)
{
	struct umod_block *b = d->blk;

	if (!d->dev)
		return;
	umod_kernfs_remove_by_name(umod_kernfs_root(UMOD_KERNFS_BLOCK), b->host,
				   d->disk.disk_name);
	if (d->queue_dir)
		umod_kernfs_remove(d->queue_dir);
	d->queue_dir = NULL;
	umod_device_del(d->dev);
	umod_put_device(d->dev);
	d->dev = NULL;
}

/* del_gendisk(): off the list (no new opens), then out of sysfs and dev/ */
static void disk_remove(struct umod_disk *d)
{
	struct umod_block *b = d->blk;

	umod_nbd_del(d);
	pthread_mutex_lock(&b->lock);
	umod_list_del(&d->link);
	umod_list_init(&d->link);
	d->disk.state &= ~(1ul << GD_ADDED);
	pthread_mutex_unlock(&b->lock);
	disk_unregister(d);
}

static int kapi_device_add_disk(struct device *parent, struct gendisk *disk,
				const struct attribute_group **groups)
{
	struct umod_disk *d = umod_disk_of(disk);
	struct umod_block *b = d->blk;
	unsigned int devt;
	int err;

	if (!b || !disk->disk_name[0] || (disk->state & (1ul << GD_ADDED)))
		return -EINVAL;
	pthread_mutex_lock(&b->lock);
	devt = disk_devt(b, disk);
	if (devt) {
		d->part0.bd_dev = devt;
		disk->state |= 1ul << GD_ADDED;
		blk_list_add_tail(&d->link, &b->disks);
	}
	pthread_mutex_unlock(&b->lock);
	if (!devt)
		return -EBUSY;
	if (!disk->major) {
		disk->major = BLOCK_EXT_MAJOR;
		disk->first_minor = (int)(devt & ((1u << MINORBITS) - 1));
	}
	err = disk_register(d, parent, groups);
	if (err)
		disk_remove(d);
	else
		umod_nbd_add(d);
	return err;
}

static void kapi_del_gendisk(struct gendisk *disk)
{
	struct umod_disk *d = umod_disk_of(disk);

	if (d->blk && (disk->state & (1ul << GD_ADDED)))
		disk_remove(d);
}

static void disk_free(struct umod_disk *d)
{
	if (d->owns_queue)
		umod_blk_queue_free(d->disk.queue);
	free(d);
}

void umod_disk_put(struct umod_disk *d)
{
	bool last;

	pthread_mutex_lock(&d->blk->lock);
	last = !--d->refs;
	pthread_mutex_unlock(&d->blk->lock);
	if (last)
		disk_free(d);
}

static void kapi_put_disk(struct gendisk *disk)
{
	struct umod_disk *d;

	if (!disk)
		return;
	d = umod_disk_of(disk);
	if (!d->blk) {
		disk_free(d);
		return;
	}
	if (disk->state & (1ul << GD_ADDED))
		disk_remove(d);
	umod_disk_put(d);
}

struct umod_disk *umod_disk_get(struct umod_host *host, unsigned int devt)
{
	struct umod_block *b = umod_block_of(host);
	struct umod_disk *found = NULL;

	if (!b)
		return NULL;
	pthread_mutex_lock(&b->lock);
	blk_list_for_each(l, &b->disks) {
		struct umod_disk *d = umod_container_of(l, struct umod_disk, link);

		if (d->part0.bd_dev == devt) {
			found = d;
			d->refs++;
			break;
		}
	}
	pthread_mutex_unlock(&b->lock);
	return found;
}

/* ---- the host's block layer --------------------------------------------------- */

/* genhd_device_init(): the block class, /proc/partitions */
int umod_block_init(struct umod_host *host)
{
	struct umod_block *b = calloc(1, sizeof(*b));
	int err;

	if (!b || !(b->block_class = calloc(1, sizeof(*b->block_class)))) {
		free(b);
		return -ENOMEM;
	}
	b->host = host;
	b->nbd_dir = -1;
	pthread_mutex_init(&b->lock, NULL);
	umod_list_init(&b->majors);
	umod_list_init(&b->disks);
	b->block_class->name = "block";
	err = umod_class_register(umod_driver_core(host), b->block_class, NULL);
	if (!err && !umod_proc_text(host, "partitions", 0444, partitions_show, b))
		err = -ENOMEM;
	if (err) {
		free(b->block_class);
		free(b);
		return err;
	}
	pthread_mutex_lock(&registry_lock);
	blk_list_add_tail(&b->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	return 0;
}

void umod_block_exit(struct umod_host *host)
{
	struct umod_block *b = umod_block_of(host);

	if (!b)
		return;
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&b->link);
	pthread_mutex_unlock(&registry_lock);
	umod_proc_text_remove(host, "partitions");
	umod_class_unregister(umod_driver_core(host), b->block_class);
	while (!blk_list_empty(&b->majors)) {
		struct blk_major *m = umod_container_of(b->majors.next, struct blk_major, link);

		umod_list_del(&m->link);
		free(m);
	}
	free(b->block_class);
	if (b->nbd_dir >= 0)
		close(b->nbd_dir);
	pthread_mutex_destroy(&b->lock);
	free(b);
}

/* what a module's exit left: its disks deleted, its majors unregistered */
void umod_block_leftovers(struct umod_module *mod)
{
	struct umod_block *b;
	struct umod_disk *d;
	struct blk_major *m;

	if (!umod_module_has_made(mod, UMOD_MADE_BLOCK))
		return;
	b = umod_block_of(mod->host);
	while (b) {
		d = NULL;
		pthread_mutex_lock(&b->lock);
		blk_list_for_each(l, &b->disks)
			if (umod_container_of(l, struct umod_disk, link)->owner == mod)
				d = umod_container_of(l, struct umod_disk, link);
		pthread_mutex_unlock(&b->lock);
		if (!d)
			break;
		umod_log_printk(b->host->log, KERN_WARNING "%s: exit left disk %s added: deleted\n",
				mod->name, d->disk.disk_name);
		disk_remove(d);
	}
	while (b) {
		m = NULL;
		pthread_mutex_lock(&b->lock);
		blk_list_for_each(l, &b->majors)
			if (umod_container_of(l, struct blk_major, link)->owner == mod)
				m = umod_container_of(l, struct blk_major, link);
		if (m)
			umod_list_del(&m->link);
		pthread_mutex_unlock(&b->lock);
		if (!m)
			break;
		umod_log_printk(b->host->log, KERN_WARNING "%s: exit left block major %u (%s) registered: unregistered\n",
				mod->name, m->major, m->name);
		free(m);
	}
}

static const struct umod_kapi_export genhd_exports[] = {
	UMOD_KAPI("__register_blkdev", kapi_register_blkdev),
	UMOD_KAPI("unregister_blkdev", kapi_unregister_blkdev),
	UMOD_KAPI("__blk_alloc_disk", kapi_blk_alloc_disk),
	UMOD_KAPI("device_add_disk", kapi_device_add_disk),
	UMOD_KAPI("del_gendisk", kapi_del_gendisk),
	UMOD_KAPI("put_disk", kapi_put_disk),
	UMOD_KAPI("set_capacity", kapi_set_capacity),
	UMOD_KAPI_GPL("set_capacity_and_notify", kapi_set_capacity_and_notify),
	UMOD_KAPI("set_disk_ro", kapi_set_disk_ro),
	UMOD_KAPI("disk_to_dev", kapi_disk_to_dev),
};

const struct umod_kapi_table umod_kapi_genhd = UMOD_KAPI_TABLE(genhd_exports);
