// SPDX-License-Identifier: MIT
/*
 * tty ports (Linux's drivers/tty/tty_port.c, 6.1): a port outlives the
 * ttys opened on it; tty_port_open() activates it on the first open,
 * tty_port_close() shuts it down at the last, tty_port_tty_get() gives a
 * driver the tty open on it. Every function here is called from a
 * driver's own ops (or the serial core's), on the line's bridge thread.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/tty/tty.h"
#include "kernel/kapi.h"
#include "kernel/locking/mutex.h"
#include "kernel/sched/sched.h"
#include "mm/internal.h"

#define TTY_IO_ERROR		1
#define TTY_PORT_INITIALIZED	0
#define TTY_PORT_ACTIVE		2
#define HUPCL			0x00000400
#define CBAUD			0x0000100f
#define TIOCM_DTR		0x002
#define TIOCM_RTS		0x004
#define O_NONBLOCK_BIT		04000

static bool initialized(const struct tty_port *port)
{
	return port->iflags & (1UL << TTY_PORT_INITIALIZED);
}

static void set_initialized(struct tty_port *port, bool on)
{
	if (on)
		port->iflags |= 1UL << TTY_PORT_INITIALIZED;
	else
		port->iflags &= ~(1UL << TTY_PORT_INITIALIZED);
}

static void set_active(struct tty_port *port, bool on)
{
	if (on)
		port->flags |= 1UL << TTY_PORT_ACTIVE;
	else
		port->flags &= ~(1UL << TTY_PORT_ACTIVE);
}

void umod_tty_port_init(struct tty_port *port)
{
	memset(port, 0, sizeof(*port));
	umod_tty_buffer_init(port);
	umod_wq_init(&port->open_wait);
	umod_wq_init(&port->delta_msr_wait);
	umod_mutex_init(&port->mutex);
	umod_mutex_init(&port->buf_mutex);
	port->close_delay = (50 * 250) / 100;	/* HZ / 2 */
	port->closing_wait = (3000 * 250) / 100;	/* 30 s */
	port->kref.refcount.refs.counter = 1;
}

static void kapi_tty_port_link_device(struct tty_port *port, struct tty_driver *driver,
				      unsigned int index)
{
	if (driver->ports && index < driver->num)
		driver->ports[index] = port;
}

struct device *umod_tty_port_register_device_attr(struct tty_port *port,
							 struct tty_driver *driver,
							 unsigned int index, struct device *device,
							 void *drvdata,
							 const struct attribute_group **groups)
{
	kapi_tty_port_link_device(port, driver, index);
	return umod_tty_register_device_attr(driver, index, device, drvdata, groups);
}

static struct device *kapi_tty_port_register_device(struct tty_port *port,
						    struct tty_driver *driver, unsigned int index,
						    struct device *device)
{
	return umod_tty_port_register_device_attr(port, driver, index, device, NULL, NULL);
}

static void kapi_tty_port_unregister_device(struct tty_port *port, struct tty_driver *driver,
					    unsigned int index)
{
	umod_tty_unregister_device(driver, index);
}

void umod_tty_port_destroy(struct tty_port *port)
{
	umod_tty_buffer_free(port);
}

static int kapi_tty_port_alloc_xmit_buf(struct tty_port *port)
{
	if (!port->xmit_buf && !(port->xmit_buf = calloc(1, 4096)))
		return -ENOMEM;
	return 0;
}

static void kapi_tty_port_free_xmit_buf(struct tty_port *port)
{
	free(port->xmit_buf);
	port->xmit_buf = NULL;
}

static long call_destruct(void *arg)
{
	struct tty_port *port = arg;

	if (port->ops && port->ops->destruct)
		port->ops->destruct(port);
	else
		umod_kfree(port);
	return 0;
}

static void kapi_tty_port_put(struct tty_port *port)
{
	if (!port || __atomic_sub_fetch(&port->kref.refcount.refs.counter, 1, __ATOMIC_ACQ_REL))
		return;
	kapi_tty_port_free_xmit_buf(port);
	umod_tty_port_destroy(port);
	call_destruct(port);
}

struct tty_struct *umod_tty_port_tty_get(struct tty_port *port)
{
	struct tty_struct *tty = port ? port->tty : NULL;

	if (tty)
		__atomic_add_fetch(&tty->kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return tty;
}

static void kapi_tty_port_tty_set(struct tty_port *port, struct tty_struct *tty)
{
	port->tty = tty;
}

void umod_tty_port_tty_wakeup(struct tty_port *port)
{
	if (port->client_ops && port->client_ops->write_wakeup)
		port->client_ops->write_wakeup(port);
	else if (port->tty)
		umod_tty_wakeup(port->tty);
}

static void kapi_tty_port_hangup(struct tty_port *port)
{
	port->count = 0;
	set_active(port, false);
	port->tty = NULL;
}

static void kapi_tty_port_tty_hangup(struct tty_port *port, bool check_clocal)
{
}

static int kapi_tty_port_carrier_raised(struct tty_port *port)
{
	return port->ops && port->ops->carrier_raised ? port->ops->carrier_raised(port) : 1;
}

static void kapi_tty_port_raise_dtr_rts(struct tty_port *port)
{
	if (port->ops && port->ops->dtr_rts)
		port->ops->dtr_rts(port, 1);
}

static void kapi_tty_port_lower_dtr_rts(struct tty_port *port)
{
	if (port->ops && port->ops->dtr_rts)
		port->ops->dtr_rts(port, 0);
}

/*
 * The open goes on at once: a pty's slave is open already, so there is no
 * open(2) to hold until the carrier rises; the lines are raised when the
 * rate is not B0, as 6.1 does before it would wait.
 */
static int kapi_tty_port_block_til_ready(struct tty_port *port, struct tty_struct *tty,
					 struct file *filp)
{
	if ((tty->termios.c_cflag & CBAUD) && !(tty->flags & (1UL << TTY_IO_ERROR)))
		kapi_tty_port_raise_dtr_rts(port);
	set_active(port, true);
	return 0;
}

static int kapi_tty_port_close_start(struct tty_port *port, struct tty_struct *tty,
				     struct file *filp)
{
	if (--port->count < 0)
		port->count = 0;
	if (port->count)
		return 0;
	tty->closing = 1;
	return 1;
}

static void port_shutdown(struct tty_port *port, struct tty_struct *tty)
{
	if (tty && (tty->termios.c_cflag & HUPCL))
		kapi_tty_port_lower_dtr_rts(port);
	if (initialized(port)) {
		set_initialized(port, false);
		if (port->ops && port->ops->shutdown)
			port->ops->shutdown(port);
	}
}

static void kapi_tty_port_close_end(struct tty_port *port, struct tty_struct *tty)
{
	tty->closing = 0;
	set_active(port, false);
}

void umod_tty_port_close(struct tty_port *port, struct tty_struct *tty,
				struct file *filp)
{
	if (!kapi_tty_port_close_start(port, tty, filp))
		return;
	port_shutdown(port, tty);
	if (!port->console)
		tty->flags |= 1UL << TTY_IO_ERROR;
	kapi_tty_port_close_end(port, tty);
	port->tty = NULL;
}

static int kapi_tty_port_install(struct tty_port *port, struct tty_driver *driver,
				 struct tty_struct *tty)
{
	tty->port = port;
	if (driver->ttys)
		driver->ttys[tty->index] = tty;
	return 0;
}

int umod_tty_port_open(struct tty_port *port, struct tty_struct *tty, struct file *filp)
{
	port->count++;
	port->tty = tty;
	if (!initialized(port)) {
		tty->flags &= ~(1UL << TTY_IO_ERROR);
		if (port->ops && port->ops->activate) {
			int err = port->ops->activate(port, tty);

			if (err)
				return err;
		}
		set_initialized(port, true);
	}
	return kapi_tty_port_block_til_ready(port, tty, filp);
}

static const struct umod_kapi_export tty_port_exports[] = {
	UMOD_KAPI("tty_port_init", umod_tty_port_init),
	UMOD_KAPI_GPL("tty_port_link_device", kapi_tty_port_link_device),
	UMOD_KAPI_GPL("tty_port_register_device", kapi_tty_port_register_device),
	UMOD_KAPI_GPL("tty_port_register_device_attr", umod_tty_port_register_device_attr),
	UMOD_KAPI_GPL("tty_port_unregister_device", kapi_tty_port_unregister_device),
	UMOD_KAPI("tty_port_alloc_xmit_buf", kapi_tty_port_alloc_xmit_buf),
	UMOD_KAPI("tty_port_free_xmit_buf", kapi_tty_port_free_xmit_buf),
	UMOD_KAPI("tty_port_destroy", umod_tty_port_destroy),
	UMOD_KAPI("tty_port_put", kapi_tty_port_put),
	UMOD_KAPI("tty_port_tty_get", umod_tty_port_tty_get),
	UMOD_KAPI("tty_port_tty_set", kapi_tty_port_tty_set),
	UMOD_KAPI("tty_port_hangup", kapi_tty_port_hangup),
	UMOD_KAPI_GPL("tty_port_tty_hangup", kapi_tty_port_tty_hangup),
	UMOD_KAPI_GPL("tty_port_tty_wakeup", umod_tty_port_tty_wakeup),
	UMOD_KAPI("tty_port_carrier_raised", kapi_tty_port_carrier_raised),
	UMOD_KAPI("tty_port_raise_dtr_rts", kapi_tty_port_raise_dtr_rts),
	UMOD_KAPI("tty_port_lower_dtr_rts", kapi_tty_port_lower_dtr_rts),
	UMOD_KAPI("tty_port_block_til_ready", kapi_tty_port_block_til_ready),
	UMOD_KAPI("tty_port_close_start", kapi_tty_port_close_start),
	UMOD_KAPI("tty_port_close_end", kapi_tty_port_close_end),
	UMOD_KAPI("tty_port_close", umod_tty_port_close),
	UMOD_KAPI_GPL("tty_port_install", kapi_tty_port_install),
	UMOD_KAPI("tty_port_open", umod_tty_port_open),
};

const struct umod_kapi_table umod_kapi_tty_port = UMOD_KAPI_TABLE(tty_port_exports);
