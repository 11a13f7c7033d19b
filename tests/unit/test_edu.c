// SPDX-License-Identifier: MIT
/*
 * boards/edu.c, QEMU's edu device as its specification has it, on the
 * built-in pc board's PCI bus (00:04.0, BAR 0 placed by the PCI core):
 * the identification, the liveness inversion, 4-byte-only access below
 * 0x80, the factorial (computing bit, then the result), the interrupt
 * status raised and acknowledged (INTA's level follows it), and a DMA
 * whose RAM side nothing maps: refused, the command's run bit cleared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"
#include "boards/board.h"
#include "drivers/of/of_private.h"
#include "drivers/pci/pci.h"

static struct capture cap;
static struct umod_host *host;
static uint64_t bar;
static struct umod_pci_fn *fn;

static int setup(void **state)
{
	struct umod_of_tree *tree;

	host = test_host_new(&cap);
	if (!host || umod_host_load_board(host, "pc"))
		return 1;
	tree = umod_of_tree(host);
	for (size_t i = 0; tree && i < tree->nr_nodes && !fn; i++)
		fn = umod_pci_fn_of_node(host, tree->nodes[i]);
	if (!fn)
		return 1;
	bar = fn->pdev->resource[0].start;
	return 0;
}

static int teardown(void **state)
{
	umod_host_unref(host);
	return 0;
}

static uint64_t rd(uint64_t off, unsigned int size)
{
	uint64_t v = 0;

	assert_true(umod_board_mmio(host, bar + off, size, false, &v));
	return v;
}

static void wr(uint64_t off, unsigned int size, uint64_t v)
{
	assert_true(umod_board_mmio(host, bar + off, size, true, &v));
}

/* the timer thread runs the work: poll as a driver would */
static uint64_t until_clear(uint64_t off, uint64_t bit)
{
	uint64_t v;

	for (int i = 0; i < 2000 && ((v = rd(off, 4)) & bit); i++)
		usleep(1000);
	return v;
}

static void test_registers(void **state)
{
	assert_int_equal(fn->pdev->vendor, 0x1234);
	assert_int_equal(fn->pdev->device, 0x11e8);
	assert_int_equal(fn->pdev->resource[0].end - bar + 1, 1 << 20);
	assert_int_equal(rd(0x00, 4), 0x010000ed);
	wr(0x04, 4, 0x12345678);
	assert_int_equal(rd(0x04, 4), 0xedcba987);
	assert_int_equal(rd(0x00, 2), 0xffff);		/* below 0x80: 4 bytes only */
	wr(0x04, 2, 0);
	assert_int_equal(rd(0x04, 4), 0xedcba987);
	wr(0x80, 8, 0x1122334455667788ull);		/* from 0x80: 8 bytes too */
	assert_int_equal(rd(0x80, 8), 0x1122334455667788ull);
}

static void test_factorial(void **state)
{
	wr(0x08, 4, 10);
	until_clear(0x20, 1);
	assert_int_equal(rd(0x08, 4), 3628800);
	wr(0x08, 4, 13);			/* wraps at 32 bits, as QEMU's */
	until_clear(0x20, 1);
	assert_int_equal(rd(0x08, 4), 1932053504u);
}

static void test_interrupts(void **state)
{
	wr(0x60, 4, 0x5);
	assert_int_equal(rd(0x24, 4), 0x5);
	assert_int_equal(fn->intx_level, 1);
	wr(0x64, 4, 0x1);
	assert_int_equal(rd(0x24, 4), 0x4);
	assert_int_equal(fn->intx_level, 1);
	wr(0x64, 4, 0x4);
	assert_int_equal(fn->intx_level, 0);
	/* the factorial's interrupt, when status bit 7 asks for it */
	wr(0x20, 4, 0x80);
	wr(0x08, 4, 3);
	until_clear(0x20, 1);
	assert_int_equal(rd(0x24, 4), 0x1);
	wr(0x64, 4, 0x1);
}

static void test_dma_unmapped(void **state)
{
	wr(0x80, 8, 0x40000);
	wr(0x88, 8, 0x2000000);
	wr(0x90, 8, 16);
	wr(0x98, 8, 0x3);
	assert_int_equal(until_clear(0x98, 1) & 1, 0);
	assert_non_null(strstr(capture_last(&cap), "no mapping of the device holds it"));
	/* the device side out of its buffer: logged, nothing moves */
	wr(0x80, 8, 0x41000);
	wr(0x98, 8, 0x3);
	until_clear(0x98, 1);
	assert_non_null(strstr(capture_last(&cap), "EDU: DMA range"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registers),
		cmocka_unit_test(test_factorial),
		cmocka_unit_test(test_interrupts),
		cmocka_unit_test(test_dma_unmapped),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
