// SPDX-License-Identifier: MIT
/*
 * The flattened device tree (Linux 6.1's drivers/of/fdt.c, the format of
 * Documentation/devicetree/usage-model and dtc): the board's blob is
 * checked and unflattened into struct device_node and struct property,
 * in blob order, as unflatten_device_tree() does. A copy of the blob is
 * kept: property values and names point into it, as Linux's do. Every
 * offset and length is checked against the blob before it is read; a
 * bad blob is refused with one line saying where.
 *
 * Overlays (a dts with /plugin/): fragments with target-path are merged
 * into the base tree, properties replaced, nodes added (symbols and
 * fixups, for target = <&label>, are not resolved).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/of/of_private.h"

struct parse {
	const unsigned char *blob;
	size_t size;			/* totalsize */
	size_t st_off, st_end;		/* the structure block */
	size_t str_off, str_size;	/* the strings block */
	size_t pos;			/* the next token, an offset in the blob */
	struct umod_of_tree *tree;
	size_t cap;			/* of tree->nodes */
	void (*report)(void *data, const char *msg);
	void *data;
};

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int bad(struct parse *ps, const char *what, size_t off)
{
	char msg[160];

	snprintf(msg, sizeof(msg), "%s at offset %#zx", what, off);
	if (ps->report)
		ps->report(ps->data, msg);
	return -EINVAL;
}

/* ---- the header ------------------------------------------------------------- */

/* fdt_check_header()'s checks, and the two blocks inside the blob */
static int check_header(struct parse *ps, size_t len)
{
	const unsigned char *h = ps->blob;
	uint32_t total, st_off, st_size, str_off, str_size;

	if (len < 40)
		return bad(ps, "blob shorter than its header", 0);
	if (be32(h) != UMOD_FDT_MAGIC)
		return bad(ps, "bad magic (not a device tree blob)", 0);
	total = be32(h + 4);
	st_off = be32(h + 8);
	str_off = be32(h + 12);
	if (be32(h + 20) < 16 || be32(h + 24) > 17)
		return bad(ps, "unsupported version", 20);
	str_size = be32(h + 32);
	st_size = be32(h + 36);
	if (total > len || total < 40)
		return bad(ps, "totalsize beyond the blob", 4);
	if (st_off > total || st_size > total - st_off || st_off % 4)
		return bad(ps, "structure block outside the blob", 8);
	if (str_off > total || str_size > total - str_off)
		return bad(ps, "strings block outside the blob", 12);
	ps->size = total;
	ps->st_off = st_off;
	ps->st_end = (size_t)st_off + st_size;
	ps->str_off = str_off;
	ps->str_size = str_size;
	ps->pos = st_off;
	return 0;
}

/* ---- tokens ------------------------------------------------------------------ */

static int next_word(struct parse *ps, uint32_t *w)
{
	if (ps->pos > ps->st_end || ps->st_end - ps->pos < 4)
		return bad(ps, "structure block ends inside a token", ps->pos);
	*w = be32(ps->blob + ps->pos);
	ps->pos += 4;
	return 0;
}

/* the next token, NOPs skipped */
static int next_token(struct parse *ps, uint32_t *tok)
{
	int err;

	do {
		err = next_word(ps, tok);
	} while (!err && *tok == UMOD_FDT_NOP);
	return err;
}

/* a NUL-terminated string at ps->pos in the structure block, then padding to 4 */
static int take_name(struct parse *ps, const char **name)
{
	const char *s = (const char *)ps->blob + ps->pos;
	size_t max = ps->st_end - ps->pos, n = strnlen(s, max);

	if (n == max)
		return bad(ps, "node name runs off the structure block", ps->pos);
	*name = s;
	ps->pos += (n + 1 + 3) & ~(size_t)3;
	if (ps->pos > ps->st_end)
		return bad(ps, "node name's padding runs off the structure block", ps->pos);
	return 0;
}

/* ---- nodes and properties ------------------------------------------------------- */

static int add_node(struct parse *ps, struct device_node *np)
{
	struct umod_of_tree *t = ps->tree;

	if (t->nr_nodes == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 64;
		void *grown = realloc(t->nodes, cap * sizeof(*t->nodes));

		if (!grown)
			return -ENOMEM;
		t->nodes = grown;
		ps->cap = cap;
	}
	t->nodes[t->nr_nodes++] = np;
	return 0;
}

/* FDT_PROP: the value's length, the name's offset in the strings block, the value */
static int take_prop(struct parse *ps, struct device_node *np, struct property ***pprev)
{
	uint32_t len, nameoff;
	struct property *pp;
	int err;

	if ((err = next_word(ps, &len)) || (err = next_word(ps, &nameoff)))
		return err;
	if (len > ps->st_end - ps->pos)
		return bad(ps, "property value runs off the structure block", ps->pos);
	if (nameoff >= ps->str_size ||
	    !memchr(ps->blob + ps->str_off + nameoff, '\0', ps->str_size - nameoff))
		return bad(ps, "property name outside the strings block", ps->pos - 4);
	if (!(pp = calloc(1, sizeof(*pp))))
		return -ENOMEM;
	pp->name = (char *)ps->blob + ps->str_off + nameoff;
	pp->length = (int)len;
	pp->value = (void *)(ps->blob + ps->pos);
	ps->pos += ((size_t)len + 3) & ~(size_t)3;
	if (ps->pos > ps->st_end) {
		free(pp);
		return bad(ps, "property padding runs off the structure block", ps->pos);
	}
	**pprev = pp;
	*pprev = &pp->next;
	if (!strcmp(pp->name, "phandle") || !strcmp(pp->name, "linux,phandle"))
		if (len == 4)
			np->phandle = be32(pp->value);
	return 0;
}

/* the "name" property 6.1 makes for a node without one: its name, without the unit address */
static int add_name_prop(struct device_node *np, struct property **pprev)
{
	struct property *pp;

	for (struct property *p = np->properties; p; p = p->next)
		if (!strcmp(p->name, "name"))
			return 0;
	if (!(pp = calloc(1, sizeof(*pp))))
		return -ENOMEM;
	pp->name = "name";
	pp->value = (void *)np->name;
	pp->length = (int)strlen(np->name) + 1;
	*pprev = pp;
	return 0;
}

static struct device_node *node_new(struct device_node *parent, const char *full)
{
	struct device_node *np = calloc(1, sizeof(*np));
	size_t n = strcspn(full, "@");
	char *name;

	if (!np || !(name = malloc(n + 1))) {
		free(np);
		return NULL;
	}
	memcpy(name, full, n);
	name[n] = '\0';
	np->name = name;
	np->full_name = parent ? full : "/";
	np->parent = parent;
	return np;
}

/* a node after its FDT_BEGIN_NODE: properties, then children, to its FDT_END_NODE */
static int take_node(struct parse *ps, struct device_node *parent, unsigned int depth,
		     struct device_node **npp)
{
	struct device_node *np, **child_tail;
	struct property **pprev;
	const char *full = NULL;	/* take_name() sets it on success */
	uint32_t tok;
	int err;

	if (depth >= UMOD_FDT_MAX_DEPTH)
		return bad(ps, "nodes nested too deep", ps->pos);
	if ((err = take_name(ps, &full)))
		return err;
	if (!(np = node_new(parent, full)) || add_node(ps, np)) {
		if (np)
			free((char *)np->name);
		free(np);
		return -ENOMEM;
	}
	*npp = np;
	pprev = &np->properties;
	child_tail = &np->child;
	while (!(err = next_token(ps, &tok))) {
		if (tok == UMOD_FDT_PROP) {
			err = take_prop(ps, np, &pprev);
		} else if (tok == UMOD_FDT_BEGIN_NODE) {
			err = take_node(ps, np, depth + 1, child_tail);
			if (!err)
				child_tail = &(*child_tail)->sibling;
		} else if (tok == UMOD_FDT_END_NODE) {
			return add_name_prop(np, pprev);
		} else {
			err = bad(ps, "unexpected token in a node", ps->pos - 4);
		}
		if (err)
			return err;
	}
	return err;
}

static void free_props(struct property *pp)
{
	while (pp) {
		struct property *next = pp->next;

		free(pp);
		pp = next;
	}
}

void umod_of_tree_free(struct umod_of_tree *tree)
{
	if (!tree)
		return;
	for (size_t i = 0; i < tree->nr_nodes; i++) {
		struct device_node *np = tree->nodes[i];

		free_props(np->properties);
		free_props(np->deadprops);
		free((char *)np->name);
		free(np);
	}
	free(tree->nodes);
	free(tree->blob);
	umod_of_tree_free(tree->next_blob);
	free(tree);
}

int umod_fdt_unflatten(const void *fdt, size_t len, struct umod_of_tree **treep,
		       void (*report)(void *data, const char *msg), void *data)
{
	struct parse ps = { .report = report, .data = data };
	uint32_t tok;
	int err;

	*treep = NULL;
	if (len > UMOD_FDT_MAX_SIZE)
		return bad(&ps, "blob larger than 16 MiB", 0);
	if (!(ps.tree = calloc(1, sizeof(*ps.tree))) || !(ps.tree->blob = malloc(len ? len : 1))) {
		free(ps.tree);
		return -ENOMEM;
	}
	memcpy(ps.tree->blob, fdt, len);
	ps.blob = ps.tree->blob;
	ps.tree->blob_len = len;
	err = check_header(&ps, len);
	if (!err)
		err = next_token(&ps, &tok);
	if (!err && tok != UMOD_FDT_BEGIN_NODE)
		err = bad(&ps, "no root node", ps.pos - 4);
	if (!err)
		err = take_node(&ps, NULL, 0, &ps.tree->root);
	if (!err)
		err = next_token(&ps, &tok);
	if (!err && tok != UMOD_FDT_END)
		err = bad(&ps, "no FDT_END after the root node", ps.pos - 4);
	if (err) {
		umod_of_tree_free(ps.tree);
		return err;
	}
	*treep = ps.tree;
	return 0;
}

/* ---- overlays ------------------------------------------------------------------- */

static struct device_node *child_named(struct device_node *np, const char *full)
{
	for (struct device_node *c = np->child; c; c = c->sibling)
		if (!strcmp(c->full_name, full))
			return c;
	return NULL;
}

bool umod_fdt_is_overlay(const struct umod_of_tree *tree)
{
	for (struct device_node *c = tree->root->child; c; c = c->sibling)
		if (child_named(c, "__overlay__"))
			return true;
	return false;
}

/* the node at "/a/b@1" below @root */
static struct device_node *find_path(struct device_node *root, const char *path)
{
	struct device_node *np = root;
	char comp[256];

	while (np && *path) {
		size_t n;

		path += strspn(path, "/");
		n = strcspn(path, "/");
		if (!n)
			break;
		if (n >= sizeof(comp))
			return NULL;
		memcpy(comp, path, n);
		comp[n] = '\0';
		np = child_named(np, comp);
		path += n;
	}
	return np;
}

/* @pp (an overlay's) replaces the target's property of that name, or is added */
static void merge_prop(struct device_node *target, struct property *pp)
{
	struct property **p;

	for (p = &target->properties; *p; p = &(*p)->next)
		if (!strcmp((*p)->name, pp->name))
			break;
	if (*p) {
		struct property *old = *p;

		pp->next = old->next;
		old->next = target->deadprops;
		target->deadprops = old;
	} else {
		pp->next = NULL;
	}
	*p = pp;
}

static void append_child(struct device_node *parent, struct device_node *c)
{
	struct device_node **tail = &parent->child;

	while (*tail)
		tail = &(*tail)->sibling;
	c->parent = parent;
	c->sibling = NULL;
	*tail = c;
}

/* the overlay node @src merged into @target; @src's nodes move to @base's list */
static void merge_node(struct umod_of_tree *base, struct device_node *target,
		       struct device_node *src)
{
	struct property *pp = src->properties;

	src->properties = NULL;
	while (pp) {
		struct property *next = pp->next;

		if (strcmp(pp->name, "name"))
			merge_prop(target, pp);
		else
			free(pp);
		pp = next;
	}
	while (src->child) {
		struct device_node *c = src->child, *same = child_named(target, c->full_name);

		src->child = c->sibling;
		if (same) {
			merge_node(base, same, c);
			continue;
		}
		append_child(target, c);
	}
}

/* the node list adopt() fills, allocated first: merging cannot fail half way */
static int adopt_prepare(struct umod_of_tree *base, struct umod_of_tree *overlay)
{
	struct device_node **nodes = realloc(base->nodes, (base->nr_nodes + overlay->nr_nodes) *
					     sizeof(*nodes));

	if (!nodes)
		return -ENOMEM;
	base->nodes = nodes;
	return 0;
}

/* every overlay node now reachable from @base's root becomes @base's */
static void adopt(struct umod_of_tree *base, struct umod_of_tree *overlay)
{
	size_t kept = 0;

	for (size_t i = 0; i < overlay->nr_nodes; i++) {
		struct device_node *np = overlay->nodes[i], *up = np;

		while (up && up != base->root)
			up = up->parent;
		if (up)
			base->nodes[base->nr_nodes++] = np;
		else
			overlay->nodes[kept++] = np;	/* fragments, __overlay__: freed with it */
	}
	overlay->nr_nodes = kept;
}

/* a fragment's target-path property when it is a string, or NULL */
static const struct property *fragment_target_valid(struct device_node *frag)
{
	const struct property *tp;

	for (tp = frag->properties; tp && strcmp(tp->name, "target-path"); tp = tp->next)
		;
	if (!tp || !tp->length || ((char *)tp->value)[tp->length - 1])
		return NULL;
	return tp;
}

/* a fragment's target in @base, or NULL: target-path only */
static struct device_node *fragment_target(struct umod_of_tree *base, struct device_node *frag)
{
	const struct property *tp = fragment_target_valid(frag);

	return tp ? find_path(base->root, tp->value) : NULL;
}

/* every fragment is checked before anything moves: a bad one changes nothing */
int umod_of_overlay_apply(struct umod_of_tree *base, struct umod_of_tree *overlay,
			  void (*report)(void *data, const char *msg), void *data)
{
	struct device_node *frag;

	for (frag = overlay->root->child; frag; frag = frag->sibling) {
		const char *path = umod_of_get_property(frag, "target-path", NULL);
		char msg[256];

		if (!child_named(frag, "__overlay__") || fragment_target(base, frag))
			continue;
		if (!report)
			return -EINVAL;
		if (path && fragment_target_valid(frag))
			snprintf(msg, sizeof(msg), "%s: target-path \"%.128s\" is not in the board",
				 frag->full_name, path);
		else
			snprintf(msg, sizeof(msg), "%s: no target-path (target = <&label> is not supported)",
				 frag->full_name);
		report(data, msg);
		return -EINVAL;
	}
	if (adopt_prepare(base, overlay))
		return -ENOMEM;
	for (frag = overlay->root->child; frag; frag = frag->sibling) {
		struct device_node *ov = child_named(frag, "__overlay__");

		if (ov)
			merge_node(base, fragment_target(base, frag), ov);
	}
	adopt(base, overlay);
	/* its blob holds the merged values: it lives as long as the base */
	overlay->next_blob = base->next_blob;
	base->next_blob = overlay;
	return 0;
}
