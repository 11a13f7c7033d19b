// SPDX-License-Identifier: MIT
/*
 * The /dev/uinput mirror (umod_host_set_input_uinput(), `umod daemon
 * --uinput`): a built-in input handler that attaches to every device, as
 * evdev does, and makes each a real input device of the host through
 * /dev/uinput: its capability bits, name, id and axes set up, every event
 * it reports written there, the device destroyed when it goes. Programs
 * of the host (evtest, libinput, X) then see the module's device among
 * their own. Without /dev/uinput one line says so and dev/input/eventN
 * serves alone. The system calls go through umod_uinput_sys, which the
 * unit test replaces: no fake file can answer ioctls.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "drivers/input/input-core-private.h"
#include "kernel/printk/internal.h"

/*
 * linux/uinput.h's: it brings linux/input.h, whose structures the kabi's
 * input.h defines for modules; the layouts are the uapi's.
 */
#define UINPUT_MAX_NAME_SIZE	80
#define UI_DEV_CREATE		_IO('U', 1)
#define UI_DEV_DESTROY		_IO('U', 2)
#define UI_DEV_SETUP		_IOW('U', 3, struct uinput_setup)
#define UI_ABS_SETUP		_IOW('U', 4, struct uinput_abs_setup)
#define UI_SET_EVBIT		_IOW('U', 100, int)
#define UI_SET_KEYBIT		_IOW('U', 101, int)
#define UI_SET_RELBIT		_IOW('U', 102, int)
#define UI_SET_ABSBIT		_IOW('U', 103, int)
#define UI_SET_MSCBIT		_IOW('U', 104, int)
#define UI_SET_LEDBIT		_IOW('U', 105, int)
#define UI_SET_SNDBIT		_IOW('U', 106, int)
#define UI_SET_SWBIT		_IOW('U', 109, int)
#define UI_SET_PROPBIT		_IOW('U', 110, int)

struct uinput_setup {
	struct input_id id;
	char name[UINPUT_MAX_NAME_SIZE];
	unsigned int ff_effects_max;
};

struct uinput_abs_setup {
	unsigned short code;
	struct input_absinfo absinfo;
};

/* what a write(2) to /dev/uinput takes: struct input_event, time ignored */
struct uinput_event {
	long sec, usec;
	unsigned short type, code;
	int value;
};

struct uinput_mirror {
	struct input_handle handle;
	int fd;
};

static int sys_open(const char *path)
{
	return open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
}

static int sys_ioctl(int fd, unsigned long req, unsigned long arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static long sys_write(int fd, const void *buf, size_t n)
{
	return write(fd, buf, n) < 0 ? -errno : (long)n;
}

static const struct umod_uinput_sys real_sys = { sys_open, sys_ioctl, sys_write, close };
const struct umod_uinput_sys *umod_uinput_sys = &real_sys;

static bool bit(const unsigned long *map, unsigned int nr)
{
	return map[nr / (8 * sizeof(long))] >> (nr % (8 * sizeof(long))) & 1;
}

/* UI_SET_<type>BIT for each bit of @map below @max */
static int set_bits(int fd, unsigned long req, const unsigned long *map, unsigned int max)
{
	int err = 0;

	for (unsigned int i = 0; i <= max && !err; i++)
		if (bit(map, i))
			err = umod_uinput_sys->ioctl(fd, req, i);
	return err;
}

static int set_axes(int fd, const struct input_dev *dev)
{
	int err = 0;

	for (unsigned int code = 0; code <= ABS_MAX && !err; code++) {
		struct uinput_abs_setup abs = { .code = (unsigned short)code };

		if (!bit(dev->absbit, code))
			continue;
		if (dev->absinfo)
			abs.absinfo = dev->absinfo[code];
		err = umod_uinput_sys->ioctl(fd, UI_SET_ABSBIT, code);
		if (!err)
			err = umod_uinput_sys->ioctl(fd, UI_ABS_SETUP, (unsigned long)&abs);
	}
	return err;
}

int umod_uinput_setup(int fd, const struct input_dev *dev)
{
	static const struct { unsigned int type; unsigned long req; size_t off; unsigned int max; } maps[] = {
		{ EV_KEY, UI_SET_KEYBIT, offsetof(struct input_dev, keybit), KEY_MAX },
		{ EV_REL, UI_SET_RELBIT, offsetof(struct input_dev, relbit), REL_MAX },
		{ EV_MSC, UI_SET_MSCBIT, offsetof(struct input_dev, mscbit), MSC_MAX },
		{ EV_LED, UI_SET_LEDBIT, offsetof(struct input_dev, ledbit), LED_MAX },
		{ EV_SND, UI_SET_SNDBIT, offsetof(struct input_dev, sndbit), SND_MAX },
		{ EV_SW, UI_SET_SWBIT, offsetof(struct input_dev, swbit), SW_MAX },
	};
	struct uinput_setup setup = { .id = dev->id };
	int err = set_bits(fd, UI_SET_PROPBIT, dev->propbit, INPUT_PROP_MAX);

	/* force feedback needs uinput's upload protocol: not mirrored */
	for (unsigned int t = 0; t <= EV_MAX && !err; t++)
		if (bit(dev->evbit, t) && t != EV_FF)
			err = umod_uinput_sys->ioctl(fd, UI_SET_EVBIT, t);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(maps) && !err; i++)
		if (bit(dev->evbit, maps[i].type))
			err = set_bits(fd, maps[i].req,
				       (const unsigned long *)((const char *)dev + maps[i].off),
				       maps[i].max);
	if (!err && bit(dev->evbit, EV_ABS))
		err = set_axes(fd, dev);
	strncpy(setup.name, dev->name ? dev->name : "", sizeof(setup.name) - 1);
	if (!err)
		err = umod_uinput_sys->ioctl(fd, UI_DEV_SETUP, (unsigned long)&setup);
	return err ? err : umod_uinput_sys->ioctl(fd, UI_DEV_CREATE, 0);
}

int umod_uinput_write(int fd, const struct input_value *vals, unsigned int count)
{
	struct uinput_event ev[INPUT_MAX_VALS];
	long n;

	if (count > INPUT_MAX_VALS)
		count = INPUT_MAX_VALS;
	memset(ev, 0, sizeof(ev));
	for (unsigned int i = 0; i < count; i++) {
		ev[i].type = vals[i].type;
		ev[i].code = vals[i].code;
		ev[i].value = vals[i].value;
	}
	n = umod_uinput_sys->write(fd, ev, count * sizeof(*ev));
	return n < 0 ? (int)n : 0;
}

/* ---- the handler ----------------------------------------------------------- */

static void mirror_events(struct input_handle *handle, const struct input_value *vals,
			  unsigned int count)
{
	struct uinput_mirror *m = handle->private;

	/* a full host queue drops the packet, as a full evdev buffer would */
	umod_uinput_write(m->fd, vals, count);
}

/* the device's line when it gets no mirror; -ENODEV keeps the core quiet */
static int no_mirror(struct input_dev *dev, const char *what, int err)
{
	umod_log_printk(to_umod_input(dev)->host->log, KERN_NOTICE "%s: no host input device (%s: %s): its events go through dev/input/ only\n",
			dev->name ? dev->name : "input", what, strerror(-err));
	return -ENODEV;
}

static int mirror_connect(struct input_handler *handler, struct input_dev *dev,
			  const struct input_device_id *id)
{
	struct uinput_mirror *m = calloc(1, sizeof(*m));
	int err;

	if (!m)
		return -ENOMEM;
	m->fd = umod_uinput_sys->open("/dev/uinput");
	if (m->fd < 0) {
		free(m);
		return no_mirror(dev, "/dev/uinput", -errno);
	}
	err = umod_uinput_setup(m->fd, dev);
	if (err) {
		umod_uinput_sys->close(m->fd);
		free(m);
		return no_mirror(dev, "UI_DEV_CREATE", err);
	}
	m->handle = (struct input_handle){ .dev = dev, .handler = handler, .name = "uinput",
					   .private = m };
	err = umod_input_register_handle(&m->handle);
	/* events pass to open handles only: the mirror is a user from the start */
	if (!err && (err = umod_input_open_device(&m->handle)))
		umod_input_unregister_handle(&m->handle);
	if (err) {
		umod_uinput_sys->ioctl(m->fd, UI_DEV_DESTROY, 0);
		umod_uinput_sys->close(m->fd);
		free(m);
	}
	return err;
}

static void mirror_disconnect(struct input_handle *handle)
{
	struct uinput_mirror *m = handle->private;

	umod_input_close_device(handle);
	umod_input_unregister_handle(handle);
	umod_uinput_sys->ioctl(m->fd, UI_DEV_DESTROY, 0);
	umod_uinput_sys->close(m->fd);
	free(m);
}

static const struct input_device_id mirror_ids[] = {
	{ .driver_info = 1 },	/* every device */
	{ },
};

static struct input_handler mirror_handler = {
	.events = mirror_events,
	.connect = mirror_connect,
	.disconnect = mirror_disconnect,
	.name = "uinput",
	.id_table = mirror_ids,
};

void umod_host_set_input_uinput(struct umod_host *host, int on)
{
	if (on)
		umod_input_register_handler(host, &mirror_handler, NULL);
	else
		umod_input_unregister_handler(host, &mirror_handler);
}
