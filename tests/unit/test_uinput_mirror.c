// SPDX-License-Identifier: MIT
/*
 * drivers/input/uinput-mirror.c: the /dev/uinput setup built from a
 * device's capabilities, name, id and axes, and the input_event records
 * written for a packet, through a recording stand-in for the system calls
 * (no file but /dev/uinput answers UI_* ioctls). The ioctl numbers are
 * linux/uinput.h's on x86-64 and arm64, so the structures' sizes are
 * checked too.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/input/input-core-private.h"

#define UI_DEV_CREATE	0x5501ul
#define UI_DEV_SETUP	0x405c5503ul	/* struct uinput_setup: 92 bytes */
#define UI_ABS_SETUP	0x401c5504ul	/* struct uinput_abs_setup: 28 bytes */
#define UI_SET_EVBIT	0x40045564ul
#define UI_SET_KEYBIT	0x40045565ul
#define UI_SET_ABSBIT	0x40045567ul
#define UI_SET_PROPBIT	0x4004556eul

struct call {
	unsigned long req, arg;
	char name[80];
	unsigned short id[4];
	int abs[7];		/* code, then the absinfo */
};

static struct call calls[64];
static unsigned int ncalls;
static int fail_req_errno;
static unsigned long fail_req;
static unsigned char written[1024];
static size_t nwritten;

static int fake_open(const char *path)
{
	return 42;
}

static int fake_ioctl(int fd, unsigned long req, unsigned long arg)
{
	struct call *c = &calls[ncalls++];

	assert_int_equal(fd, 42);
	c->req = req;
	c->arg = arg;
	if (req == UI_DEV_SETUP) {
		memcpy(c->id, (void *)arg, 8);
		memcpy(c->name, (char *)arg + 8, 80);
	} else if (req == UI_ABS_SETUP) {
		unsigned short code;

		memcpy(&code, (void *)arg, 2);
		c->abs[0] = code;
		memcpy(&c->abs[1], (char *)arg + 4, 24);
	}
	return req == fail_req ? -fail_req_errno : 0;
}

static long fake_write(int fd, const void *buf, size_t n)
{
	assert_true(n <= sizeof(written));
	memcpy(written, buf, n);
	nwritten = n;
	return (long)n;
}

static int fake_close(int fd)
{
	return 0;
}

static const struct umod_uinput_sys fake = { fake_open, fake_ioctl, fake_write, fake_close };

static int reset(void **state)
{
	umod_uinput_sys = &fake;
	ncalls = 0;
	fail_req = 0;
	nwritten = 0;
	return 0;
}

static void set_bit_(unsigned int nr, unsigned long *map)
{
	map[nr / (8 * sizeof(long))] |= 1ul << (nr % (8 * sizeof(long)));
}

/* a keyboard with Enter and A, an absolute X axis, a pointer property */
static struct input_dev *tablet_keyboard(struct input_absinfo *abs)
{
	struct input_dev *dev = calloc(1, sizeof(*dev));

	dev->name = "umod test device";
	dev->id = (struct input_id){ 6, 0x1234, 0x5678, 0x0100 };
	set_bit_(0, dev->evbit);	/* EV_SYN */
	set_bit_(1, dev->evbit);	/* EV_KEY */
	set_bit_(3, dev->evbit);	/* EV_ABS */
	set_bit_(0x15, dev->evbit);	/* EV_FF: not mirrored */
	set_bit_(28, dev->keybit);
	set_bit_(30, dev->keybit);
	set_bit_(0, dev->absbit);
	set_bit_(0, dev->propbit);	/* INPUT_PROP_POINTER */
	abs[0] = (struct input_absinfo){ 5, 0, 1000, 4, 8, 3 };
	dev->absinfo = abs;
	return dev;
}

static void setup_from_caps(void **state)
{
	struct input_absinfo abs[64] = { { 0 } };
	struct input_dev *dev = tablet_keyboard(abs);
	static const unsigned long want[][2] = {
		{ UI_SET_PROPBIT, 0 }, { UI_SET_EVBIT, 0 }, { UI_SET_EVBIT, 1 },
		{ UI_SET_EVBIT, 3 }, { UI_SET_KEYBIT, 28 }, { UI_SET_KEYBIT, 30 },
		{ UI_SET_ABSBIT, 0 }, { UI_ABS_SETUP, 0 }, { UI_DEV_SETUP, 0 },
		{ UI_DEV_CREATE, 0 },
	};

	assert_int_equal(umod_uinput_setup(42, dev), 0);
	assert_int_equal(ncalls, sizeof(want) / sizeof(want[0]));
	for (unsigned int i = 0; i < ncalls; i++) {
		assert_int_equal(calls[i].req, want[i][0]);
		if (want[i][0] != UI_ABS_SETUP && want[i][0] != UI_DEV_SETUP)
			assert_int_equal(calls[i].arg, want[i][1]);
	}
	assert_int_equal(calls[7].abs[0], 0);
	assert_memory_equal(&calls[7].abs[1], ((int[]){ 5, 0, 1000, 4, 8, 3 }), 24);
	assert_string_equal(calls[8].name, "umod test device");
	assert_memory_equal(calls[8].id, ((unsigned short[]){ 6, 0x1234, 0x5678, 0x0100 }), 8);
	free(dev);
}

static void setup_failure_is_returned(void **state)
{
	struct input_absinfo abs[64] = { { 0 } };
	struct input_dev *dev = tablet_keyboard(abs);

	fail_req = UI_SET_KEYBIT;
	fail_req_errno = EINVAL;
	assert_int_equal(umod_uinput_setup(42, dev), -EINVAL);
	/* nothing after the refused call: no device is created */
	assert_int_equal(calls[ncalls - 1].req, UI_SET_KEYBIT);
	free(dev);
}

static void packet_written_as_input_events(void **state)
{
	const struct input_value vals[] = { { 1, 30, 1 }, { 3, 0, 512 }, { 0, 0, 0 } };
	struct { long sec, usec; unsigned short type, code; int value; } ev[3];

	assert_int_equal(umod_uinput_write(42, vals, 3), 0);
	assert_int_equal(nwritten, 3 * 24);
	memcpy(ev, written, sizeof(ev));
	assert_int_equal(ev[0].type, 1);
	assert_int_equal(ev[0].code, 30);
	assert_int_equal(ev[0].value, 1);
	assert_int_equal(ev[1].type, 3);
	assert_int_equal(ev[1].value, 512);
	assert_int_equal(ev[2].type, 0);
	assert_int_equal(ev[0].sec | ev[0].usec, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(setup_from_caps, reset),
		cmocka_unit_test_setup(setup_failure_is_returned, reset),
		cmocka_unit_test_setup(packet_written_as_input_events, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
