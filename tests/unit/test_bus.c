// SPDX-License-Identifier: MIT
/*
 * boards/bus.c and the bus models on the built-in rpi4 (i2c1: an LM75 at
 * 0x48, a 24C02 at 0x50; spi0: a loopback on chip select 0), driven with
 * the messages a controller hands over: an address nobody answers is
 * -ENXIO; the LM75's pointer selects a register, temperatures are 9-bit
 * in the top bits, T_OS keeps a write, its "temperature" file changes the
 * reading; the 24C02 wraps a page write within its page, does not
 * acknowledge during its write cycle, reads on from a random address; the
 * SPI loopback gives back what it is sent and counts it; a chip select
 * nobody is on is -ENODEV.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <umod/kabi/i2c.h>

#include "helpers.h"
#include "boards/board.h"
#include "drivers/of/of_private.h"

static struct capture cap;
static struct umod_host *host;

static int setup(void **state)
{
	host = test_host_new(&cap);
	return !host || umod_host_load_board(host, "rpi4");
}

static int teardown(void **state)
{
	umod_host_unref(host);
	return 0;
}

static const struct device_node *node(const char *name)
{
	struct umod_of_tree *tree = umod_of_tree(host);

	for (size_t i = 0; tree && i < tree->nr_nodes; i++)
		if (!strcmp(tree->nodes[i]->full_name, name))
			return tree->nodes[i];
	fail_msg("no node %s", name);
	return NULL;
}

static int xfer(uint16_t addr, uint8_t *wbuf, uint16_t wlen, uint8_t *rbuf, uint16_t rlen)
{
	struct i2c_msg msgs[2] = {
		{ .addr = addr, .flags = 0, .len = wlen, .buf = wbuf },
		{ .addr = addr, .flags = I2C_M_RD, .len = rlen, .buf = rbuf },
	};

	if (!wlen)
		return umod_board_i2c_transfer(host, node("i2c@7e804000"), &msgs[1], 1);
	return umod_board_i2c_transfer(host, node("i2c@7e804000"), msgs, rlen ? 2 : 1);
}

static void nobody_answers(void **state)
{
	uint8_t b = 0;

	assert_int_equal(xfer(0x49, &b, 1, NULL, 0), -ENXIO);
	assert_int_equal(xfer(0x48, &b, 1, &b, 1), 2);
}

static void lm75_registers(void **state)
{
	uint8_t ptr = 0, r[2];
	uint8_t tos[3] = { 3, 85, 0x80 };

	assert_int_equal(xfer(0x48, &ptr, 1, r, 2), 2);
	assert_int_equal(r[0] << 8 | r[1], 0x1780);		/* 23.5 C */
	ptr = 2;
	assert_int_equal(xfer(0x48, &ptr, 1, r, 2), 2);
	assert_int_equal(r[0] << 8 | r[1], 0x4b00);		/* T_HYST 75 C */
	assert_int_equal(xfer(0x48, tos, 3, NULL, 0), 1);
	ptr = 3;
	assert_int_equal(xfer(0x48, &ptr, 1, r, 2), 2);
	assert_int_equal(r[0] << 8 | r[1], 0x5580);		/* 85.5 C */
	assert_int_equal(umod_sysfs_write(host, "/sys/kernel/debug/board/lm75@48/temperature",
					  "-0.5", 4), -EINVAL);
	assert_int_equal(umod_sysfs_write(host, "/sys/kernel/debug/board/lm75@48/temperature",
					  "-500\n", 5), 5);
	ptr = 0;
	assert_int_equal(xfer(0x48, &ptr, 1, r, 2), 2);
	assert_int_equal(r[0] << 8 | r[1], 0xff80);		/* -0.5 C */
}

static void sleep_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

static void eeprom_pages_and_cycle(void **state)
{
	uint8_t w[11] = { 6, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j' };
	uint8_t addr = 0, r[8];

	/* ten bytes at 6: the page (0-7) wraps: 6,7 then 0..7 */
	assert_int_equal(xfer(0x50, w, sizeof(w), NULL, 0), 1);
	/* busy: no acknowledge for its write cycle */
	assert_int_equal(xfer(0x50, &addr, 1, r, 8), -ENXIO);
	sleep_ms(10);
	assert_int_equal(xfer(0x50, &addr, 1, r, 8), 2);
	assert_memory_equal(r, "cdefghij", 8);
	/* a current-address read goes on from where the last one stopped */
	assert_int_equal(xfer(0x50, NULL, 0, r, 2), 1);
	assert_int_equal(r[0], 0xff);
}

static void spi_loopback(void **state)
{
	const struct device_node *ctrl = node("spi@7e204000");
	uint8_t rx[5];
	char buf[32];
	ssize_t n;

	assert_int_equal(umod_board_spi_transfer(host, ctrl, 0, (const uint8_t *)"hello", rx, 5,
						 true, true), 0);
	assert_memory_equal(rx, "hello", 5);
	assert_int_equal(umod_board_spi_transfer(host, ctrl, 1, (const uint8_t *)"x", rx, 1,
						 true, true), -ENODEV);
	n = umod_sysfs_read(host, "/sys/kernel/debug/board/loopback@0/bytes", buf,
			    sizeof(buf) - 1);
	assert_true(n > 0);
	buf[n] = '\0';
	assert_string_equal(buf, "5\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nobody_answers),
		cmocka_unit_test(lm75_registers),
		cmocka_unit_test(eeprom_pages_and_cycle),
		cmocka_unit_test(spi_loopback),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
