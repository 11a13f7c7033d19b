/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_MODULEPARAM_H
#define _LINUX_MODULEPARAM_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <umod/kabi.h>

/* modules' parameters are named plainly; built-ins would be "mod." */
#define MODULE_PARAM_PREFIX

/*
 * A "tag=info" string in .modinfo, which the loader, modpost, depmod and
 * kmod's modinfo all read. Modules have no prefix (built-ins would).
 */
#define __MODULE_INFO_PREFIX
#define __MODULE_INFO(tag, name, info)					\
	static const char __UNIQUE_ID(name)[]				\
		__used __section(".modinfo") __aligned(1)		\
		= __MODULE_INFO_PREFIX __stringify(tag) "=" info

#define MODULE_PARM_DESC(_parm, desc)					\
	__MODULE_INFO(parm, _parm, #_parm ":" desc)

#define __MODULE_PARM_TYPE(name, _type)					\
	__MODULE_INFO(parmtype, name##type, #name ":" _type)

/* sysfs permission sanity, as the kernel's VERIFY_OCTAL_PERMISSIONS */
#define VERIFY_OCTAL_PERMISSIONS(perm)					\
	(BUILD_BUG_ON_ZERO((perm) < 0) +				\
	 BUILD_BUG_ON_ZERO((perm) > 0777) +				\
	 BUILD_BUG_ON_ZERO((((perm) >> 6) & 4) < (((perm) >> 3) & 4)) + \
	 BUILD_BUG_ON_ZERO((((perm) >> 3) & 4) < ((perm) & 4)) +	\
	 BUILD_BUG_ON_ZERO((((perm) >> 6) & 2) < (((perm) >> 3) & 2)) + \
	 BUILD_BUG_ON_ZERO((perm) & 2) +				\
	 (perm))

/*
 * One struct kernel_param in __param per parameter. The loader walks that
 * section and calls ops->set() for each name=value it is given.
 */
#define __module_param_call(prefix, name, ops, arg, perm, level, flags)	\
	static const char __param_str_##name[] = prefix #name;		\
	static const struct kernel_param __param_##name			\
	__used __section("__param")					\
	__aligned(__alignof__(struct kernel_param))			\
	= { __param_str_##name, THIS_MODULE, ops,			\
	    VERIFY_OCTAL_PERMISSIONS(perm), level, flags, { arg } }

#define module_param_cb(name, ops, arg, perm)				\
	__module_param_call(MODULE_PARAM_PREFIX, name, ops, arg, perm, -1, 0)

/*
 * The type check the article promises: __check_NAME() returns &value as a
 * pointer to the declared type, and modules build with
 * -Werror=incompatible-pointer-types, so a mismatch does not compile.
 */
#define __param_check(name, p, type)					\
	static inline type __always_unused *__check_##name(void) { return (p); }

#define module_param_named(name, value, type, perm)			\
	param_check_##type(name, &(value));				\
	module_param_cb(name, &param_ops_##type, &value, perm);	\
	__MODULE_PARM_TYPE(name, #type)

#define module_param(name, type, perm)					\
	module_param_named(name, name, type, perm)

/* the standard types: ops and helpers exported by the host */
extern const struct kernel_param_ops param_ops_int;
int param_set_int(const char *val, const struct kernel_param *kp);
int param_get_int(char *buffer, const struct kernel_param *kp);
#define param_check_int(name, p)	__param_check(name, p, int)

extern const struct kernel_param_ops param_ops_charp;
int param_set_charp(const char *val, const struct kernel_param *kp);
int param_get_charp(char *buffer, const struct kernel_param *kp);
void param_free_charp(void *arg);
#define param_check_charp(name, p)	__param_check(name, p, char *)

#endif /* _LINUX_MODULEPARAM_H */
