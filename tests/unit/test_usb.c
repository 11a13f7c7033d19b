// SPDX-License-Identifier: MIT
/*
 * drivers/usb/: a board with a simulated host controller and the echo
 * device on port 1 (the case writes its .dts; skipped without dtc): bus 1
 * has its root hub usb1 (1d6b:0002) and 1-1 (fff0:fff0, device number 2,
 * interface 1-1:1.0 with its modalias); pulled out from its "connected"
 * file, the device goes (after the hub thread has run) and the log says
 * so as 6.1's; plugged back it is device number 3; a bad write is refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "helpers.h"

static struct capture cap;
static struct umod_host *host;
static char dir[256];

static const char board[] =
	"/dts-v1/;\n/ {\n\t#address-cells = <1>;\n\t#size-cells = <1>;\n"
	"\tusb@7e980000 {\n\t\tcompatible = \"umod,usb-sim\";\n\t\treg = <0x7e980000 0x1000>;\n"
	"\t\t#address-cells = <1>;\n\t\t#size-cells = <0>;\n"
	"\t\techo@1 { reg = <1>; umod,model = \"usb-echo\"; };\n\t};\n};\n";

static int setup(void **state)
{
	char path[300];

	if (system("command -v dtc > /dev/null 2>&1"))
		return 0;	/* each test skips */
	host = test_host_new(&cap);
	if (!host || test_tmpdir(dir, sizeof(dir), "usb") ||
	    test_put_file(dir, "board.dts", board, sizeof(board) - 1))
		return -1;
	snprintf(path, sizeof(path), "%s/board.dts", dir);
	return umod_host_load_board(host, path);
}

static int teardown(void **state)
{
	if (host)
		umod_host_unref(host);
	if (dir[0])
		test_rmtree(dir);
	return 0;
}

static char *sysread(const char *path, char *buf, size_t size)
{
	ssize_t n = umod_sysfs_read(host, path, buf, size - 1);

	buf[n > 0 ? n : 0] = '\0';
	return n >= 0 ? buf : NULL;
}

/* until @path exists (@want 1) or not (0), up to 2 s */
static bool wait_for(const char *path, int want)
{
	struct timespec ts = { 0, 10000000 };
	char buf[64];

	for (int i = 0; i < 200; i++) {
		if ((sysread(path, buf, sizeof(buf)) != NULL) == want)
			return true;
		nanosleep(&ts, NULL);
	}
	return false;
}

static void enumerated(void **state)
{
	char buf[128];

	if (!host)
		skip();
	assert_string_equal(sysread("/sys/bus/usb/devices/usb1/idVendor", buf, sizeof(buf)),
			    "1d6b\n");
	assert_string_equal(sysread("/sys/bus/usb/devices/1-1/idProduct", buf, sizeof(buf)),
			    "fff0\n");
	assert_string_equal(sysread("/sys/bus/usb/devices/1-1/devnum", buf, sizeof(buf)), "2\n");
	assert_string_equal(sysread("/sys/bus/usb/devices/1-1:1.0/modalias", buf, sizeof(buf)),
			    "usb:vFFF0pFFF0d0100dc00dsc00dp00icFFisc00ip00in00\n");
	assert_true(capture_has(&cap, "usb 1-1: new high-speed USB device number 2 using usb-sim"));
}

static void unplug_and_plug(void **state)
{
	const char *conn = "/sys/kernel/debug/board/echo@1/connected";
	char buf[64];

	if (!host)
		skip();
	assert_int_equal(umod_sysfs_write(host, conn, "2", 1), -EINVAL);
	assert_int_equal(umod_sysfs_write(host, conn, "0\n", 2), 2);
	assert_true(wait_for("/sys/bus/usb/devices/1-1/devnum", 0));
	assert_true(capture_has(&cap, "usb 1-1: USB disconnect, device number 2"));
	assert_int_equal(umod_sysfs_write(host, conn, "1\n", 2), 2);
	assert_true(wait_for("/sys/bus/usb/devices/1-1/devnum", 1));
	assert_string_equal(sysread("/sys/bus/usb/devices/1-1/devnum", buf, sizeof(buf)), "3\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(enumerated),
		cmocka_unit_test(unplug_and_plug),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
