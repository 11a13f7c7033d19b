// SPDX-License-Identifier: MIT
/*
 * Red-black trees (lib/rbtree.c): rebalancing after an insert or erase
 * and in-order/post-order iteration over struct rb_node links embedded in
 * module structures. The colour lives in bit 0 of the parent pointer, red
 * 0 and black 1, as in Linux, so the header's rb_parent() and
 * RB_EMPTY_NODE() read the same words.
 */
#include <stdbool.h>
#include <stddef.h>

#include <umod/kabi/rbtree.h>

#include "kernel/kapi.h"
#include "lib/klib.h"

static struct rb_node *parent_of(const struct rb_node *n)
{
	return (struct rb_node *)(n->__rb_parent_color & ~3ul);
}

static int color_of(const struct rb_node *n)
{
	return (int)(n->__rb_parent_color & 1);
}

/* a NULL leaf is black */
static bool is_red(const struct rb_node *n)
{
	return n && color_of(n) == UMOD_RB_RED;
}

static void set_parent(struct rb_node *n, struct rb_node *p)
{
	n->__rb_parent_color = (unsigned long)p | (n->__rb_parent_color & 1);
}

static void set_color(struct rb_node *n, int color)
{
	n->__rb_parent_color = (n->__rb_parent_color & ~1ul) | (unsigned long)color;
}

static void change_child(struct rb_node *old, struct rb_node *new, struct rb_node *parent,
			 struct rb_root *root)
{
	if (!parent)
		root->rb_node = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
}

/* @x's right child takes its place; colours stay with their nodes */
static void rotate_left(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->rb_right, *p = parent_of(x);

	x->rb_right = y->rb_left;
	if (y->rb_left)
		set_parent(y->rb_left, x);
	y->rb_left = x;
	set_parent(y, p);
	change_child(x, y, p, root);
	set_parent(x, y);
}

static void rotate_right(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->rb_left, *p = parent_of(x);

	x->rb_left = y->rb_right;
	if (y->rb_right)
		set_parent(y->rb_right, x);
	y->rb_right = x;
	set_parent(y, p);
	change_child(x, y, p, root);
	set_parent(x, y);
}

/* @node was just linked (red, by rb_link_node): restore the colour rules */
void umod_rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *parent, *gparent, *uncle;

	while ((parent = parent_of(node)) && is_red(parent)) {
		bool left = parent == (gparent = parent_of(parent))->rb_left;

		uncle = left ? gparent->rb_right : gparent->rb_left;
		if (is_red(uncle)) {
			set_color(uncle, UMOD_RB_BLACK);
			set_color(parent, UMOD_RB_BLACK);
			set_color(gparent, UMOD_RB_RED);
			node = gparent;
			continue;
		}
		if (node == (left ? parent->rb_right : parent->rb_left)) {
			(left ? rotate_left : rotate_right)(parent, root);
			node = parent;
			parent = parent_of(node);
		}
		set_color(parent, UMOD_RB_BLACK);
		set_color(gparent, UMOD_RB_RED);
		(left ? rotate_right : rotate_left)(gparent, root);
	}
	set_color(root->rb_node, UMOD_RB_BLACK);
}

/* a black node left @parent's subtree on @x's side: one black short */
static void erase_fixup(struct rb_node *x, struct rb_node *parent, struct rb_root *root)
{
	while (x != root->rb_node && !is_red(x)) {
		bool left = x == parent->rb_left;
		struct rb_node *w = left ? parent->rb_right : parent->rb_left;

		if (is_red(w)) {
			set_color(w, UMOD_RB_BLACK);
			set_color(parent, UMOD_RB_RED);
			(left ? rotate_left : rotate_right)(parent, root);
			w = left ? parent->rb_right : parent->rb_left;
		}
		if (!is_red(w->rb_left) && !is_red(w->rb_right)) {
			set_color(w, UMOD_RB_RED);
			x = parent;
			parent = parent_of(x);
			continue;
		}
		if (!is_red(left ? w->rb_right : w->rb_left)) {
			set_color(left ? w->rb_left : w->rb_right, UMOD_RB_BLACK);
			set_color(w, UMOD_RB_RED);
			(left ? rotate_right : rotate_left)(w, root);
			w = left ? parent->rb_right : parent->rb_left;
		}
		set_color(w, color_of(parent));
		set_color(parent, UMOD_RB_BLACK);
		set_color(left ? w->rb_right : w->rb_left, UMOD_RB_BLACK);
		(left ? rotate_left : rotate_right)(parent, root);
		x = root->rb_node;
		break;
	}
	if (x)
		set_color(x, UMOD_RB_BLACK);
}

void umod_rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *x, *x_parent, *parent = parent_of(node);
	int color;

	if (!node->rb_left || !node->rb_right) {
		x = node->rb_left ? node->rb_left : node->rb_right;
		x_parent = parent;
		color = color_of(node);
		if (x)
			set_parent(x, parent);
		change_child(node, x, parent, root);
	} else {
		/* the successor takes @node's place, parent and colour */
		struct rb_node *succ = node->rb_right;

		while (succ->rb_left)
			succ = succ->rb_left;
		color = color_of(succ);
		x = succ->rb_right;
		if (parent_of(succ) == node) {
			x_parent = succ;
		} else {
			x_parent = parent_of(succ);
			x_parent->rb_left = x;
			if (x)
				set_parent(x, x_parent);
			succ->rb_right = node->rb_right;
			set_parent(node->rb_right, succ);
		}
		succ->rb_left = node->rb_left;
		set_parent(node->rb_left, succ);
		succ->__rb_parent_color = node->__rb_parent_color;
		change_child(node, succ, parent, root);
	}
	if (color == UMOD_RB_BLACK)
		erase_fixup(x, x_parent, root);
}

static bool empty_node(const struct rb_node *n)
{
	return n->__rb_parent_color == (unsigned long)n;
}

struct rb_node *umod_rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (empty_node(node))
		return NULL;
	if (node->rb_right) {
		node = node->rb_right;
		while (node->rb_left)
			node = node->rb_left;
		return (struct rb_node *)node;
	}
	while ((parent = parent_of(node)) && node == parent->rb_right)
		node = parent;
	return parent;
}

struct rb_node *umod_rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (empty_node(node))
		return NULL;
	if (node->rb_left) {
		node = node->rb_left;
		while (node->rb_right)
			node = node->rb_right;
		return (struct rb_node *)node;
	}
	while ((parent = parent_of(node)) && node == parent->rb_left)
		node = parent;
	return parent;
}

struct rb_node *umod_rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	while (n && n->rb_left)
		n = n->rb_left;
	return n;
}

struct rb_node *umod_rb_last(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	while (n && n->rb_right)
		n = n->rb_right;
	return n;
}

static struct rb_node *left_deepest(const struct rb_node *node)
{
	for (;;) {
		if (node->rb_left)
			node = node->rb_left;
		else if (node->rb_right)
			node = node->rb_right;
		else
			return (struct rb_node *)node;
	}
}

struct rb_node *umod_rb_next_postorder(const struct rb_node *node)
{
	struct rb_node *parent;

	if (!node)
		return NULL;
	parent = parent_of(node);
	if (parent && node == parent->rb_left && parent->rb_right)
		return left_deepest(parent->rb_right);
	return parent;
}

struct rb_node *umod_rb_first_postorder(const struct rb_root *root)
{
	return root->rb_node ? left_deepest(root->rb_node) : NULL;
}

void umod_rb_replace_node(struct rb_node *victim, struct rb_node *new, struct rb_root *root)
{
	struct rb_node *parent = parent_of(victim);

	*new = *victim;
	if (victim->rb_left)
		set_parent(victim->rb_left, new);
	if (victim->rb_right)
		set_parent(victim->rb_right, new);
	change_child(victim, new, parent, root);
}

static const struct umod_kapi_export rbtree_exports[] = {
	UMOD_KAPI("rb_insert_color", umod_rb_insert_color),
	UMOD_KAPI("rb_erase", umod_rb_erase),
	UMOD_KAPI("rb_next", umod_rb_next),
	UMOD_KAPI("rb_prev", umod_rb_prev),
	UMOD_KAPI("rb_first", umod_rb_first),
	UMOD_KAPI("rb_last", umod_rb_last),
	UMOD_KAPI("rb_first_postorder", umod_rb_first_postorder),
	UMOD_KAPI("rb_next_postorder", umod_rb_next_postorder),
	UMOD_KAPI("rb_replace_node", umod_rb_replace_node),
};

const struct umod_kapi_table umod_kapi_rbtree = UMOD_KAPI_TABLE(rbtree_exports);
