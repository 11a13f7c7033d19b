/* SPDX-License-Identifier: MIT */
/*
 * What the tty layer's files share (Linux's drivers/tty/tty.h): the host's
 * record of a registered tty driver and of each of its lines, whose user
 * side is a host pseudo-terminal (pty_bridge.c). A line's tty_struct
 * exists while the pty's slave is open, as a tty exists while its device
 * is open on Linux.
 */
#ifndef _UMOD_DRIVERS_TTY_TTY_H
#define _UMOD_DRIVERS_TTY_TTY_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <linux/ioctl.h>

#include <umod/kabi/fs.h>
#include <umod/kabi/tty.h>

#include "kernel/module/module.h"
#include "util/list.h"

/* struct ktermios has the layout of the kernel's struct termios2 (44 bytes) */
_Static_assert(sizeof(struct ktermios) == 44, "struct ktermios is struct termios2");
#define UMOD_TCGETS2	_IOR('T', 0x2A, struct ktermios)
#define UMOD_TCSETS2	_IOW('T', 0x2B, struct ktermios)
/* <sys/ioctl.h> would bring glibc's struct winsize, which umod/kabi/tty.h has */
int ioctl(int fd, unsigned long request, ...);

#define TTY_LINE_TX	4096	/* bytes read from the pty, not yet taken by the driver */

struct umod_tty_drv;

/* one line of a driver: a host pty whose slave is linked at dev/NAMEn */
struct umod_tty_line {
	struct umod_tty_drv *drv;
	unsigned int index;
	struct device *dev;		/* tty_register_device()'s */
	int master;			/* the pty's master, -1: none */
	int wd;				/* its slave's inotify watch */
	char slave[64];			/* /dev/pts/N */
	int opens;			/* opens of the slave seen, not yet closed */
	struct tty_struct *tty;		/* while opens > 0 */
	struct file filp;		/* what ops->open and ops->close get */
	struct ktermios termios;	/* kept between opens, as driver->termios[] */
	unsigned char tx[TTY_LINE_TX];	/* user's bytes the driver has not taken */
	size_t tx_len, tx_off;
	bool wakeup;			/* tty_wakeup(): offer tx again */
};

/* a registered tty_driver: its lines and the thread serving their ptys */
struct umod_tty_drv {
	struct tty_driver *driver;
	struct umod_host *host;
	struct umod_module *owner;
	struct umod_list link;		/* on the host's list, registration order */
	pthread_mutex_t lock;		/* the lines; held around calls into the driver */
	struct umod_tty_line **lines;	/* [driver->num] */
	pthread_t thread;
	bool running, stop;
	int inotify, event;		/* slaves' opens and closes; wake-ups */
	unsigned int region_major;	/* the chrdev region taken */
};

/* ---- tty_io.c --------------------------------------------------------------- */

/* /proc/tty/drivers and the tty class, with the driver core */
int umod_tty_init(struct umod_host *host);
void umod_tty_exit(struct umod_host *host);
/* module_leftovers: @mod's registered drivers go, reported */
void umod_tty_leftovers(struct umod_module *mod);
/* @fn(@arg) as @drv's driver's code */
long umod_tty_call(struct umod_tty_drv *drv, long (*fn)(void *), void *arg);
/* the exports the serial core and the ports build on (tty_alloc_driver ...) */
struct tty_driver *umod_tty_alloc_driver(unsigned int lines, struct module *owner,
					 unsigned long flags);
void umod_tty_driver_kref_put(struct tty_driver *d);
int umod_tty_register_driver(struct tty_driver *d);
void umod_tty_unregister_driver(struct tty_driver *d);
struct device *umod_tty_register_device_attr(struct tty_driver *d, unsigned int index,
					     struct device *parent, void *drvdata,
					     const struct attribute_group **groups);
void umod_tty_unregister_device(struct tty_driver *d, unsigned int index);
void umod_tty_wakeup(struct tty_struct *tty);

/* ---- tty_port.c --------------------------------------------------------------- */

void umod_tty_port_init(struct tty_port *port);
void umod_tty_port_destroy(struct tty_port *port);
struct device *umod_tty_port_register_device_attr(struct tty_port *port,
						  struct tty_driver *driver, unsigned int index,
						  struct device *device, void *drvdata,
						  const struct attribute_group **groups);
int umod_tty_port_open(struct tty_port *port, struct tty_struct *tty, struct file *filp);
void umod_tty_port_close(struct tty_port *port, struct tty_struct *tty, struct file *filp);
void umod_tty_port_tty_wakeup(struct tty_port *port);
struct tty_struct *umod_tty_port_tty_get(struct tty_port *port);

/* ---- tty_baudrate.c ------------------------------------------------------------ */

extern const struct ktermios umod_tty_std_termios;
unsigned int umod_tty_termios_baud_rate(const struct ktermios *t);
void umod_tty_termios_encode_baud_rate(struct ktermios *t, unsigned int ibaud,
				       unsigned int obaud);

/* ---- pty_bridge.c ----------------------------------------------------------- */

/* the pty of @line, its link at dev/, its watch; drv->lock held */
int umod_pty_line_create(struct umod_tty_line *line);
/* the open tty (if any) closed, the pty gone; drv->lock held */
void umod_pty_line_destroy(struct umod_tty_line *line);
int umod_pty_start(struct umod_tty_drv *drv);
void umod_pty_stop(struct umod_tty_drv *drv);
/* the bridge thread looks again (tty_wakeup, data to flush) */
void umod_pty_kick(struct umod_tty_drv *drv);

/* ---- tty_buffer.c ----------------------------------------------------------- */

int umod_tty_buffer_init(struct tty_port *port);
void umod_tty_buffer_free(struct tty_port *port);
/* what the port holds goes to @fd (the pty master); true if some is left */
bool umod_tty_buffer_flush(struct tty_port *port, int fd);
/* tty_insert_flip_char() and tty_flip_buffer_push() for the serial core */
int umod_tty_insert_flip_char(struct tty_port *port, unsigned char ch, char flag);
void umod_tty_flip_buffer_push(struct tty_port *port);

#endif /* _UMOD_DRIVERS_TTY_TTY_H */
