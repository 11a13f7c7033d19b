// SPDX-License-Identifier: MIT
/*
 * drivers/i2c/: the rpi4 board's i2c-1 as user space and the SMBus calls
 * see it: the adapter's name; new_device makes a client (name, modalias),
 * refuses what 6.1 refuses in its words (no address, a bad address, one
 * in use) and delete_device removes only what it made; SMBus words are
 * little-endian on the wire (the LM75's 0x17 0x80 is 0x8017), an SMBus
 * block read whose count byte is past 32 is -EPROTO, an I2C block write
 * reads back once the EEPROM's write cycle is over.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "helpers.h"
#include "drivers/i2c/i2c-core.h"

static struct capture cap;
static struct umod_host *host;

#define ADAP "/sys/bus/i2c/devices/i2c-1/"

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

static char *sysread(const char *path, char *buf, size_t size)
{
	ssize_t n = umod_sysfs_read(host, path, buf, size - 1);

	assert_true(n >= 0);
	buf[n] = '\0';
	return buf;
}

static ssize_t put(const char *file, const char *s)
{
	return umod_sysfs_write(host, file, s, strlen(s));
}

static void new_and_delete_device(void **state)
{
	char buf[64];

	assert_string_equal(sysread(ADAP "name", buf, sizeof(buf)), "bcm2835 (i2c@7e804000)\n");
	assert_int_equal(put(ADAP "new_device", "lm75 0x48\n"), 10);
	assert_true(capture_has(&cap, "i2c i2c-1: new_device: Instantiated device lm75 at 0x48"));
	assert_string_equal(sysread("/sys/bus/i2c/devices/1-0048/name", buf, sizeof(buf)),
			    "lm75\n");
	assert_string_equal(sysread("/sys/bus/i2c/devices/1-0048/modalias", buf, sizeof(buf)),
			    "i2c:lm75\n");
	assert_int_equal(put(ADAP "new_device", "lm75 0x48"), -EBUSY);
	assert_true(capture_has(&cap, "i2c i2c-1: Failed to register i2c client lm75 at 0x48 (-16)"));
	assert_int_equal(put(ADAP "new_device", "lm75"), -EINVAL);
	assert_true(capture_has(&cap, "i2c i2c-1: new_device: Missing parameters"));
	assert_int_equal(put(ADAP "new_device", "lm75 0x80"), -EINVAL);
	assert_true(capture_has(&cap, "i2c i2c-1: Invalid 7-bit I2C address 0x80"));
	assert_int_equal(put(ADAP "new_device", "lm75 0x49 x"), -EINVAL);
	assert_true(capture_has(&cap, "i2c i2c-1: new_device: Extra parameters"));
	assert_int_equal(put(ADAP "delete_device", "0x49"), -ENOENT);
	assert_true(capture_has(&cap, "i2c i2c-1: delete_device: Can't find device in list"));
	assert_int_equal(put(ADAP "delete_device", "0x48\n"), 5);
	assert_true(capture_has(&cap, "i2c i2c-1: delete_device: Deleting device lm75 at 0x48"));
	assert_true(umod_sysfs_read(host, "/sys/bus/i2c/devices/1-0048/name", buf, 8) < 0);
}

static struct i2c_adapter *adapter(void)
{
	struct umod_i2c_core *core = umod_i2c_core(host);

	assert_non_null(core);
	assert_true(core->adapters.next != &core->adapters);
	return umod_container_of(core->adapters.next, struct umod_i2c_adap, node)->adap;
}

static void smbus_emulated(void **state)
{
	struct i2c_adapter *adap = adapter();
	union i2c_smbus_data d;
	struct timespec ts = { 0, 10000000 };

	assert_int_equal(umod_i2c_smbus_xfer(adap, 0x48, 0, I2C_SMBUS_READ, 0,
					     I2C_SMBUS_WORD_DATA, &d), 0);
	assert_int_equal(d.word, 0x8017);
	assert_int_equal(umod_i2c_smbus_xfer(adap, 0x50, 0, I2C_SMBUS_READ, 0,
					     I2C_SMBUS_BLOCK_DATA, &d), -EPROTO);
	memcpy(d.block, "\4abcd", 5);
	assert_int_equal(umod_i2c_smbus_xfer(adap, 0x50, 0, I2C_SMBUS_WRITE, 0x10,
					     I2C_SMBUS_I2C_BLOCK_DATA, &d), 0);
	nanosleep(&ts, NULL);
	memset(&d, 0, sizeof(d));
	d.block[0] = 4;
	assert_int_equal(umod_i2c_smbus_xfer(adap, 0x50, 0, I2C_SMBUS_READ, 0x10,
					     I2C_SMBUS_I2C_BLOCK_DATA, &d), 0);
	assert_memory_equal(d.block + 1, "abcd", 4);
	assert_int_equal(umod_i2c_smbus_xfer(adap, 0x51, 0, I2C_SMBUS_READ, 0,
					     I2C_SMBUS_BYTE, &d), -ENXIO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(new_and_delete_device),
		cmocka_unit_test(smbus_emulated),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
