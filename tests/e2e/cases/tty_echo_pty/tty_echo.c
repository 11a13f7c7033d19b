// SPDX-License-Identifier: GPL-2.0
/*
 * tty_echo.c - a tty driver for Linux 6.1 whose two lines, ttyecho0 and
 * ttyecho1, send back whatever is written to them, through the flip
 * buffer, as a loopback plug on a serial port would.
 */
#include <linux/module.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_flip.h>

#define ECHO_LINES 2

static struct tty_port echo_ports[ECHO_LINES];
static struct tty_driver *echo_driver;

static int echo_activate(struct tty_port *port, struct tty_struct *tty)
{
	pr_info("tty_echo: %s up\n", tty_name(tty));
	return 0;
}

static void echo_shutdown(struct tty_port *port)
{
	pr_info("tty_echo: line %ld down\n", (long)(port - echo_ports));
}

static const struct tty_port_operations echo_port_ops = {
	.activate = echo_activate,
	.shutdown = echo_shutdown,
};

static int echo_install(struct tty_driver *driver, struct tty_struct *tty)
{
	return tty_port_install(&echo_ports[tty->index], driver, tty);
}

static int echo_open(struct tty_struct *tty, struct file *filp)
{
	return tty_port_open(tty->port, tty, filp);
}

static void echo_close(struct tty_struct *tty, struct file *filp)
{
	tty_port_close(tty->port, tty, filp);
}

static int echo_write(struct tty_struct *tty, const unsigned char *buf, int count)
{
	int n = tty_insert_flip_string(tty->port, buf, count);

	tty_flip_buffer_push(tty->port);
	return n;
}

static unsigned int echo_write_room(struct tty_struct *tty)
{
	return tty_buffer_space_avail(tty->port);
}

static void echo_set_termios(struct tty_struct *tty, const struct ktermios *old)
{
	pr_info("tty_echo: %s: %u baud, %u data bits, parity %s (was %u baud)\n",
		tty_name(tty), tty_get_baud_rate(tty), tty_get_char_size(tty->termios.c_cflag),
		C_PARENB(tty) ? (C_PARODD(tty) ? "odd" : "even") : "none",
		tty_termios_baud_rate(old));
}

static const struct tty_operations echo_ops = {
	.install = echo_install,
	.open = echo_open,
	.close = echo_close,
	.write = echo_write,
	.write_room = echo_write_room,
	.set_termios = echo_set_termios,
};

static int __init echo_init(void)
{
	int i, ret;

	echo_driver = tty_alloc_driver(ECHO_LINES, TTY_DRIVER_REAL_RAW | TTY_DRIVER_DYNAMIC_DEV);
	if (IS_ERR(echo_driver))
		return PTR_ERR(echo_driver);
	echo_driver->driver_name = "tty_echo";
	echo_driver->name = "ttyecho";
	echo_driver->type = TTY_DRIVER_TYPE_SERIAL;
	echo_driver->subtype = SERIAL_TYPE_NORMAL;
	echo_driver->init_termios = tty_std_termios;
	echo_driver->init_termios.c_cflag = B9600 | CS8 | CREAD | HUPCL | CLOCAL;
	echo_driver->init_termios.c_ispeed = 9600;
	echo_driver->init_termios.c_ospeed = 9600;
	tty_set_operations(echo_driver, &echo_ops);
	for (i = 0; i < ECHO_LINES; i++) {
		tty_port_init(&echo_ports[i]);
		echo_ports[i].ops = &echo_port_ops;
	}
	ret = tty_register_driver(echo_driver);
	if (ret)
		goto err_put;
	for (i = 0; i < ECHO_LINES; i++)
		tty_port_register_device(&echo_ports[i], echo_driver, i, NULL);
	pr_info("tty_echo: %d lines, major %d\n", ECHO_LINES, echo_driver->major);
	return 0;
err_put:
	tty_driver_kref_put(echo_driver);
	for (i = 0; i < ECHO_LINES; i++)
		tty_port_destroy(&echo_ports[i]);
	return ret;
}

static void __exit echo_exit(void)
{
	int i;

	for (i = 0; i < ECHO_LINES; i++)
		tty_unregister_device(echo_driver, i);
	tty_unregister_driver(echo_driver);
	tty_driver_kref_put(echo_driver);
	for (i = 0; i < ECHO_LINES; i++)
		tty_port_destroy(&echo_ports[i]);
	pr_info("tty_echo: gone\n");
}

module_init(echo_init);
module_exit(echo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A tty driver whose lines echo what they are sent");
