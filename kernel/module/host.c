// SPDX-License-Identifier: MIT
/*
 * A host: the "kernel" a set of modules is loaded into. It owns the module
 * list, the export table and the printk ring; nothing is shared between
 * hosts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/dma/dma.h"
#include "kernel/hung_task.h"
#include "kernel/kapi.h"
#include "drivers/base/base.h"
#include "drivers/gpio/gpiolib.h"
#include "drivers/i2c/i2c-core.h"
#include "drivers/spi/spi.h"
#include "drivers/usb/core/usb.h"
#include "kernel/irq/internals.h"
#include "kernel/module/internal.h"
#include "kernel/oops.h"
#include "kernel/params.h"
#include "kernel/printk/internal.h"
#include "kernel/resource.h"
#include "kernel/watchdog.h"
#include "lib/kobject_uevent.h"
#include "mm/percpu-internal.h"
#include "util/symtab.h"

#define HOST_LOG_SIZE	(128u << 10)	/* the kernel's default log_buf_len */

static void host_free(struct umod_host *host)
{
	free(host->cmdline);
	free(host->module_tree);
	umod_keyring_free(host->keyring);
	umod_symtab_free(host->exports);
	umod_genuine_free(host->genuine);
	umod_log_free(host->log);
	umod_uevents_release(host);
	umod_percpu_release(host);
	umod_area_release(host);
	umod_image_cache_free(host);
	pthread_cond_destroy(&host->module_wq);
	pthread_mutex_destroy(&host->use_lock);
	pthread_mutex_destroy(&host->module_mutex);
	pthread_cond_destroy(&host->watchdog_wake);
	pthread_mutex_destroy(&host->calls_lock);
	free(host);
}

/* waits on it time out by CLOCK_MONOTONIC: a clock change must not cut them short */
static void init_module_wq(pthread_cond_t *wq)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(wq, &attr);
	pthread_condattr_destroy(&attr);
}

/* the old entry point, for binaries built before umod_host_new() became a macro */
UMOD_API int (umod_host_new)(struct umod_host **hostp)
{
	return umod_host_new_exports(hostp, NULL, NULL);
}

UMOD_API int umod_host_new_exports(struct umod_host **hostp,
				   const struct umod_export *first,
				   const struct umod_export *last)
{
	struct umod_host *host;
	int err;

	if (!hostp)
		return -EINVAL;
	host = calloc(1, sizeof(*host));
	if (!host)
		return -ENOMEM;
	atomic_init(&host->refs, 1);
	pthread_mutex_init(&host->module_mutex, NULL);
	init_module_wq(&host->module_wq);
	pthread_mutex_init(&host->use_lock, NULL);
	umod_list_init(&host->modules);
	umod_list_init(&host->kept);
	atomic_init(&host->module_memory_limit, UMOD_MODULE_MEMORY_DEFAULT);
	atomic_init(&host->hung_task_timeout, UMOD_HUNG_TASK_TIMEOUT);
	pthread_mutex_init(&host->calls_lock, NULL);
	pthread_mutex_init(&host->image_cache_lock, NULL);
	umod_list_init(&host->calls);
	init_module_wq(&host->watchdog_wake);
	err = umod_log_new(&host->log, HOST_LOG_SIZE);
	if (!err)
		err = umod_symtab_new(&host->exports);
	if (!err)
		err = umod_kapi_export_all(host->exports);
	if (!err)
		err = umod_host_export_table(host, first, last);
	if (!err)
		err = umod_uevents_init(host);
	if (!err)
		err = umod_irq_init(host);	/* the interrupt CPU, /proc/interrupts */
	if (!err)
		err = umod_resource_init(host);	/* /proc/ioports, /proc/iomem */
	if (!err)
		err = umod_dma_debug_fs_init(host);	/* /sys/kernel/debug/dma-api */
	if (!err)
		err = umod_driver_init(host);	/* driver_init(): the buses a booted kernel has */
	if (!err)
		err = umod_gpio_init(host);	/* gpiolib: the gpio bus, class, debugfs gpio */
	if (!err)
		err = umod_i2c_init(host);	/* the i2c bus (issue 31 item 5) */
	if (!err)
		err = umod_spi_init(host);	/* the spi bus, class spi_master */
	if (!err)
		err = umod_usb_init(host);	/* the usb bus, class usbmisc (issue 31 item 4) */
	if (!err)
		err = umod_watchdog_start(host);
	if (err) {
		host_free(host);
		return err;
	}
	*hostp = host;
	return 0;
}

UMOD_API struct umod_host *umod_host_ref(struct umod_host *host)
{
	if (host)
		atomic_fetch_add(&host->refs, 1);
	return host;
}

UMOD_API struct umod_host *umod_host_unref(struct umod_host *host)
{
	if (!host || atomic_fetch_sub(&host->refs, 1) > 1)
		return host;
	umod_unload_all(host);
	umod_watchdog_stop(host);
	/* after the last exit functions, which it still covers */
	umod_oops_host_gone(host);
	host_free(host);
	return NULL;
}

/* name and namespace in one allocation, which the table owns */
static int host_export_locked(struct umod_host *host, const char *name, const void *addr,
			      unsigned int flags, const char *ns)
{
	size_t nlen = strlen(name) + 1, slen = ns && *ns ? strlen(ns) + 1 : 0;
	struct umod_ksym sym = {
		.addr = (uint64_t)(uintptr_t)addr,
		.flags = flags & UMOD_EXPORT_GPL ? UMOD_KSYM_GPL : 0,
		.name_owned = true,
	};
	char *copy = malloc(nlen + slen);
	int err;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, name, nlen);
	if (slen)
		sym.ns = memcpy(copy + nlen, ns, slen);
	sym.name = copy;
	err = umod_symtab_add(host->exports, &sym);
	if (err)
		free(copy);
	return err;
}

UMOD_API int umod_host_export_ns(struct umod_host *host, const char *name,
				 const void *addr, unsigned int flags, const char *ns)
{
	int err;

	if (!host || !name || !*name || !addr || (flags & ~UMOD_EXPORT_GPL))
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	err = host_export_locked(host, name, addr, flags, ns);
	pthread_mutex_unlock(&host->module_mutex);
	return err;
}

UMOD_API int umod_host_export(struct umod_host *host, const char *name,
			      const void *addr, int gpl)
{
	return umod_host_export_ns(host, name, addr, gpl ? UMOD_EXPORT_GPL : 0, NULL);
}

/* all or nothing: a refused entry withdraws the ones before it */
UMOD_API int umod_host_export_table(struct umod_host *host,
				    const struct umod_export *first,
				    const struct umod_export *last)
{
	const struct umod_export *e;
	int err = 0;

	if (!host || (!first) != (!last) || first > last)
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	for (e = first; e < last && !err; e++)
		err = e->name && e->addr ? host_export_locked(host, e->name, e->addr,
							      e->flags, e->ns) : -EINVAL;
	if (err)
		while (--e > first)
			umod_symtab_del(host->exports, e[-1].name, NULL);
	pthread_mutex_unlock(&host->module_mutex);
	return err;
}

struct export_walk {
	int (*fn)(const char *name, const char *owner, int gpl, void *data);
	void *data;
};

static int export_one(const struct umod_ksym *sym, void *data)
{
	const struct export_walk *w = data;

	return w->fn(sym->name, sym->owner ? sym->owner->name : NULL,
		     !!(sym->flags & UMOD_KSYM_GPL), w->data);
}

UMOD_API int umod_host_for_each_export(struct umod_host *host,
				       int (*fn)(const char *name, const char *owner,
						 int gpl, void *data),
				       void *data)
{
	struct export_walk w = { fn, data };
	int ret;

	if (!host || !fn)
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	ret = umod_symtab_for_each(host->exports, export_one, &w);
	pthread_mutex_unlock(&host->module_mutex);
	return ret;
}

UMOD_API int umod_host_set_module_memory_limit(struct umod_host *host, size_t bytes)
{
	if (!host || !bytes)
		return -EINVAL;
	atomic_store(&host->module_memory_limit, bytes);
	return 0;
}

UMOD_API int umod_host_set_force_unload(struct umod_host *host, int enable)
{
	if (!host)
		return -EINVAL;
	atomic_store(&host->force_unload, !!enable);
	return 0;
}

/* ---- the log, as embedders see it ---------------------------------------- */

UMOD_API int umod_host_set_log_fn(struct umod_host *host, umod_log_fn fn, void *data)
{
	if (!host)
		return -EINVAL;
	umod_log_set_sink(host->log, fn, data);
	return 0;
}

UMOD_API int umod_log_read(struct umod_host *host, uint64_t *seq, int *level,
			   uint64_t *ts_nsec, char *buf, size_t size)
{
	if (!host || !seq || (!buf && size))
		return -EINVAL;
	return umod_log_read_record(host->log, seq, level, ts_nsec, buf, size);
}

UMOD_API int umod_log_clear(struct umod_host *host)
{
	if (!host)
		return -EINVAL;
	umod_log_clear_read(host->log);
	return 0;
}

UMOD_API int umod_host_log(struct umod_host *host, int level, const char *fmt, ...)
{
	char prefix[3] = { KERN_SOH_ASCII, (char)('0' + (level & 7)), '\0' };
	char line[1024];
	va_list ap;

	if (!host || !fmt)
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return umod_log_printk(host->log, "%s%s", prefix, line);
}

/* ---- the module list ------------------------------------------------------ */

/* module names compare with '-' and '_' equal, as the kernel's */
/* module names compare as parameter names do: '-' and '_' alike */
bool umod_module_name_eq(const char *a, const char *b)
{
	return umod_parameq(a, b);
}

/* FNV-1a over the name with '-' read as '_'; odd, so never 0 */
uint32_t umod_module_name_hash(const char *name)
{
	uint32_t h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		h ^= *p == '-' ? '_' : *p;
		h *= 16777619u;
	}
	return h | 1;
}

/*
 * A walk of the list, as the kernel's find_module_all(), but each module's
 * name is only compared when its hash matches: every load looks its name
 * up twice, and with 1,000 modules the name comparisons were most of a
 * load's instructions. A module listed without its hash (0) is compared.
 */
struct umod_module *umod_host_find_locked(struct umod_host *host, const char *name)
{
	uint32_t h = umod_module_name_hash(name);

	for (struct umod_list *n = host->modules.next; n != &host->modules; n = n->next) {
		struct umod_module *m = umod_container_of(n, struct umod_module, list);

		if ((!m->name_hash || m->name_hash == h) && umod_module_name_eq(m->name, name))
			return m;
	}
	return NULL;
}

UMOD_API int umod_module_find(struct umod_host *host, const char *name,
			      struct umod_module **modp)
{
	struct umod_module *m;

	if (!host || !name || !modp)
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	m = umod_host_find_locked(host, name);
	if (m && atomic_load(&m->state) == UMOD_MODULE_UNFORMED)
		m = NULL;
	*modp = umod_module_ref(m);
	pthread_mutex_unlock(&host->module_mutex);
	return m ? 0 : -ENOENT;
}

UMOD_API int umod_host_for_each_module(struct umod_host *host,
				       int (*fn)(struct umod_module *mod, void *data),
				       void *data)
{
	int ret = 0;

	if (!host || !fn)
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	for (struct umod_list *n = host->modules.next; !ret && n != &host->modules; n = n->next) {
		struct umod_module *m = umod_container_of(n, struct umod_module, list);

		if (atomic_load(&m->state) != UMOD_MODULE_UNFORMED)
			ret = fn(m, data);
	}
	pthread_mutex_unlock(&host->module_mutex);
	return ret;
}
