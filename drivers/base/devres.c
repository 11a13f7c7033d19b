// SPDX-License-Identifier: MIT
/*
 * Managed resources (Linux 6.1's drivers/base/devres.c): a list per
 * device of what a driver took with devm_*(), each entry with its
 * release. After remove (or a failed probe) they are released newest
 * first, the exact reverse of probe, as the code of the module that
 * added each one. devm_kmalloc()'s memory is the entry's own data, so it
 * goes with it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "kernel/kapi.h"
#include "kernel/panic.h"
#include "lib/vsprintf.h"

#define GFP_ZERO	0x100u	/* __GFP_ZERO */

typedef void (*dr_release_t)(struct device *dev, void *res);
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);

struct devres {
	struct umod_list entry;		/* on dev->p->devres once added */
	dr_release_t release;
	struct umod_module *owner;	/* whose code release is */
	size_t size;
	unsigned long long data[] __attribute__((aligned(16)));
};

static struct devres *to_devres(void *res)
{
	return umod_container_of(res, struct devres, data);
}

static void *devres_alloc(dr_release_t release, size_t size, unsigned int gfp)
{
	struct devres *dr;

	if (size > SIZE_MAX - sizeof(*dr))
		return NULL;
	dr = gfp & GFP_ZERO ? calloc(1, sizeof(*dr) + size) : malloc(sizeof(*dr) + size);
	if (!dr)
		return NULL;
	umod_list_init(&dr->entry);
	dr->release = release;
	dr->owner = umod_caller_module();
	dr->size = size;
	return dr->data;
}

static void devres_add(struct device *dev, void *res)
{
	struct device_private *p = umod_device_private(dev);
	struct devres *dr = to_devres(res);

	pthread_mutex_lock(&p->devres_lock);
	umod_list_add(&dr->entry, p->devres.prev);
	pthread_mutex_unlock(&p->devres_lock);
}

/* devres_lock held: the newest entry with @release that @match takes */
static struct devres *find_locked(struct device *dev, dr_release_t release, dr_match_t match,
				  void *match_data)
{
	struct umod_list *head = &dev->p->devres;

	for (struct umod_list *l = head->prev; l != head; l = l->prev) {
		struct devres *dr = umod_container_of(l, struct devres, entry);

		if (dr->release == release && (!match || match(dev, dr->data, match_data)))
			return dr;
	}
	return NULL;
}

struct release_call {
	struct devres *dr;
	struct device *dev;
};

static long call_release(void *arg)
{
	struct release_call *c = arg;

	c->dr->release(c->dev, c->dr->data);
	return 0;
}

static void release_one(struct device *dev, struct devres *dr)
{
	struct release_call c = { dr, dev };

	if (dr->release)
		umod_base_call(dr->owner, call_release, &c);
	free(dr);
}

/* the entries taken off first, then released newest first, without the lock */
void umod_devres_release_all(struct device *dev)
{
	struct device_private *p = dev->p;
	struct umod_list todo;

	if (!p)
		return;
	umod_list_init(&todo);
	pthread_mutex_lock(&p->devres_lock);
	if (p->devres.next != &p->devres) {
		todo.next = p->devres.next;
		todo.prev = p->devres.prev;
		todo.next->prev = &todo;
		todo.prev->next = &todo;
		umod_list_init(&p->devres);
	}
	pthread_mutex_unlock(&p->devres_lock);
	while (todo.prev != &todo) {
		struct devres *dr = umod_container_of(todo.prev, struct devres, entry);

		umod_list_del(&dr->entry);
		release_one(dev, dr);
	}
}

/* ---- the exports: devres_* --------------------------------------------------------- */

static void *kapi___devres_alloc_node(dr_release_t release, size_t size, unsigned int gfp,
				      int nid, const char *name)
{
	return devres_alloc(release, size, gfp);
}

static void kapi_devres_free(void *res)
{
	if (res)
		free(to_devres(res));
}

static void kapi_devres_add(struct device *dev, void *res)
{
	if (dev && res)
		devres_add(dev, res);
}

static void *kapi_devres_find(struct device *dev, dr_release_t release, dr_match_t match,
			      void *match_data)
{
	struct devres *dr;

	if (!dev || !umod_device_private(dev))
		return NULL;
	pthread_mutex_lock(&dev->p->devres_lock);
	dr = find_locked(dev, release, match, match_data);
	pthread_mutex_unlock(&dev->p->devres_lock);
	return dr ? dr->data : NULL;
}

/* the existing entry if there is one (@new_res freed), else @new_res added */
static void *kapi_devres_get(struct device *dev, void *new_res, dr_match_t match,
			     void *match_data)
{
	struct devres *new_dr = to_devres(new_res), *dr;

	if (!umod_device_private(dev))
		return NULL;
	pthread_mutex_lock(&dev->p->devres_lock);
	dr = find_locked(dev, new_dr->release, match, match_data);
	if (!dr) {
		umod_list_add(&new_dr->entry, dev->p->devres.prev);
		dr = new_dr;
		new_dr = NULL;
	}
	pthread_mutex_unlock(&dev->p->devres_lock);
	free(new_dr);
	return dr->data;
}

static void *kapi_devres_remove(struct device *dev, dr_release_t release, dr_match_t match,
				void *match_data)
{
	struct devres *dr;

	if (!dev || !umod_device_private(dev))
		return NULL;
	pthread_mutex_lock(&dev->p->devres_lock);
	dr = find_locked(dev, release, match, match_data);
	if (dr) {
		umod_list_del(&dr->entry);
		umod_list_init(&dr->entry);
	}
	pthread_mutex_unlock(&dev->p->devres_lock);
	return dr ? dr->data : NULL;
}

static int kapi_devres_destroy(struct device *dev, dr_release_t release, dr_match_t match,
			       void *match_data)
{
	void *res = kapi_devres_remove(dev, release, match, match_data);

	if (!res)
		return -ENOENT;
	free(to_devres(res));
	return 0;
}

static int kapi_devres_release(struct device *dev, dr_release_t release, dr_match_t match,
			       void *match_data)
{
	void *res = kapi_devres_remove(dev, release, match, match_data);

	if (!res)
		return -ENOENT;
	release_one(dev, to_devres(res));
	return 0;
}

/* ---- devm_add_action(): a function called with @data at release --------------------- */

struct action_devres {
	void (*action)(void *data);
	void *data;
};

static void devm_action_release(struct device *dev, void *res)
{
	struct action_devres *a = res;

	a->action(a->data);
}

static int devm_action_match(struct device *dev, void *res, void *p)
{
	struct action_devres *a = res, *target = p;

	return a->action == target->action && a->data == target->data;
}

static int kapi_devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres *a = devres_alloc(devm_action_release, sizeof(*a), 0);

	if (!a)
		return -ENOMEM;
	a->action = action;
	a->data = data;
	devres_add(dev, a);
	return 0;
}

static void kapi_devm_remove_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres a = { action, data };

	if (kapi_devres_destroy(dev, devm_action_release, devm_action_match, &a))
		umod_warn_host("drivers/base/devres.c", 747, "devm_remove_action", "%s", "");
}

static void kapi_devm_release_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres a = { action, data };

	if (kapi_devres_release(dev, devm_action_release, devm_action_match, &a))
		umod_warn_host("drivers/base/devres.c", 768, "devm_release_action", "%s", "");
}

/* ---- devm_kmalloc() and the helpers built on it ---------------------------------------- */

static void devm_kmalloc_release(struct device *dev, void *res)
{
}

static int devm_kmalloc_match(struct device *dev, void *res, void *data)
{
	return res == data;
}

static void *kapi_devm_kmalloc(struct device *dev, size_t size, unsigned int gfp)
{
	void *p;

	if (!dev || !size)
		return NULL;
	p = devres_alloc(devm_kmalloc_release, size, gfp);
	if (p)
		devres_add(dev, p);
	return p;
}

static void kapi_devm_kfree(struct device *dev, const void *p)
{
	if (p && kapi_devres_destroy(dev, devm_kmalloc_release, devm_kmalloc_match, (void *)p))
		umod_warn_host("drivers/base/devres.c", 1148, "devm_kfree", "%s", "");
}

static void *kapi_devm_krealloc(struct device *dev, void *ptr, size_t new_size,
				unsigned int gfp)
{
	void *p;

	if (!ptr)
		return kapi_devm_kmalloc(dev, new_size, gfp);
	if (!new_size) {
		kapi_devm_kfree(dev, ptr);
		return NULL;
	}
	p = kapi_devm_kmalloc(dev, new_size, gfp);
	if (!p)
		return NULL;
	memcpy(p, ptr, to_devres(ptr)->size < new_size ? to_devres(ptr)->size : new_size);
	kapi_devm_kfree(dev, ptr);
	return p;
}

static void *kapi_devm_kmemdup(struct device *dev, const void *src, size_t len, unsigned int gfp)
{
	void *p = kapi_devm_kmalloc(dev, len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

static char *kapi_devm_kstrdup(struct device *dev, const char *s, unsigned int gfp)
{
	return s ? kapi_devm_kmemdup(dev, s, strlen(s) + 1, gfp) : NULL;
}

static const char *kapi_devm_kstrdup_const(struct device *dev, const char *s, unsigned int gfp)
{
	return kapi_devm_kstrdup(dev, s, gfp);
}

static char *kapi_devm_kvasprintf(struct device *dev, unsigned int gfp, const char *fmt,
				  va_list ap)
{
	va_list copy;
	char *p;
	int len;

	va_copy(copy, ap);
	len = umod_vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (len < 0 || !(p = kapi_devm_kmalloc(dev, (size_t)len + 1, gfp)))
		return NULL;
	umod_vsnprintf(p, (size_t)len + 1, fmt, ap);
	return p;
}

static char *kapi_devm_kasprintf(struct device *dev, unsigned int gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = kapi_devm_kvasprintf(dev, gfp, fmt, ap);
	va_end(ap);
	return p;
}

static const struct umod_kapi_export devres_exports[] = {
	UMOD_KAPI_GPL("__devres_alloc_node", kapi___devres_alloc_node),
	UMOD_KAPI_GPL("devres_free", kapi_devres_free),
	UMOD_KAPI_GPL("devres_add", kapi_devres_add),
	UMOD_KAPI_GPL("devres_find", kapi_devres_find),
	UMOD_KAPI_GPL("devres_get", kapi_devres_get),
	UMOD_KAPI_GPL("devres_remove", kapi_devres_remove),
	UMOD_KAPI_GPL("devres_destroy", kapi_devres_destroy),
	UMOD_KAPI_GPL("devres_release", kapi_devres_release),
	UMOD_KAPI_GPL("devm_add_action", kapi_devm_add_action),
	UMOD_KAPI_GPL("devm_remove_action", kapi_devm_remove_action),
	UMOD_KAPI_GPL("devm_release_action", kapi_devm_release_action),
	UMOD_KAPI_GPL("devm_kmalloc", kapi_devm_kmalloc),
	UMOD_KAPI_GPL("devm_kfree", kapi_devm_kfree),
	UMOD_KAPI_GPL("devm_krealloc", kapi_devm_krealloc),
	UMOD_KAPI_GPL("devm_kmemdup", kapi_devm_kmemdup),
	UMOD_KAPI_GPL("devm_kstrdup", kapi_devm_kstrdup),
	UMOD_KAPI_GPL("devm_kstrdup_const", kapi_devm_kstrdup_const),
	UMOD_KAPI("devm_kvasprintf", kapi_devm_kvasprintf),
	UMOD_KAPI_GPL("devm_kasprintf", kapi_devm_kasprintf),
};

const struct umod_kapi_table umod_kapi_devres = UMOD_KAPI_TABLE(devres_exports);

/* for the host's own devm users (devm_request_irq, devm_gpiod_get ...) */
void *umod_devres_alloc(void (*release)(struct device *dev, void *res), size_t size)
{
	void *res = devres_alloc(release, size, GFP_ZERO);

	if (res)
		to_devres(res)->owner = NULL;	/* @release is host code */
	return res;
}

void umod_devres_add(struct device *dev, void *res)
{
	devres_add(dev, res);
}

void umod_devres_free(void *res)
{
	kapi_devres_free(res);
}

int umod_devres_release(struct device *dev, void (*release)(struct device *dev, void *res),
			int (*match)(struct device *dev, void *res, void *data), void *data)
{
	return kapi_devres_release(dev, release, match, data);
}
