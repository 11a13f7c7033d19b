// SPDX-License-Identifier: GPL-2.0
/*
 * tty_slow.c - a tty driver for Linux 6.1 with one line, ttyslow0, that
 * logs each open, close and write; its first open takes two seconds, as
 * a slow UART's power-up might.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_flip.h>

static struct tty_port slow_port;
static struct tty_driver *slow_driver;

static int slow_install(struct tty_driver *driver, struct tty_struct *tty)
{
	return tty_port_install(&slow_port, driver, tty);
}

static int slow_open(struct tty_struct *tty, struct file *filp)
{
	static bool powered;

	pr_info("tty_slow: open\n");
	if (!powered) {
		msleep(2000);
		powered = true;
	}
	return tty_port_open(tty->port, tty, filp);
}

static void slow_close(struct tty_struct *tty, struct file *filp)
{
	pr_info("tty_slow: close\n");
	tty_port_close(tty->port, tty, filp);
}

static int slow_write(struct tty_struct *tty, const unsigned char *buf, int count)
{
	pr_info("tty_slow: write %d\n", count);
	return count;
}

static unsigned int slow_write_room(struct tty_struct *tty)
{
	return 4096;
}

static const struct tty_operations slow_ops = {
	.install = slow_install,
	.open = slow_open,
	.close = slow_close,
	.write = slow_write,
	.write_room = slow_write_room,
};

static const struct tty_port_operations slow_port_ops;

static int __init slow_init(void)
{
	int ret;

	slow_driver = tty_alloc_driver(1, TTY_DRIVER_REAL_RAW | TTY_DRIVER_DYNAMIC_DEV);
	if (IS_ERR(slow_driver))
		return PTR_ERR(slow_driver);
	slow_driver->driver_name = "tty_slow";
	slow_driver->name = "ttyslow";
	slow_driver->type = TTY_DRIVER_TYPE_SERIAL;
	slow_driver->subtype = SERIAL_TYPE_NORMAL;
	slow_driver->init_termios = tty_std_termios;
	tty_set_operations(slow_driver, &slow_ops);
	tty_port_init(&slow_port);
	slow_port.ops = &slow_port_ops;
	ret = tty_register_driver(slow_driver);
	if (ret) {
		tty_driver_kref_put(slow_driver);
		tty_port_destroy(&slow_port);
		return ret;
	}
	tty_port_register_device(&slow_port, slow_driver, 0, NULL);
	return 0;
}

static void __exit slow_exit(void)
{
	tty_unregister_device(slow_driver, 0);
	tty_unregister_driver(slow_driver);
	tty_driver_kref_put(slow_driver);
	tty_port_destroy(&slow_port);
}

module_init(slow_init);
module_exit(slow_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A tty driver whose first open is slow");
