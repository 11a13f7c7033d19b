// SPDX-License-Identifier: MIT
/*
 * The registry of IR keymaps, 6.1's rc_map_register(), rc_map_unregister()
 * and rc_map_get() (drivers/media/rc/rc-main.c; the header still says
 * "Routines from rc-map.c"). In Linux they belong to rc-core.ko; here they
 * are the host's, so that the 134 keymap modules of a genuine kernel load
 * with nothing else, and a module of either kind can read their tables.
 * The genuine rc-core.ko itself exports these names too: it is refused as
 * a duplicate, as if it were built in.
 *
 * One list linked through the maps' own list heads, as the kernel's. A map
 * lies in its module's memory, so a host finds its own modules' maps by
 * address: two hosts in one process each see theirs.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>

#include <umod/kabi/rc-map.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "util/list.h"

static pthread_mutex_t rc_map_lock = PTHREAD_MUTEX_INITIALIZER;
static struct list_head rc_map_list = { &rc_map_list, &rc_map_list };

static int kapi_rc_map_register(struct rc_map_list *map)
{
	pthread_mutex_lock(&rc_map_lock);
	map->list.prev = rc_map_list.prev;
	map->list.next = &rc_map_list;
	rc_map_list.prev->next = &map->list;
	rc_map_list.prev = &map->list;
	pthread_mutex_unlock(&rc_map_lock);
	return 0;
}

static void kapi_rc_map_unregister(struct rc_map_list *map)
{
	pthread_mutex_lock(&rc_map_lock);
	map->list.prev->next = map->list.next;
	map->list.next->prev = map->list.prev;
	map->list.next = map->list.prev = NULL;	/* list_del()'s poison, as NULLs */
	pthread_mutex_unlock(&rc_map_lock);
}

/* seek_rc_map(): the first map of that name among @host's modules' */
static struct rc_map_list *seek_rc_map(struct umod_host *host, const char *name)
{
	struct rc_map_list *found = NULL;

	pthread_mutex_lock(&rc_map_lock);
	for (struct list_head *n = rc_map_list.next; n != &rc_map_list && !found; n = n->next) {
		struct rc_map_list *m = umod_container_of(n, struct rc_map_list, list);

		if ((!host || umod_area_contains(host, (uint64_t)(uintptr_t)m)) &&
		    m->map.name && !strcmp(m->map.name, name))
			found = m;
	}
	pthread_mutex_unlock(&rc_map_lock);
	return found;
}

static int request(struct umod_host *host, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = umod_request_module(host, true, fmt, ap);
	va_end(ap);
	return ret;
}

static struct rc_map *kapi_rc_map_get(const char *name)
{
	struct umod_host *host = umod_caller_host();
	struct rc_map_list *map = seek_rc_map(host, name);

	if (!host)
		return map ? &map->map : NULL;
	if (!map) {
		if (request(host, "%s", name) < 0) {
			umod_log_printk(host->log, KERN_ERR "rc_core: Couldn't load IR keymap %s\n",
					name);
			return NULL;
		}
		map = seek_rc_map(host, name);
	}
	if (!map) {
		umod_log_printk(host->log, KERN_ERR "rc_core: IR keymap %s not found\n", name);
		return NULL;
	}
	umod_log_printk(host->log, KERN_INFO "Registered IR keymap %s\n", map->map.name);
	return &map->map;
}

static const struct umod_kapi_export rc_map_exports[] = {
	UMOD_KAPI_GPL("rc_map_register", kapi_rc_map_register),
	UMOD_KAPI_GPL("rc_map_unregister", kapi_rc_map_unregister),
	UMOD_KAPI_GPL("rc_map_get", kapi_rc_map_get),
};

const struct umod_kapi_table umod_kapi_rc_map = UMOD_KAPI_TABLE(rc_map_exports);
