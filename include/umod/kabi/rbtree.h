/* SPDX-License-Identifier: MIT */
/* Red-black tree links: embedded in module structures, rebalanced by the host. */
#ifndef _UMOD_KABI_RBTREE_H
#define _UMOD_KABI_RBTREE_H

/* the parent pointer with the colour in bit 0 (red 0, black 1) */
struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __attribute__((aligned(sizeof(long))));

struct rb_root {
	struct rb_node *rb_node;
};

/* the leftmost node kept, for O(1) rb_first_cached() */
struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};

#define UMOD_RB_RED	0
#define UMOD_RB_BLACK	1

#endif /* _UMOD_KABI_RBTREE_H */
