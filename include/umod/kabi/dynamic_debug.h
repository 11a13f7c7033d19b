/* SPDX-License-Identifier: MIT */
/*
 * A dynamic debug call site as 6.1 amd64 lays it out in a module's
 * __dyndbg section (one per pr_debug()/dev_dbg()/print_hex_dump_debug()),
 * and the class maps of __dyndbg_classes. The module's code tests the
 * flags byte; the host lists and changes the descriptors through the
 * control file. Builtin types only.
 */
#ifndef _UMOD_KABI_DYNAMIC_DEBUG_H
#define _UMOD_KABI_DYNAMIC_DEBUG_H

#include <umod/kabi/types.h>

#define _DPRINTK_FLAGS_NONE		0
#define _DPRINTK_FLAGS_PRINT		(1 << 0)	/* the site prints */
#define _DPRINTK_FLAGS_INCL_MODNAME	(1 << 1)
#define _DPRINTK_FLAGS_INCL_FUNCNAME	(1 << 2)
#define _DPRINTK_FLAGS_INCL_LINENO	(1 << 3)
#define _DPRINTK_FLAGS_INCL_TID		(1 << 4)
#define _DPRINTK_FLAGS_INCL_ANY		\
	(_DPRINTK_FLAGS_INCL_MODNAME | _DPRINTK_FLAGS_INCL_FUNCNAME | \
	 _DPRINTK_FLAGS_INCL_LINENO | _DPRINTK_FLAGS_INCL_TID)

#define CLS_BITS			6
#define _DPRINTK_CLASS_DFLT		((1 << CLS_BITS) - 1)

struct _ddebug {
	const char *modname;
	const char *function;
	const char *filename;
	const char *format;
	unsigned int lineno:18;
	unsigned int class_id:CLS_BITS;
	unsigned int flags:8;
	/*
	 * CONFIG_JUMP_LABEL's static key (Debian's build has one): kept so
	 * that the descriptor has 6.1 amd64's 56 bytes, never patched here:
	 * the call site tests flags instead.
	 */
	struct {
		int enabled;
		unsigned long type;
	} key;
} __attribute__((aligned(8)));

enum class_map_type {
	DD_CLASS_TYPE_DISJOINT_BITS,
	DD_CLASS_TYPE_LEVEL_NUM,
	DD_CLASS_TYPE_DISJOINT_NAMES,
	DD_CLASS_TYPE_LEVEL_NAMES,
};

struct ddebug_class_map {
	struct list_head link;
	struct module *mod;
	const char *mod_name;
	const char **class_names;
	const int length;
	const int base;		/* the first class_id of the map */
	enum class_map_type map_type;
};

/* the argument of a parameter whose ops are param_ops_dyndbg_classes */
struct ddebug_class_param {
	union {
		unsigned long *bits;	/* the DISJOINT types' */
		unsigned int *lvl;	/* the LEVEL types' */
	};
	char flags[8];			/* what a class turned on gets: "p", "pmf" */
	const struct ddebug_class_map *map;
};

#endif /* _UMOD_KABI_DYNAMIC_DEBUG_H */
