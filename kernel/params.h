/* SPDX-License-Identifier: MIT */
/*
 * kernel/params.c: parsing module parameters and the standard parameter
 * types (Linux declares these in include/linux/moduleparam.h, which here is
 * the modules' header).
 */
#ifndef _UMOD_KERNEL_PARAMS_H
#define _UMOD_KERNEL_PARAMS_H

#include <stdbool.h>

#include <umod/kabi.h>

struct umod_log;

typedef int (*umod_parse_unknown_fn)(char *param, char *val, const char *doing,
				     void *arg);

/*
 * The kernel's parse_args(): splits @args in place ("a=1 b="x y" c"), and
 * calls the set op of each named parameter. Stops at the first error.
 */
int umod_parse_args(struct umod_log *log, const char *doing, char *args,
		    const struct kernel_param *params, unsigned int num,
		    umod_parse_unknown_fn unknown, void *arg);
/* parameter names compare with '-' and '_' equal */
bool umod_parameq(const char *a, const char *b);
/* calls ops->free for every parameter that has one (charp's copies) */
void umod_params_free(const struct kernel_param *params, unsigned int num);

/* the standard types: ops, set and get, exported as param_{ops,set,get}_X */
#define UMOD_PARAM_TYPE(name)						\
	extern const struct kernel_param_ops umod_param_ops_##name;	\
	int umod_param_set_##name(const char *val, const struct kernel_param *kp); \
	int umod_param_get_##name(char *buffer, const struct kernel_param *kp)
UMOD_PARAM_TYPE(byte);
UMOD_PARAM_TYPE(short);
UMOD_PARAM_TYPE(ushort);
UMOD_PARAM_TYPE(int);
UMOD_PARAM_TYPE(uint);
UMOD_PARAM_TYPE(long);
UMOD_PARAM_TYPE(ulong);
UMOD_PARAM_TYPE(ullong);
UMOD_PARAM_TYPE(hexint);
UMOD_PARAM_TYPE(charp);
UMOD_PARAM_TYPE(bool);
UMOD_PARAM_TYPE(invbool);
#undef UMOD_PARAM_TYPE
void umod_param_free_charp(void *arg);
extern const struct kernel_param_ops umod_param_ops_bool_enable_only;
int umod_param_set_bool_enable_only(const char *val, const struct kernel_param *kp);
extern const struct kernel_param_ops umod_param_ops_bint;
int umod_param_set_bint(const char *val, const struct kernel_param *kp);
extern const struct kernel_param_ops umod_param_ops_string;
int umod_param_set_copystring(const char *val, const struct kernel_param *kp);
int umod_param_get_string(char *buffer, const struct kernel_param *kp);
/* module_param_array(): writes NULs over the commas of the value it parses */
extern const struct kernel_param_ops umod_param_array_ops;
int umod_param_set_uint_minmax(const char *val, const struct kernel_param *kp,
			       unsigned int min, unsigned int max);
/* the module's param_lock (kernel_param_lock()); a NULL module is a no-op */
void umod_kernel_param_lock(struct module *mod);
void umod_kernel_param_unlock(struct module *mod);

#endif /* _UMOD_KERNEL_PARAMS_H */
