// SPDX-License-Identifier: MIT
/*
 * The flattened device tree parser over arbitrary bytes (drivers/of/
 * fdt.c): whatever it accepts, every property's name and value lie inside
 * the kept blob (or, once merged, an overlay's), names are terminated,
 * the tree is a tree; an overlay it accepts merges into a second parse of
 * the same bytes without breaking that. The input is copied into an
 * exact-size buffer so any overread is seen.
 */
#include <string.h>

#include "fuzz.h"
#include "drivers/of/of_private.h"

/* inside the tree's blob, or a merged overlay's (kept on next_blob) */
static bool inside(const struct umod_of_tree *t, const void *p, size_t len)
{
	for (; t; t = t->next_blob) {
		const char *b = t->blob, *q = p;

		if (q >= b && len <= t->blob_len && (size_t)(q - b) <= t->blob_len - len)
			return true;
	}
	return false;
}

static void check_tree(const struct umod_of_tree *t)
{
	fuzz_assert(t->root && !t->root->parent && t->nr_nodes >= 1);
	for (size_t i = 0; i < t->nr_nodes; i++) {
		const struct device_node *np = t->nodes[i];

		fuzz_assert(np == t->root || np->parent);
		for (const struct property *pp = np->properties; pp; pp = pp->next) {
			fuzz_assert(pp->length >= 0);
			if (strcmp(pp->name, "name")) {
				fuzz_assert(inside(t, pp->name, strlen(pp->name) + 1));
				fuzz_assert(inside(t, pp->value, (size_t)pp->length));
			}
		}
		for (const struct device_node *c = np->child; c; c = c->sibling)
			fuzz_assert(c->parent == np);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct umod_of_tree *tree, *again;
	void *blob = malloc(size ? size : 1);

	if (!blob)
		return 0;
	memcpy(blob, data, size);
	if (umod_fdt_unflatten(blob, size, &tree, NULL, NULL)) {
		free(blob);
		return 0;
	}
	check_tree(tree);
	if (umod_fdt_is_overlay(tree) && !umod_fdt_unflatten(blob, size, &again, NULL, NULL)) {
		if (umod_of_overlay_apply(again, tree, NULL, NULL))
			umod_of_tree_free(tree);
		else
			check_tree(again);
		umod_of_tree_free(again);
	} else {
		umod_of_tree_free(tree);
	}
	free(blob);
	return 0;
}
