// SPDX-License-Identifier: MIT
/*
 * drivers/of/fdt.c: a blob built here, well formed, is unflattened in
 * blob order with its phandles and the "name" property 6.1 adds; each
 * malformed one (one case per invariant of umod_fdt_unflatten()) is
 * refused with its reason; an overlay's fragments merge into a base, and
 * a fragment without a target changes nothing. address.c: reg through
 * ranges.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/of/of_private.h"

/* ---- a blob builder -------------------------------------------------------------- */

struct blob {
	unsigned char st[2048], str[512];
	size_t st_len, str_len;
	unsigned char out[4096];
	size_t len;
};

static void word(struct blob *b, uint32_t w)
{
	b->st[b->st_len++] = (unsigned char)(w >> 24);
	b->st[b->st_len++] = (unsigned char)(w >> 16);
	b->st[b->st_len++] = (unsigned char)(w >> 8);
	b->st[b->st_len++] = (unsigned char)w;
}

static void begin(struct blob *b, const char *name)
{
	size_t n = strlen(name) + 1;

	word(b, UMOD_FDT_BEGIN_NODE);
	memcpy(b->st + b->st_len, name, n);
	b->st_len += (n + 3) & ~(size_t)3;
}

static uint32_t str_off(struct blob *b, const char *name)
{
	for (size_t i = 0; i < b->str_len; i += strlen((char *)b->str + i) + 1)
		if (!strcmp((char *)b->str + i, name))
			return (uint32_t)i;
	memcpy(b->str + b->str_len, name, strlen(name) + 1);
	b->str_len += strlen(name) + 1;
	return (uint32_t)(b->str_len - strlen(name) - 1);
}

static void prop(struct blob *b, const char *name, const void *val, size_t len)
{
	word(b, UMOD_FDT_PROP);
	word(b, (uint32_t)len);
	word(b, str_off(b, name));
	memcpy(b->st + b->st_len, val, len);
	b->st_len += (len + 3) & ~(size_t)3;
}

static void prop_u32(struct blob *b, const char *name, uint32_t v)
{
	unsigned char be[4] = { v >> 24, v >> 16, v >> 8, v };

	prop(b, name, be, 4);
}

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* header, the memory map's terminator, structure block, strings */
static void finish(struct blob *b)
{
	size_t st_off = 40 + 16, str_off = st_off + b->st_len;

	memset(b->out, 0, sizeof(b->out));
	put32(b->out, UMOD_FDT_MAGIC);
	put32(b->out + 4, (uint32_t)(str_off + b->str_len));
	put32(b->out + 8, (uint32_t)st_off);
	put32(b->out + 12, (uint32_t)str_off);
	put32(b->out + 16, 40);
	put32(b->out + 20, 17);
	put32(b->out + 24, 16);
	put32(b->out + 32, (uint32_t)b->str_len);
	put32(b->out + 36, (uint32_t)b->st_len);
	memcpy(b->out + st_off, b->st, b->st_len);
	memcpy(b->out + str_off, b->str, b->str_len);
	b->len = str_off + b->str_len;
}

/* a board: root { #cells; soc (ranges) { gpio@7e200000 }; led { } } */
static void board(struct blob *b)
{
	unsigned char ranges[12] = { 0x7e, 0, 0, 0, 0xfe, 0, 0, 0, 0x01, 0x80, 0, 0 };
	unsigned char reg[8] = { 0x7e, 0x20, 0, 0, 0, 0, 0, 0xb4 };

	memset(b, 0, sizeof(*b));
	begin(b, "");
	prop_u32(b, "#address-cells", 1);
	prop_u32(b, "#size-cells", 1);
	begin(b, "soc");
	prop(b, "compatible", "simple-bus", 11);
	prop_u32(b, "#address-cells", 1);
	prop_u32(b, "#size-cells", 1);
	prop(b, "ranges", ranges, sizeof(ranges));
	begin(b, "gpio@7e200000");
	prop(b, "compatible", "brcm,bcm2711-gpio", 18);
	prop(b, "reg", reg, sizeof(reg));
	prop_u32(b, "phandle", 3);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END_NODE);
	begin(b, "led");
	word(b, UMOD_FDT_NOP);
	prop(b, "label", "LED 1", 6);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END);
	finish(b);
}

static char reason[256];

static void report(void *data, const char *msg)
{
	snprintf(reason, sizeof(reason), "%s", msg);
}

/* ---- the cases -------------------------------------------------------------------- */

static void board_unflattened(void **state)
{
	struct umod_of_tree *t;
	struct blob b;
	uint64_t size;

	board(&b);
	assert_int_equal(umod_fdt_unflatten(b.out, b.len, &t, report, NULL), 0);
	assert_int_equal(t->nr_nodes, 4);
	assert_string_equal(t->root->full_name, "/");
	assert_string_equal(t->nodes[2]->full_name, "gpio@7e200000");
	assert_string_equal(t->nodes[2]->name, "gpio");
	assert_int_equal(t->nodes[2]->phandle, 3);
	assert_ptr_equal(umod_of_find_node_by_phandle(t, 3), t->nodes[2]);
	/* the "name" property 6.1 adds, last */
	assert_string_equal(umod_of_get_property(t->nodes[3], "name", NULL), "led");
	assert_string_equal(umod_of_get_property(t->nodes[3], "label", NULL), "LED 1");
	/* reg through soc's ranges: 0x7e200000 is 0xfe200000 */
	assert_int_equal(umod_of_translate_reg(t->nodes[2], 0, &size), 0xfe200000);
	assert_int_equal(size, 0xb4);
	assert_int_equal(umod_of_translate_reg(t->nodes[2], 1, NULL), UMOD_OF_BAD_ADDR);
	assert_false(umod_fdt_is_overlay(t));
	umod_of_tree_free(t);
}

/* one field of the header set to @v, at @off */
static void refused(struct blob *b, size_t len, const char *why)
{
	struct umod_of_tree *t = (void *)1;

	reason[0] = '\0';
	assert_int_equal(umod_fdt_unflatten(b->out, len, &t, report, NULL), -EINVAL);
	assert_null(t);
	assert_non_null(strstr(reason, why));
}

static void header_checked(void **state)
{
	struct blob b;

	board(&b);
	refused(&b, 39, "blob shorter than its header");
	b.out[0] = 0;
	refused(&b, b.len, "bad magic");
	board(&b);
	refused(&b, b.len - 1, "totalsize beyond the blob");
	put32(b.out + 20, 15);
	refused(&b, b.len, "unsupported version");
	board(&b);
	put32(b.out + 36, 0x10000);
	refused(&b, b.len, "structure block outside the blob");
	board(&b);
	put32(b.out + 32, 0x10000);
	refused(&b, b.len, "strings block outside the blob");
}

static void structure_checked(void **state)
{
	struct blob b = { .st_len = 0 };

	word(&b, UMOD_FDT_PROP);
	finish(&b);
	refused(&b, b.len, "no root node");

	memset(&b, 0, sizeof(b));
	word(&b, UMOD_FDT_BEGIN_NODE);
	memcpy(b.st + b.st_len, "abcd", 4);	/* no NUL before the block ends */
	b.st_len += 4;
	finish(&b);
	refused(&b, b.len, "node name runs off the structure block");

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	word(&b, UMOD_FDT_PROP);
	word(&b, 100);
	word(&b, str_off(&b, "x"));
	finish(&b);
	refused(&b, b.len, "property value runs off the structure block");

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	word(&b, UMOD_FDT_PROP);
	word(&b, 0);
	word(&b, 9999);
	finish(&b);
	refused(&b, b.len, "property name outside the strings block");

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	word(&b, 7);
	finish(&b);
	refused(&b, b.len, "unexpected token in a node");

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	word(&b, UMOD_FDT_END_NODE);
	finish(&b);
	refused(&b, b.len, "structure block ends inside a token");

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	word(&b, UMOD_FDT_END_NODE);
	word(&b, UMOD_FDT_END_NODE);
	finish(&b);
	refused(&b, b.len, "no FDT_END after the root node");

	memset(&b, 0, sizeof(b));
	for (int i = 0; i <= UMOD_FDT_MAX_DEPTH; i++)
		begin(&b, "n");
	finish(&b);
	refused(&b, b.len, "nodes nested too deep");
}

/* fragment@0 { target-path = @path; __overlay__ { led { label = "on"; }; extra { }; }; } */
static void overlay(struct blob *b, const char *path)
{
	memset(b, 0, sizeof(*b));
	begin(b, "");
	begin(b, "fragment@0");
	prop(b, "target-path", path, strlen(path) + 1);
	begin(b, "__overlay__");
	begin(b, "led");
	prop(b, "label", "on", 3);
	word(b, UMOD_FDT_END_NODE);
	begin(b, "extra");
	prop(b, "compatible", "umod,extra", 11);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END_NODE);
	word(b, UMOD_FDT_END);
	finish(b);
}

static void overlay_merged(void **state)
{
	struct umod_of_tree *base, *ov;
	struct blob b, o;

	board(&b);
	assert_int_equal(umod_fdt_unflatten(b.out, b.len, &base, report, NULL), 0);
	overlay(&o, "/nowhere");
	assert_int_equal(umod_fdt_unflatten(o.out, o.len, &ov, report, NULL), 0);
	assert_true(umod_fdt_is_overlay(ov));
	assert_int_equal(umod_of_overlay_apply(base, ov, report, NULL), -EINVAL);
	assert_int_equal(base->nr_nodes, 4);		/* nothing moved */
	umod_of_tree_free(ov);
	overlay(&o, "/");
	assert_int_equal(umod_fdt_unflatten(o.out, o.len, &ov, report, NULL), 0);
	assert_int_equal(umod_of_overlay_apply(base, ov, report, NULL), 0);
	assert_int_equal(base->nr_nodes, 5);		/* extra added, led merged */
	assert_string_equal(umod_of_get_property(base->nodes[3], "label", NULL), "on");
	assert_string_equal(base->nodes[4]->full_name, "extra");
	assert_ptr_equal(base->nodes[4]->parent, base->root);
	umod_of_tree_free(base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(board_unflattened),
		cmocka_unit_test(header_checked),
		cmocka_unit_test(structure_checked),
		cmocka_unit_test(overlay_merged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
