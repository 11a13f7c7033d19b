/* SPDX-License-Identifier: MIT */
/*
 * An IR keymap as 6.1 amd64 lays it out: a keymap module
 * (drivers/media/rc/keymaps/rc-*.c) registers a struct rc_map_list,
 * drivers/media/rc/rc-map.c links it and hands its struct rc_map to
 * users. Genuine Linux keymap modules register this very layout.
 * Builtin types only, as in kabi.h.
 */
#ifndef _UMOD_KABI_RC_MAP_H
#define _UMOD_KABI_RC_MAP_H

#include <umod/kabi/spinlock.h>
#include <umod/kabi/types.h>

/* the IR protocols, as uapi/linux/lirc.h numbers them */
enum rc_proto {
	RC_PROTO_UNKNOWN	= 0,
	RC_PROTO_OTHER		= 1,
	RC_PROTO_RC5		= 2,
	RC_PROTO_RC5X_20	= 3,
	RC_PROTO_RC5_SZ		= 4,
	RC_PROTO_JVC		= 5,
	RC_PROTO_SONY12		= 6,
	RC_PROTO_SONY15		= 7,
	RC_PROTO_SONY20		= 8,
	RC_PROTO_NEC		= 9,
	RC_PROTO_NECX		= 10,
	RC_PROTO_NEC32		= 11,
	RC_PROTO_SANYO		= 12,
	RC_PROTO_MCIR2_KBD	= 13,
	RC_PROTO_MCIR2_MSE	= 14,
	RC_PROTO_RC6_0		= 15,
	RC_PROTO_RC6_6A_20	= 16,
	RC_PROTO_RC6_6A_24	= 17,
	RC_PROTO_RC6_6A_32	= 18,
	RC_PROTO_RC6_MCE	= 19,
	RC_PROTO_SHARP		= 20,
	RC_PROTO_XMP		= 21,
	RC_PROTO_CEC		= 22,
	RC_PROTO_IMON		= 23,
	RC_PROTO_RCMM12		= 24,
	RC_PROTO_RCMM24		= 25,
	RC_PROTO_RCMM32		= 26,
	RC_PROTO_XBOX_DVD	= 27,
	RC_PROTO_MAX		= RC_PROTO_XBOX_DVD,
};

/* one scancode and the input keycode it stands for */
struct rc_map_table {
	unsigned long long scancode;
	unsigned int keycode;
};

struct rc_map {
	struct rc_map_table *scan;
	unsigned int size;		/* entries in scan */
	unsigned int len;		/* of them in use (a device's copy) */
	unsigned int alloc;		/* bytes of scan (a device's copy) */
	enum rc_proto rc_proto;
	const char *name;		/* "rc-NAME", the keymap module's name */
	spinlock_t lock;
};

struct rc_map_list {
	struct list_head list;		/* the registry's link */
	struct rc_map map;
};

#endif /* _UMOD_KABI_RC_MAP_H */
