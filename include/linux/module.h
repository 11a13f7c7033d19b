/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

/* what 6.1's module.h includes (kobject.h and the rest come with their parts) */
#include <linux/list.h>
#include <linux/stat.h>
#include <linux/compiler.h>
#include <linux/cache.h>
#include <linux/kmod.h>
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/export.h>
#include <linux/types.h>
/* what 6.1's module.h brings through kobject.h, srcu.h and percpu.h */
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/percpu.h>
#include <linux/jump_label.h>
#include <umod/kabi.h>
#include <linux/mm_types.h>
#include <linux/sched.h>

#define MODULE_NAME_LEN		UMOD_MODULE_NAME_LEN

/*
 * Modversions' stand-in for the binary interface: its CRC covers every
 * structure the host reads from a .ko, and every module imports it first
 * (modpost adds it to __versions). Exported by the host, never called.
 */
void module_layout(struct module *mod, struct modversion_info *ver,
		   struct kernel_param *kp, struct kernel_symbol *ks,
		   const struct kernel_param_ops *ops, struct kparam_string *str,
		   struct kparam_array *arr);

/* the names module_init()/module_exit() alias; modpost points struct module at them */
extern int init_module(void);
extern void cleanup_module(void);

#define MODULE_INFO(tag, info)		__MODULE_INFO(tag, tag, info)

#define MODULE_LICENSE(_license)	MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)		MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_desc)	MODULE_INFO(description, _desc)
#define MODULE_VERSION(_version)	MODULE_INFO(version, _version)
#define MODULE_ALIAS(_alias)		MODULE_INFO(alias, _alias)
#define MODULE_SOFTDEP(_softdep)	MODULE_INFO(softdep, _softdep)
#define MODULE_FIRMWARE(_firmware)	MODULE_INFO(firmware, _firmware)

/* device tables are for hotplug, which user space has none of */
/*
 * The table's alias: modpost finds __mod_TYPE__NAME_device_table and
 * writes MODULE_ALIAS lines for its entries (scripts/mod/file2alias.c).
 */
#define MODULE_DEVICE_TABLE(type, name)					\
extern typeof(name) __mod_##type##__##name##_device_table		\
	__attribute__ ((unused, alias(__stringify(name))))

/* lets this module use the exports of namespace @ns (6.1: an identifier) */
#define MODULE_IMPORT_NS(ns)		MODULE_INFO(import_ns, __stringify(ns))

/*
 * Use counts (the article's "module use count"): while a reference is
 * held, the module cannot be unloaded. try_module_get() fails once the
 * module is going away; NULL (the host's own code) always succeeds.
 */
bool try_module_get(struct module *module);
void __module_get(struct module *module);
void module_put(struct module *module);
/* the references held, not counting the loader's own */
int module_refcount(struct module *mod);

/*
 * The three count inline, as the kernel's __module_get() is inline: the
 * host's functions above are the out-of-line path, taken by a thread's
 * first use (it has no stripe yet) and before the host has published the
 * count in struct module (umod/kabi.h). They do the same; a
 * change to one is a change to both (kernel/module/refcount.c).
 */
static inline unsigned int __umod_ref_stripe(const struct umod_refcnt *c)
{
	unsigned int s = 0;

#if defined(__x86_64__)
	/* volatile: a call to the host may have handed this thread its stripe */
	__asm__ __volatile__("movl %%fs:(%1), %0" : "=r"(s) : "r"(c->tls_offset));
#elif defined(__aarch64__)
	unsigned long tp;

	__asm__ __volatile__("mrs %0, tpidr_el0" : "=r"(tp));
	s = *(volatile unsigned int *)(tp + (unsigned long)c->tls_offset);
#endif
	return s;
}

/* the count, and this thread's stripe on it; NULL: take the host's path */
static inline struct umod_refcnt *__umod_ref_mine(struct module *module, unsigned long *sp)
{
	struct umod_refcnt *c = __atomic_load_n(&module->refcnt, __ATOMIC_ACQUIRE);
	unsigned int s;

	if (!c)
		return c;
	s = __umod_ref_stripe(c);
	*sp = (s - 1) % UMOD_REFCNT_STRIPES;
	return s ? c : (struct umod_refcnt *)0;
}

/*
 * Add to the gets, then look at the stopping flag; an unloader stores the
 * flag, then sums: with both sides seq_cst (one locked add on x86), either
 * the flag is seen here or the increment there (the Dekker pattern).
 */
static inline bool __umod_try_module_get(struct module *module)
{
	struct umod_refcnt *c;
	unsigned long s;

	if (!module)
		return true;
	c = __umod_ref_mine(module, &s);
	if (!c)
		return (try_module_get)(module);
	if (__atomic_load_n(c->state, __ATOMIC_RELAXED) >= UMOD_REFCNT_GOING)
		return false;
	__atomic_fetch_add(&c->stripe[s].gets, 1, __ATOMIC_SEQ_CST);
	if (__builtin_expect(!__atomic_load_n(&c->stopping, __ATOMIC_SEQ_CST), 1))
		return true;
	__atomic_fetch_add(&c->stripe[s].puts, 1, __ATOMIC_RELEASE);
	return false;
}

static inline void __umod_module_get(struct module *module)
{
	struct umod_refcnt *c;
	unsigned long s;

	if (!module)
		return;
	c = __umod_ref_mine(module, &s);
	if (c)
		__atomic_fetch_add(&c->stripe[s].gets, 1, __ATOMIC_RELAXED);
	else
		(__module_get)(module);
}

/* release: what the holder did with the module comes before an unload */
static inline void __umod_module_put(struct module *module)
{
	struct umod_refcnt *c;
	unsigned long s;

	if (!module)
		return;
	c = __umod_ref_mine(module, &s);
	if (c)
		__atomic_fetch_add(&c->stripe[s].puts, 1, __ATOMIC_RELEASE);
	else
		(module_put)(module);
}

#define try_module_get(module)	__umod_try_module_get(module)
#define __module_get(module)	__umod_module_get(module)
#define module_put(module)	__umod_module_put(module)

/*
 * symbol_get(sym): a weak reference. The address of @sym if some module
 * (or the host) exports it, taking a reference on that module until
 * symbol_put(sym); NULL if nobody does. Using it creates no link-time
 * dependency: typeof() does not refer to @sym. GPL-only, as the kernel's.
 */
void *__symbol_get(const char *symbol);
void __symbol_put(const char *symbol);
#define symbol_get(x)	((__typeof__(&x))(__symbol_get(__stringify(x))))
#define symbol_put(x)	__symbol_put(__stringify(x))
/*
 * symbol_request(sym): symbol_get(), after asking the host to load the
 * module that modules.symbols names for it ("symbol:sym") if nobody
 * exports it yet.
 */
#define symbol_request(x)	try_then_request_module(symbol_get(x), "symbol:" #x)

/* last: __COUNTER__ where 6.1's module.h leaves it (__UNIQUE_ID() names) */
#include <umod/kabi/unique_id.h>

#endif /* _LINUX_MODULE_H */
