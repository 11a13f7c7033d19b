/* SPDX-License-Identifier: MIT */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/stddef.h>
#elif !defined(_LINUX_STDDEF_H)
#define _LINUX_STDDEF_H

#undef NULL
#define NULL ((void *)0)

enum {
	false	= 0,
	true	= 1
};

#undef offsetof
#define offsetof(TYPE, MEMBER)	__builtin_offsetof(TYPE, MEMBER)
#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
/* the offset of the first byte after @MEMBER */
#define offsetofend(TYPE, MEMBER) \
	(offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

#endif /* _LINUX_STDDEF_H */
