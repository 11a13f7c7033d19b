/* SPDX-License-Identifier: MIT */
/* tty ports (6.1's linux/tty_port.h): struct tty_port is in umod/kabi/tty.h */
#ifndef _LINUX_TTY_PORT_H
#define _LINUX_TTY_PORT_H

#include <linux/kfifo.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/tty_buffer.h>
#include <linux/wait.h>
#include <umod/kabi/tty.h>

struct attribute_group;
struct tty_driver;
struct tty_struct;

/* tty_port.iflags bits */
#define TTY_PORT_INITIALIZED	0
#define TTY_PORT_SUSPENDED	1
#define TTY_PORT_ACTIVE		2
#define TTY_PORT_CTS_FLOW	3
#define TTY_PORT_CHECK_CD	4
#define TTY_PORT_KOPENED	5

void tty_port_init(struct tty_port *port);
void tty_port_link_device(struct tty_port *port, struct tty_driver *driver, unsigned int index);
struct device *tty_port_register_device(struct tty_port *port, struct tty_driver *driver,
					unsigned int index, struct device *device);
struct device *tty_port_register_device_attr(struct tty_port *port,
					     struct tty_driver *driver, unsigned int index,
					     struct device *device, void *drvdata,
					     const struct attribute_group **attr_grp);
void tty_port_unregister_device(struct tty_port *port, struct tty_driver *driver,
				unsigned int index);
int tty_port_alloc_xmit_buf(struct tty_port *port);
void tty_port_free_xmit_buf(struct tty_port *port);
void tty_port_destroy(struct tty_port *port);
void tty_port_put(struct tty_port *port);
struct tty_struct *tty_port_tty_get(struct tty_port *port);
void tty_port_tty_set(struct tty_port *port, struct tty_struct *tty);
void tty_port_hangup(struct tty_port *port);
void tty_port_tty_hangup(struct tty_port *port, bool check_clocal);
void tty_port_tty_wakeup(struct tty_port *port);
int tty_port_carrier_raised(struct tty_port *port);
void tty_port_raise_dtr_rts(struct tty_port *port);
void tty_port_lower_dtr_rts(struct tty_port *port);
int tty_port_block_til_ready(struct tty_port *port, struct tty_struct *tty,
			     struct file *filp);
int tty_port_close_start(struct tty_port *port, struct tty_struct *tty, struct file *filp);
void tty_port_close_end(struct tty_port *port, struct tty_struct *tty);
void tty_port_close(struct tty_port *port, struct tty_struct *tty, struct file *filp);
int tty_port_install(struct tty_port *port, struct tty_driver *driver,
		     struct tty_struct *tty);
int tty_port_open(struct tty_port *port, struct tty_struct *tty, struct file *filp);

static inline struct tty_port *tty_port_get(struct tty_port *port)
{
	if (port)
		__atomic_add_fetch(&port->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return port;
}

static inline bool tty_port_initialized(const struct tty_port *port)
{
	return port->iflags & (1UL << TTY_PORT_INITIALIZED);
}

static inline void tty_port_set_initialized(struct tty_port *port, bool val)
{
	if (val)
		port->iflags |= 1UL << TTY_PORT_INITIALIZED;
	else
		port->iflags &= ~(1UL << TTY_PORT_INITIALIZED);
}

static inline bool tty_port_active(const struct tty_port *port)
{
	return port->flags & (1UL << TTY_PORT_ACTIVE);
}

static inline void tty_port_set_active(struct tty_port *port, bool val)
{
	if (val)
		port->flags |= 1UL << TTY_PORT_ACTIVE;
	else
		port->flags &= ~(1UL << TTY_PORT_ACTIVE);
}

static inline bool tty_port_users(const struct tty_port *port)
{
	return port->count + port->blocked_open;
}

#endif /* _LINUX_TTY_PORT_H */
