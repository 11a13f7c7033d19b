// SPDX-License-Identifier: MIT
/*
 * tty drivers (Linux's drivers/tty/tty_io.c and fs/proc/proc_tty.c): a
 * driver's registration takes its character-device region and, unless it
 * makes its devices itself (TTY_DRIVER_DYNAMIC_DEV), a device of the tty
 * class per line; each line's user side is a host pty (pty_bridge.c).
 * /proc/tty/drivers lists the pseudo-drivers and the registered ones in
 * show_tty_driver()'s format. get_current_tty() is the calling process's
 * own terminal: a tty whose write op writes to it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drivers/base/base.h"
#include "drivers/tty/tty.h"
#include "fs/internal.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"

#define TTY_DRIVER_INSTALLED		0x0001
#define TTY_DRIVER_DYNAMIC_DEV		0x0008
#define TTY_DRIVER_DEVPTS_MEM		0x0010
#define TTY_DRIVER_UNNUMBERED_NODE	0x0080
#define TTY_DRIVER_TYPE_SYSTEM		0x0001
#define TTY_DRIVER_TYPE_CONSOLE		0x0002
#define TTY_DRIVER_TYPE_SERIAL		0x0003
#define TTY_DRIVER_TYPE_PTY		0x0004
#define SYSTEM_TYPE_TTY			0x0001
#define SYSTEM_TYPE_CONSOLE		0x0002
#define SYSTEM_TYPE_SYSCONS		0x0003
#define PTY_TYPE_MASTER			0x0001
#define PTY_TYPE_SLAVE			0x0002
#define TTYAUX_MAJOR			5
#define TTY_MAJOR			4
#define OPOST				0x01
#define UMOD_MKDEV(ma, mi)		(((ma) << 20) | (mi))
#define IS_ERR_PTR(p)			((uintptr_t)(p) >= (uintptr_t)-4095)

/* a host's tty class and its registered drivers */
struct tty_host {
	struct umod_host *host;
	struct class *cls;
	struct umod_list drivers;	/* umod_tty_drv.link, registration order */
	struct umod_list consoles;	/* struct console_tty: get_current_tty()'s */
	struct umod_list link;
};

static pthread_mutex_t tty_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list tty_hosts = { &tty_hosts, &tty_hosts };

/* tty_mutex held */
static struct tty_host *tty_host_of(struct umod_host *host)
{
	for (struct umod_list *l = tty_hosts.next; l != &tty_hosts; l = l->next)
		if (umod_container_of(l, struct tty_host, link)->host == host)
			return umod_container_of(l, struct tty_host, link);
	return NULL;
}

long umod_tty_call(struct umod_tty_drv *drv, long (*fn)(void *), void *arg)
{
	return umod_base_call(drv->owner, fn, arg);
}

/* ---- /proc/tty/drivers -------------------------------------------------------- */

static size_t type_name(char *buf, size_t size, const struct tty_driver *p)
{
	static const char *const sys[] = { [SYSTEM_TYPE_TTY] = ":/dev/tty",
		[SYSTEM_TYPE_SYSCONS] = ":console", [SYSTEM_TYPE_CONSOLE] = ":vtmaster" };

	switch (p->type) {
	case TTY_DRIVER_TYPE_SYSTEM:
		return (size_t)snprintf(buf, size, "system%s",
					p->subtype > 0 && p->subtype <= SYSTEM_TYPE_SYSCONS &&
					sys[p->subtype] ? sys[p->subtype] : "");
	case TTY_DRIVER_TYPE_CONSOLE:
		return (size_t)snprintf(buf, size, "console");
	case TTY_DRIVER_TYPE_SERIAL:
		return (size_t)snprintf(buf, size, "serial");
	case TTY_DRIVER_TYPE_PTY:
		return (size_t)snprintf(buf, size, "pty%s", p->subtype == PTY_TYPE_MASTER ? ":master" :
					p->subtype == PTY_TYPE_SLAVE ? ":slave" : "");
	}
	return (size_t)snprintf(buf, size, "type:%d.%d", p->type, p->subtype);
}

/* show_tty_range(): one line per major the driver's minors span */
static size_t show_range(char *buf, size_t size, const struct tty_driver *p, unsigned int major,
			 unsigned int minor, unsigned int num)
{
	size_t len = (size_t)snprintf(buf, size, "%-20s /dev/%-8s ",
				      p->driver_name ? p->driver_name : "unknown", p->name);

	if (p->num > 1)
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%3u %u-%u ",
					major, minor, minor + num - 1);
	else
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%3u %7u ",
					major, minor);
	len += type_name(buf + len, len < size ? size - len : 0, p);
	len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "\n");
	return len;
}

static size_t show_driver(char *buf, size_t size, const struct tty_driver *p)
{
	unsigned int from = UMOD_MKDEV((unsigned int)p->major, (unsigned int)p->minor_start);
	unsigned int to = from + p->num;
	size_t len = 0;

	while ((from >> 20) < (to >> 20)) {
		unsigned int next = UMOD_MKDEV((from >> 20) + 1, 0);

		len += show_range(buf + len, len < size ? size - len : 0, p, from >> 20,
				  from & 0xfffff, next - from);
		from = next;
	}
	if (from != to)
		len += show_range(buf + len, len < size ? size - len : 0, p, from >> 20,
				  from & 0xfffff, to - from);
	return len;
}

/* the pseudo-drivers come before the first registered one, as in 6.1 (VT off) */
static int tty_drivers_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct tty_host *th;
	size_t len = 0;

	pthread_mutex_lock(&tty_mutex);
	th = tty_host_of(node->text_data);
	for (struct umod_list *l = th ? th->drivers.next : NULL; l && l != &th->drivers;
	     l = l->next) {
		struct umod_tty_drv *drv = umod_container_of(l, struct umod_tty_drv, link);

		if (l == th->drivers.next)
			len += (size_t)snprintf(buf, size,
				"%-20s /dev/%-8s %3d %7d system:/dev/tty\n"
				"%-20s /dev/%-8s %3d %7d system:console\n"
				"%-20s /dev/%-8s %3d %7d system\n",
				"/dev/tty", "tty", TTYAUX_MAJOR, 0,
				"/dev/console", "console", TTYAUX_MAJOR, 1,
				"/dev/ptmx", "ptmx", TTYAUX_MAJOR, 2);
		len += show_driver(buf + len, len < size ? size - len : 0, drv->driver);
	}
	pthread_mutex_unlock(&tty_mutex);
	return (int)len;
}

/* ---- tty_alloc_driver() and its reference ----------------------------------------- */

struct tty_driver *umod_tty_alloc_driver(unsigned int lines, struct module *owner,
					 unsigned long flags)
{
	struct tty_driver *d;

	if (!lines || (flags & TTY_DRIVER_UNNUMBERED_NODE && lines > 1))
		return (struct tty_driver *)(intptr_t)-EINVAL;
	if (!(d = calloc(1, sizeof(*d))))
		return (struct tty_driver *)(intptr_t)-ENOMEM;
	d->kref.refcount.refs.counter = 1;
	d->num = lines;
	d->owner = owner;
	d->flags = flags;
	if (!(flags & TTY_DRIVER_DEVPTS_MEM)) {
		d->ttys = calloc(lines, sizeof(*d->ttys));
		d->termios = calloc(lines, sizeof(*d->termios));
		d->ports = calloc(lines, sizeof(*d->ports));
		if (!d->ttys || !d->termios || !d->ports) {
			free(d->ttys);
			free(d->termios);
			free(d->ports);
			free(d);
			return (struct tty_driver *)(intptr_t)-ENOMEM;
		}
	}
	d->tty_drivers.next = d->tty_drivers.prev = &d->tty_drivers;
	return d;
}

void umod_tty_driver_kref_put(struct tty_driver *d)
{
	if (!d || __atomic_sub_fetch(&d->kref.refcount.refs.counter, 1, __ATOMIC_ACQ_REL))
		return;
	free(d->ttys);
	free(d->termios);
	free(d->ports);
	free(d);
}

/* ---- devices: dev/NAMEn, a link to the line's pty ------------------------------------ */

static void line_name(const struct tty_driver *d, unsigned int index, char *buf, size_t size)
{
	if (d->flags & TTY_DRIVER_UNNUMBERED_NODE)
		snprintf(buf, size, "%s", d->name);
	else
		snprintf(buf, size, "%s%u", d->name, index + (unsigned int)d->name_base);
}

struct device *umod_tty_register_device_attr(struct tty_driver *d, unsigned int index,
						    struct device *parent, void *drvdata,
						    const struct attribute_group **groups)
{
	struct umod_tty_drv *drv = d ? d->umod : NULL;
	struct umod_tty_line *line;
	struct tty_host *th;
	struct device *dev;
	char name[64];
	int err;

	if (!drv || index >= d->num)
		return (struct device *)(intptr_t)-EINVAL;
	pthread_mutex_lock(&tty_mutex);
	th = tty_host_of(drv->host);
	pthread_mutex_unlock(&tty_mutex);
	if (!th || !(line = calloc(1, sizeof(*line))))
		return (struct device *)(intptr_t)-ENOMEM;
	line_name(d, index, name, sizeof(name));
	dev = umod_device_create(umod_driver_core(drv->host), th->cls, parent,
				 UMOD_MKDEV((unsigned int)d->major, (unsigned int)d->minor_start + index),
				 drvdata, groups, name);
	if (IS_ERR_PTR(dev)) {
		free(line);
		return dev;
	}
	line->drv = drv;
	line->index = index;
	line->dev = dev;
	line->termios = d->init_termios;
	pthread_mutex_lock(&drv->lock);
	err = drv->lines[index] ? -EEXIST : umod_pty_line_create(line);
	if (!err)
		drv->lines[index] = line;
	pthread_mutex_unlock(&drv->lock);
	if (err) {
		umod_device_del(dev);
		umod_put_device(dev);
		free(line);
		return (struct device *)(intptr_t)err;
	}
	return dev;
}

static struct device *kapi_tty_register_device(struct tty_driver *d, unsigned int index,
					       struct device *parent)
{
	return umod_tty_register_device_attr(d, index, parent, NULL, NULL);
}

static void line_del(struct umod_tty_drv *drv, unsigned int index)
{
	struct umod_tty_line *line;

	pthread_mutex_lock(&drv->lock);
	line = drv->lines[index];
	drv->lines[index] = NULL;
	if (line)
		umod_pty_line_destroy(line);
	pthread_mutex_unlock(&drv->lock);
	if (!line)
		return;
	umod_device_del(line->dev);
	umod_put_device(line->dev);
	free(line);
}

void umod_tty_unregister_device(struct tty_driver *d, unsigned int index)
{
	if (d && d->umod && index < d->num)
		line_del(d->umod, index);
}

/* ---- tty_register_driver() -------------------------------------------------------------- */

static int drv_new(struct tty_driver *d, struct umod_host *host, struct umod_tty_drv **out)
{
	struct umod_tty_drv *drv = calloc(1, sizeof(*drv));

	if (!drv || !(drv->lines = calloc(d->num, sizeof(*drv->lines)))) {
		free(drv);
		return -ENOMEM;
	}
	drv->driver = d;
	drv->host = host;
	drv->owner = umod_module_made(umod_module_of(d->owner), UMOD_MADE_TTY);
	drv->inotify = drv->event = -1;
	pthread_mutex_init(&drv->lock, NULL);
	*out = drv;
	return 0;
}

static void drv_free(struct umod_tty_drv *drv)
{
	pthread_mutex_destroy(&drv->lock);
	free(drv->lines);
	free(drv);
}

static int take_region(struct umod_tty_drv *drv)
{
	struct tty_driver *d = drv->driver;
	unsigned int major = (unsigned int)d->major;
	int err;

	err = umod_chrdev_region_add(umod_fs_of(drv->host), drv->owner, &major,
				     (unsigned int)d->minor_start, d->num, d->name);
	if (!err)
		d->major = (int)(drv->region_major = major);
	return err;
}

int umod_tty_register_driver(struct tty_driver *d)
{
	struct umod_host *host = umod_caller_host();
	struct umod_tty_drv *drv;
	struct tty_host *th;
	int err;

	if (!host || !d || !d->name || d->umod)
		return -EINVAL;
	if ((err = drv_new(d, host, &drv)))
		return err;
	if ((err = take_region(drv)) || (err = umod_pty_start(drv))) {
		if (drv->region_major)
			umod_chrdev_region_del(umod_fs_of(host), drv->region_major,
					       (unsigned int)d->minor_start, d->num);
		drv_free(drv);
		return err;
	}
	d->umod = drv;
	pthread_mutex_lock(&tty_mutex);
	if ((th = tty_host_of(host)))
		umod_list_add(&drv->link, th->drivers.prev);
	else
		umod_list_init(&drv->link);
	pthread_mutex_unlock(&tty_mutex);
	d->flags |= TTY_DRIVER_INSTALLED;
	for (unsigned int i = 0; !(d->flags & TTY_DRIVER_DYNAMIC_DEV) && i < d->num; i++) {
		struct device *dev = kapi_tty_register_device(d, i, NULL);

		if (IS_ERR_PTR(dev)) {
			while (i--)
				line_del(drv, i);
			/* as 6.1's err_unreg_devs path: the registration is undone */
			d->flags &= ~TTY_DRIVER_INSTALLED;
			return (int)(intptr_t)dev;
		}
	}
	return 0;
}

void umod_tty_unregister_driver(struct tty_driver *d)
{
	struct umod_tty_drv *drv = d ? d->umod : NULL;

	if (!drv)
		return;
	for (unsigned int i = 0; i < d->num; i++)
		line_del(drv, i);
	umod_pty_stop(drv);
	umod_chrdev_region_del(umod_fs_of(drv->host), drv->region_major,
			       (unsigned int)d->minor_start, d->num);
	pthread_mutex_lock(&tty_mutex);
	umod_list_del(&drv->link);
	pthread_mutex_unlock(&tty_mutex);
	d->umod = NULL;
	d->flags &= ~TTY_DRIVER_INSTALLED;
	drv_free(drv);
}

void umod_tty_leftovers(struct umod_module *mod)
{
	if (!umod_module_has_made(mod, UMOD_MADE_TTY))
		return;
	for (;;) {
		struct umod_tty_drv *found = NULL;

		pthread_mutex_lock(&tty_mutex);
		for (struct umod_list *h = tty_hosts.next; h != &tty_hosts && !found; h = h->next) {
			struct tty_host *th = umod_container_of(h, struct tty_host, link);

			for (struct umod_list *l = th->drivers.next; l != &th->drivers; l = l->next)
				if (umod_container_of(l, struct umod_tty_drv, link)->owner == mod)
					found = umod_container_of(l, struct umod_tty_drv, link);
		}
		pthread_mutex_unlock(&tty_mutex);
		if (!found)
			return;
		umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left tty driver %s registered: unregistered\n",
				mod->name, found->driver->name);
		umod_tty_unregister_driver(found->driver);
	}
}

/* ---- what drivers call on an open tty -------------------------------------------------- */

static struct tty_struct *kapi_tty_kref_get(struct tty_struct *tty)
{
	if (tty)
		__atomic_add_fetch(&tty->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return tty;
}

/* the host frees a line's tty when its last open closes; a console tty stays */
static void kapi_tty_kref_put(struct tty_struct *tty)
{
	if (tty)
		__atomic_sub_fetch(&tty->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
}

void umod_tty_wakeup(struct tty_struct *tty)
{
	struct umod_tty_line *line = tty ? tty->umod : NULL;

	if (!line)
		return;
	line->wakeup = true;
	umod_pty_kick(line->drv);
}

static void kapi_tty_hangup(struct tty_struct *tty)
{
}

static int kapi_tty_hung_up_p(struct file *filp)
{
	return 0;
}

static int kapi_tty_standard_install(struct tty_driver *driver, struct tty_struct *tty)
{
	tty->port = driver->ports ? driver->ports[tty->index] : NULL;
	if (driver->ttys)
		driver->ttys[tty->index] = tty;
	return 0;
}

static const char *kapi_tty_name(const struct tty_struct *tty)
{
	return tty ? tty->name : "NULL tty";
}

static unsigned int kapi_tty_write_room(struct tty_struct *tty)
{
	return tty->ops->write_room ? tty->ops->write_room(tty) : 2048;
}

static unsigned int kapi_tty_chars_in_buffer(struct tty_struct *tty)
{
	return tty->ops->chars_in_buffer ? tty->ops->chars_in_buffer(tty) : 0;
}

static void kapi_stop_tty(struct tty_struct *tty)
{
	tty->flow.stopped = true;
	if (tty->ops->stop)
		tty->ops->stop(tty);
}

static void kapi_start_tty(struct tty_struct *tty)
{
	tty->flow.stopped = false;
	if (tty->ops->start)
		tty->ops->start(tty);
	umod_tty_wakeup(tty);
}

/* ---- get_current_tty(): the calling process's terminal --------------------------------- */

struct console_tty {
	struct tty_struct tty;
	unsigned long rdev;
	int fd;
	struct umod_list link;
};

/*
 * A console tty's write op: the bytes go to the terminal as they are given,
 * as a pty's driver write skips the line discipline's output processing;
 * OPOST is off for the moment of the write (a "\r\n" stays two bytes).
 */
static int console_write(struct tty_struct *tty, const unsigned char *buf, int count)
{
	struct console_tty *c = umod_container_of(tty, struct console_tty, tty);
	struct ktermios t;
	bool opost = !ioctl(c->fd, UMOD_TCGETS2, &t) && (t.c_oflag & OPOST);
	ssize_t n;

	if (opost) {
		t.c_oflag &= ~OPOST;
		ioctl(c->fd, UMOD_TCSETS2, &t);
	}
	n = count > 0 ? write(c->fd, buf, (size_t)count) : 0;
	if (opost) {
		t.c_oflag |= OPOST;
		ioctl(c->fd, UMOD_TCSETS2, &t);
	}
	return n < 0 ? -errno : (int)n;
}

static unsigned int console_write_room(struct tty_struct *tty)
{
	return 4096;
}

static const struct tty_operations console_ops = {
	.write = console_write,
	.write_room = console_write_room,
};

static struct tty_driver console_driver = {
	.driver_name = "pty_slave",
	.name = "pts/",
	.major = 136,
	.type = TTY_DRIVER_TYPE_PTY,
	.subtype = PTY_TYPE_SLAVE,
	.ops = &console_ops,
};

/* tty_nr of /proc/PID/stat (field 7, after the parenthesised comm) */
static unsigned long stat_tty_nr(int pid)
{
	char path[64], buf[1024], *p;
	unsigned long nr = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if ((p = strrchr(buf, ')')) && sscanf(p + 1, " %*c %*d %*d %*d %lu", &nr) != 1)
		nr = 0;
	return nr;
}

/* the terminal, through whichever of the process's fds 0-2 is it, else /dev/pts/N */
static int open_terminal(int pid, unsigned long rdev)
{
	char path[64];
	struct stat st;
	int fd;

	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", pid, i);
		if (!stat(path, &st) && S_ISCHR(st.st_mode) && st.st_rdev == rdev &&
		    (fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)) >= 0)
			return fd;
	}
	if (major(rdev) < 136 || major(rdev) > 143)
		return -1;
	snprintf(path, sizeof(path), "/dev/pts/%u", (major(rdev) - 136) * 256 + minor(rdev));
	return open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
}

static struct console_tty *console_new(struct umod_host *host, unsigned long rdev, int pid)
{
	struct console_tty *c = calloc(1, sizeof(*c));

	if (!c || (c->fd = open_terminal(pid, rdev)) < 0) {
		free(c);
		return NULL;
	}
	c->rdev = rdev;
	c->tty.kref.refcount.refs.counter = 1;
	c->tty.driver = &console_driver;
	c->tty.ops = &console_ops;
	c->tty.index = (int)((major(rdev) - 136) * 256 + minor(rdev));
	c->tty.termios = umod_tty_std_termios;
	snprintf(c->tty.name, sizeof(c->tty.name), "pts%d", c->tty.index);
	return c;
}

/* one tty per terminal and host, kept until the host goes (the guide never puts it) */
static struct tty_struct *kapi_get_current_tty(void)
{
	struct umod_host *host = umod_caller_host();
	int pid = umod_task_current()->task.pid;
	unsigned long rdev = pid > 0 ? stat_tty_nr(pid) : 0;
	struct console_tty *c = NULL;
	struct tty_host *th;

	if (!host || !rdev)
		return NULL;
	pthread_mutex_lock(&tty_mutex);
	th = tty_host_of(host);
	for (struct umod_list *l = th ? th->consoles.next : NULL; l && l != &th->consoles;
	     l = l->next)
		if (umod_container_of(l, struct console_tty, link)->rdev == rdev)
			c = umod_container_of(l, struct console_tty, link);
	if (!c && th && (c = console_new(host, rdev, pid)))
		umod_list_add(&c->link, &th->consoles);
	pthread_mutex_unlock(&tty_mutex);
	return c ? kapi_tty_kref_get(&c->tty) : NULL;
}

/* ---- the host's part ------------------------------------------------------------------ */

int umod_tty_init(struct umod_host *host)
{
	struct tty_host *th = calloc(1, sizeof(*th));
	int err;

	if (!th || !(th->cls = calloc(1, sizeof(*th->cls)))) {
		free(th);
		return -ENOMEM;
	}
	th->host = host;
	th->cls->name = "tty";
	umod_list_init(&th->drivers);
	umod_list_init(&th->consoles);
	err = umod_class_register(umod_driver_core(host), th->cls, NULL);
	if (!err && !umod_proc_text(host, "tty/drivers", 0444, tty_drivers_show, host))
		err = -ENOMEM;
	if (err) {
		umod_class_unregister(umod_driver_core(host), th->cls);
		free(th->cls);
		free(th);
		return err;
	}
	pthread_mutex_lock(&tty_mutex);
	umod_list_add(&th->link, &tty_hosts);
	pthread_mutex_unlock(&tty_mutex);
	return 0;
}

void umod_tty_exit(struct umod_host *host)
{
	struct tty_host *th;

	pthread_mutex_lock(&tty_mutex);
	if ((th = tty_host_of(host)))
		umod_list_del(&th->link);
	pthread_mutex_unlock(&tty_mutex);
	if (!th)
		return;
	umod_proc_text_remove(host, "tty/drivers");
	umod_class_unregister(umod_driver_core(host), th->cls);
	while (th->consoles.next != &th->consoles) {
		struct console_tty *c = umod_container_of(th->consoles.next, struct console_tty,
							  link);

		umod_list_del(&c->link);
		close(c->fd);
		free(c);
	}
	free(th->cls);
	free(th);
}

static const struct umod_kapi_export tty_io_exports[] = {
	UMOD_KAPI("__tty_alloc_driver", umod_tty_alloc_driver),
	UMOD_KAPI("tty_driver_kref_put", umod_tty_driver_kref_put),
	UMOD_KAPI("tty_register_driver", umod_tty_register_driver),
	UMOD_KAPI("tty_unregister_driver", umod_tty_unregister_driver),
	UMOD_KAPI("tty_register_device", kapi_tty_register_device),
	UMOD_KAPI_GPL("tty_register_device_attr", umod_tty_register_device_attr),
	UMOD_KAPI("tty_unregister_device", umod_tty_unregister_device),
	UMOD_KAPI("tty_kref_get", kapi_tty_kref_get),
	UMOD_KAPI("tty_kref_put", kapi_tty_kref_put),
	UMOD_KAPI_GPL("tty_wakeup", umod_tty_wakeup),
	UMOD_KAPI("tty_hangup", kapi_tty_hangup),
	UMOD_KAPI("tty_vhangup", kapi_tty_hangup),
	UMOD_KAPI("tty_hung_up_p", kapi_tty_hung_up_p),
	UMOD_KAPI_GPL("tty_standard_install", kapi_tty_standard_install),
	UMOD_KAPI("tty_name", kapi_tty_name),
	UMOD_KAPI("tty_write_room", kapi_tty_write_room),
	UMOD_KAPI("tty_chars_in_buffer", kapi_tty_chars_in_buffer),
	UMOD_KAPI("stop_tty", kapi_stop_tty),
	UMOD_KAPI("start_tty", kapi_start_tty),
	UMOD_KAPI_GPL("get_current_tty", kapi_get_current_tty),
};

const struct umod_kapi_table umod_kapi_tty_io = UMOD_KAPI_TABLE(tty_io_exports);
