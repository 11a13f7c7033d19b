// SPDX-License-Identifier: MIT
/*
 * The event device handler (Linux's drivers/input/evdev.c, 6.1), built
 * into every host: each input device gets an eventN (minor 64 + N of
 * major 13, the tree's dev/input/eventN) whose file speaks the evdev
 * protocol: read() returns whole packets of struct input_event, poll
 * says when one is there, and the EVIOC* ioctls answer (version, id,
 * name, phys, uniq, properties, capability bits, key/led/snd/sw state,
 * absinfo, grab, clock). Each open file is a client with its own ring of
 * events (a power of two, at least 64); a full ring keeps the newest
 * event after a SYN_DROPPED, as 6.1's __pass_event() does.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drivers/base/base.h"
#include "drivers/input/input-core-private.h"
#include "fs/internal.h"
#include "kernel/sched/sched.h"
#include "lib/usercopy.h"

#define INPUT_MAJOR		13
#define EVDEV_MINOR_BASE	64
#define EVDEV_MINORS		32
#define EVDEV_MIN_BUFFER_SIZE	64
#define EVDEV_BUF_PACKETS	8
#define EV_VERSION		0x010001
#define FF_MAX			0x7f
#define EPOLLIN			0x0001
#define EPOLLOUT		0x0004
#define EPOLLERR		0x0008
#define EPOLLHUP		0x0010
#define EPOLLRDNORM		0x0040
#define EPOLLWRNORM		0x0100
#define TASK_NORMAL		3u

/* asm-generic/ioctl.h's fields of a command */
#define IOC_NR(c)	((c) & 0xff)
#define IOC_TYPE(c)	(((c) >> 8) & 0xff)
#define IOC_SIZE(c)	(((c) >> 16) & 0x3fff)
#define IOC_DIR(c)	((c) >> 30)
#define IOC_READ	2u
#define IOC_WRITE	1u
#define IOC(dir, nr, size)	(((dir) << 30) | ((unsigned int)(size) << 16) | ('E' << 8) | (nr))
#define EVIOCGVERSION		IOC(IOC_READ, 0x01, sizeof(int))
#define EVIOCGID		IOC(IOC_READ, 0x02, sizeof(struct input_id))
#define EVIOCGREP		IOC(IOC_READ, 0x03, 2 * sizeof(unsigned int))
#define EVIOCGEFFECTS		IOC(IOC_READ, 0x84, sizeof(int))
#define EVIOCGRAB		IOC(IOC_WRITE, 0x90, sizeof(int))
#define EVIOCSCLOCKID		IOC(IOC_WRITE, 0xa0, sizeof(int))

/* what read() gives: a 64-bit struct input_event */
struct event {
	unsigned long sec, usec;
	unsigned short type, code;
	int value;
};

struct evdev {
	struct device dev;		/* eventN; its release frees the evdev */
	struct cdev cdev;		/* the host's fops, at 13:64+N */
	struct input_handle handle;
	struct umod_host *host;
	pthread_mutex_t mutex;		/* open, grab, exist: never held while events pass */
	pthread_mutex_t lock;		/* the clients list, as events pass */
	struct umod_list clients;
	struct evdev_client *grab;
	int open;
	bool exist;
	unsigned int minor;
	char name[16];			/* eventN: the handle's name (the device's is renamed at add) */
};

struct evdev_client {
	struct wait_queue_head wait;	/* its lock guards the ring */
	struct evdev *evdev;
	struct umod_list node;
	unsigned int head, tail, packet_head;
	clockid_t clk;
	unsigned int bufsize;
	struct event buffer[];
};

/* ---- events into the clients' rings ------------------------------------------------------- */

/* __pass_event(): ring lock held */
static void pass_event(struct evdev_client *c, const struct event *ev)
{
	c->buffer[c->head++] = *ev;
	c->head &= c->bufsize - 1;
	if (c->head == c->tail) {
		c->tail = (c->head - 2) & (c->bufsize - 1);
		c->buffer[c->tail] = (struct event){ ev->sec, ev->usec, EV_SYN, SYN_DROPPED, 0 };
		c->packet_head = c->tail;
	}
	if (ev->type == EV_SYN && ev->code == SYN_REPORT)
		c->packet_head = c->head;
}

static void pass_values(struct evdev_client *c, const struct input_value *vals, unsigned int n)
{
	struct timespec ts;
	struct umod_task *t;
	bool wakeup = false;

	clock_gettime(c->clk, &ts);
	t = umod_wq_lock(&c->wait);
	for (unsigned int i = 0; i < n; i++) {
		struct event ev = { (unsigned long)ts.tv_sec, (unsigned long)ts.tv_nsec / 1000,
				    vals[i].type, vals[i].code, vals[i].value };

		pass_event(c, &ev);
		wakeup |= ev.type == EV_SYN && ev.code == SYN_REPORT;
	}
	if (wakeup)
		umod_wake_locked(&c->wait, TASK_NORMAL, 0);
	umod_wq_unlock(&c->wait, t);
}

/* evdev_events(): to the grabbing client alone, else to each */
static void evdev_events(struct input_handle *handle, const struct input_value *vals,
			 unsigned int count)
{
	struct evdev *evdev = handle->private;

	pthread_mutex_lock(&evdev->lock);
	if (evdev->grab)
		pass_values(evdev->grab, vals, count);
	else
		for (struct umod_list *l = evdev->clients.next; l != &evdev->clients; l = l->next)
			pass_values(umod_container_of(l, struct evdev_client, node), vals, count);
	pthread_mutex_unlock(&evdev->lock);
}

/* ---- the file ------------------------------------------------------------------------------- */

static unsigned int buffer_size(struct input_dev *dev)
{
	unsigned int want = dev->hint_events_per_packet * EVDEV_BUF_PACKETS, n = 1;

	if (want < EVDEV_MIN_BUFFER_SIZE)
		want = EVDEV_MIN_BUFFER_SIZE;
	while (n < want)
		n <<= 1;
	return n;
}

static int evdev_open(struct inode *inode, struct file *file)
{
	struct evdev *evdev = umod_container_of(inode->i_cdev, struct evdev, cdev);
	unsigned int size = buffer_size(evdev->handle.dev);
	struct evdev_client *c = calloc(1, sizeof(*c) + size * sizeof(struct event));
	int err = 0;

	if (!c)
		return -ENOMEM;
	c->bufsize = size;
	c->evdev = evdev;
	c->clk = CLOCK_REALTIME;
	umod_wq_init(&c->wait);
	pthread_mutex_lock(&evdev->mutex);
	if (!evdev->exist)
		err = -ENODEV;
	else if (!evdev->open++ && (err = umod_input_open_device(&evdev->handle)))
		evdev->open--;
	if (!err) {
		pthread_mutex_lock(&evdev->lock);
		umod_list_add(&c->node, &evdev->clients);
		pthread_mutex_unlock(&evdev->lock);
	}
	pthread_mutex_unlock(&evdev->mutex);
	if (err) {
		free(c);
		return err;
	}
	umod_get_device(&evdev->dev);
	file->private_data = c;
	file->f_mode &= ~UMOD_FMODE_LSEEK;	/* nonseekable_open() */
	return 0;
}

static void ungrab_locked(struct evdev *evdev, struct evdev_client *c)
{
	if (evdev->grab != c)
		return;
	evdev->grab = NULL;
	if (evdev->handle.dev->grab == &evdev->handle)
		evdev->handle.dev->grab = NULL;
}

static int evdev_release(struct inode *inode, struct file *file)
{
	struct evdev_client *c = file->private_data;
	struct evdev *evdev = c->evdev;

	pthread_mutex_lock(&evdev->mutex);
	pthread_mutex_lock(&evdev->lock);
	ungrab_locked(evdev, c);
	umod_list_del(&c->node);
	pthread_mutex_unlock(&evdev->lock);
	if (!--evdev->open && evdev->exist)
		umod_input_close_device(&evdev->handle);
	pthread_mutex_unlock(&evdev->mutex);
	free(c);
	umod_put_device(&evdev->dev);
	return 0;
}

static bool readable(void *arg)
{
	struct evdev_client *c = arg;

	return c->packet_head != c->tail || !c->evdev->exist;
}

/* up to @max whole events of the packets there, waiting for one unless O_NONBLOCK */
static long fetch(struct evdev_client *c, struct event *out, size_t max, bool nonblock)
{
	struct umod_task *t = umod_wq_lock(&c->wait);
	long timeout = __LONG_MAX__;
	size_t n = 0;
	int err = 0;

	if (!nonblock)
		err = umod_wait_locked(&c->wait, t, readable, c, 1 /* TASK_INTERRUPTIBLE */,
				       &timeout);
	if (!c->evdev->exist)
		err = -ENODEV;
	while (!err && n < max && c->packet_head != c->tail) {
		out[n++] = c->buffer[c->tail++];
		c->tail &= c->bufsize - 1;
	}
	umod_wq_unlock(&c->wait, t);
	if (err)
		return err == -EINTR ? -512 /* -ERESTARTSYS */ : err;
	return n ? (long)n : -EAGAIN;
}

static long evdev_read(struct file *file, char *buf, size_t count, long long *ppos)
{
	struct evdev_client *c = file->private_data;
	struct event evs[64];
	size_t max = count / sizeof(struct event);
	long n;

	if (count && count < sizeof(struct event))
		return -EINVAL;
	if (!c->evdev->exist)
		return -ENODEV;
	if (!count)
		return 0;
	n = fetch(c, evs, max < 64 ? max : 64, file->f_flags & O_NONBLOCK);
	if (n < 0)
		return n;
	if (umod_copy_to_user(buf, evs, (unsigned long)n * sizeof(struct event)))
		return -EFAULT;
	return n * (long)sizeof(struct event);
}

/* evdev_write(): each whole event is injected, as from the device's user */
static long evdev_write(struct file *file, const char *buf, size_t count, long long *ppos)
{
	struct evdev_client *c = file->private_data;
	size_t done = 0;

	if (count && count < sizeof(struct event))
		return -EINVAL;
	if (!c->evdev->exist)
		return -ENODEV;
	for (; done + sizeof(struct event) <= count; done += sizeof(struct event)) {
		struct event ev;

		if (umod_copy_from_user(&ev, buf + done, sizeof(ev)))
			return -EFAULT;
		umod_input_inject_event(&c->evdev->handle, ev.type, ev.code, ev.value);
	}
	return (long)done;
}

static unsigned int evdev_poll(struct file *file, struct poll_table_struct *pt)
{
	struct evdev_client *c = file->private_data;
	unsigned int mask;

	if (pt && pt->_qproc)
		pt->_qproc(file, &c->wait, pt);
	mask = c->evdev->exist ? EPOLLOUT | EPOLLWRNORM : EPOLLHUP | EPOLLERR;
	if (c->packet_head != c->tail)
		mask |= EPOLLIN | EPOLLRDNORM;
	return mask;
}

/* ---- ioctls ------------------------------------------------------------------------------------ */

/* bits_to_user(): the longs covering @maxbit, cut to @size; the length */
static long bits_to_user(const unsigned long *bits, unsigned int maxbit, unsigned int size,
			 void *p)
{
	unsigned int len = (maxbit + 63) / 64 * (unsigned int)sizeof(long);	/* BITS_TO_LONGS */

	if (len > size)
		len = size;
	return umod_copy_to_user(p, bits, len) ? -EFAULT : (long)len;
}

static long str_to_user(const char *s, unsigned int size, void *p)
{
	unsigned int len;

	if (!s)
		return -ENOENT;
	len = (unsigned int)strlen(s) + 1;
	if (len > size)
		len = size;
	return umod_copy_to_user(p, s, len) ? -EFAULT : (long)len;
}

static long eviocgbit(struct input_dev *dev, unsigned int type, unsigned int size, void *p)
{
	switch (type) {
	case 0:		return bits_to_user(dev->evbit, EV_MAX, size, p);
	case EV_KEY:	return bits_to_user(dev->keybit, KEY_MAX, size, p);
	case EV_REL:	return bits_to_user(dev->relbit, REL_MAX, size, p);
	case EV_ABS:	return bits_to_user(dev->absbit, ABS_MAX, size, p);
	case EV_MSC:	return bits_to_user(dev->mscbit, MSC_MAX, size, p);
	case EV_LED:	return bits_to_user(dev->ledbit, LED_MAX, size, p);
	case EV_SND:	return bits_to_user(dev->sndbit, SND_MAX, size, p);
	case EV_FF:	return bits_to_user(dev->ffbit, FF_MAX, size, p);
	case EV_SW:	return bits_to_user(dev->swbit, SW_MAX, size, p);
	}
	return -EINVAL;
}

/* the variable-length reads: EVIOCGNAME(len) and the rest */
static long ioctl_read(struct input_dev *dev, unsigned int cmd, void *p)
{
	unsigned int nr = IOC_NR(cmd), size = IOC_SIZE(cmd);

	if ((nr & ~EV_MAX) == 0x20)
		return eviocgbit(dev, nr & EV_MAX, size, p);
	if ((nr & ~ABS_MAX) == 0x40) {
		unsigned int len = size < sizeof(struct input_absinfo) ?
				   size : (unsigned int)sizeof(struct input_absinfo);

		if (!dev->absinfo)
			return -EINVAL;
		return umod_copy_to_user(p, &dev->absinfo[nr & ABS_MAX], len) ? -EFAULT : 0;
	}
	switch (nr) {
	case 0x06:	return str_to_user(dev->name, size, p);
	case 0x07:	return str_to_user(dev->phys, size, p);
	case 0x08:	return str_to_user(dev->uniq, size, p);
	case 0x09:	return bits_to_user(dev->propbit, INPUT_PROP_MAX, size, p);
	case 0x18:	return bits_to_user(dev->key, KEY_MAX, size, p);
	case 0x19:	return bits_to_user(dev->led, LED_MAX, size, p);
	case 0x1a:	return bits_to_user(dev->snd, SND_MAX, size, p);
	case 0x1b:	return bits_to_user(dev->sw, SW_MAX, size, p);
	}
	return -EINVAL;
}

static long put_int(void *p, int v)
{
	return umod_copy_to_user(p, &v, sizeof(v)) ? -EFAULT : 0;
}

static long grab(struct evdev *evdev, struct evdev_client *c, bool on)
{
	long err = 0;

	pthread_mutex_lock(&evdev->lock);
	if (!on && evdev->grab == c)
		ungrab_locked(evdev, c);
	else if (!on)
		err = -EINVAL;
	else if (evdev->grab || evdev->handle.dev->grab)
		err = -EBUSY;
	else {
		evdev->grab = c;
		evdev->handle.dev->grab = &evdev->handle;
	}
	pthread_mutex_unlock(&evdev->lock);
	return err;
}

static long set_clock(struct evdev_client *c, void *p)
{
	int id;

	if (umod_copy_from_user(&id, p, sizeof(id)))
		return -EFAULT;
	if (id != CLOCK_REALTIME && id != CLOCK_MONOTONIC && id != CLOCK_BOOTTIME)
		return -EINVAL;
	c->clk = id;
	return 0;
}

static long evdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct evdev_client *c = file->private_data;
	struct input_dev *dev = c->evdev->handle.dev;
	void *p = (void *)arg;
	int v;

	if (!c->evdev->exist)
		return -ENODEV;
	switch (cmd) {
	case EVIOCGVERSION:
		return put_int(p, EV_VERSION);
	case EVIOCGID:
		return umod_copy_to_user(p, &dev->id, sizeof(dev->id)) ? -EFAULT : 0;
	case EVIOCGREP:
		if (!(dev->evbit[0] & (1UL << EV_REP)))
			return -ENOSYS;
		return umod_copy_to_user(p, dev->rep, sizeof(dev->rep)) ? -EFAULT : 0;
	case EVIOCGEFFECTS:
		return put_int(p, 0);
	case EVIOCGRAB:
		/* the value itself, which a restricted FUSE ioctl brings as its 4 bytes */
		if (umod_copy_from_user(&v, p, sizeof(v)))
			v = arg != 0;
		return grab(c->evdev, c, v != 0);
	case EVIOCSCLOCKID:
		return set_clock(c, p);
	}
	if (IOC_TYPE(cmd) == 'E' && IOC_DIR(cmd) == IOC_READ)
		return ioctl_read(dev, cmd, p);
	return -EINVAL;
}

static const struct file_operations evdev_fops = {
	.open = evdev_open,
	.release = evdev_release,
	.read = evdev_read,
	.write = evdev_write,
	.poll = evdev_poll,
	.unlocked_ioctl = evdev_ioctl,
	.llseek = umod_no_llseek,
};

/* ---- the handler -------------------------------------------------------------------------------- */

static void evdev_free(struct device *dev)
{
	struct evdev *evdev = umod_container_of(dev, struct evdev, dev);

	umod_input_free_minor(evdev->host, EVDEV_MINOR_BASE + evdev->minor);
	pthread_mutex_destroy(&evdev->mutex);
	pthread_mutex_destroy(&evdev->lock);
	free(evdev);
}

static int map_cdev(struct evdev *evdev, bool on)
{
	struct umod_fs *fs = umod_fs_of(evdev->host);
	int err = 0;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	if (on)
		err = umod_cdev_map_locked(fs, NULL, &evdev->cdev, evdev->cdev.dev, 1);
	else
		umod_cdev_unmap_locked(fs, &evdev->cdev);
	pthread_mutex_unlock(&fs->lock);
	return err;
}

static struct evdev *evdev_new(struct input_dev *dev, struct umod_host *host, int minor)
{
	struct evdev *evdev = calloc(1, sizeof(*evdev));

	if (!evdev)
		return NULL;
	evdev->host = host;
	evdev->minor = (unsigned int)minor;
	evdev->exist = true;
	pthread_mutex_init(&evdev->mutex, NULL);
	pthread_mutex_init(&evdev->lock, NULL);
	umod_list_init(&evdev->clients);
	evdev->dev.class = umod_input_class(host);
	evdev->dev.parent = &dev->dev;
	evdev->dev.devt = (INPUT_MAJOR << 20) | (EVDEV_MINOR_BASE + (unsigned int)minor);
	evdev->dev.release = evdev_free;
	umod_device_initialize(umod_driver_core(host), &evdev->dev);
	snprintf(evdev->name, sizeof(evdev->name), "event%d", minor);
	umod_dev_set_name(&evdev->dev, "%s", evdev->name);
	evdev->handle.dev = dev;
	evdev->handle.name = evdev->name;
	evdev->handle.handler = &umod_evdev_handler;
	evdev->handle.private = evdev;
	evdev->cdev.ops = &evdev_fops;
	evdev->cdev.dev = evdev->dev.devt;
	evdev->cdev.count = 1;
	return evdev;
}

static int evdev_connect(struct input_handler *handler, struct input_dev *dev,
			 const struct input_device_id *id)
{
	struct umod_host *host = to_umod_input(dev)->host;
	int minor = umod_input_get_new_minor(host, EVDEV_MINOR_BASE, EVDEV_MINORS), err;
	struct evdev *evdev;

	if (minor < 0)
		return minor;
	minor -= EVDEV_MINOR_BASE;
	if (!(evdev = evdev_new(dev, host, minor))) {
		umod_input_free_minor(host, EVDEV_MINOR_BASE + (unsigned int)minor);
		return -ENOMEM;
	}
	err = umod_input_register_handle(&evdev->handle);
	if (!err && (err = map_cdev(evdev, true)))
		umod_input_unregister_handle(&evdev->handle);
	if (!err && (err = umod_device_add(umod_driver_core(host), &evdev->dev))) {
		map_cdev(evdev, false);
		umod_input_unregister_handle(&evdev->handle);
	}
	if (err)
		umod_put_device(&evdev->dev);
	return err;
}

/* evdev_cleanup(): the clients see ENODEV and a hang-up, the node goes */
static void evdev_disconnect(struct input_handle *handle)
{
	struct evdev *evdev = handle->private;

	pthread_mutex_lock(&evdev->mutex);
	pthread_mutex_lock(&evdev->lock);
	evdev->exist = false;
	if (evdev->grab)
		ungrab_locked(evdev, evdev->grab);
	for (struct umod_list *l = evdev->clients.next; l != &evdev->clients; l = l->next) {
		struct evdev_client *c = umod_container_of(l, struct evdev_client, node);
		struct umod_task *t = umod_wq_lock(&c->wait);

		umod_wake_locked(&c->wait, TASK_NORMAL, 0);
		umod_wq_unlock(&c->wait, t);
	}
	pthread_mutex_unlock(&evdev->lock);
	if (evdev->open)
		umod_input_close_device(handle);
	pthread_mutex_unlock(&evdev->mutex);
	map_cdev(evdev, false);
	umod_device_del(&evdev->dev);
	umod_input_unregister_handle(handle);
	umod_put_device(&evdev->dev);
}

static const struct input_device_id evdev_ids[] = {
	{ .driver_info = 1 },	/* matches all devices */
	{ },
};

struct input_handler umod_evdev_handler = {
	.events = evdev_events,
	.connect = evdev_connect,
	.disconnect = evdev_disconnect,
	.legacy_minors = true,
	.minor = EVDEV_MINOR_BASE,
	.name = "evdev",
	.id_table = evdev_ids,
};

/* the input major's region (13 input in /proc/devices), then the handler */
int umod_evdev_init(struct umod_host *host)
{
	unsigned int major = INPUT_MAJOR;
	int err = umod_chrdev_region_add(umod_fs_of(host), NULL, &major, 0, 1024, "input");

	return err ? err : umod_input_register_handler(host, &umod_evdev_handler, NULL);
}

void umod_evdev_exit(struct umod_host *host)
{
	umod_input_unregister_handler(host, &umod_evdev_handler);
	umod_chrdev_region_del(umod_fs_of(host), INPUT_MAJOR, 0, 1024);
}
