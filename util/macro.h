/* SPDX-License-Identifier: MIT */
/*
 * Small shorthands every part of umod uses (as kmod's shared/macro.h).
 */
#ifndef _UMOD_UTIL_MACRO_H
#define _UMOD_UTIL_MACRO_H

#define UMOD_PAGE_SIZE		4096UL
#define UMOD_ALIGN(x, a)	(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define UMOD_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define umod_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif /* _UMOD_UTIL_MACRO_H */
