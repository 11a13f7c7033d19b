// SPDX-License-Identifier: MIT
/*
 * What the host exports to modules: the kernel API of include/linux/.
 * Each file that implements part of it has a table of its exports
 * (struct umod_kapi_table, see kapi.h); this file joins them into a
 * host's export table, with the build-time CRCs, and holds the small part
 * that has no file of its own yet: strings, use counts,
 * symbol_get and request_module.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "fs/configfs/configfs_internal.h"
#include "fs/proc/internal.h"
#include "lib/dynamic_debug.h"
#include "lib/kstrtox.h"
#include "util/symtab.h"

/* ---- use counts and weak references ---------------------------------------- */

/* NULL is the host's own code, which is never unloaded */
static struct umod_module *kapi_umod(struct module *mod)
{
	return mod ? mod->umod : NULL;
}

static bool kapi_try_module_get(struct module *mod)
{
	return !mod || umod_refcount_try_get(kapi_umod(mod));
}

static void kapi___module_get(struct module *mod)
{
	if (mod)
		umod_refcount_get(kapi_umod(mod));
}

static void kapi_module_put(struct module *mod)
{
	if (mod)
		umod_refcount_put(kapi_umod(mod));
}

static int kapi_module_refcount(struct module *mod)
{
	return mod ? umod_refcount_read(kapi_umod(mod)) : 0;
}

/*
 * symbol_get(): the value of an export, holding its module until
 * symbol_put(); NULL when nobody exports it or its module is still in its
 * init or going. As the kernel's, it looks at GPL-only exports too: the
 * function itself is GPL-only.
 */
static void *kapi___symbol_get(const char *name)
{
	struct module *me = UMOD_CALLER();
	struct umod_host *host;
	const struct umod_ksym *ks;
	void *addr = NULL;

	if (!me || !name)
		return NULL;
	host = kapi_umod(me)->host;
	pthread_mutex_lock(&host->module_mutex);
	ks = umod_genuine_symbol(host, name);
	if (ks && !umod_strong_try_module_get(ks->owner))
		addr = (void *)(uintptr_t)ks->addr;
	pthread_mutex_unlock(&host->module_mutex);
	return addr;
}

static void kapi___symbol_put(const char *name)
{
	struct module *me = UMOD_CALLER();
	struct umod_host *host;
	const struct umod_ksym *ks;

	if (!me || !name)
		return;
	host = kapi_umod(me)->host;
	pthread_mutex_lock(&host->module_mutex);
	ks = umod_genuine_symbol(host, name);
	if (ks && ks->owner)
		umod_refcount_put(ks->owner);
	else if (!ks)
		umod_log_printk(host->log, KERN_ERR "%s: symbol_put of %s, which nobody exports\n",
				me->name, name);
	pthread_mutex_unlock(&host->module_mutex);
}

/* request_module(): the host runs modprobe's resolution itself (kmod.c) */
static int kapi___request_module(bool wait, const char *fmt, ...)
{
	struct umod_module *mod = kapi_umod(UMOD_CALLER());
	va_list ap;
	int ret;

	if (!mod)
		return -ENOENT;
	va_start(ap, fmt);
	ret = umod_request_module(mod->host, wait, fmt, ap);
	va_end(ap);
	return ret;
}

/*
 * Never called: its modversions CRC is that of the ABI structures in its
 * declaration (include/linux/module.h), which every module imports first.
 */
static void kapi_module_layout(void)
{
}

static const struct umod_kapi_export kapi_exports[] = {
	UMOD_KAPI("module_layout", kapi_module_layout),

	UMOD_KAPI("memcpy", memcpy),
	UMOD_KAPI("memmove", memmove),
	UMOD_KAPI("memset", memset),
	UMOD_KAPI("memcmp", memcmp),
	UMOD_KAPI("memchr", memchr),
	UMOD_KAPI("strlen", strlen),
	UMOD_KAPI("strnlen", strnlen),
	UMOD_KAPI("strcmp", strcmp),
	UMOD_KAPI("strncmp", strncmp),
	UMOD_KAPI("strcasecmp", strcasecmp),
	UMOD_KAPI("strncasecmp", strncasecmp),
	UMOD_KAPI("strcpy", strcpy),
	UMOD_KAPI("strncpy", strncpy),
	UMOD_KAPI("strcat", strcat),
	UMOD_KAPI("strncat", strncat),
	UMOD_KAPI("strchr", strchr),
	UMOD_KAPI("strrchr", strrchr),
	UMOD_KAPI("strstr", strstr),


	UMOD_KAPI("kstrtoull", umod_kstrtoull),
	UMOD_KAPI("kstrtoll", umod_kstrtoll),
	UMOD_KAPI("kstrtoul", umod_kstrtoul),
	UMOD_KAPI("kstrtol", umod_kstrtol),
	UMOD_KAPI("kstrtouint", umod_kstrtouint),
	UMOD_KAPI("kstrtoint", umod_kstrtoint),
	UMOD_KAPI("kstrtou16", umod_kstrtou16),
	UMOD_KAPI("kstrtos16", umod_kstrtos16),
	UMOD_KAPI("kstrtou8", umod_kstrtou8),
	UMOD_KAPI("kstrtos8", umod_kstrtos8),
	UMOD_KAPI("kstrtobool", umod_kstrtobool),

	UMOD_KAPI("try_module_get", kapi_try_module_get),
	UMOD_KAPI("__module_get", kapi___module_get),
	UMOD_KAPI("module_put", kapi_module_put),
	UMOD_KAPI("module_refcount", kapi_module_refcount),
	UMOD_KAPI_GPL("__symbol_get", kapi___symbol_get),
	UMOD_KAPI("__request_module", kapi___request_module),
	UMOD_KAPI("__symbol_put", kapi___symbol_put),
};

static int crc_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct umod_crc *)elem)->name);
}

/* the build-time CRC of a host export, if the table has one */
static bool host_crc(const char *name, uint32_t *crc)
{
	const struct umod_crc *c;

	c = bsearch(name, umod_host_crc_table.v, umod_host_crc_table.n,
		    sizeof(*c), crc_cmp);
	if (c)
		*crc = c->crc;
	return c != NULL;
}

static const struct umod_kapi_table umod_kapi_core = UMOD_KAPI_TABLE(kapi_exports);

static const struct umod_kapi_table *const kapi_tables[] = {
	&umod_kapi_core,
	&umod_kapi_printk,
	&umod_kapi_params,
	&umod_kapi_sched,
	&umod_kapi_jiffies,
	&umod_kapi_timer,
	&umod_kapi_hrtimer,
	&umod_kapi_timekeeping,
	&umod_kapi_timeconv,
	&umod_kapi_workqueue,
	&umod_kapi_softirq,
	&umod_kapi_kthread,
	&umod_kapi_cred,
	&umod_kapi_fcntl,
	&umod_kapi_wait,
	&umod_kapi_spinlock,
	&umod_kapi_delay,
	&umod_kapi_completion,
	&umod_kapi_mutex,
	&umod_kapi_semaphore,
	&umod_kapi_slab,
	&umod_kapi_slab_cache,
	&umod_kapi_mm_util,
	&umod_kapi_vmalloc,
	&umod_kapi_page_alloc,
	&umod_kapi_memory,
	&umod_kapi_filemap,
	&umod_kapi_vsprintf,
	&umod_kapi_hexdump,
	&umod_kapi_ctype,
	&umod_kapi_string,
	&umod_kapi_iov_iter,
	&umod_kapi_sort,
	&umod_kapi_list_sort,
	&umod_kapi_rbtree,
	&umod_kapi_idr,
	&umod_kapi_random,
	&umod_kapi_refcount,
	&umod_kapi_ratelimit,
	&umod_kapi_utsname,
	&umod_kapi_panic,
	&umod_kapi_rcu,
	&umod_kapi_kobject, &umod_kapi_sysfs, &umod_kapi_debugfs,
	&umod_kapi_read_write,
	&umod_kapi_procfs,
	&umod_kapi_sysctl, &umod_kapi_proc_sysctl,
	&umod_kapi_dynamic_debug,
	&umod_kapi_configfs_item, &umod_kapi_configfs_dir,
	&umod_kapi_seq_file,
	&umod_kapi_char_dev,
	&umod_kapi_class,
	&umod_kapi_misc,
	&umod_kapi_device_core, &umod_kapi_dev_printk, &umod_kapi_bus, &umod_kapi_driver,
	&umod_kapi_dd, &umod_kapi_devres, &umod_kapi_pm, &umod_kapi_platform,
	&umod_kapi_irqdesc, &umod_kapi_irq_chip, &umod_kapi_irq_manage, &umod_kapi_irqdomain,
	&umod_kapi_irq_devres, &umod_kapi_property,
	&umod_kapi_of_base, &umod_kapi_of_irq, &umod_kapi_of_platform, &umod_kapi_of_device,
	&umod_kapi_gpiolib, &umod_kapi_gpiolib_legacy, &umod_kapi_gpiolib_of,
	&umod_kapi_gpiolib_devres, &umod_kapi_iomap, &umod_kapi_devres_io,
	&umod_kapi_kunit, &umod_kapi_kunit_assert,
	/* issue 31 item 5: I2C, SPI, regmap */
	&umod_kapi_i2c_core, &umod_kapi_i2c_smbus, &umod_kapi_regmap, &umod_kapi_regmap_i2c,
	&umod_kapi_spi, &umod_kapi_regmap_spi,
	/* issue 31 item 4: USB */
	&umod_kapi_usb, &umod_kapi_usb_urb, &umod_kapi_usb_message, &umod_kapi_usb_file,
	/* the rest of lib/ and kernel/ (issue 36) */
	&umod_kapi_div64, &umod_kapi_gcd, &umod_kapi_lcm, &umod_kapi_int_sqrt,
	&umod_kapi_int_pow, &umod_kapi_rational, &umod_kapi_linear_ranges,
	&umod_kapi_crc32, &umod_kapi_libcrc32c, &umod_kapi_crc16, &umod_kapi_crc_ccitt,
	&umod_kapi_crc_itu_t, &umod_kapi_crc7, &umod_kapi_crc8, &umod_kapi_crc64,
	&umod_kapi_crc64_rocksoft, &umod_kapi_siphash, &umod_kapi_random32,
	&umod_kapi_cpu, &umod_kapi_smp, &umod_kapi_cpumask, &umod_kapi_percpu,
	&umod_kapi_bitmap, &umod_kapi_find_bit,
	&umod_kapi_string_helpers, &umod_kapi_glob, &umod_kapi_cmdline, &umod_kapi_memcat_p,
	&umod_kapi_scatterlist, &umod_kapi_kfifo, &umod_kapi_stacktrace, &umod_kapi_jump_label,
	&umod_kapi_xarray, &umod_kapi_rhashtable, &umod_kapi_kobject_uevent,
	&umod_kapi_nls,
	&umod_kapi_rc_map,
	/* block devices (issue 32 item 3) */
	&umod_kapi_genhd, &umod_kapi_blk_settings, &umod_kapi_blk_mq, &umod_kapi_bio,
	/* network devices (issue 32 item 4) */
	&umod_kapi_netdev, &umod_kapi_skbuff, &umod_kapi_eth,
	/* buses and simulated hardware: I/O resources, PCI, DMA (issue 31 items 1, 3, 6) */
	&umod_kapi_resource,
	&umod_kapi_pci_driver, &umod_kapi_pci_access, &umod_kapi_pci, &umod_kapi_pci_msi,
	&umod_kapi_dma_mapping,
	/* tty, serial core and input (issue 32 items 1 and 2) */
	&umod_kapi_tty_io, &umod_kapi_tty_port, &umod_kapi_tty_buffer, &umod_kapi_tty_baudrate,
	&umod_kapi_serial_core, &umod_kapi_input,
};

static int export_table(struct umod_symtab *tab, const struct umod_kapi_table *t)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct umod_kapi_export *e = &t->v[i];
		struct umod_ksym sym = {
			.name = e->name,
			.addr = (uint64_t)(uintptr_t)e->addr,
			.flags = e->flags,
		};
		int err;

		sym.has_crc = host_crc(e->name, &sym.crc);
		err = umod_symtab_add(tab, &sym);
		if (err)
			return err;
	}
	return 0;
}

/* another part's export, for host code that calls it (mutex_lock, dev_name) */
const void *umod_kapi_addr(struct umod_host *host, const char *name)
{
	const struct umod_ksym *ks;

	if (!host)
		return NULL;
	pthread_mutex_lock(&host->module_mutex);
	ks = umod_symtab_lookup(host->exports, name);
	pthread_mutex_unlock(&host->module_mutex);
	return ks ? (const void *)(uintptr_t)ks->addr : NULL;
}

int umod_kapi_export_all(struct umod_symtab *tab)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(kapi_tables); i++) {
		int err = export_table(tab, kapi_tables[i]);

		if (err)
			return err;
	}
	return 0;
}
