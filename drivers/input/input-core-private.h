/* SPDX-License-Identifier: MIT */
/*
 * What the input core's files share (Linux's drivers/input/
 * input-core-private.h): the host's side of an input device and of a
 * handler, and the built-in evdev handler's entry points.
 */
#ifndef _UMOD_DRIVERS_INPUT_INPUT_CORE_PRIVATE_H
#define _UMOD_DRIVERS_INPUT_INPUT_CORE_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <umod/kabi/input.h>

#include "kernel/module/module.h"
#include "util/list.h"

#define INPUT_MAX_HANDLES	8
#define INPUT_MAX_VALS		64	/* a packet; more is passed on early */

/* input_allocate_device()'s: the device the module sees, then the host's */
struct umod_input_dev {
	struct input_dev dev;
	struct umod_host *host;
	struct umod_module *owner;	/* whose code dev->open, close, event are */
	struct umod_list node;		/* on the host's devices, once registered */
	pthread_mutex_t lock;		/* vals, the state bitmaps, the handles */
	struct input_value vals[INPUT_MAX_VALS];
	unsigned int nvals;
	struct input_handle *handles[INPUT_MAX_HANDLES];
	unsigned int number;		/* inputN */
	bool registered;
};

static inline struct umod_input_dev *to_umod_input(struct input_dev *dev)
{
	return umod_container_of(dev, struct umod_input_dev, dev);
}

/* input_get_new_minor(): a free minor of major 13 in [@base, @base + @num),
 * or -ENFILE; and its release */
int umod_input_get_new_minor(struct umod_host *host, unsigned int base, unsigned int num);
void umod_input_free_minor(struct umod_host *host, unsigned int minor);
/* the input class of @host (input.c), NULL before input_init() */
struct class *umod_input_class(struct umod_host *host);

/* evdev.c: the built-in handler, registered with the input core of a host */
extern struct input_handler umod_evdev_handler;
int umod_evdev_init(struct umod_host *host);
void umod_evdev_exit(struct umod_host *host);

/* input.c: handler registration for the host's own (evdev) and modules' */
int umod_input_register_handler(struct umod_host *host, struct input_handler *handler,
				struct umod_module *owner);
void umod_input_unregister_handler(struct umod_host *host, struct input_handler *handler);
int umod_input_register_handle(struct input_handle *handle);
void umod_input_unregister_handle(struct input_handle *handle);
int umod_input_open_device(struct input_handle *handle);
void umod_input_inject_event(struct input_handle *handle, unsigned int type, unsigned int code,
			     int value);
void umod_input_close_device(struct input_handle *handle);

/*
 * uinput-mirror.c: the system calls the /dev/uinput mirror makes (the unit
 * test's to replace); the setup of @fd from @dev's capabilities, name, id
 * and axes, then UI_DEV_CREATE; a packet written as input_event records.
 * Each 0 or a negative errno.
 */
struct umod_uinput_sys {
	int (*open)(const char *path);
	int (*ioctl)(int fd, unsigned long req, unsigned long arg);
	long (*write)(int fd, const void *buf, size_t n);
	int (*close)(int fd);
};
extern const struct umod_uinput_sys *umod_uinput_sys;
int umod_uinput_setup(int fd, const struct input_dev *dev);
int umod_uinput_write(int fd, const struct input_value *vals, unsigned int count);

/* with the driver core: the class, /proc/bus/input, evdev */
int umod_input_init(struct umod_host *host);
void umod_input_exit(struct umod_host *host);
/* module_leftovers: @mod's registered devices and handlers go, reported */
void umod_input_leftovers(struct umod_module *mod);

#endif /* _UMOD_DRIVERS_INPUT_INPUT_CORE_PRIVATE_H */
