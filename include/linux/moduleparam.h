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
#include <linux/kernel.h>

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
 * section and calls ops->set() for each name=value it is given. @arg is
 * the union's initializer: a pointer (.arg), or ".str = ..."/".arr = ...".
 */
#define __module_param_call(prefix, name, ops, arg, perm, level, flags)	\
	static const char __param_str_##name[] = prefix #name;		\
	static const struct kernel_param __param_##name			\
	__used __section("__param")					\
	__aligned(__alignof__(struct kernel_param))			\
	= { __param_str_##name, THIS_MODULE, ops,			\
	    VERIFY_OCTAL_PERMISSIONS(perm), level, flags, { arg } }

/* a parameter with the module's own kernel_param_ops */
#define module_param_cb(name, ops, arg, perm)				\
	__module_param_call(MODULE_PARAM_PREFIX, name, ops, arg, perm, -1, 0)

/* the older form of module_param_cb: a set and a get function */
#define module_param_call(name, _set, _get, arg, perm)			\
	static const struct kernel_param_ops __param_ops_##name =	\
		{ .flags = 0, .set = _set, .get = _get };		\
	__module_param_call(MODULE_PARAM_PREFIX, name,			\
			    &__param_ops_##name, arg, perm, -1, 0)

/*
 * The type check the article promises: __check_NAME() returns &value as a
 * pointer to the declared type, and modules build with
 * -Werror=incompatible-pointer-types, so a mismatch does not compile.
 */
#define __param_check(name, p, type)					\
	static inline type __always_unused *__check_##name(void) { return (p); }

/* parameter NAME sets the variable VALUE; TYPE is byte, int, charp, ... */
#define module_param_named(name, value, type, perm)			\
	param_check_##type(name, &(value));				\
	module_param_cb(name, &param_ops_##type, &value, perm);	\
	__MODULE_PARM_TYPE(name, #type)

#define module_param(name, type, perm)					\
	module_param_named(name, name, type, perm)

/*
 * A string copied into the module's own char[LEN] buffer; a value of LEN
 * or more characters is refused (-ENOSPC).
 */
#define module_param_string(name, string, len, perm)			\
	static const struct kparam_string __param_string_##name		\
		= { len, string };					\
	__module_param_call(MODULE_PARAM_PREFIX, name,			\
			    &param_ops_string,				\
			    .str = &__param_string_##name, perm, -1, 0); \
	__MODULE_PARM_TYPE(name, "string")

/*
 * "v1,v2,..." into the elements of ARRAY, at most as many as it has;
 * *NUMP (an unsigned int, or NULL) receives how many were given.
 */
#define module_param_array_named(name, array, type, nump, perm)	\
	param_check_##type(name, &(array)[0]);				\
	static const struct kparam_array __param_arr_##name		\
	= { .max = sizeof(array) / sizeof((array)[0]), .num = nump,	\
	    .ops = &param_ops_##type,					\
	    .elemsize = sizeof((array)[0]), .elem = array };		\
	__module_param_call(MODULE_PARAM_PREFIX, name,			\
			    &param_array_ops,				\
			    .arr = &__param_arr_##name, perm, -1, 0);	\
	__MODULE_PARM_TYPE(name, "array of " #type)

#define module_param_array(name, type, nump, perm)			\
	module_param_array_named(name, name, type, nump, perm)

/* serialises against sysfs reads and writes of this module's parameters */
void kernel_param_lock(struct module *mod);
void kernel_param_unlock(struct module *mod);

/*
 * The standard types: ops and helpers exported by the host. Numbers go
 * through kstrto*() with base 0 and are range checked for the type.
 */
#define __PARAM_TYPE(name)					\
	extern const struct kernel_param_ops param_ops_##name;		\
	int param_set_##name(const char *val, const struct kernel_param *kp); \
	int param_get_##name(char *buffer, const struct kernel_param *kp)

__PARAM_TYPE(byte);
#define param_check_byte(name, p)	__param_check(name, p, unsigned char)
__PARAM_TYPE(short);
#define param_check_short(name, p)	__param_check(name, p, short)
__PARAM_TYPE(ushort);
#define param_check_ushort(name, p)	__param_check(name, p, unsigned short)
__PARAM_TYPE(int);
#define param_check_int(name, p)	__param_check(name, p, int)
__PARAM_TYPE(uint);
#define param_check_uint(name, p)	__param_check(name, p, unsigned int)
__PARAM_TYPE(long);
#define param_check_long(name, p)	__param_check(name, p, long)
__PARAM_TYPE(ulong);
#define param_check_ulong(name, p)	__param_check(name, p, unsigned long)
__PARAM_TYPE(ullong);
#define param_check_ullong(name, p)	__param_check(name, p, unsigned long long)
/* an unsigned int shown in hex (0x%06x) */
__PARAM_TYPE(hexint);
#define param_check_hexint(name, p)	param_check_uint(name, p)

/* a private copy of at most 1024 characters, freed on unload */
__PARAM_TYPE(charp);
void param_free_charp(void *arg);
#define param_check_charp(name, p)	__param_check(name, p, char *)

/* y/Y/t/T/1/on or n/N/f/F/0/off; the bare name means true; shown Y or N */
__PARAM_TYPE(bool);
#define param_check_bool(name, p)	__param_check(name, p, bool)
/* a bool that, once true, cannot be set false again */
extern const struct kernel_param_ops param_ops_bool_enable_only;
int param_set_bool_enable_only(const char *val, const struct kernel_param *kp);
#define param_check_bool_enable_only	param_check_bool
/* stores and shows the inverse of the value given */
__PARAM_TYPE(invbool);
#define param_check_invbool(name, p)	__param_check(name, p, bool)
/* bool's syntax, stored in an int */
extern const struct kernel_param_ops param_ops_bint;
int param_set_bint(const char *val, const struct kernel_param *kp);
#define param_get_bint			param_get_int
#define param_check_bint		param_check_int

extern const struct kernel_param_ops param_ops_string;
int param_set_copystring(const char *val, const struct kernel_param *kp);
int param_get_string(char *buffer, const struct kernel_param *kp);

extern const struct kernel_param_ops param_array_ops;

/* for module_param_cb() setters: @min <= value <= @max, else -EINVAL */
int param_set_uint_minmax(const char *val, const struct kernel_param *kp,
			  unsigned int min, unsigned int max);

#undef __PARAM_TYPE

#endif /* _LINUX_MODULEPARAM_H */
