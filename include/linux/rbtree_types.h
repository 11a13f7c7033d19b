/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_RBTREE_TYPES_H
#define _LINUX_RBTREE_TYPES_H

#include <umod/kabi/rbtree.h>

#define RB_ROOT			(struct rb_root) { NULL, }
#define RB_ROOT_CACHED		(struct rb_root_cached) { { NULL, }, NULL }

#endif /* _LINUX_RBTREE_TYPES_H */
