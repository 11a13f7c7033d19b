// SPDX-License-Identifier: GPL-2.0
/*
 * serial_loop.c - a serial-core driver for Linux 6.1 with one UART whose
 * transmitter is wired to its receiver: what start_tx() finds in the
 * transmit ring comes back through uart_insert_char(), as with a
 * loopback plug on a real port.
 */
#include <linux/module.h>
#include <linux/serial.h>
#include <linux/serial_core.h>
#include <linux/tty.h>
#include <linux/tty_flip.h>

#define LOOP_MAJOR	204	/* the low-density serial ports' major */
#define LOOP_MINOR	209

static void loop_stop_tx(struct uart_port *port)
{
}

/* called with the port lock held */
static void loop_start_tx(struct uart_port *port)
{
	struct circ_buf *xmit = &port->state->xmit;

	while (!uart_circ_empty(xmit)) {
		unsigned char ch = xmit->buf[xmit->tail];

		xmit->tail = (xmit->tail + 1) & (UART_XMIT_SIZE - 1);
		port->icount.tx++;
		port->icount.rx++;
		uart_insert_char(port, 0, 0, ch, TTY_NORMAL);
	}
	tty_flip_buffer_push(&port->state->port);
	if (uart_circ_chars_pending(xmit) < WAKEUP_CHARS)
		uart_write_wakeup(port);
}

static void loop_stop_rx(struct uart_port *port)
{
}

static unsigned int loop_tx_empty(struct uart_port *port)
{
	return TIOCSER_TEMT;
}

static unsigned int loop_get_mctrl(struct uart_port *port)
{
	return TIOCM_CAR | TIOCM_CTS | TIOCM_DSR;
}

static void loop_set_mctrl(struct uart_port *port, unsigned int mctrl)
{
}

static int loop_startup(struct uart_port *port)
{
	pr_info("serial_loop: %s startup\n", port->name);
	return 0;
}

static void loop_shutdown(struct uart_port *port)
{
	pr_info("serial_loop: %s shutdown, %u bytes looped\n", port->name, port->icount.tx);
}

static void loop_set_termios(struct uart_port *port, struct ktermios *new,
			     const struct ktermios *old)
{
	unsigned int baud = uart_get_baud_rate(port, new, old, 50, port->uartclk / 16);

	uart_update_timeout(port, new->c_cflag, baud);
	pr_info("serial_loop: %s at %u baud, divisor %u\n", port->name, baud,
		uart_get_divisor(port, baud));
}

static const char *loop_type(struct uart_port *port)
{
	return "loopback";
}

static void loop_release_port(struct uart_port *port)
{
}

static int loop_request_port(struct uart_port *port)
{
	return 0;
}

static void loop_config_port(struct uart_port *port, int flags)
{
}

static const struct uart_ops loop_ops = {
	.tx_empty	= loop_tx_empty,
	.set_mctrl	= loop_set_mctrl,
	.get_mctrl	= loop_get_mctrl,
	.stop_tx	= loop_stop_tx,
	.start_tx	= loop_start_tx,
	.stop_rx	= loop_stop_rx,
	.startup	= loop_startup,
	.shutdown	= loop_shutdown,
	.set_termios	= loop_set_termios,
	.type		= loop_type,
	.release_port	= loop_release_port,
	.request_port	= loop_request_port,
	.config_port	= loop_config_port,
};

static struct uart_driver loop_uart = {
	.owner		= THIS_MODULE,
	.driver_name	= "serial_loop",
	.dev_name	= "ttyLP",
	.major		= LOOP_MAJOR,
	.minor		= LOOP_MINOR,
	.nr		= 1,
};

static struct uart_port loop_port = {
	.iotype		= UPIO_MEM,
	.mapbase	= 0xfe215040,
	.uartclk	= 1843200,
	.fifosize	= 16,
	.type		= PORT_16550A,
	.ops		= &loop_ops,
	.line		= 0,
};

static int __init loop_init(void)
{
	int ret = uart_register_driver(&loop_uart);

	if (ret)
		return ret;
	ret = uart_add_one_port(&loop_uart, &loop_port);
	if (ret)
		uart_unregister_driver(&loop_uart);
	return ret;
}

static void __exit loop_exit(void)
{
	uart_remove_one_port(&loop_uart, &loop_port);
	uart_unregister_driver(&loop_uart);
}

module_init(loop_init);
module_exit(loop_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A UART whose transmitter feeds its receiver");
