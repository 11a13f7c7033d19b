/* SPDX-License-Identifier: MIT */
/*
 * The block layer's own (Linux's block/blk.h): one registry per host
 * (majors, disks, the block class), the host's records behind a gendisk,
 * a request queue and a tag set, and what fs/ asks of the disk files.
 */
#ifndef _UMOD_BLOCK_BLK_H
#define _UMOD_BLOCK_BLK_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <umod/kabi/blkdev.h>

#include "util/list.h"

struct umod_host;
struct umod_module;
struct umod_nbd;
struct class;
struct device;
struct kernfs_node;
struct umod_kernfs_ops;

#define UMOD_SECTOR_SHIFT	9

/* util/list.h's list, walked and appended to as the kernel's list.h does */
#define blk_list_for_each(pos, head) \
	for (struct umod_list *pos = (head)->next; pos != (head); pos = pos->next)

static inline void blk_list_add_tail(struct umod_list *n, struct umod_list *head)
{
	umod_list_add(n, head->prev);
}

static inline bool blk_list_empty(const struct umod_list *head)
{
	return head->next == head;
}

/* a host's block layer (genhd.c) */
struct umod_block {
	struct umod_host *host;
	struct umod_list link;		/* on the registry */
	pthread_mutex_t lock;		/* majors, disks */
	struct class *block_class;
	struct umod_list majors;
	struct umod_list disks;		/* added disks, oldest first */
	int nbd_dir;			/* umod_host_set_blk_nbd()'s directory, or -1 */
};

/* a sysfs file of a disk or its queue: its priv */
struct umod_disk_attr {
	struct umod_disk *d;
	int attr;
};

#define UMOD_DISK_ATTRS		40

/* the host's record of a gendisk: the disk first (container_of) */
struct umod_disk {
	struct gendisk disk;
	struct block_device part0;
	struct umod_module *owner;	/* who allocated it */
	struct umod_block *blk;
	struct device *dev;		/* /sys/devices/virtual/block/NAME, once added */
	struct kernfs_node *queue_dir;
	struct umod_list link;		/* on blk->disks while added */
	bool owns_queue;		/* blk_alloc_disk's or blk_mq_alloc_disk's */
	int refs;			/* blk->lock: put_disk's and each open file's */
	struct umod_disk_attr attrs[UMOD_DISK_ATTRS];
	unsigned int nattrs;
	uint64_t ios[4], sectors[4];	/* /sys/block/NAME/stat: read, write, discard, flush */
	uint64_t inflight[2];
	struct umod_nbd *nbd;		/* its NBD export (drivers/block/nbd.c), or NULL */
};

static inline struct umod_disk *umod_disk_of(struct gendisk *disk)
{
	return (struct umod_disk *)disk;
}

/* genhd.c */
int umod_block_init(struct umod_host *host);
void umod_block_exit(struct umod_host *host);
void umod_block_leftovers(struct umod_module *mod);
struct gendisk *umod_disk_alloc(struct umod_module *owner, struct request_queue *q);
/* a read-only file of the disk's in @dir showing @show(d, attr) */
int umod_disk_file(struct umod_disk *d, struct kernfs_node *dir, const char *name, int attr,
		   const struct umod_kernfs_ops *ops);
struct umod_block *umod_block_of(struct umod_host *host);
struct umod_module *umod_block_caller(struct module *owner);
/* the added disk whose dev_t is @devt, referenced (umod_disk_put), or NULL */
struct umod_disk *umod_disk_get(struct umod_host *host, unsigned int devt);
void umod_disk_put(struct umod_disk *d);

/* blk-settings.c: 6.1's defaults for a new queue */
void umod_blk_set_default_limits(struct queue_limits *lim);
/* the queue/ directory of an added disk */
int umod_blk_queue_sysfs(struct umod_disk *d);

/* blk-mq.c */
struct request_queue *umod_blk_queue_alloc(struct umod_module *owner);
void umod_blk_queue_free(struct request_queue *q);
/*
 * One request of @op over @len bytes at @sector, from and to @buf (page
 * aligned; NULL for a flush or a discard): through queue_rq, or as a bio
 * through the disk's submit_bio. Waits for it; 0 or -errno.
 */
int umod_blk_execute(struct umod_disk *d, unsigned int op, uint64_t sector, void *buf,
		     unsigned int len);
/* bio.c: the same for a bio-based disk; blk_status_t's errno; bio_advance() */
int umod_blk_status_to_errno(unsigned char status);
struct bio *umod_bio_new(struct umod_disk *d, unsigned int op, uint64_t sector, void *buf,
			 unsigned int len);
void umod_bio_advance(struct bio *bio, unsigned int bytes);
int umod_bio_execute(struct umod_disk *d, unsigned int op, uint64_t sector, void *buf,
		     unsigned int len);

/* drivers/block/nbd.c: an added disk served over NBD, when the host has a
 * directory for the sockets; and its end at del_gendisk() */
void umod_nbd_add(struct umod_disk *d);
void umod_nbd_del(struct umod_disk *d);

/* module code run for the block layer: @fn(@arg) as @mod's; -EIO if it oopsed */
long umod_blk_call(struct umod_module *mod, long (*fn)(void *), void *arg);

#endif /* _UMOD_BLOCK_BLK_H */
