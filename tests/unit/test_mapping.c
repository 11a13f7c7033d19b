// SPDX-License-Identifier: MIT
/*
 * kernel/dma/mapping.c and debug.c, as a driver of the pc board's edu
 * device calls them: a streaming mapping's address is in the device's
 * mask, from 16 MiB, keeping the buffer's page offset; a mask under 24
 * bits is refused; the device reaches the buffer by that address in the
 * mapping's direction only, and nothing once unmapped; coherent buffers
 * are page-aligned and zeroed; an unmap with another size or direction,
 * unchecked, is reported in 6.1's words; a mapping that does not fit the
 * mask fails with DMA_MAPPING_ERROR.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "drivers/of/of_private.h"
#include "drivers/pci/pci.h"
#include "kernel/dma/dma.h"
#include "kernel/module/module.h"

#define DMA_MAPPING_ERROR	(~0ull)

static struct capture cap;
static struct umod_host *host;
static struct module kmod;
static struct umod_module *mod;
static struct device *dev;

struct op {
	const char *fn;
	void *p;
	size_t size;
	int dir;
	uint64_t addr, ret;
};

typedef uint64_t (*map_fn)(struct device *, void *, size_t, size_t, int, unsigned long);
typedef void (*unmap_fn)(struct device *, uint64_t, size_t, int, unsigned long);
typedef int (*mask_fn)(struct device *, uint64_t);
typedef void *(*alloc_fn)(struct device *, size_t, uint64_t *, unsigned int, unsigned long);
typedef void (*free_fn)(struct device *, size_t, void *, uint64_t, unsigned long);

static long run(void *arg)
{
	struct op *o = arg;
	void *f = test_export(host, o->fn);

	if (!strcmp(o->fn, "dma_map_page_attrs"))
		o->ret = ((map_fn)f)(dev, o->p, 0, o->size, o->dir, 0);
	else if (!strcmp(o->fn, "dma_unmap_page_attrs"))
		((unmap_fn)f)(dev, o->addr, o->size, o->dir, 0);
	else if (!strcmp(o->fn, "dma_set_mask") || !strcmp(o->fn, "dma_set_coherent_mask"))
		o->ret = (uint64_t)(int64_t)((mask_fn)f)(dev, o->addr);
	else if (!strcmp(o->fn, "dma_alloc_attrs"))
		o->ret = (uint64_t)(uintptr_t)((alloc_fn)f)(dev, o->size, &o->addr, 0, 0);
	else if (!strcmp(o->fn, "dma_free_attrs"))
		((free_fn)f)(dev, o->size, o->p, o->addr, 0);
	else if (!strcmp(o->fn, "debug_dma_mapping_error"))
		((void (*)(struct device *, uint64_t))f)(dev, o->addr);
	return 0;
}

static uint64_t call(const char *fn, void *p, size_t size, int dir, uint64_t addr)
{
	struct op o = { fn, p, size, dir, addr, 0 };
	long ret;

	assert_int_equal(umod_call(mod, run, &o, &ret), 0);
	return fn[4] == 'a' && fn[5] == 'l' ? o.addr : o.ret;
}

static int setup(void **state)
{
	struct umod_of_tree *tree;

	host = test_host_new(&cap);
	strcpy(kmod.name, "dmatest");
	mod = host ? fake_module_new(host, "dmatest", &kmod, NULL, 0) : NULL;
	if (!mod || umod_host_load_board(host, "pc"))
		return 1;
	tree = umod_of_tree(host);
	for (size_t i = 0; i < tree->nr_nodes && !dev; i++) {
		struct umod_pci_fn *fn = umod_pci_fn_of_node(host, tree->nodes[i]);

		if (fn)
			dev = &fn->pdev->dev;
	}
	return !dev;
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void test_streaming(void **state)
{
	char *buf = aligned_alloc(4096, 8192), out[8] = "", in[8] = "device";
	uint64_t a;

	assert_int_equal((int64_t)call("dma_set_mask", NULL, 0, 0, 0xfffff), -5);	/* -EIO */
	assert_int_equal(call("dma_set_mask", NULL, 0, 0, (1ull << 28) - 1), 0);
	strcpy(buf + 100, "cpu");
	a = call("dma_map_page_attrs", buf + 100, 16, 1 /* TO_DEVICE */, 0);
	assert_true(a >= 0x1000000 && a < (1ull << 28));
	assert_int_equal(a & 0xfff, 100);
	call("debug_dma_mapping_error", NULL, 0, 0, a);
	assert_int_equal(umod_dma_access(host, dev, a, out, 4, false), 0);
	assert_string_equal(out, "cpu");
	/* the device may not write a TO_DEVICE mapping, nor past its end */
	assert_int_equal(umod_dma_access(host, dev, a, in, 4, true), -14);
	assert_int_equal(umod_dma_access(host, dev, a + 12, out, 8, false), -14);
	call("dma_unmap_page_attrs", NULL, 16, 1, a);
	assert_int_equal(umod_dma_access(host, dev, a, out, 4, false), -14);
	/* FROM_DEVICE: the device writes, the CPU sees it */
	a = call("dma_map_page_attrs", buf, 64, 2, 0);
	call("debug_dma_mapping_error", NULL, 0, 0, a);
	assert_int_equal(umod_dma_access(host, dev, a + 8, in, 7, true), 0);
	assert_string_equal(buf + 8, "device");
	call("dma_unmap_page_attrs", NULL, 64, 2, a);
	/* more than the mask holds */
	assert_int_equal(call("dma_map_page_attrs", buf, 1u << 28, 2, 0), DMA_MAPPING_ERROR);
	free(buf);
}

static void test_coherent(void **state)
{
	struct op o = { "dma_alloc_attrs", NULL, 5000, 0, 0, 0 };
	long ret;
	char *cpu;

	assert_int_equal(umod_call(mod, run, &o, &ret), 0);
	cpu = (char *)(uintptr_t)o.ret;
	assert_non_null(cpu);
	assert_int_equal((uintptr_t)cpu & 4095, 0);
	assert_int_equal(cpu[0] | cpu[4999], 0);
	assert_int_equal(umod_dma_access(host, dev, o.addr + 4096, "x", 1, true), 0);
	assert_int_equal(cpu[4096], 'x');
	o.fn = "dma_free_attrs";
	o.p = cpu;
	assert_int_equal(umod_call(mod, run, &o, &ret), 0);
}

static void test_misuse(void **state)
{
	static char buf[64];
	uint64_t a = call("dma_map_page_attrs", buf, 64, 1, 0);

	char line[256];

	call("dma_unmap_page_attrs", NULL, 32, 2, a);
	snprintf(line, sizeof(line), "DMA-API: pci 0000:00:04.0: device driver frees DMA memory with different size [device address=0x%016llx] [map size=64 bytes] [unmap size=32 bytes]",
		 (unsigned long long)a);
	assert_true(capture_has(&cap, line));
	assert_int_equal(umod_dma_access(host, dev, a, buf, 1, false), -14);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_streaming),
		cmocka_unit_test(test_coherent),
		cmocka_unit_test(test_misuse),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
