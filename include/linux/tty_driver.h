/* SPDX-License-Identifier: MIT */
/*
 * tty drivers (6.1's linux/tty_driver.h): struct tty_driver and
 * tty_operations are in umod/kabi/tty.h. tty_alloc_driver() passes
 * THIS_MODULE as the driver's owner, as 6.1's does.
 */
#ifndef _LINUX_TTY_DRIVER_H
#define _LINUX_TTY_DRIVER_H

#include <linux/export.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/cdev.h>
#include <linux/termios.h>
#include <linux/seq_file.h>
#include <umod/kabi/tty.h>

/* tty_driver.flags */
#define TTY_DRIVER_INSTALLED		0x0001
#define TTY_DRIVER_RESET_TERMIOS	0x0002
#define TTY_DRIVER_REAL_RAW		0x0004
#define TTY_DRIVER_DYNAMIC_DEV		0x0008
#define TTY_DRIVER_DEVPTS_MEM		0x0010
#define TTY_DRIVER_HARDWARE_BREAK	0x0020
#define TTY_DRIVER_DYNAMIC_ALLOC	0x0040
#define TTY_DRIVER_UNNUMBERED_NODE	0x0080

/* tty_driver.type and .subtype */
#define TTY_DRIVER_TYPE_SYSTEM		0x0001
#define TTY_DRIVER_TYPE_CONSOLE		0x0002
#define TTY_DRIVER_TYPE_SERIAL		0x0003
#define TTY_DRIVER_TYPE_PTY		0x0004
#define TTY_DRIVER_TYPE_SCC		0x0005
#define TTY_DRIVER_TYPE_SYSCONS		0x0006
#define SYSTEM_TYPE_TTY			0x0001
#define SYSTEM_TYPE_CONSOLE		0x0002
#define SYSTEM_TYPE_SYSCONS		0x0003
#define SYSTEM_TYPE_SYSPTMX		0x0004
#define PTY_TYPE_MASTER			0x0001
#define PTY_TYPE_SLAVE			0x0002
#define SERIAL_TYPE_NORMAL		1

struct tty_driver *__tty_alloc_driver(unsigned int lines, struct module *owner,
				      unsigned long flags);
#define tty_alloc_driver(lines, flags) \
	__tty_alloc_driver(lines, THIS_MODULE, flags)
void tty_driver_kref_put(struct tty_driver *driver);
int tty_register_driver(struct tty_driver *driver);
void tty_unregister_driver(struct tty_driver *driver);
struct device *tty_register_device(struct tty_driver *driver, unsigned int index,
				   struct device *dev);
struct device *tty_register_device_attr(struct tty_driver *driver, unsigned int index,
					struct device *device, void *drvdata,
					const struct attribute_group **attr_grp);
void tty_unregister_device(struct tty_driver *driver, unsigned int index);

static inline void tty_set_operations(struct tty_driver *driver,
				      const struct tty_operations *op)
{
	driver->ops = op;
}

static inline struct tty_driver *tty_driver_kref_get(struct tty_driver *d)
{
	__atomic_add_fetch(&d->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return d;
}

extern struct ktermios tty_std_termios;

#endif /* _LINUX_TTY_DRIVER_H */
