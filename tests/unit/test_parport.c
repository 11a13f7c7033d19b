// SPDX-License-Identifier: MIT
/*
 * boards/parport.c, the "parport-pc" model, on the built-in pc board: its
 * three registers at 0x378 (data latched, control's unused bits read as
 * 1), the loopback plug's wiring of data to status and the status lines'
 * pull-ups without it, the plug pulled and put back through its debugfs
 * file (a bad value refused), the ACK interrupt raised only on nAck's
 * rising edge with control's bit 4 set, and ports beyond its three that
 * it does not serve.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "boards/board.h"
#include "kernel/irq/internals.h"
#include "kernel/module/module.h"

static struct capture cap;
static struct umod_host *host;
static struct module kmod;
static struct umod_module *mod;
static int acks;

static int setup(void **state)
{
	host = test_host_new(&cap);
	strcpy(kmod.name, "parporttest");
	mod = host ? fake_module_new(host, "parporttest", &kmod, NULL, 0) : NULL;
	return !mod || umod_host_load_board(host, "pc");
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static int ack_handler(int irq, void *dev_id)
{
	acks++;
	return UMOD_IRQ_HANDLED;
}

static long do_request(void *arg)
{
	return umod_request_threaded_irq(umod_irq_core(host), 7, ack_handler, NULL, 0, "test",
					 &acks, umod_irq_caller_module());
}

static long do_free(void *arg)
{
	umod_free_irq(umod_irq_core(host), 7, &acks);
	return 0;
}

static unsigned int in(unsigned int port)
{
	uint64_t v = 0;

	assert_true(umod_board_pio(host, port, 1, false, &v));
	return (unsigned int)v;
}

static void out(unsigned int v, unsigned int port)
{
	uint64_t val = v;

	assert_true(umod_board_pio(host, port, 1, true, &val));
}

static void test_registers(void **state)
{
	uint64_t v;

	out(0xa5, 0x378);
	assert_int_equal(in(0x378), 0xa5);
	out(0x15, 0x37a);
	assert_int_equal(in(0x37a), 0xd5);
	out(0x00, 0x37a);
	assert_false(umod_board_pio(host, 0x37b, 1, false, &v));
	assert_false(umod_board_pio(host, 0x377, 1, false, &v));
	/* memory at the same number is another space */
	assert_false(umod_board_mmio(host, 0x378, 1, false, &v));
}

static void test_loopback(void **state)
{
	const char *file = "/sys/kernel/debug/board/parport@1,378/loopback";

	out(0x00, 0x378);
	assert_int_equal(in(0x379), 0x87);	/* Busy inverted: D6 low reads 1 */
	out(0x38, 0x378);
	assert_int_equal(in(0x379), 0xbf);
	out(0xc0, 0x378);
	assert_int_equal(in(0x379), 0x47);
	assert_int_equal(umod_sysfs_write(host, file, "0\n", 2), 2);
	assert_int_equal(in(0x379), 0x7f);
	assert_true(umod_sysfs_write(host, file, "2", 1) < 0);
	assert_int_equal(umod_sysfs_write(host, file, "1", 1), 1);
	assert_int_equal(in(0x379), 0x47);
}

static void test_ack_interrupt(void **state)
{
	struct irq_desc *desc = umod_irq_to_desc(umod_irq_core(host), 7);
	long ret;

	assert_non_null(desc);
	assert_string_equal(desc->irq_data.chip->name, "IO-APIC");
	assert_int_equal(desc->irq_data.hwirq, 7);
	assert_int_equal(umod_call(mod, do_request, NULL, &ret), 0);
	assert_int_equal(ret, 0);
	out(0x00, 0x378);
	out(0x80, 0x378);			/* control bit 4 clear: nothing */
	out(0x10, 0x37a);
	out(0x80, 0x378);			/* no edge: still nothing */
	out(0x00, 0x378);
	out(0x80, 0x378);			/* the edge */
	out(0x00, 0x37a);
	umod_irq_settle(host, 2000);
	assert_int_equal(acks, 1);
	assert_int_equal(umod_call(mod, do_free, NULL, &ret), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registers),
		cmocka_unit_test(test_loopback),
		cmocka_unit_test(test_ack_interrupt),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
