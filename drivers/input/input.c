// SPDX-License-Identifier: MIT
/*
 * The input core (Linux's drivers/input/input.c, 6.1): devices a driver
 * allocates and registers (inputN in the input class, with 6.1's name,
 * phys, uniq, id/, capabilities/, properties and modalias files), events
 * filtered as input_get_disposition() does (a key's state, a relative
 * axis' zero, an absolute axis' fuzz) and passed to the open handles a
 * packet at a time, at each SYN_REPORT; handlers that connect to the
 * devices their id table matches; /proc/bus/input/devices and handlers.
 */
#include <errno.h>
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/input/input-core-private.h"
#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "lib/kobject_uevent.h"
#include "mm/internal.h"

/* 6.1's uapi linux/input.h (the event codes are its input-event-codes.h) */
#define FF_MAX		0x7f

#define PASS_TO_HANDLERS	1
#define PASS_TO_DEVICE		2
#define PASS_TO_ALL		(PASS_TO_HANDLERS | PASS_TO_DEVICE)
#define FLUSH			4

#define BITS		64
#define test(nr, map)	(((map)[(nr) / BITS] >> ((nr) % BITS)) & 1)
#define set(nr, map)	((map)[(nr) / BITS] |= 1UL << ((nr) % BITS))
#define clear(nr, map)	((map)[(nr) / BITS] &= ~(1UL << ((nr) % BITS)))
#define flip(nr, map)	((map)[(nr) / BITS] ^= 1UL << ((nr) % BITS))

/* a host's input class, devices and handlers */
struct input_host {
	struct umod_host *host;
	struct class *cls;
	struct umod_list devices;	/* umod_input_dev.node, registration order */
	struct umod_list handlers;	/* struct handler_rec */
	unsigned int next_number;
	unsigned char minors[1024 / 8];	/* input_get_new_minor()'s, of major 13 */
	struct umod_list link;
};

struct handler_rec {
	struct input_handler *handler;
	struct umod_module *owner;
	struct umod_list link;
};

static pthread_mutex_t input_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list input_hosts = { &input_hosts, &input_hosts };

/* input_mutex held */
static struct input_host *input_host_of(struct umod_host *host)
{
	for (struct umod_list *l = input_hosts.next; l != &input_hosts; l = l->next)
		if (umod_container_of(l, struct input_host, link)->host == host)
			return umod_container_of(l, struct input_host, link);
	return NULL;
}

struct class *umod_input_class(struct umod_host *host)
{
	struct input_host *ih;

	pthread_mutex_lock(&input_mutex);
	ih = input_host_of(host);
	pthread_mutex_unlock(&input_mutex);
	return ih ? ih->cls : NULL;
}

/* input_get_new_minor() of a legacy range: the first free of [@base, @base + @num) */
int umod_input_get_new_minor(struct umod_host *host, unsigned int base, unsigned int num)
{
	struct input_host *ih;
	int minor = -ENFILE;

	pthread_mutex_lock(&input_mutex);
	ih = input_host_of(host);
	for (unsigned int i = base; ih && i < base + num && i < 1024 && minor < 0; i++)
		if (!(ih->minors[i / 8] & (1u << (i % 8)))) {
			ih->minors[i / 8] |= (unsigned char)(1u << (i % 8));
			minor = (int)i;
		}
	pthread_mutex_unlock(&input_mutex);
	return minor;
}

void umod_input_free_minor(struct umod_host *host, unsigned int minor)
{
	struct input_host *ih;

	pthread_mutex_lock(&input_mutex);
	if ((ih = input_host_of(host)) && minor < 1024)
		ih->minors[minor / 8] &= (unsigned char)~(1u << (minor % 8));
	pthread_mutex_unlock(&input_mutex);
}

/* ---- bitmaps as 6.1 prints them ------------------------------------------------------ */

/* input_print_bitmap(): longs in hex, the highest non-empty first, else "0" */
static size_t print_bitmap(char *buf, size_t size, const unsigned long *map, unsigned int max)
{
	size_t len = 0;
	bool skip = true;

	for (int i = (int)((max + BITS) / BITS) - 1; i >= 0; i--) {
		if (skip && !map[i])
			continue;
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%lx%s", map[i],
					i > 0 ? " " : "");
		skip = false;
	}
	if (skip)
		len = (size_t)snprintf(buf, size, "0");
	return len;
}

/* input_print_modalias_bits(): @name, then each set bit from @min as "%X," */
static size_t modalias_bits(char *buf, size_t size, char name, const unsigned long *map,
			    unsigned int min, unsigned int max)
{
	size_t len = (size_t)snprintf(buf, size, "%c", name);

	for (unsigned int i = min; i <= max; i++)
		if (test(i, map))
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%X,", i);
	return len;
}

static size_t print_modalias(char *buf, size_t size, const struct input_dev *d)
{
	size_t len = (size_t)snprintf(buf, size, "input:b%04Xv%04Xp%04Xe%04X-", d->id.bustype,
				      d->id.vendor, d->id.product, d->id.version);
#define M(c, map, min, max) \
	len += modalias_bits(buf + len, len < size ? size - len : 0, c, d->map, min, max)
	M('e', evbit, 0, EV_MAX);
	M('k', keybit, KEY_MIN_INTERESTING, KEY_MAX);
	M('r', relbit, 0, REL_MAX);
	M('a', absbit, 0, ABS_MAX);
	M('m', mscbit, 0, MSC_MAX);
	M('l', ledbit, 0, LED_MAX);
	M('s', sndbit, 0, SND_MAX);
	M('f', ffbit, 0, FF_MAX);
	M('w', swbit, 0, SW_MAX);
#undef M
	return len;
}

/* ---- sysfs: inputN's attributes ------------------------------------------------------- */

#define to_input(d)	umod_container_of(d, struct input_dev, dev)

static long show_str(char *buf, const char *s)
{
	return snprintf(buf, 4096, "%s\n", s ? s : "");
}

static long name_show(struct device *d, struct device_attribute *a, char *buf)
{
	return show_str(buf, to_input(d)->name);
}

static long phys_show(struct device *d, struct device_attribute *a, char *buf)
{
	return show_str(buf, to_input(d)->phys);
}

static long uniq_show(struct device *d, struct device_attribute *a, char *buf)
{
	return show_str(buf, to_input(d)->uniq);
}

static long modalias_show(struct device *d, struct device_attribute *a, char *buf)
{
	size_t len = print_modalias(buf, 4095, to_input(d));

	return snprintf(buf + len, 4096 - len, "\n") + (long)len;
}

static long properties_show(struct device *d, struct device_attribute *a, char *buf)
{
	size_t len = print_bitmap(buf, 4095, to_input(d)->propbit, INPUT_PROP_MAX);

	return snprintf(buf + len, 4096 - len, "\n") + (long)len;
}

#define ID_SHOW(field) \
static long id_##field##_show(struct device *d, struct device_attribute *a, char *buf) \
{ \
	return snprintf(buf, 4096, "%04x\n", to_input(d)->id.field); \
}
ID_SHOW(bustype)
ID_SHOW(vendor)
ID_SHOW(product)
ID_SHOW(version)

#define CAP_SHOW(bm, max) \
static long cap_##bm##_show(struct device *d, struct device_attribute *a, char *buf) \
{ \
	size_t len = print_bitmap(buf, 4095, to_input(d)->bm##bit, max); \
	return snprintf(buf + len, 4096 - len, "\n") + (long)len; \
}
CAP_SHOW(ev, EV_MAX)
CAP_SHOW(key, KEY_MAX)
CAP_SHOW(rel, REL_MAX)
CAP_SHOW(abs, ABS_MAX)
CAP_SHOW(msc, MSC_MAX)
CAP_SHOW(led, LED_MAX)
CAP_SHOW(snd, SND_MAX)
CAP_SHOW(ff, FF_MAX)
CAP_SHOW(sw, SW_MAX)

#define RO(n, fn)	static struct device_attribute attr_##n = { { #n, 0444 }, fn, NULL }
RO(name, name_show);
RO(phys, phys_show);
RO(uniq, uniq_show);
RO(modalias, modalias_show);
RO(properties, properties_show);
RO(bustype, id_bustype_show);
RO(vendor, id_vendor_show);
RO(product, id_product_show);
RO(version, id_version_show);
RO(ev, cap_ev_show);
RO(key, cap_key_show);
RO(rel, cap_rel_show);
RO(abs, cap_abs_show);
RO(msc, cap_msc_show);
RO(led, cap_led_show);
RO(snd, cap_snd_show);
RO(ff, cap_ff_show);
RO(sw, cap_sw_show);

static struct attribute *dev_attrs[] = {
	&attr_name.attr, &attr_phys.attr, &attr_uniq.attr, &attr_modalias.attr,
	&attr_properties.attr, NULL,
};
static struct attribute *id_attrs[] = {
	&attr_bustype.attr, &attr_vendor.attr, &attr_product.attr, &attr_version.attr, NULL,
};
static struct attribute *caps_attrs[] = {
	&attr_ev.attr, &attr_key.attr, &attr_rel.attr, &attr_abs.attr, &attr_msc.attr,
	&attr_led.attr, &attr_snd.attr, &attr_ff.attr, &attr_sw.attr, NULL,
};
static const struct attribute_group dev_group = { .attrs = dev_attrs };
static const struct attribute_group id_group = { .name = "id", .attrs = id_attrs };
static const struct attribute_group caps_group = { .name = "capabilities", .attrs = caps_attrs };
static const struct attribute_group *input_dev_groups[] = {
	&dev_group, &id_group, &caps_group, NULL,
};

static void input_dev_release(struct device *d)
{
	struct umod_input_dev *idev = to_umod_input(to_input(d));

	free(idev->dev.absinfo);
	pthread_mutex_destroy(&idev->lock);
	free(idev);
}

static const struct device_type input_dev_type = {
	.name = "input_dev",
	.groups = input_dev_groups,
	.release = input_dev_release,
};

/* input_devnode(): input/NAME */
static char *input_devnode(struct device *dev, unsigned short *mode)
{
	const char *name = umod_dev_name(dev);
	char *s = umod_kmalloc_lib(strlen(name) + 7, 0, NULL);

	if (s)
		sprintf(s, "input/%s", name);
	return s;
}

/* ---- allocation and capabilities ----------------------------------------------------------- */

static struct input_dev *kapi_input_allocate_device(void)
{
	struct umod_host *host = umod_caller_host();
	struct class *cls = host ? umod_input_class(host) : NULL;
	struct umod_input_dev *idev;

	if (!cls || !(idev = calloc(1, sizeof(*idev))))
		return NULL;
	idev->host = host;
	idev->owner = umod_module_made(umod_caller_module(), UMOD_MADE_INPUT);
	pthread_mutex_init(&idev->lock, NULL);
	umod_list_init(&idev->node);
	idev->dev.h_list.next = idev->dev.h_list.prev = &idev->dev.h_list;
	idev->dev.node.next = idev->dev.node.prev = &idev->dev.node;
	idev->dev.dev.type = &input_dev_type;
	idev->dev.dev.class = cls;
	umod_device_initialize(umod_driver_core(host), &idev->dev.dev);
	return &idev->dev;
}

static void kapi_input_free_device(struct input_dev *dev)
{
	if (dev)
		umod_put_device(&dev->dev);
}

static void kapi_input_alloc_absinfo(struct input_dev *dev)
{
	if (!dev->absinfo)
		dev->absinfo = calloc(ABS_CNT, sizeof(*dev->absinfo));
}

static void kapi_input_set_abs_params(struct input_dev *dev, unsigned int axis, int min,
				      int max, int fuzz, int flat)
{
	if (axis > ABS_MAX)
		return;
	kapi_input_alloc_absinfo(dev);
	if (!dev->absinfo)
		return;
	dev->absinfo[axis] = (struct input_absinfo){ .minimum = min, .maximum = max,
		.fuzz = fuzz, .flat = flat };
	set(EV_ABS, dev->evbit);
	set(axis, dev->absbit);
}

static void kapi_input_set_capability(struct input_dev *dev, unsigned int type,
				      unsigned int code)
{
	struct { unsigned int type, max; size_t off; } caps[] = {
		{ EV_KEY, KEY_MAX, offsetof(struct input_dev, keybit) },
		{ EV_REL, REL_MAX, offsetof(struct input_dev, relbit) },
		{ EV_ABS, ABS_MAX, offsetof(struct input_dev, absbit) },
		{ EV_MSC, MSC_MAX, offsetof(struct input_dev, mscbit) },
		{ EV_SW, SW_MAX, offsetof(struct input_dev, swbit) },
		{ EV_LED, LED_MAX, offsetof(struct input_dev, ledbit) },
		{ EV_SND, SND_MAX, offsetof(struct input_dev, sndbit) },
		{ EV_FF, FF_MAX, offsetof(struct input_dev, ffbit) },
	};

	if (type == EV_ABS)
		kapi_input_alloc_absinfo(dev);
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(caps); i++)
		if (caps[i].type == type && code <= caps[i].max)
			set(code, (unsigned long *)((char *)dev + caps[i].off));
	if (type != EV_KEY && type != EV_REL && type != EV_ABS && type != EV_MSC &&
	    type != EV_SW && type != EV_LED && type != EV_SND && type != EV_FF &&
	    type != EV_REP && type != EV_PWR) {
		umod_log_printk(umod_caller_host()->log, KERN_ERR "input: %s: unknown type %u (code %u)\n",
				"input_set_capability", type, code);
		return;
	}
	set(type, dev->evbit);
}

/* ---- events -------------------------------------------------------------------------------- */

static int defuzz(int value, int old, int fuzz)
{
	if (fuzz) {
		if (value > old - fuzz / 2 && value < old + fuzz / 2)
			return old;
		if (value > old - fuzz && value < old + fuzz)
			return (old * 3 + value) / 4;
		if (value > old - fuzz * 2 && value < old + fuzz * 2)
			return (old + value) / 2;
	}
	return value;
}

/* input_get_disposition(), idev->lock held: what becomes of the event */
static int disposition(struct input_dev *dev, unsigned int type, unsigned int code, int *value)
{
	switch (type) {
	case EV_SYN:
		return code == SYN_REPORT ? PASS_TO_HANDLERS | FLUSH :
		       code == SYN_CONFIG ? PASS_TO_ALL :
		       code == SYN_MT_REPORT ? PASS_TO_HANDLERS : 0;
	case EV_KEY:
		if (code > KEY_MAX || !test(code, dev->keybit))
			return 0;
		if (*value == 2)
			return PASS_TO_HANDLERS;
		if (!!test(code, dev->key) == !!*value)
			return 0;
		flip(code, dev->key);
		return PASS_TO_HANDLERS;
	case EV_SW:
		if (code > SW_MAX || !test(code, dev->swbit) || !!test(code, dev->sw) == !!*value)
			return 0;
		flip(code, dev->sw);
		return PASS_TO_HANDLERS;
	case EV_ABS:
		if (code > ABS_MAX || !test(code, dev->absbit) || !dev->absinfo)
			return 0;
		*value = defuzz(*value, dev->absinfo[code].value, dev->absinfo[code].fuzz);
		if (*value == dev->absinfo[code].value)
			return 0;
		dev->absinfo[code].value = *value;
		return PASS_TO_HANDLERS;
	case EV_REL:
		return code <= REL_MAX && test(code, dev->relbit) && *value ? PASS_TO_HANDLERS : 0;
	case EV_MSC:
		return code <= MSC_MAX && test(code, dev->mscbit) ? PASS_TO_ALL : 0;
	case EV_LED:
	case EV_SND: {
		unsigned long *bits = type == EV_LED ? dev->ledbit : dev->sndbit;
		unsigned long *state = type == EV_LED ? dev->led : dev->snd;

		if (code > (type == EV_LED ? LED_MAX : SND_MAX) || !test(code, bits) ||
		    !!test(code, state) == !!*value)
			return 0;
		flip(code, state);
		return PASS_TO_ALL;
	}
	case EV_REP:
		if (code > REP_PERIOD || *value < 0 || dev->rep[code] == *value)
			return 0;
		dev->rep[code] = *value;
		return PASS_TO_ALL;
	case EV_FF:
		return *value >= 0 ? PASS_TO_ALL : 0;
	case EV_PWR:
		return PASS_TO_ALL;
	}
	return 0;
}

struct pass_call {
	struct input_handle *handle;
	const struct input_value *vals;
	unsigned int count;
};

static long call_events(void *arg)
{
	struct pass_call *c = arg;
	struct input_handler *h = c->handle->handler;

	if (h->events)
		h->events(c->handle, c->vals, c->count);
	else if (h->event)
		for (unsigned int i = 0; i < c->count; i++)
			h->event(c->handle, c->vals[i].type, c->vals[i].code, c->vals[i].value);
	return 0;
}

/* the handler's module, for calls into it (NULL: the host's evdev) */
static struct umod_module *handler_owner(struct umod_host *host, struct input_handler *h);

/* input_pass_values(): a packet to each open handle (the grabbing one alone) */
static void pass_values(struct umod_input_dev *idev, const struct input_value *vals,
			unsigned int count)
{
	struct input_handle *hs[INPUT_MAX_HANDLES];
	struct input_handle *grab;
	unsigned int n = 0;

	pthread_mutex_lock(&idev->lock);
	grab = idev->dev.grab;
	for (unsigned int i = 0; i < INPUT_MAX_HANDLES; i++)
		if (idev->handles[i] && idev->handles[i]->open && (!grab || grab == idev->handles[i]))
			hs[n++] = idev->handles[i];
	pthread_mutex_unlock(&idev->lock);
	for (unsigned int i = 0; i < n; i++) {
		struct pass_call c = { hs[i], vals, count };

		umod_base_call(handler_owner(idev->host, hs[i]->handler), call_events, &c);
	}
}

static void handle_event(struct input_dev *dev, unsigned int type, unsigned int code, int value)
{
	struct umod_input_dev *idev = to_umod_input(dev);
	struct input_value packet[INPUT_MAX_VALS];
	unsigned int n = 0;
	int disp;

	pthread_mutex_lock(&idev->lock);
	disp = disposition(dev, type, code, &value);
	if (disp & PASS_TO_HANDLERS && idev->nvals < INPUT_MAX_VALS)
		idev->vals[idev->nvals++] = (struct input_value){ (unsigned short)type,
			(unsigned short)code, value };
	if (disp & FLUSH) {
		if (idev->nvals >= 2)
			memcpy(packet, idev->vals, (n = idev->nvals) * sizeof(*packet));
		idev->nvals = 0;
	} else if (idev->nvals >= INPUT_MAX_VALS - 2) {
		idev->vals[idev->nvals++] = (struct input_value){ EV_SYN, SYN_REPORT, 0 };
		memcpy(packet, idev->vals, (n = idev->nvals) * sizeof(*packet));
		idev->nvals = 0;
	}
	pthread_mutex_unlock(&idev->lock);
	if (disp & PASS_TO_DEVICE && dev->event)
		dev->event(dev, type, code, value);
	if (n)
		pass_values(idev, packet, n);
}

static bool type_supported(struct input_dev *dev, unsigned int type)
{
	return type <= EV_MAX && test(type, dev->evbit);
}

static void kapi_input_event(struct input_dev *dev, unsigned int type, unsigned int code,
			     int value)
{
	if (dev && type_supported(dev, type))
		handle_event(dev, type, code, value);
}

void umod_input_inject_event(struct input_handle *handle, unsigned int type,
				    unsigned int code, int value)
{
	struct input_dev *dev = handle->dev;

	if (type_supported(dev, type) && (!dev->grab || dev->grab == handle))
		handle_event(dev, type, code, value);
}

/* input_dev_release_keys(): the keys still down go up as the device goes */
static void release_keys(struct input_dev *dev)
{
	bool any = false;

	for (unsigned int code = 0; code <= KEY_MAX; code++)
		if (test(code, dev->key)) {
			handle_event(dev, EV_KEY, code, 0);
			any = true;
		}
	if (any)
		handle_event(dev, EV_SYN, SYN_REPORT, 0);
}

/* ---- handles ---------------------------------------------------------------------------------- */

int umod_input_register_handle(struct input_handle *handle)
{
	struct umod_input_dev *idev = to_umod_input(handle->dev);
	int err = -ENOSPC;

	pthread_mutex_lock(&idev->lock);
	for (unsigned int i = 0; i < INPUT_MAX_HANDLES && err; i++)
		if (!idev->handles[i]) {
			idev->handles[i] = handle;
			err = 0;
		}
	pthread_mutex_unlock(&idev->lock);
	return err;
}

void umod_input_unregister_handle(struct input_handle *handle)
{
	struct umod_input_dev *idev = to_umod_input(handle->dev);

	pthread_mutex_lock(&idev->lock);
	for (unsigned int i = 0; i < INPUT_MAX_HANDLES; i++)
		if (idev->handles[i] == handle)
			idev->handles[i] = NULL;
	if (idev->dev.grab == handle)
		idev->dev.grab = NULL;
	pthread_mutex_unlock(&idev->lock);
}

static long call_dev_open(void *arg)
{
	struct input_dev *dev = arg;

	return dev->open ? dev->open(dev) : 0;
}

static long call_dev_close(void *arg)
{
	struct input_dev *dev = arg;

	if (dev->close)
		dev->close(dev);
	return 0;
}

/* the first user opens the device (dev->open: the driver's code) */
int umod_input_open_device(struct input_handle *handle)
{
	struct umod_input_dev *idev = to_umod_input(handle->dev);
	bool first;
	long err = 0;

	pthread_mutex_lock(&idev->lock);
	if (idev->dev.going_away) {
		pthread_mutex_unlock(&idev->lock);
		return -ENODEV;
	}
	handle->open++;
	first = !idev->dev.users++;
	pthread_mutex_unlock(&idev->lock);
	if (first)
		err = umod_base_call(idev->owner, call_dev_open, &idev->dev);
	if (err) {
		pthread_mutex_lock(&idev->lock);
		handle->open--;
		idev->dev.users--;
		pthread_mutex_unlock(&idev->lock);
	}
	return (int)err;
}

void umod_input_close_device(struct input_handle *handle)
{
	struct umod_input_dev *idev = to_umod_input(handle->dev);
	bool last;

	pthread_mutex_lock(&idev->lock);
	if (idev->dev.grab == handle)
		idev->dev.grab = NULL;
	handle->open--;
	last = !--idev->dev.users && !idev->dev.going_away;
	pthread_mutex_unlock(&idev->lock);
	if (last)
		umod_base_call(idev->owner, call_dev_close, &idev->dev);
}

/* ---- handlers and matching ----------------------------------------------------------------- */

static bool subset(const unsigned long *a, const unsigned long *b, unsigned int longs)
{
	for (unsigned int i = 0; i < longs; i++)
		if (a[i] & ~b[i])
			return false;
	return true;
}

/* input_match_device(): the first id-table entry @dev has all of */
static const struct input_device_id *match_id(struct input_handler *h, struct input_dev *dev)
{
	for (const struct input_device_id *id = h->id_table; id && (id->flags || id->driver_info);
	     id++) {
		if ((id->flags & 1 && id->bustype != dev->id.bustype) ||
		    (id->flags & 2 && id->vendor != dev->id.vendor) ||
		    (id->flags & 4 && id->product != dev->id.product) ||
		    (id->flags & 8 && id->version != dev->id.version))
			continue;
		if ((id->flags & 0x10 && !subset(id->evbit, dev->evbit, 1)) ||
		    (id->flags & 0x20 && !subset(id->keybit, dev->keybit, 12)) ||
		    (id->flags & 0x40 && !subset(id->relbit, dev->relbit, 1)) ||
		    (id->flags & 0x80 && !subset(id->absbit, dev->absbit, 1)) ||
		    (id->flags & 0x100 && !subset(id->mscbit, dev->mscbit, 1)) ||
		    (id->flags & 0x200 && !subset(id->ledbit, dev->ledbit, 1)) ||
		    (id->flags & 0x400 && !subset(id->sndbit, dev->sndbit, 1)) ||
		    (id->flags & 0x800 && !subset(id->ffbit, dev->ffbit, 2)) ||
		    (id->flags & 0x1000 && !subset(id->swbit, dev->swbit, 1)) ||
		    (id->flags & 0x2000 && !subset(id->propbit, dev->propbit, 1)))
			continue;
		if (!h->match || h->match(h, dev))
			return id;
	}
	return NULL;
}

struct attach_call {
	struct input_handler *handler;
	struct input_dev *dev;
	const struct input_device_id *id;
	struct input_handle *handle;
};

static long call_attach(void *arg)
{
	struct attach_call *c = arg;

	c->id = match_id(c->handler, c->dev);
	return c->id ? c->handler->connect(c->handler, c->dev, c->id) : -ENODEV;
}

static long call_disconnect(void *arg)
{
	struct attach_call *c = arg;

	c->handler->disconnect(c->handle);
	return 0;
}

static struct umod_module *handler_owner(struct umod_host *host, struct input_handler *h)
{
	struct input_host *ih;
	struct umod_module *owner = NULL;

	pthread_mutex_lock(&input_mutex);
	ih = input_host_of(host);
	for (struct umod_list *l = ih ? ih->handlers.next : NULL; l && l != &ih->handlers;
	     l = l->next) {
		struct handler_rec *r = umod_container_of(l, struct handler_rec, link);

		if (r->handler == h)
			owner = r->owner;
	}
	pthread_mutex_unlock(&input_mutex);
	return owner;
}

static void attach(struct umod_host *host, struct input_handler *h, struct umod_module *owner,
		   struct input_dev *dev)
{
	struct attach_call c = { h, dev, NULL, NULL };
	long err = umod_base_call(owner, call_attach, &c);

	if (err && err != -ENODEV)
		umod_log_printk(host->log, KERN_ERR "input: failed to attach handler %s to device %s, error: %ld\n",
				h->name, umod_dev_name(&dev->dev), err);
}

/* every handle of @h on @dev disconnects (the handler's code unregisters it) */
static void detach(struct umod_input_dev *idev, struct input_handler *h, struct umod_module *owner)
{
	for (;;) {
		struct attach_call c = { h, &idev->dev, NULL, NULL };

		pthread_mutex_lock(&idev->lock);
		for (unsigned int i = 0; i < INPUT_MAX_HANDLES && !c.handle; i++)
			if (idev->handles[i] && idev->handles[i]->handler == h)
				c.handle = idev->handles[i];
		pthread_mutex_unlock(&idev->lock);
		if (!c.handle)
			return;
		umod_base_call(owner, call_disconnect, &c);
		/* a handler that forgot to unregister: its handle may be freed, compare only */
		pthread_mutex_lock(&idev->lock);
		for (unsigned int i = 0; i < INPUT_MAX_HANDLES; i++)
			if (idev->handles[i] == c.handle)
				idev->handles[i] = NULL;
		if (idev->dev.grab == c.handle)
			idev->dev.grab = NULL;
		pthread_mutex_unlock(&idev->lock);
	}
}

/* a snapshot of the host's devices or handlers, under input_mutex */
static size_t snapshot(struct umod_list *head, void **v, size_t max, bool devices)
{
	size_t n = 0;

	for (struct umod_list *l = head->next; l != head && n < max; l = l->next)
		v[n++] = devices ? (void *)umod_container_of(l, struct umod_input_dev, node) :
				   (void *)umod_container_of(l, struct handler_rec, link);
	return n;
}

int umod_input_register_handler(struct umod_host *host, struct input_handler *handler,
				struct umod_module *owner)
{
	struct handler_rec *r = calloc(1, sizeof(*r));
	struct umod_input_dev *devs[256];
	struct input_host *ih;
	size_t n = 0;

	if (!r)
		return -ENOMEM;
	r->handler = handler;
	r->owner = umod_module_made(owner, UMOD_MADE_INPUT);
	handler->h_list.next = handler->h_list.prev = &handler->h_list;
	pthread_mutex_lock(&input_mutex);
	if ((ih = input_host_of(host))) {
		umod_list_add(&r->link, ih->handlers.prev);
		n = snapshot(&ih->devices, (void **)devs, UMOD_ARRAY_SIZE(devs), true);
	}
	pthread_mutex_unlock(&input_mutex);
	if (!ih) {
		free(r);
		return -ENODEV;
	}
	for (size_t i = 0; i < n; i++)
		attach(host, handler, owner, &devs[i]->dev);
	return 0;
}

void umod_input_unregister_handler(struct umod_host *host, struct input_handler *handler)
{
	struct umod_input_dev *devs[256];
	struct handler_rec *r = NULL;
	struct input_host *ih;
	size_t n = 0;

	pthread_mutex_lock(&input_mutex);
	if ((ih = input_host_of(host))) {
		for (struct umod_list *l = ih->handlers.next; l != &ih->handlers; l = l->next)
			if (umod_container_of(l, struct handler_rec, link)->handler == handler)
				r = umod_container_of(l, struct handler_rec, link);
		n = snapshot(&ih->devices, (void **)devs, UMOD_ARRAY_SIZE(devs), true);
	}
	pthread_mutex_unlock(&input_mutex);
	if (!r)
		return;
	for (size_t i = 0; i < n; i++)
		detach(devs[i], handler, r->owner);
	pthread_mutex_lock(&input_mutex);
	umod_list_del(&r->link);
	pthread_mutex_unlock(&input_mutex);
	free(r);
}

static int kapi_input_register_handler(struct input_handler *handler)
{
	struct umod_host *host = umod_caller_host();

	return host ? umod_input_register_handler(host, handler, umod_caller_module()) : -ENODEV;
}

static void kapi_input_unregister_handler(struct input_handler *handler)
{
	struct umod_host *host = umod_caller_host();

	if (host)
		umod_input_unregister_handler(host, handler);
}

/* ---- registration ------------------------------------------------------------------------------ */

/* input_cleanse_bitmasks(): no codes of a type the device does not report */
static void cleanse(struct input_dev *dev)
{
	static const struct { unsigned int type; size_t off, longs; } m[] = {
		{ EV_KEY, offsetof(struct input_dev, keybit), 12 },
		{ EV_REL, offsetof(struct input_dev, relbit), 1 },
		{ EV_ABS, offsetof(struct input_dev, absbit), 1 },
		{ EV_MSC, offsetof(struct input_dev, mscbit), 1 },
		{ EV_LED, offsetof(struct input_dev, ledbit), 1 },
		{ EV_SND, offsetof(struct input_dev, sndbit), 1 },
		{ EV_FF, offsetof(struct input_dev, ffbit), 2 },
		{ EV_SW, offsetof(struct input_dev, swbit), 1 },
	};

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(m); i++)
		if (!test(m[i].type, dev->evbit))
			memset((char *)dev + m[i].off, 0, m[i].longs * sizeof(unsigned long));
}

static void announce(struct umod_input_dev *idev)
{
	struct input_dev *dev = &idev->dev;
	char *path = umod_kobject_path(&dev->dev.kobj);

	umod_log_printk(idev->host->log, KERN_INFO "input: %s as %s\n",
			dev->name ? dev->name : "Unspecified device", path ? path : "N/A");
	free(path);
}

static int kapi_input_register_device(struct input_dev *dev)
{
	struct umod_input_dev *idev = to_umod_input(dev);
	struct handler_rec *hs[32];
	struct input_host *ih;
	size_t n = 0;
	int err;

	set(EV_SYN, dev->evbit);
	clear(KEY_RESERVED, dev->keybit);
	cleanse(dev);
	if (test(EV_REP, dev->evbit) && !dev->rep[REP_DELAY] && !dev->rep[REP_PERIOD]) {
		dev->rep[REP_DELAY] = 250;
		dev->rep[REP_PERIOD] = 33;
	}
	pthread_mutex_lock(&input_mutex);
	ih = input_host_of(idev->host);
	idev->number = ih ? ih->next_number++ : 0;
	pthread_mutex_unlock(&input_mutex);
	if (!ih)
		return -ENODEV;
	umod_dev_set_name(&dev->dev, "input%u", idev->number);
	err = umod_device_add(umod_driver_core(idev->host), &dev->dev);
	if (err)
		return err;
	announce(idev);
	pthread_mutex_lock(&input_mutex);
	umod_list_add(&idev->node, ih->devices.prev);
	idev->registered = true;
	n = snapshot(&ih->handlers, (void **)hs, UMOD_ARRAY_SIZE(hs), false);
	pthread_mutex_unlock(&input_mutex);
	for (size_t i = 0; i < n; i++)
		attach(idev->host, hs[i]->handler, hs[i]->owner, dev);
	return 0;
}

/* the device leaves the list first, so that no handler connects to it again */
static void kapi_input_unregister_device(struct input_dev *dev)
{
	struct umod_input_dev *idev = to_umod_input(dev);
	struct handler_rec *hs[32];
	struct input_host *ih;
	size_t n = 0;

	if (!idev->registered)
		return;
	release_keys(dev);
	pthread_mutex_lock(&idev->lock);
	dev->going_away = true;
	pthread_mutex_unlock(&idev->lock);
	pthread_mutex_lock(&input_mutex);
	umod_list_del(&idev->node);
	idev->registered = false;
	if ((ih = input_host_of(idev->host)))
		n = snapshot(&ih->handlers, (void **)hs, UMOD_ARRAY_SIZE(hs), false);
	pthread_mutex_unlock(&input_mutex);
	for (size_t i = 0; i < n; i++)
		detach(idev, hs[i]->handler, hs[i]->owner);
	umod_device_del(&dev->dev);
	umod_put_device(&dev->dev);
}

void umod_input_leftovers(struct umod_module *mod)
{
	if (!umod_module_has_made(mod, UMOD_MADE_INPUT))
		return;
	for (;;) {
		struct umod_input_dev *found = NULL;
		struct input_host *ih;

		pthread_mutex_lock(&input_mutex);
		ih = input_host_of(mod->host);
		for (struct umod_list *l = ih ? ih->devices.next : NULL; l && l != &ih->devices;
		     l = l->next)
			if (umod_container_of(l, struct umod_input_dev, node)->owner == mod)
				found = umod_container_of(l, struct umod_input_dev, node);
		pthread_mutex_unlock(&input_mutex);
		if (!found)
			break;
		umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left input device %s registered: unregistered\n",
				mod->name, umod_dev_name(&found->dev.dev));
		found->owner = NULL;	/* its open and close are gone with it */
		kapi_input_unregister_device(&found->dev);
	}
	for (;;) {
		struct input_handler *h = NULL;
		struct input_host *ih;

		pthread_mutex_lock(&input_mutex);
		ih = input_host_of(mod->host);
		for (struct umod_list *l = ih ? ih->handlers.next : NULL; l && l != &ih->handlers;
		     l = l->next)
			if (umod_container_of(l, struct handler_rec, link)->owner == mod)
				h = umod_container_of(l, struct handler_rec, link)->handler;
		pthread_mutex_unlock(&input_mutex);
		if (!h)
			return;
		umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left input handler %s registered: unregistered\n",
				mod->name, h->name);
		umod_input_unregister_handler(mod->host, h);
	}
}

/* ---- /proc/bus/input ---------------------------------------------------------------------------- */

static size_t show_bits(char *buf, size_t size, const char *name, const unsigned long *map,
			unsigned int max)
{
	size_t len = (size_t)snprintf(buf, size, "B: %s=", name);

	len += print_bitmap(buf + len, len < size ? size - len : 0, map, max);
	return len + (size_t)snprintf(buf + len, len < size ? size - len : 0, "\n");
}

/* input_devices_seq_show(), one device */
static size_t show_device(char *buf, size_t size, struct umod_input_dev *idev)
{
	struct input_dev *d = &idev->dev;
	char *path = umod_kobject_path(&d->dev.kobj);
	size_t len;

#define ROOM	(len < size ? size - len : 0)
	len = (size_t)snprintf(buf, size, "I: Bus=%04x Vendor=%04x Product=%04x Version=%04x\n"
			       "N: Name=\"%s\"\nP: Phys=%s\nS: Sysfs=%s\nU: Uniq=%s\nH: Handlers=",
			       d->id.bustype, d->id.vendor, d->id.product, d->id.version,
			       d->name ? d->name : "", d->phys ? d->phys : "", path ? path : "",
			       d->uniq ? d->uniq : "");
	free(path);
	pthread_mutex_lock(&idev->lock);
	for (unsigned int i = 0; i < INPUT_MAX_HANDLES; i++)
		if (idev->handles[i])
			len += (size_t)snprintf(buf + len, ROOM, "%s ", idev->handles[i]->name);
	pthread_mutex_unlock(&idev->lock);
	len += (size_t)snprintf(buf + len, ROOM, "\n");
	len += show_bits(buf + len, ROOM, "PROP", d->propbit, INPUT_PROP_MAX);
	len += show_bits(buf + len, ROOM, "EV", d->evbit, EV_MAX);
#define BITS_OF(t, n, m, max) \
	if (test(t, d->evbit)) \
		len += show_bits(buf + len, ROOM, n, d->m, max)
	BITS_OF(EV_KEY, "KEY", keybit, KEY_MAX);
	BITS_OF(EV_REL, "REL", relbit, REL_MAX);
	BITS_OF(EV_ABS, "ABS", absbit, ABS_MAX);
	BITS_OF(EV_MSC, "MSC", mscbit, MSC_MAX);
	BITS_OF(EV_LED, "LED", ledbit, LED_MAX);
	BITS_OF(EV_SND, "SND", sndbit, SND_MAX);
	BITS_OF(EV_FF, "FF", ffbit, FF_MAX);
	BITS_OF(EV_SW, "SW", swbit, SW_MAX);
#undef BITS_OF
	len += (size_t)snprintf(buf + len, ROOM, "\n");
#undef ROOM
	return len;
}

static int devices_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct input_host *ih;
	size_t len = 0;

	pthread_mutex_lock(&input_mutex);
	ih = input_host_of(node->text_data);
	for (struct umod_list *l = ih ? ih->devices.next : NULL; l && l != &ih->devices;
	     l = l->next)
		len += show_device(buf + len, len < size ? size - len : 0,
				   umod_container_of(l, struct umod_input_dev, node));
	pthread_mutex_unlock(&input_mutex);
	return (int)len;
}

/* input_handlers_seq_show(): "N: Number=%u Name=%s" and " Minor=%d" for a minor's owner */
static int handlers_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct input_host *ih;
	size_t len = 0;
	unsigned int i = 0;

	pthread_mutex_lock(&input_mutex);
	ih = input_host_of(node->text_data);
	for (struct umod_list *l = ih ? ih->handlers.next : NULL; l && l != &ih->handlers;
	     l = l->next, i++) {
		struct input_handler *h = umod_container_of(l, struct handler_rec, link)->handler;

		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "N: Number=%u Name=%s",
					i, h->name);
		if (h->legacy_minors)
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, " Minor=%d",
						h->minor);
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "\n");
	}
	pthread_mutex_unlock(&input_mutex);
	return (int)len;
}

/* ---- the host's part ------------------------------------------------------------------------------ */

int umod_input_init(struct umod_host *host)
{
	struct input_host *ih = calloc(1, sizeof(*ih));
	int err;

	if (!ih || !(ih->cls = calloc(1, sizeof(*ih->cls)))) {
		free(ih);
		return -ENOMEM;
	}
	ih->host = host;
	ih->cls->name = "input";
	ih->cls->devnode = input_devnode;
	umod_list_init(&ih->devices);
	umod_list_init(&ih->handlers);
	err = umod_class_register(umod_driver_core(host), ih->cls, NULL);
	if (err) {
		free(ih->cls);
		free(ih);
		return err;
	}
	pthread_mutex_lock(&input_mutex);
	umod_list_add(&ih->link, &input_hosts);
	pthread_mutex_unlock(&input_mutex);
	if (!umod_proc_text(host, "bus/input/devices", 0444, devices_show, host) ||
	    !umod_proc_text(host, "bus/input/handlers", 0444, handlers_show, host))
		return -ENOMEM;
	return umod_evdev_init(host);
}

void umod_input_exit(struct umod_host *host)
{
	struct input_host *ih;

	umod_evdev_exit(host);
	umod_proc_text_remove(host, "bus/input/devices");
	umod_proc_text_remove(host, "bus/input/handlers");
	pthread_mutex_lock(&input_mutex);
	if ((ih = input_host_of(host)))
		umod_list_del(&ih->link);
	pthread_mutex_unlock(&input_mutex);
	if (!ih)
		return;
	umod_class_unregister(umod_driver_core(host), ih->cls);
	while (ih->handlers.next != &ih->handlers) {
		struct umod_list *l = ih->handlers.next;

		umod_list_del(l);
		free(umod_container_of(l, struct handler_rec, link));
	}
	free(ih->cls);
	free(ih);
}

static int kapi_input_register_handle(struct input_handle *handle)
{
	return umod_input_register_handle(handle);
}

static void kapi_input_unregister_handle(struct input_handle *handle)
{
	umod_input_unregister_handle(handle);
}

static int kapi_input_open_device(struct input_handle *handle)
{
	return umod_input_open_device(handle);
}

static void kapi_input_close_device(struct input_handle *handle)
{
	umod_input_close_device(handle);
}

static const struct umod_kapi_export input_exports[] = {
	UMOD_KAPI("input_allocate_device", kapi_input_allocate_device),
	UMOD_KAPI("input_free_device", kapi_input_free_device),
	UMOD_KAPI("input_register_device", kapi_input_register_device),
	UMOD_KAPI("input_unregister_device", kapi_input_unregister_device),
	UMOD_KAPI("input_event", kapi_input_event),
	UMOD_KAPI("input_inject_event", umod_input_inject_event),
	UMOD_KAPI("input_set_capability", kapi_input_set_capability),
	UMOD_KAPI("input_alloc_absinfo", kapi_input_alloc_absinfo),
	UMOD_KAPI("input_set_abs_params", kapi_input_set_abs_params),
	UMOD_KAPI("input_register_handler", kapi_input_register_handler),
	UMOD_KAPI("input_unregister_handler", kapi_input_unregister_handler),
	UMOD_KAPI("input_register_handle", kapi_input_register_handle),
	UMOD_KAPI("input_unregister_handle", kapi_input_unregister_handle),
	UMOD_KAPI("input_open_device", kapi_input_open_device),
	UMOD_KAPI("input_close_device", kapi_input_close_device),
};

const struct umod_kapi_table umod_kapi_input = UMOD_KAPI_TABLE(input_exports);
