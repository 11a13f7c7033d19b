// SPDX-License-Identifier: MIT
/*
 * What the host exports to modules: the kernel API of include/linux/,
 * implemented on the C library. The C functions are static or umod_-named
 * (an application embedding libumod keeps its own printk); the table gives
 * the names modules link against.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "kernel/module/internal.h"
#include "lib/kstrtox.h"

static struct umod_log *module_log(struct module *mod)
{
	const struct umod_module *m = mod ? mod->umod : NULL;

	return m && m->host ? m->host->log : NULL;
}

static int kapi_vprintk(struct module *mod, const char *fmt, va_list args)
{
	return umod_log_vprintk(module_log(mod), fmt, args);
}

static int kapi_printk(struct module *mod, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kapi_vprintk(mod, fmt, ap);
	va_end(ap);
	return n;
}

/* ---- memory: gfp flags carry no meaning in a process ---------------------- */

#define GFP_ZERO	0x100u

static void *kapi_kmalloc(size_t size, unsigned int flags)
{
	return flags & GFP_ZERO ? calloc(1, size ? size : 1) : malloc(size ? size : 1);
}

static void *kapi_kzalloc(size_t size, unsigned int flags)
{
	(void)flags;
	return calloc(1, size ? size : 1);
}

static void *kapi_kcalloc(size_t n, size_t size, unsigned int flags)
{
	(void)flags;
	return calloc(n ? n : 1, size ? size : 1);
}

static void *kapi_krealloc(const void *p, size_t size, unsigned int flags)
{
	(void)flags;
	return realloc((void *)p, size ? size : 1);
}

static void kapi_kfree(const void *p)
{
	free((void *)p);
}

static char *kapi_kstrdup(const char *s, unsigned int flags)
{
	(void)flags;
	return s ? strdup(s) : NULL;
}

static char *kapi_kstrndup(const char *s, size_t max, unsigned int flags)
{
	(void)flags;
	return s ? strndup(s, max) : NULL;
}

/* ---- strings and formatting ------------------------------------------------ */

/* copies at most count-1 bytes; -E2BIG when @src did not fit */
static ssize_t kapi_strscpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (!count)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}

static int kapi_vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int n;

	if (!size)
		return 0;
	n = vsnprintf(buf, size, fmt, args);
	if (n < 0)
		return 0;
	return (size_t)n < size ? n : (int)(size - 1);
}

static int kapi_scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kapi_vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

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
static void *kapi___symbol_get(struct module *me, const char *name)
{
	struct umod_host *host;
	const struct umod_ksym *ks;
	void *addr = NULL;

	if (!me || !name)
		return NULL;
	host = kapi_umod(me)->host;
	pthread_mutex_lock(&host->module_mutex);
	ks = umod_symtab_lookup(host->exports, name);
	if (ks && !umod_strong_try_module_get(ks->owner))
		addr = (void *)(uintptr_t)ks->addr;
	pthread_mutex_unlock(&host->module_mutex);
	return addr;
}

static void kapi___symbol_put(struct module *me, const char *name)
{
	struct umod_host *host;
	const struct umod_ksym *ks;

	if (!me || !name)
		return;
	host = kapi_umod(me)->host;
	pthread_mutex_lock(&host->module_mutex);
	ks = umod_symtab_lookup(host->exports, name);
	if (ks && ks->owner)
		umod_refcount_put(ks->owner);
	else if (!ks)
		umod_log_printk(host->log, KERN_ERR "%s: symbol_put of %s, which nobody exports\n",
				me->name, name);
	pthread_mutex_unlock(&host->module_mutex);
}

/* request_module(): the host runs modprobe's resolution itself (kmod.c) */
static int kapi___request_module(struct module *me, bool wait, const char *fmt, ...)
{
	struct umod_module *mod = kapi_umod(me);
	va_list ap;
	int ret;

	if (!mod)
		return -ENOENT;
	va_start(ap, fmt);
	ret = umod_request_module(mod->host, wait, fmt, ap);
	va_end(ap);
	return ret;
}

struct kapi_export {
	const char *name;
	const void *addr;
	unsigned int flags;
};

#define EXPORT(name, fn)	{ name, (const void *)(fn), 0 }
#define EXPORT_GPL(name, fn)	{ name, (const void *)(fn), UMOD_KSYM_GPL }
/* a standard parameter type: param_ops_X, param_set_X, param_get_X */
#define EXPORT_PARAM_TYPE(t)						\
	EXPORT("param_ops_" #t, &umod_param_ops_##t),			\
	EXPORT("param_set_" #t, umod_param_set_##t),			\
	EXPORT("param_get_" #t, umod_param_get_##t)

/*
 * Never called: its modversions CRC is that of the ABI structures in its
 * declaration (include/linux/module.h), which every module imports first.
 */
static void kapi_module_layout(void)
{
}

static const struct kapi_export kapi_exports[] = {
	EXPORT("module_layout", kapi_module_layout),
	EXPORT("_printk", kapi_printk),
	EXPORT("_vprintk", kapi_vprintk),

	EXPORT("kmalloc", kapi_kmalloc),
	EXPORT("kzalloc", kapi_kzalloc),
	EXPORT("kcalloc", kapi_kcalloc),
	EXPORT("krealloc", kapi_krealloc),
	EXPORT("kfree", kapi_kfree),
	EXPORT("kstrdup", kapi_kstrdup),
	EXPORT("kstrndup", kapi_kstrndup),

	EXPORT("memcpy", memcpy),
	EXPORT("memmove", memmove),
	EXPORT("memset", memset),
	EXPORT("memcmp", memcmp),
	EXPORT("memchr", memchr),
	EXPORT("strlen", strlen),
	EXPORT("strnlen", strnlen),
	EXPORT("strcmp", strcmp),
	EXPORT("strncmp", strncmp),
	EXPORT("strcasecmp", strcasecmp),
	EXPORT("strncasecmp", strncasecmp),
	EXPORT("strcpy", strcpy),
	EXPORT("strncpy", strncpy),
	EXPORT("strcat", strcat),
	EXPORT("strncat", strncat),
	EXPORT("strchr", strchr),
	EXPORT("strrchr", strrchr),
	EXPORT("strstr", strstr),
	EXPORT("strscpy", kapi_strscpy),

	EXPORT("sprintf", sprintf),
	EXPORT("snprintf", snprintf),
	EXPORT("vsnprintf", vsnprintf),
	EXPORT("scnprintf", kapi_scnprintf),
	EXPORT("vscnprintf", kapi_vscnprintf),
	EXPORT("sscanf", sscanf),

	EXPORT("kstrtoull", umod_kstrtoull),
	EXPORT("kstrtoll", umod_kstrtoll),
	EXPORT("kstrtoul", umod_kstrtoul),
	EXPORT("kstrtol", umod_kstrtol),
	EXPORT("kstrtouint", umod_kstrtouint),
	EXPORT("kstrtoint", umod_kstrtoint),
	EXPORT("kstrtou16", umod_kstrtou16),
	EXPORT("kstrtos16", umod_kstrtos16),
	EXPORT("kstrtou8", umod_kstrtou8),
	EXPORT("kstrtos8", umod_kstrtos8),
	EXPORT("kstrtobool", umod_kstrtobool),

	EXPORT_PARAM_TYPE(byte),
	EXPORT_PARAM_TYPE(short),
	EXPORT_PARAM_TYPE(ushort),
	EXPORT_PARAM_TYPE(int),
	EXPORT_PARAM_TYPE(uint),
	EXPORT_PARAM_TYPE(long),
	EXPORT_PARAM_TYPE(ulong),
	EXPORT_PARAM_TYPE(ullong),
	EXPORT_PARAM_TYPE(hexint),
	EXPORT_PARAM_TYPE(charp),
	EXPORT("param_free_charp", umod_param_free_charp),
	EXPORT_PARAM_TYPE(bool),
	EXPORT_PARAM_TYPE(invbool),
	EXPORT("param_ops_bint", &umod_param_ops_bint),
	EXPORT("param_set_bint", umod_param_set_bint),
	EXPORT_GPL("param_ops_bool_enable_only", &umod_param_ops_bool_enable_only),
	EXPORT_GPL("param_set_bool_enable_only", umod_param_set_bool_enable_only),
	EXPORT("param_ops_string", &umod_param_ops_string),
	EXPORT("param_set_copystring", umod_param_set_copystring),
	EXPORT("param_get_string", umod_param_get_string),
	EXPORT("param_array_ops", &umod_param_array_ops),
	EXPORT_GPL("param_set_uint_minmax", umod_param_set_uint_minmax),
	EXPORT("kernel_param_lock", umod_kernel_param_lock),
	EXPORT("kernel_param_unlock", umod_kernel_param_unlock),

	EXPORT("try_module_get", kapi_try_module_get),
	EXPORT("__module_get", kapi___module_get),
	EXPORT("module_put", kapi_module_put),
	EXPORT("module_refcount", kapi_module_refcount),
	EXPORT_GPL("__symbol_get", kapi___symbol_get),
	EXPORT("__request_module", kapi___request_module),
	EXPORT("__symbol_put", kapi___symbol_put),
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

int umod_kapi_export_all(struct umod_symtab *tab)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(kapi_exports); i++) {
		const struct kapi_export *e = &kapi_exports[i];
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
