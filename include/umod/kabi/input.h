/* SPDX-License-Identifier: MIT */
/*
 * The input layer's structures as both sides see them (Linux 6.1's
 * linux/input.h, uapi linux/input.h, mod_devicetable.h): drivers fill
 * struct input_dev (its bitmaps, id, name, absinfo), handlers struct
 * input_handler and input_handle. A struct input_dev is always the
 * host's (input_allocate_device()), which keeps its state after it.
 * Field names and order are 6.1's; force feedback, multitouch and the
 * keymap helpers' structures are opaque. The bitmap lengths are those
 * of 6.1's counts on a 64-bit machine (input-event-codes.h): EV_CNT 0x20,
 * KEY_CNT 0x300, REL_CNT 0x10, ABS_CNT 0x40, MSC_CNT 0x08, LED_CNT 0x10,
 * SND_CNT 0x08, FF_CNT 0x80, SW_CNT 0x11, INPUT_PROP_CNT 0x20.
 * Builtin types only.
 */
#ifndef _UMOD_KABI_INPUT_H
#define _UMOD_KABI_INPUT_H

#include <umod/kabi/device.h>
#include <umod/kabi/mutex.h>
#include <umod/kabi/spinlock.h>
#include <umod/kabi/timer.h>
#include <umod/kabi/types.h>

#define UMOD_INPUT_LONGS(bits)	(((bits) + 63) / 64)

/* what EVIOCGID answers */
struct input_id {
	unsigned short bustype;
	unsigned short vendor;
	unsigned short product;
	unsigned short version;
};

/* what EVIOCGABS answers */
struct input_absinfo {
	int value;
	int minimum;
	int maximum;
	int fuzz;
	int flat;
	int resolution;
};

struct input_value {
	unsigned short type;
	unsigned short code;
	int value;
};

struct input_keymap_entry;
struct ff_device;
struct input_dev_poller;
struct input_mt;
struct input_handle;
struct file;

struct input_dev {
	const char *name;
	const char *phys;
	const char *uniq;
	struct input_id id;
	unsigned long propbit[UMOD_INPUT_LONGS(0x20)];
	unsigned long evbit[UMOD_INPUT_LONGS(0x20)];
	unsigned long keybit[UMOD_INPUT_LONGS(0x300)];
	unsigned long relbit[UMOD_INPUT_LONGS(0x10)];
	unsigned long absbit[UMOD_INPUT_LONGS(0x40)];
	unsigned long mscbit[UMOD_INPUT_LONGS(0x08)];
	unsigned long ledbit[UMOD_INPUT_LONGS(0x10)];
	unsigned long sndbit[UMOD_INPUT_LONGS(0x08)];
	unsigned long ffbit[UMOD_INPUT_LONGS(0x80)];
	unsigned long swbit[UMOD_INPUT_LONGS(0x11)];
	unsigned int hint_events_per_packet;
	unsigned int keycodemax;
	unsigned int keycodesize;
	void *keycode;
	int (*setkeycode)(struct input_dev *dev, const struct input_keymap_entry *ke,
			  unsigned int *old_keycode);
	int (*getkeycode)(struct input_dev *dev, struct input_keymap_entry *ke);
	struct ff_device *ff;
	struct input_dev_poller *poller;
	unsigned int repeat_key;
	struct timer_list timer;
	int rep[2];			/* REP_CNT */
	struct input_mt *mt;
	struct input_absinfo *absinfo;
	unsigned long key[UMOD_INPUT_LONGS(0x300)];
	unsigned long led[UMOD_INPUT_LONGS(0x10)];
	unsigned long snd[UMOD_INPUT_LONGS(0x08)];
	unsigned long sw[UMOD_INPUT_LONGS(0x11)];
	int (*open)(struct input_dev *dev);
	void (*close)(struct input_dev *dev);
	int (*flush)(struct input_dev *dev, struct file *file);
	int (*event)(struct input_dev *dev, unsigned int type, unsigned int code, int value);
	struct input_handle *grab;
	spinlock_t event_lock;
	struct mutex mutex;
	unsigned int users;
	_Bool going_away;
	struct device dev;
	struct list_head h_list;
	struct list_head node;
	unsigned int num_vals;
	unsigned int max_vals;
	struct input_value *vals;
	_Bool devres_managed;
	long long timestamp[3];		/* INPUT_CLK_MAX */
	_Bool inhibited;
};

/* mod_devicetable.h's, with its bitmap lengths for the *_MAX values */
struct input_device_id {
	unsigned long flags;
	unsigned short bustype;
	unsigned short vendor;
	unsigned short product;
	unsigned short version;
	unsigned long evbit[1];
	unsigned long keybit[12];
	unsigned long relbit[1];
	unsigned long absbit[1];
	unsigned long mscbit[1];
	unsigned long ledbit[1];
	unsigned long sndbit[1];
	unsigned long ffbit[2];
	unsigned long swbit[1];
	unsigned long propbit[1];
	unsigned long driver_info;
};

struct input_handler {
	void *private;
	void (*event)(struct input_handle *handle, unsigned int type, unsigned int code,
		      int value);
	void (*events)(struct input_handle *handle, const struct input_value *vals,
		       unsigned int count);
	_Bool (*filter)(struct input_handle *handle, unsigned int type, unsigned int code,
			int value);
	_Bool (*match)(struct input_handler *handler, struct input_dev *dev);
	int (*connect)(struct input_handler *handler, struct input_dev *dev,
		       const struct input_device_id *id);
	void (*disconnect)(struct input_handle *handle);
	void (*start)(struct input_handle *handle);
	_Bool legacy_minors;
	int minor;
	const char *name;
	const struct input_device_id *id_table;
	struct list_head h_list;
	struct list_head node;
};

struct input_handle {
	void *private;
	int open;
	const char *name;
	struct input_dev *dev;
	struct input_handler *handler;
	struct list_head d_node;
	struct list_head h_node;
};

#endif /* _UMOD_KABI_INPUT_H */
