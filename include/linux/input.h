/* SPDX-License-Identifier: MIT */
/*
 * Input devices and handlers (Linux 6.1's linux/input.h and its uapi
 * half): struct input_dev, input_handler, input_handle and the ids are
 * in umod/kabi/input.h; the event codes are 6.1's uapi
 * input-event-codes.h, taken from the system's linux-libc-dev at build
 * time (include/generated/). What user space sees (dev/input/eventN
 * speaking evdev) is in Documentation/driver-api/input.rst.
 */
#ifndef __KERNEL__
#include_next <linux/input.h>
#elif !defined(_LINUX_INPUT_H)
#define _LINUX_INPUT_H

#include <linux/types.h>
#include <linux/ioctl.h>
#include <linux/list.h>
#include <linux/bitops.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/timer.h>
#include <linux/mod_devicetable.h>
#include <generated/input-event-codes.h>
#include <umod/kabi/input.h>

/* what read() of an evdev node returns (64-bit layout) */
struct input_event {
	unsigned long __sec;
	unsigned long __usec;
	__u16 type;
	__u16 code;
	__s32 value;
};
#define input_event_sec		__sec
#define input_event_usec	__usec

#define EV_VERSION		0x010001

struct input_keymap_entry {
#define INPUT_KEYMAP_BY_INDEX	(1 << 0)
	__u8 flags;
	__u8 len;
	__u16 index;
	__u32 keycode;
	__u8 scancode[32];
};

struct input_mask {
	__u32 type;
	__u32 codes_size;
	__u64 codes_ptr;
};

#define EVIOCGVERSION		_IOR('E', 0x01, int)
#define EVIOCGID		_IOR('E', 0x02, struct input_id)
#define EVIOCGREP		_IOR('E', 0x03, unsigned int[2])
#define EVIOCSREP		_IOW('E', 0x03, unsigned int[2])
#define EVIOCGKEYCODE		_IOR('E', 0x04, unsigned int[2])
#define EVIOCGKEYCODE_V2	_IOR('E', 0x04, struct input_keymap_entry)
#define EVIOCSKEYCODE		_IOW('E', 0x04, unsigned int[2])
#define EVIOCSKEYCODE_V2	_IOW('E', 0x04, struct input_keymap_entry)
#define EVIOCGNAME(len)		_IOC(_IOC_READ, 'E', 0x06, len)
#define EVIOCGPHYS(len)		_IOC(_IOC_READ, 'E', 0x07, len)
#define EVIOCGUNIQ(len)		_IOC(_IOC_READ, 'E', 0x08, len)
#define EVIOCGPROP(len)		_IOC(_IOC_READ, 'E', 0x09, len)
#define EVIOCGMTSLOTS(len)	_IOC(_IOC_READ, 'E', 0x0a, len)
#define EVIOCGKEY(len)		_IOC(_IOC_READ, 'E', 0x18, len)
#define EVIOCGLED(len)		_IOC(_IOC_READ, 'E', 0x19, len)
#define EVIOCGSND(len)		_IOC(_IOC_READ, 'E', 0x1a, len)
#define EVIOCGSW(len)		_IOC(_IOC_READ, 'E', 0x1b, len)
#define EVIOCGBIT(ev, len)	_IOC(_IOC_READ, 'E', 0x20 + (ev), len)
#define EVIOCGABS(abs)		_IOR('E', 0x40 + (abs), struct input_absinfo)
#define EVIOCSABS(abs)		_IOW('E', 0xc0 + (abs), struct input_absinfo)
#define EVIOCGRAB		_IOW('E', 0x90, int)
#define EVIOCREVOKE		_IOW('E', 0x91, int)
#define EVIOCGMASK		_IOR('E', 0x92, struct input_mask)
#define EVIOCSMASK		_IOW('E', 0x93, struct input_mask)
#define EVIOCSCLOCKID		_IOW('E', 0xa0, int)

#define ID_BUS			0
#define ID_VENDOR		1
#define ID_PRODUCT		2
#define ID_VERSION		3

#define BUS_PCI			0x01
#define BUS_ISAPNP		0x02
#define BUS_USB			0x03
#define BUS_HIL			0x04
#define BUS_BLUETOOTH		0x05
#define BUS_VIRTUAL		0x06
#define BUS_ISA			0x10
#define BUS_I8042		0x11
#define BUS_XTKBD		0x12
#define BUS_RS232		0x13
#define BUS_GAMEPORT		0x14
#define BUS_PARPORT		0x15
#define BUS_AMIGA		0x16
#define BUS_ADB			0x17
#define BUS_I2C			0x18
#define BUS_HOST		0x19
#define BUS_GSC			0x1A
#define BUS_ATARI		0x1B
#define BUS_SPI			0x1C
#define BUS_RMI			0x1D
#define BUS_CEC			0x1E
#define BUS_INTEL_ISHTP		0x1F

#define INPUT_DEVICE_ID_MATCH_BUS	1
#define INPUT_DEVICE_ID_MATCH_VENDOR	2
#define INPUT_DEVICE_ID_MATCH_PRODUCT	4
#define INPUT_DEVICE_ID_MATCH_VERSION	8
#define INPUT_DEVICE_ID_MATCH_EVBIT	0x0010
#define INPUT_DEVICE_ID_MATCH_KEYBIT	0x0020
#define INPUT_DEVICE_ID_MATCH_RELBIT	0x0040
#define INPUT_DEVICE_ID_MATCH_ABSBIT	0x0080
#define INPUT_DEVICE_ID_MATCH_MSCIT	0x0100
#define INPUT_DEVICE_ID_MATCH_LEDBIT	0x0200
#define INPUT_DEVICE_ID_MATCH_SNDBIT	0x0400
#define INPUT_DEVICE_ID_MATCH_FFBIT	0x0800
#define INPUT_DEVICE_ID_MATCH_SWBIT	0x1000
#define INPUT_DEVICE_ID_MATCH_PROPBIT	0x2000

#define to_input_dev(d)	container_of(d, struct input_dev, dev)

struct input_dev *input_allocate_device(void);
void input_free_device(struct input_dev *dev);
int input_register_device(struct input_dev *dev);
void input_unregister_device(struct input_dev *dev);
void input_event(struct input_dev *dev, unsigned int type, unsigned int code, int value);
void input_inject_event(struct input_handle *handle, unsigned int type, unsigned int code,
			int value);
void input_set_capability(struct input_dev *dev, unsigned int type, unsigned int code);
void input_alloc_absinfo(struct input_dev *dev);
void input_set_abs_params(struct input_dev *dev, unsigned int axis, int min, int max,
			  int fuzz, int flat);
int input_register_handler(struct input_handler *handler);
void input_unregister_handler(struct input_handler *handler);
int input_register_handle(struct input_handle *handle);
void input_unregister_handle(struct input_handle *handle);
int input_open_device(struct input_handle *handle);
void input_close_device(struct input_handle *handle);

static inline void input_report_key(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_KEY, code, !!value);
}

static inline void input_report_rel(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_REL, code, value);
}

static inline void input_report_abs(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_ABS, code, value);
}

static inline void input_report_switch(struct input_dev *dev, unsigned int code, int value)
{
	input_event(dev, EV_SW, code, !!value);
}

static inline void input_sync(struct input_dev *dev)
{
	input_event(dev, EV_SYN, SYN_REPORT, 0);
}

static inline void input_mt_sync(struct input_dev *dev)
{
	input_event(dev, EV_SYN, SYN_MT_REPORT, 0);
}

static inline void *input_get_drvdata(struct input_dev *dev)
{
	return dev_get_drvdata(&dev->dev);
}

static inline void input_set_drvdata(struct input_dev *dev, void *data)
{
	dev_set_drvdata(&dev->dev, data);
}

static inline struct input_dev *input_get_device(struct input_dev *dev)
{
	return dev ? to_input_dev(get_device(&dev->dev)) : NULL;
}

static inline void input_put_device(struct input_dev *dev)
{
	if (dev)
		put_device(&dev->dev);
}

static inline int input_abs_get_val(struct input_dev *dev, unsigned int axis)
{
	return dev->absinfo ? dev->absinfo[axis].value : 0;
}

static inline int input_abs_get_min(struct input_dev *dev, unsigned int axis)
{
	return dev->absinfo ? dev->absinfo[axis].minimum : 0;
}

static inline int input_abs_get_max(struct input_dev *dev, unsigned int axis)
{
	return dev->absinfo ? dev->absinfo[axis].maximum : 0;
}

static inline int input_abs_get_res(struct input_dev *dev, unsigned int axis)
{
	return dev->absinfo ? dev->absinfo[axis].resolution : 0;
}

static inline void input_abs_set_res(struct input_dev *dev, unsigned int axis, int val)
{
	input_alloc_absinfo(dev);
	if (dev->absinfo)
		dev->absinfo[axis].resolution = val;
}

static inline void input_abs_set_val(struct input_dev *dev, unsigned int axis, int val)
{
	input_alloc_absinfo(dev);
	if (dev->absinfo)
		dev->absinfo[axis].value = val;
}

#endif /* _LINUX_INPUT_H */
