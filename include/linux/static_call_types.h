/* SPDX-License-Identifier: MIT */
/*
 * Static calls' types, as kernel.h and module.h bring them in 6.1. umod
 * patches no code: a static call is an indirect call through the key
 * (6.1's generic, CONFIG_HAVE_STATIC_CALL-less form).
 */
#ifndef _STATIC_CALL_TYPES_H
#define _STATIC_CALL_TYPES_H

#include <linux/types.h>
#include <linux/stringify.h>
#include <linux/compiler.h>

#define STATIC_CALL_KEY_PREFIX		__SCK__
#define STATIC_CALL_KEY(name)		__PASTE(STATIC_CALL_KEY_PREFIX, name)
#define STATIC_CALL_TRAMP_PREFIX	__SCT__
#define STATIC_CALL_TRAMP(name)		__PASTE(STATIC_CALL_TRAMP_PREFIX, name)

struct static_call_key {
	void *func;
};

#define DECLARE_STATIC_CALL(name, func)				\
	extern struct static_call_key STATIC_CALL_KEY(name);		\
	extern __typeof__(func) STATIC_CALL_TRAMP(name)

#define static_call(name) \
	((__typeof__(&STATIC_CALL_TRAMP(name)))(STATIC_CALL_KEY(name).func))
#define static_call_mod(name)	static_call(name)

#endif /* _STATIC_CALL_TYPES_H */
