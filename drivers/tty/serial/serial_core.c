// SPDX-License-Identifier: MIT
/*
 * The serial core (Linux's drivers/tty/serial/serial_core.c, 6.1): a
 * uart_driver is a tty driver whose tty_operations are the core's; each
 * added uart_port is a line (a host pty, drivers/tty/pty_bridge.c). What
 * the user writes goes into the port's xmit ring and start_tx() is called
 * under the port lock; the driver moves bytes out and calls
 * uart_write_wakeup(). A port whose type is PORT_UNKNOWN opens without
 * its startup() and refuses data (TTY_IO_ERROR), as in 6.1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/tty/tty.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/locking/spinlock.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "mm/internal.h"

#define UART_XMIT_SIZE		4096
#define PORT_UNKNOWN		0
#define UPIO_PORT		0
#define UPIO_HUB6		1
#define UPF_SPD_HI		(1UL << 4)
#define UPF_SPD_VHI		(1UL << 5)
#define UPF_SPD_SHI		(1UL << 12)
#define UPF_SPD_CUST		(UPF_SPD_HI | UPF_SPD_VHI)
#define UPF_SPD_WARP		(UPF_SPD_HI | UPF_SPD_SHI)
#define UPF_SPD_MASK		(UPF_SPD_HI | UPF_SPD_VHI | UPF_SPD_SHI)
#define UPF_AUTO_IRQ		(1UL << 7)
#define UPF_FIXED_TYPE		(1UL << 27)
#define UPF_BOOT_AUTOCONF	(1UL << 28)
#define UPF_DEAD		(1UL << 30)
#define UART_CONFIG_TYPE	(1 << 0)
#define UART_CONFIG_IRQ		(1 << 1)
#define TTY_DRIVER_REAL_RAW	0x0004
#define TTY_DRIVER_DYNAMIC_DEV	0x0008
#define TTY_DRIVER_TYPE_SERIAL	0x0003
#define SERIAL_TYPE_NORMAL	1
#define TTY_IO_ERROR		1
#define TTY_OVERRUN		4
#define CBAUD			0x0000100f
#define B0			0
#define B9600			0x0000000d
#define CS8			0x00000030
#define CREAD			0x00000080
#define HUPCL			0x00000400
#define CLOCAL			0x00000800
#define CRTSCTS			0x80000000
#define IGNBRK			0x001
#define BRKINT			0x002
#define IGNPAR			0x004
#define PARMRK			0x008
#define INPCK			0x010
#define TIOCM_DTR		0x002
#define TIOCM_RTS		0x004
#define TIOCM_CAR		0x040
#define UPSTAT_CTS_ENABLE	(1U << 0)
#define UPSTAT_DCD_ENABLE	(1U << 1)

static void port_lock(struct uart_port *u)
{
	umod_arch_spin_lock(&u->lock.rlock.raw_lock.locked);
}

static void port_unlock(struct uart_port *u)
{
	umod_arch_spin_unlock(&u->lock.rlock.raw_lock.locked);
}

static struct uart_state *state_of(struct tty_struct *tty)
{
	return tty->driver_data;
}

static const char *uart_type(struct uart_port *port)
{
	const char *str = port->ops->type ? port->ops->type(port) : NULL;

	return str ? str : "unknown";
}

static void uart_update_mctrl(struct uart_port *port, unsigned int set, unsigned int clear)
{
	unsigned int old;

	port_lock(port);
	old = port->mctrl;
	port->mctrl = (old & ~clear) | set;
	if (old != port->mctrl && port->ops->set_mctrl)
		port->ops->set_mctrl(port, port->mctrl);
	port_unlock(port);
}

/* uart_change_speed(): the driver's set_termios, then the modem-status enables */
static void change_speed(struct tty_struct *tty, struct uart_state *state,
			 const struct ktermios *old)
{
	struct uart_port *u = state->uart_port;
	struct ktermios *t = &tty->termios;

	if (!u || u->type == PORT_UNKNOWN)
		return;
	u->ops->set_termios(u, t, old);
	port_lock(u);
	if (t->c_cflag & CRTSCTS)
		u->status |= UPSTAT_CTS_ENABLE;
	else
		u->status &= ~UPSTAT_CTS_ENABLE;
	if (t->c_cflag & CLOCAL)
		u->status &= ~UPSTAT_DCD_ENABLE;
	else
		u->status |= UPSTAT_DCD_ENABLE;
	port_unlock(u);
}

/* ---- the port's operations ------------------------------------------------------- */

static int uart_port_startup(struct tty_struct *tty, struct uart_state *state)
{
	struct uart_port *u = state->uart_port;
	int err;

	if (u->type == PORT_UNKNOWN)
		return 1;
	if (!state->xmit.buf) {
		if (!(state->xmit.buf = calloc(1, UART_XMIT_SIZE)))
			return -ENOMEM;
		state->xmit.head = state->xmit.tail = 0;
	}
	err = u->ops->startup(u);
	if (!err)
		change_speed(tty, state, NULL);
	return err;
}

static int uart_port_activate(struct tty_port *port, struct tty_struct *tty)
{
	struct uart_state *state = umod_container_of(port, struct uart_state, port);
	struct uart_port *u = state->uart_port;
	int err;

	if (!u || u->flags & UPF_DEAD)
		return -ENXIO;
	err = uart_port_startup(tty, state);
	if (err)
		tty->flags |= 1UL << TTY_IO_ERROR;
	if (err > 0)
		port->flags |= 1UL << 2;	/* TTY_PORT_ACTIVE */
	return err;
}

static void uart_tty_port_shutdown(struct tty_port *port)
{
	struct uart_state *state = umod_container_of(port, struct uart_state, port);
	struct uart_port *u = state->uart_port;

	if (!u)
		return;
	port_lock(u);
	if (u->ops->stop_rx)
		u->ops->stop_rx(u);
	port_unlock(u);
	if (u->ops->shutdown)
		u->ops->shutdown(u);
	port_lock(u);
	free(state->xmit.buf);
	state->xmit.buf = NULL;
	port_unlock(u);
}

static int uart_carrier_raised(struct tty_port *port)
{
	struct uart_port *u = umod_container_of(port, struct uart_state, port)->uart_port;
	unsigned int mctrl;

	if (!u || !u->ops->get_mctrl)
		return 1;
	port_lock(u);
	mctrl = u->ops->get_mctrl(u);
	port_unlock(u);
	return !!(mctrl & TIOCM_CAR);
}

static void uart_dtr_rts(struct tty_port *port, int raise)
{
	struct uart_port *u = umod_container_of(port, struct uart_state, port)->uart_port;

	if (!u)
		return;
	if (raise)
		uart_update_mctrl(u, TIOCM_DTR | TIOCM_RTS, 0);
	else
		uart_update_mctrl(u, 0, TIOCM_DTR | TIOCM_RTS);
}

static const struct tty_port_operations uart_port_ops = {
	.carrier_raised = uart_carrier_raised,
	.dtr_rts = uart_dtr_rts,
	.activate = uart_port_activate,
	.shutdown = uart_tty_port_shutdown,
};

/* ---- the tty operations ------------------------------------------------------------ */

static int uart_install(struct tty_driver *driver, struct tty_struct *tty)
{
	struct uart_driver *drv = driver->driver_state;

	tty->driver_data = drv->state + tty->index;
	tty->port = driver->ports[tty->index];
	return 0;
}

static int uart_open(struct tty_struct *tty, struct file *filp)
{
	int err = umod_tty_port_open(&state_of(tty)->port, tty, filp);

	return err > 0 ? 0 : err;
}

static void uart_close(struct tty_struct *tty, struct file *filp)
{
	umod_tty_port_close(tty->port, tty, filp);
}

static void uart_start(struct tty_struct *tty)
{
	struct uart_port *u = state_of(tty)->uart_port;

	if (u && !(u->flags & UPF_DEAD) && !tty->flow.stopped && !u->hw_stopped)
		u->ops->start_tx(u);
}

/* a port that did not start refuses data, as tty_write() does with TTY_IO_ERROR */
static int uart_write(struct tty_struct *tty, const unsigned char *buf, int count)
{
	struct uart_state *state = state_of(tty);
	struct uart_port *u = state->uart_port;
	struct circ_buf *circ = &state->xmit;
	int ret = 0;

	if (tty->flags & (1UL << TTY_IO_ERROR))
		return -EIO;
	if (!u || !circ->buf)
		return 0;
	port_lock(u);
	while (count > 0) {
		int end = UART_XMIT_SIZE - circ->head;
		int space = (circ->tail - circ->head - 1) & (UART_XMIT_SIZE - 1);
		int c = space < end ? space : end;

		if (count < c)
			c = count;
		if (c <= 0)
			break;
		memcpy(circ->buf + circ->head, buf, (size_t)c);
		circ->head = (circ->head + c) & (UART_XMIT_SIZE - 1);
		buf += c;
		count -= c;
		ret += c;
	}
	if (!(u->flags & UPF_DEAD) && !tty->flow.stopped && !u->hw_stopped)
		u->ops->start_tx(u);
	port_unlock(u);
	return ret;
}

static unsigned int uart_write_room(struct tty_struct *tty)
{
	struct circ_buf *c = &state_of(tty)->xmit;

	return (unsigned int)((c->tail - c->head - 1) & (UART_XMIT_SIZE - 1));
}

static unsigned int uart_chars_in_buffer(struct tty_struct *tty)
{
	struct circ_buf *c = &state_of(tty)->xmit;

	return (unsigned int)((c->head - c->tail) & (UART_XMIT_SIZE - 1));
}

/* 6.1's uart_set_termios(): only what the hardware cares about reaches the driver */
static void uart_set_termios(struct tty_struct *tty, const struct ktermios *old)
{
	struct uart_state *state = state_of(tty);
	struct uart_port *u = state->uart_port;
	unsigned int cflag = tty->termios.c_cflag;
	unsigned int mask = IGNBRK | BRKINT | IGNPAR | PARMRK | INPCK;

	if (!u)
		return;
	if (!(cflag ^ old->c_cflag) && tty->termios.c_ospeed == old->c_ospeed &&
	    tty->termios.c_ispeed == old->c_ispeed &&
	    !((tty->termios.c_iflag ^ old->c_iflag) & mask))
		return;
	change_speed(tty, state, old);
	cflag = tty->termios.c_cflag;
	if ((old->c_cflag & CBAUD) != B0 && (cflag & CBAUD) == B0)
		uart_update_mctrl(u, 0, TIOCM_RTS | TIOCM_DTR);
	else if ((old->c_cflag & CBAUD) == B0 && (cflag & CBAUD) != B0)
		uart_update_mctrl(u, TIOCM_DTR | TIOCM_RTS, 0);
}

static void uart_stop(struct tty_struct *tty)
{
	struct uart_port *u = state_of(tty)->uart_port;

	if (!u)
		return;
	port_lock(u);
	u->ops->stop_tx(u);
	port_unlock(u);
}

static void uart_flush_buffer(struct tty_struct *tty)
{
	struct uart_state *state = state_of(tty);
	struct uart_port *u = state->uart_port;

	if (!u)
		return;
	port_lock(u);
	state->xmit.head = state->xmit.tail = 0;
	if (u->ops->flush_buffer)
		u->ops->flush_buffer(u);
	port_unlock(u);
	umod_tty_port_tty_wakeup(&state->port);
}

static const struct tty_operations uart_ops = {
	.install = uart_install,
	.open = uart_open,
	.close = uart_close,
	.write = uart_write,
	.write_room = uart_write_room,
	.chars_in_buffer = uart_chars_in_buffer,
	.flush_buffer = uart_flush_buffer,
	.set_termios = uart_set_termios,
	.stop = uart_stop,
	.start = uart_start,
};

/* ---- registration --------------------------------------------------------------------- */

static int kapi_uart_register_driver(struct uart_driver *drv)
{
	struct tty_driver *normal;
	int err;

	if (!drv || drv->state || drv->nr <= 0)
		return -EINVAL;
	if (!(drv->state = calloc((size_t)drv->nr, sizeof(*drv->state))))
		return -ENOMEM;
	normal = umod_tty_alloc_driver((unsigned int)drv->nr, drv->owner,
				       TTY_DRIVER_REAL_RAW | TTY_DRIVER_DYNAMIC_DEV);
	if ((uintptr_t)normal >= (uintptr_t)-4095) {
		free(drv->state);
		drv->state = NULL;
		return (int)(intptr_t)normal;
	}
	drv->tty_driver = normal;
	normal->driver_name = drv->driver_name;
	normal->name = drv->dev_name;
	normal->major = drv->major;
	normal->minor_start = drv->minor;
	normal->type = TTY_DRIVER_TYPE_SERIAL;
	normal->subtype = SERIAL_TYPE_NORMAL;
	normal->init_termios = umod_tty_std_termios;
	normal->init_termios.c_cflag = B9600 | CS8 | CREAD | HUPCL | CLOCAL;
	normal->init_termios.c_ispeed = normal->init_termios.c_ospeed = 9600;
	normal->driver_state = drv;
	normal->ops = &uart_ops;
	for (int i = 0; i < drv->nr; i++) {
		umod_tty_port_init(&drv->state[i].port);
		drv->state[i].port.ops = &uart_port_ops;
	}
	err = umod_tty_register_driver(normal);
	if (!err)
		return 0;
	for (int i = 0; i < drv->nr; i++)
		umod_tty_port_destroy(&drv->state[i].port);
	umod_tty_driver_kref_put(normal);
	free(drv->state);
	drv->state = NULL;
	drv->tty_driver = NULL;
	return err;
}

static void kapi_uart_unregister_driver(struct uart_driver *drv)
{
	if (!drv || !drv->tty_driver)
		return;
	umod_tty_unregister_driver(drv->tty_driver);
	umod_tty_driver_kref_put(drv->tty_driver);
	for (int i = 0; i < drv->nr; i++)
		umod_tty_port_destroy(&drv->state[i].port);
	free(drv->state);
	drv->state = NULL;
	drv->tty_driver = NULL;
}

/* uart_report_port() */
static void report_port(struct uart_port *port)
{
	char address[64];

	if (port->iotype == UPIO_PORT)
		snprintf(address, sizeof(address), "I/O 0x%lx", port->iobase);
	else if (port->iotype == UPIO_HUB6)
		snprintf(address, sizeof(address), "I/O 0x%lx offset 0x%x", port->iobase,
			 port->hub6);
	else if (port->iotype <= 7)
		snprintf(address, sizeof(address), "MMIO 0x%llx", port->mapbase);
	else
		snprintf(address, sizeof(address), "*unknown*");
	umod_log_printk(umod_caller_host()->log, KERN_INFO "%s%s%s at %s (irq = %u, base_baud = %u) is a %s\n",
			port->dev ? umod_dev_name(port->dev) : "", port->dev ? ": " : "",
			port->name, address, port->irq, port->uartclk / 16, uart_type(port));
}

/* uart_configure_port(): a port with no address is left as the driver set it */
static void configure_port(struct uart_port *port)
{
	int flags = 0;

	if (!port->iobase && !port->mapbase && !port->membase)
		return;
	if (port->flags & UPF_AUTO_IRQ)
		flags |= UART_CONFIG_IRQ;
	if (port->flags & UPF_BOOT_AUTOCONF) {
		if (!(port->flags & UPF_FIXED_TYPE)) {
			port->type = PORT_UNKNOWN;
			flags |= UART_CONFIG_TYPE;
		}
		port->ops->config_port(port, flags);
	}
	if (port->type == PORT_UNKNOWN)
		return;
	report_port(port);
	port_lock(port);
	port->mctrl &= TIOCM_DTR;
	if (port->ops->set_mctrl)
		port->ops->set_mctrl(port, port->mctrl);
	port_unlock(port);
}

static int kapi_uart_add_one_port(struct uart_driver *drv, struct uart_port *uport)
{
	struct uart_state *state;
	struct device *dev;
	char name[64];

	if (!drv || !drv->state || !uport || uport->line >= (unsigned int)drv->nr)
		return -EINVAL;
	state = drv->state + uport->line;
	if (state->uart_port)
		return -EINVAL;
	state->refcount.counter = 1;
	umod_wq_init(&state->remove_wait);
	state->uart_port = uport;
	uport->state = state;
	uport->cons = NULL;
	uport->minor = (unsigned int)drv->tty_driver->minor_start + uport->line;
	snprintf(name, sizeof(name), "%s%d", drv->dev_name,
		 drv->tty_driver->name_base + (int)uport->line);
	/* the module may read it; kfree()d by uart_remove_one_port() */
	if ((uport->name = umod_kmalloc_lib(strlen(name) + 1, 0, NULL)))
		strcpy((char *)uport->name, name);
	uport->lock.rlock.raw_lock.locked = 0;
	drv->tty_driver->ports[uport->line] = &state->port;
	configure_port(uport);
	dev = umod_tty_port_register_device_attr(&state->port, drv->tty_driver, uport->line,
						 uport->dev, &state->port, NULL);
	if ((uintptr_t)dev >= (uintptr_t)-4095)
		umod_log_printk(umod_caller_host()->log, KERN_ERR "%s%sCannot register tty device on line %u\n",
				uport->dev ? umod_dev_name(uport->dev) : "",
				uport->dev ? ": " : "", uport->line);
	uport->flags &= ~UPF_DEAD;
	return 0;
}

static int kapi_uart_remove_one_port(struct uart_driver *drv, struct uart_port *uport)
{
	struct uart_state *state;

	if (!drv || !drv->state || !uport || uport->line >= (unsigned int)drv->nr)
		return -EINVAL;
	state = drv->state + uport->line;
	if (state->uart_port != uport)
		return -EINVAL;
	uport->flags |= UPF_DEAD;
	umod_tty_unregister_device(drv->tty_driver, uport->line);
	if (uport->type != PORT_UNKNOWN && uport->ops->release_port)
		uport->ops->release_port(uport);
	umod_kfree((void *)uport->name);
	uport->name = NULL;
	uport->type = PORT_UNKNOWN;
	state->uart_port = NULL;
	return 0;
}

/* ---- what drivers call from their interrupt paths ------------------------------------------ */

static void kapi_uart_write_wakeup(struct uart_port *port)
{
	if (port && port->state)
		umod_tty_port_tty_wakeup(&port->state->port);
}

static void kapi_uart_insert_char(struct uart_port *port, unsigned int status,
				  unsigned int overrun, unsigned int ch, unsigned int flag)
{
	struct tty_port *tport = &port->state->port;

	if (!(status & port->ignore_status_mask & ~overrun) &&
	    !umod_tty_insert_flip_char(tport, (unsigned char)ch, (char)flag))
		++port->icount.buf_overrun;
	if (status & ~port->ignore_status_mask & overrun &&
	    !umod_tty_insert_flip_char(tport, 0, TTY_OVERRUN))
		++port->icount.buf_overrun;
}

static void kapi_uart_handle_dcd_change(struct uart_port *port, unsigned int status)
{
	port->icount.dcd++;
}

static void kapi_uart_handle_cts_change(struct uart_port *port, unsigned int status)
{
	port->icount.cts++;
}

static unsigned int kapi_uart_get_baud_rate(struct uart_port *port, struct ktermios *termios,
					    const struct ktermios *old, unsigned int min,
					    unsigned int max)
{
	unsigned long spd = port->flags & UPF_SPD_MASK;
	unsigned int altbaud = spd == UPF_SPD_HI ? 57600 : spd == UPF_SPD_VHI ? 115200 :
			       spd == UPF_SPD_SHI ? 230400 : spd == UPF_SPD_WARP ? 460800 : 38400;
	bool hung_up = false;

	for (int try = 0; try < 2; try++) {
		unsigned int baud = umod_tty_termios_baud_rate(termios);

		if (try == 0 && baud == 38400)
			baud = altbaud;
		if (baud == 0) {
			hung_up = true;
			baud = 9600;
		}
		if (baud >= min && baud <= max)
			return baud;
		termios->c_cflag &= ~CBAUD;
		if (old) {
			baud = umod_tty_termios_baud_rate(old);
			if (!hung_up)
				umod_tty_termios_encode_baud_rate(termios, baud, baud);
			old = NULL;
			continue;
		}
		if (!hung_up) {
			if (baud <= min)
				umod_tty_termios_encode_baud_rate(termios, min + 1, min + 1);
			else
				umod_tty_termios_encode_baud_rate(termios, max - 1, max - 1);
		}
	}
	return 0;
}

static unsigned int kapi_uart_get_divisor(struct uart_port *port, unsigned int baud)
{
	if (baud == 38400 && (port->flags & UPF_SPD_MASK) == UPF_SPD_CUST)
		return port->custom_divisor;
	return baud ? (port->uartclk + 8 * baud) / (16 * baud) : 0;
}

static void kapi_uart_update_timeout(struct uart_port *port, unsigned int cflag,
				     unsigned int baud)
{
	unsigned int size = 1 + 5 + ((cflag & 0x30) >> 4) + !!(cflag & 0x100) +
			    ((cflag & 0x40) ? 2 : 1);
	unsigned long long t = (unsigned long long)size * 1000000000ULL;

	port->frame_time = baud ? (unsigned int)((t + baud - 1) / baud) : 0;
}

static const struct umod_kapi_export serial_core_exports[] = {
	UMOD_KAPI("uart_register_driver", kapi_uart_register_driver),
	UMOD_KAPI("uart_unregister_driver", kapi_uart_unregister_driver),
	UMOD_KAPI("uart_add_one_port", kapi_uart_add_one_port),
	UMOD_KAPI("uart_remove_one_port", kapi_uart_remove_one_port),
	UMOD_KAPI("uart_write_wakeup", kapi_uart_write_wakeup),
	UMOD_KAPI_GPL("uart_insert_char", kapi_uart_insert_char),
	UMOD_KAPI_GPL("uart_handle_dcd_change", kapi_uart_handle_dcd_change),
	UMOD_KAPI_GPL("uart_handle_cts_change", kapi_uart_handle_cts_change),
	UMOD_KAPI("uart_get_baud_rate", kapi_uart_get_baud_rate),
	UMOD_KAPI("uart_get_divisor", kapi_uart_get_divisor),
	UMOD_KAPI("uart_update_timeout", kapi_uart_update_timeout),
};

const struct umod_kapi_table umod_kapi_serial_core = UMOD_KAPI_TABLE(serial_core_exports);
