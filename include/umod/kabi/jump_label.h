/* SPDX-License-Identifier: MIT */
/*
 * struct static_key as x86-64 6.1 lays it out (CONFIG_JUMP_LABEL): the
 * count, then what the kernel keeps of the key's jump entries. umod
 * patches no code: the branch is a load of @enabled (linux/jump_label.h).
 */
#ifndef _UMOD_KABI_JUMP_LABEL_H
#define _UMOD_KABI_JUMP_LABEL_H

#include <umod/kabi/types.h>

struct static_key {
	atomic_t enabled;		/* > 0: on */
	union {
		unsigned long type;	/* the key's initial state, as the kernel marks it */
		void *entries;
		void *next;
	};
};

#endif /* _UMOD_KABI_JUMP_LABEL_H */
