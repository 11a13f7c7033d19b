// SPDX-License-Identifier: MIT
/*
 * I/O ports and memory ranges a driver claims (Linux 6.1's
 * kernel/resource.c): two trees per host, the I/O ports 0000-ffff and
 * the physical address space, each a resource with children sorted by
 * address. request_region() and request_mem_region() are
 * __request_region() on them: a range inside a free (not busy) resource
 * nests below it (a driver's "edu" below the PCI core's "0000:00:04.0"),
 * one that overlaps a busy one fails. /proc/ioports and /proc/iomem print
 * the trees as r_show() does.
 *
 * Modules name the roots as 6.1's do, &ioport_resource and
 * &iomem_resource: those exported objects stand for the calling host's
 * own roots, as platform_bus stands for its platform device.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/device.h>

#include "drivers/base/base.h"
#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "kernel/resource.h"
#include "lib/vsprintf.h"
#include "util/list.h"

#define MAX_IORES_LEVEL	5	/* as 6.1: deeper is printed at this depth */
#define IORESOURCE_TYPE_BITS	0x00001f00
#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_EXT_TYPE_BITS 0x01000000
#define IORESOURCE_BUSY		0x80000000

typedef unsigned long long resource_size_t;

struct host_res {
	struct umod_host *host;
	struct resource io, mem;
	unsigned char missed[65536 / 8];	/* ports whose miss was logged */
	struct umod_list link;
};

/* what modules name; their own host's roots are used */
static struct resource ioport_stand_in = {
	.start = 0, .end = 0xffff, .name = "PCI IO", .flags = IORESOURCE_IO,
};
static struct resource iomem_stand_in = {
	.start = 0, .end = ~0ull, .name = "PCI mem", .flags = IORESOURCE_MEM,
};

static pthread_mutex_t resource_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list hosts = { &hosts, &hosts };

static struct host_res *host_res_of(struct umod_host *host)
{
	for (struct umod_list *n = hosts.next; n != &hosts; n = n->next) {
		struct host_res *h = umod_container_of(n, struct host_res, link);

		if (h->host == host)
			return h;
	}
	return NULL;
}

struct resource *umod_resource_root(struct umod_host *host, struct resource *parent)
{
	struct host_res *h;

	if (parent != &ioport_stand_in && parent != &iomem_stand_in)
		return parent;
	pthread_mutex_lock(&resource_lock);
	h = host_res_of(host);
	pthread_mutex_unlock(&resource_lock);
	if (!h)
		return NULL;
	return parent == &ioport_stand_in ? &h->io : &h->mem;
}

struct resource *umod_resource_ioport(void)
{
	return &ioport_stand_in;
}

struct resource *umod_resource_iomem(void)
{
	return &iomem_stand_in;
}

/* ---- the tree (resource_lock held) ---------------------------------------------- */

/* __request_resource(): NULL when @new went in, else what it collides with */
static struct resource *insert_locked(struct resource *root, struct resource *new)
{
	struct resource **p = &root->child, *tmp;

	if (new->end < new->start || new->start < root->start || new->end > root->end)
		return root;
	for (;;) {
		tmp = *p;
		if (!tmp || tmp->start > new->end) {
			new->sibling = tmp;
			*p = new;
			new->parent = root;
			return NULL;
		}
		p = &tmp->sibling;
		if (tmp->end < new->start)
			continue;
		return tmp;
	}
}

static int remove_locked(struct resource *old)
{
	struct resource **p;

	if (!old->parent)
		return -EINVAL;
	for (p = &old->parent->child; *p; p = &(*p)->sibling)
		if (*p == old) {
			*p = old->sibling;
			old->parent = NULL;
			return 0;
		}
	return -EINVAL;
}

struct resource *umod_request_resource(struct resource *root, struct resource *new)
{
	struct resource *conflict;

	pthread_mutex_lock(&resource_lock);
	conflict = insert_locked(root, new);
	pthread_mutex_unlock(&resource_lock);
	return conflict;
}

void umod_release_resource(struct resource *old)
{
	pthread_mutex_lock(&resource_lock);
	remove_locked(old);
	pthread_mutex_unlock(&resource_lock);
}

/* ---- __request_region(), __release_region() -------------------------------------------- */

/* a busy resource for the range, nested in the free ones it falls in; NULL if one is busy */
static struct resource *request_region(struct resource *parent, resource_size_t start,
				       resource_size_t n, const char *name, int flags)
{
	struct resource *res = calloc(1, sizeof(*res));

	if (!res || !parent || !n) {
		free(res);
		return NULL;
	}
	res->name = name;
	res->start = start;
	res->end = start + n - 1;
	pthread_mutex_lock(&resource_lock);
	res->flags = (parent->flags & (IORESOURCE_TYPE_BITS | IORESOURCE_EXT_TYPE_BITS)) |
		     IORESOURCE_BUSY | (unsigned long)flags;
	for (;;) {
		struct resource *conflict = insert_locked(parent, res);

		if (!conflict)
			break;
		if (conflict != parent && !(conflict->flags & IORESOURCE_BUSY)) {
			parent = conflict;
			continue;
		}
		pthread_mutex_unlock(&resource_lock);
		free(res);
		return NULL;
	}
	pthread_mutex_unlock(&resource_lock);
	return res;
}

/* the busy resource that is exactly the range, found through the free ones around it */
static bool release_region(struct resource *parent, resource_size_t start, resource_size_t n)
{
	resource_size_t end = start + n - 1;
	struct resource **p = &parent->child, *res;

	pthread_mutex_lock(&resource_lock);
	while ((res = *p)) {
		if (res->start <= start && res->end >= end) {
			if (!(res->flags & IORESOURCE_BUSY)) {
				p = &res->child;
				continue;
			}
			if (res->start != start || res->end != end)
				break;
			*p = res->sibling;
			pthread_mutex_unlock(&resource_lock);
			free(res);
			return true;
		}
		p = &res->sibling;
	}
	pthread_mutex_unlock(&resource_lock);
	return false;
}

static struct resource *kapi___request_region(struct resource *parent, resource_size_t start,
					      resource_size_t n, const char *name, int flags)
{
	return request_region(umod_resource_root(umod_caller_host(), parent), start, n, name,
			      flags);
}

static void kapi___release_region(struct resource *parent, resource_size_t start,
				  resource_size_t n)
{
	struct umod_host *host = umod_caller_host();
	struct resource *root = umod_resource_root(host, parent);

	if (root && n && release_region(root, start, n))
		return;
	umod_log_printk(host->log, KERN_WARNING "Trying to free nonexistent resource <0x%016llx-0x%016llx>\n",
			(unsigned long long)start, (unsigned long long)(start + n - 1));
}

static int kapi_request_resource(struct resource *root, struct resource *new)
{
	root = umod_resource_root(umod_caller_host(), root);
	return root && !umod_request_resource(root, new) ? 0 : -EBUSY;
}

static int kapi_release_resource(struct resource *old)
{
	int err;

	pthread_mutex_lock(&resource_lock);
	err = remove_locked(old);
	pthread_mutex_unlock(&resource_lock);
	return err;
}

/* ---- the managed forms --------------------------------------------------------------- */

struct region_devres {
	struct resource *parent;
	resource_size_t start, n;
	struct umod_host *host;
};

static void devm_region_release(struct device *dev, void *res)
{
	struct region_devres *dr = res;

	release_region(dr->parent, dr->start, dr->n);
}

static struct resource *kapi___devm_request_region(struct device *dev, struct resource *parent,
						   resource_size_t start, resource_size_t n,
						   const char *name)
{
	struct region_devres *dr = umod_devres_alloc(devm_region_release, sizeof(*dr));
	struct resource *root = umod_resource_root(umod_caller_host(), parent);
	struct resource *res;

	if (!dr)
		return NULL;
	res = request_region(root, start, n, name, 0);
	if (!res) {
		umod_devres_free(dr);
		return NULL;
	}
	*dr = (struct region_devres){ root, start, n, NULL };
	umod_devres_add(dev, dr);
	return res;
}

static int devm_region_match(struct device *dev, void *res, void *data)
{
	struct region_devres *a = res, *b = data;

	return a->parent == b->parent && a->start == b->start && a->n == b->n;
}

static void kapi___devm_release_region(struct device *dev, struct resource *parent,
				       resource_size_t start, resource_size_t n)
{
	struct region_devres match = { umod_resource_root(umod_caller_host(), parent), start, n,
				       NULL };

	umod_devres_release(dev, devm_region_release, devm_region_match, &match);
}

/* ---- /proc/ioports, /proc/iomem ------------------------------------------------------------ */

struct text {
	char *buf;
	size_t size, len;
};

static void show_tree(struct text *t, const struct resource *root, int width)
{
	const struct resource *r = root->child;
	int depth = 0;

	while (r) {
		t->len += (size_t)umod_scnprintf(t->buf + t->len, t->size - t->len,
						 "%*s%0*llx-%0*llx : %s\n",
						 (depth < MAX_IORES_LEVEL ? depth : MAX_IORES_LEVEL) * 2,
						 "", width, r->start, width, r->end,
						 r->name ? r->name : "<BAD>");
		/* depth first, as r_next() walks */
		if (r->child) {
			r = r->child;
			depth++;
			continue;
		}
		while (!r->sibling && r->parent != root) {
			r = r->parent;
			depth--;
		}
		r = r->sibling;
	}
}

static int tree_show(struct umod_fs_node *node, char *buf, size_t size, bool io)
{
	struct host_res *h = node->text_data;
	struct text t = { buf, size, 0 };

	pthread_mutex_lock(&resource_lock);
	show_tree(&t, io ? &h->io : &h->mem, io ? 4 : 8);
	pthread_mutex_unlock(&resource_lock);
	return (int)t.len;
}

static int ioports_show(struct umod_fs_node *node, char *buf, size_t size)
{
	return tree_show(node, buf, size, true);
}

static int iomem_show(struct umod_fs_node *node, char *buf, size_t size)
{
	return tree_show(node, buf, size, false);
}

/* ---- the host's trees ------------------------------------------------------------------------ */

int umod_resource_init(struct umod_host *host)
{
	struct host_res *h = calloc(1, sizeof(*h));

	if (!h)
		return -ENOMEM;
	h->host = host;
	h->io = ioport_stand_in;
	h->mem = iomem_stand_in;
	pthread_mutex_lock(&resource_lock);
	umod_list_add(&h->link, &hosts);
	pthread_mutex_unlock(&resource_lock);
	if (!umod_proc_text(host, "ioports", 0444, ioports_show, h) ||
	    !umod_proc_text(host, "iomem", 0444, iomem_show, h))
		return -ENOMEM;
	return 0;
}

/* a tree's resources the host allocated: request_region()'s (modules' own are theirs) */
void umod_resource_host_gone(struct umod_host *host)
{
	struct host_res *h;

	umod_proc_text_remove(host, "ioports");
	umod_proc_text_remove(host, "iomem");
	pthread_mutex_lock(&resource_lock);
	h = host_res_of(host);
	if (h)
		umod_list_del(&h->link);
	pthread_mutex_unlock(&resource_lock);
	free(h);
}

bool umod_ioport_first_miss(struct umod_host *host, unsigned int port)
{
	struct host_res *h;
	bool first = false;

	port &= 0xffff;
	pthread_mutex_lock(&resource_lock);
	h = host_res_of(host);
	if (h && !(h->missed[port / 8] & (1u << (port % 8)))) {
		h->missed[port / 8] |= (unsigned char)(1u << (port % 8));
		first = true;
	}
	pthread_mutex_unlock(&resource_lock);
	return first;
}

static const struct umod_kapi_export resource_exports[] = {
	UMOD_KAPI("ioport_resource", &ioport_stand_in),
	UMOD_KAPI("iomem_resource", &iomem_stand_in),
	UMOD_KAPI("__request_region", kapi___request_region),
	UMOD_KAPI("__release_region", kapi___release_region),
	UMOD_KAPI("request_resource", kapi_request_resource),
	UMOD_KAPI("release_resource", kapi_release_resource),
	UMOD_KAPI("__devm_request_region", kapi___devm_request_region),
	UMOD_KAPI("__devm_release_region", kapi___devm_release_region),
};

const struct umod_kapi_table umod_kapi_resource = UMOD_KAPI_TABLE(resource_exports);
