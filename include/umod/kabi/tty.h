/* SPDX-License-Identifier: MIT */
/*
 * The tty layer's structures as both sides see them (Linux 6.1's
 * linux/tty.h, tty_driver.h, tty_port.h, serial_core.h): modules fill
 * struct tty_driver and uart_driver, embed tty_port and uart_port, and
 * read tty->termios, tty->index, tty->driver_data, port->state->xmit.
 * Field names are 6.1's; the line discipline's and the VT's fields are
 * left out (the host's pty carries the line discipline: drivers/tty/
 * tty.h), so the sizes are not 6.1 amd64's. Builtin types only.
 */
#ifndef _UMOD_KABI_TTY_H
#define _UMOD_KABI_TTY_H

#include <umod/kabi/mutex.h>
#include <umod/kabi/spinlock.h>
#include <umod/kabi/types.h>
#include <umod/kabi/wait.h>
#include <umod/kabi/kobject.h>
#include <umod/kabi/circ_buf.h>

struct module;
struct device;
struct file;
struct cdev;
struct seq_file;
struct serial_struct;
struct serial_icounter_struct;
struct attribute_group;
struct tty_struct;
struct tty_driver;
struct tty_port;

#define NCCS 19

/* the layout of the kernel's struct termios2, which TCGETS2 answers */
struct ktermios {
	unsigned int c_iflag;
	unsigned int c_oflag;
	unsigned int c_cflag;
	unsigned int c_lflag;
	unsigned char c_line;
	unsigned char c_cc[NCCS];
	unsigned int c_ispeed;
	unsigned int c_ospeed;
};

struct winsize {
	unsigned short ws_row;
	unsigned short ws_col;
	unsigned short ws_xpixel;
	unsigned short ws_ypixel;
};

struct tty_operations {
	struct tty_struct *(*lookup)(struct tty_driver *driver, struct file *filp, int idx);
	int (*install)(struct tty_driver *driver, struct tty_struct *tty);
	void (*remove)(struct tty_driver *driver, struct tty_struct *tty);
	int (*open)(struct tty_struct *tty, struct file *filp);
	void (*close)(struct tty_struct *tty, struct file *filp);
	void (*shutdown)(struct tty_struct *tty);
	void (*cleanup)(struct tty_struct *tty);
	int (*write)(struct tty_struct *tty, const unsigned char *buf, int count);
	int (*put_char)(struct tty_struct *tty, unsigned char ch);
	void (*flush_chars)(struct tty_struct *tty);
	unsigned int (*write_room)(struct tty_struct *tty);
	unsigned int (*chars_in_buffer)(struct tty_struct *tty);
	int (*ioctl)(struct tty_struct *tty, unsigned int cmd, unsigned long arg);
	long (*compat_ioctl)(struct tty_struct *tty, unsigned int cmd, unsigned long arg);
	void (*set_termios)(struct tty_struct *tty, const struct ktermios *old);
	void (*throttle)(struct tty_struct *tty);
	void (*unthrottle)(struct tty_struct *tty);
	void (*stop)(struct tty_struct *tty);
	void (*start)(struct tty_struct *tty);
	void (*hangup)(struct tty_struct *tty);
	int (*break_ctl)(struct tty_struct *tty, int state);
	void (*flush_buffer)(struct tty_struct *tty);
	void (*set_ldisc)(struct tty_struct *tty);
	void (*wait_until_sent)(struct tty_struct *tty, int timeout);
	void (*send_xchar)(struct tty_struct *tty, char ch);
	int (*tiocmget)(struct tty_struct *tty);
	int (*tiocmset)(struct tty_struct *tty, unsigned int set, unsigned int clear);
	int (*resize)(struct tty_struct *tty, struct winsize *ws);
	int (*get_icount)(struct tty_struct *tty, struct serial_icounter_struct *icount);
	int (*get_serial)(struct tty_struct *tty, struct serial_struct *p);
	int (*set_serial)(struct tty_struct *tty, struct serial_struct *p);
	void (*show_fdinfo)(struct tty_struct *tty, struct seq_file *m);
	int (*proc_show)(struct seq_file *m, void *driver);
};

struct tty_driver {
	struct umod_kobj_kref kref;
	struct cdev **cdevs;
	struct module *owner;
	const char *driver_name;
	const char *name;
	int name_base;
	int major;
	int minor_start;
	unsigned int num;
	short type;
	short subtype;
	struct ktermios init_termios;
	unsigned long flags;
	struct proc_dir_entry *proc_entry;
	struct tty_driver *other;
	struct tty_struct **ttys;
	struct tty_port **ports;
	struct ktermios **termios;
	void *driver_state;
	const struct tty_operations *ops;
	struct list_head tty_drivers;
	/* the host's: its registration (drivers/tty/tty.h) */
	void *umod;
};

/* the flip buffer: the host's (drivers/tty/tty_buffer.c) */
struct tty_bufhead {
	void *umod;
};

struct tty_port_operations {
	int (*carrier_raised)(struct tty_port *port);
	void (*dtr_rts)(struct tty_port *port, int raise);
	void (*shutdown)(struct tty_port *port);
	int (*activate)(struct tty_port *port, struct tty_struct *tty);
	void (*destruct)(struct tty_port *port);
};

struct tty_port_client_operations {
	int (*receive_buf)(struct tty_port *port, const unsigned char *, const unsigned char *,
			   unsigned long);
	void (*lookahead_buf)(struct tty_port *port, const unsigned char *cp,
			      const unsigned char *fp, unsigned int count);
	void (*write_wakeup)(struct tty_port *port);
};

struct tty_port {
	struct tty_bufhead buf;
	struct tty_struct *tty;
	struct tty_struct *itty;
	const struct tty_port_operations *ops;
	const struct tty_port_client_operations *client_ops;
	spinlock_t lock;
	int blocked_open;
	int count;
	struct wait_queue_head open_wait;
	struct wait_queue_head delta_msr_wait;
	unsigned long flags;
	unsigned long iflags;
	unsigned char console:1;
	struct mutex mutex;
	struct mutex buf_mutex;
	unsigned char *xmit_buf;
	unsigned int close_delay;
	unsigned int closing_wait;
	int drain_delay;
	struct umod_kobj_kref kref;
	void *client_data;
};

struct tty_struct {
	struct umod_kobj_kref kref;
	struct device *dev;
	struct tty_driver *driver;
	const struct tty_operations *ops;
	int index;
	struct mutex atomic_write_lock;
	struct mutex legacy_mutex;
	struct mutex throttle_mutex;
	struct rw_semaphore termios_rwsem;
	struct mutex winsize_mutex;
	struct ktermios termios, termios_locked;
	char name[64];
	unsigned long flags;
	int count;
	struct winsize winsize;
	struct {
		spinlock_t lock;
		_Bool stopped;
		_Bool tco_stopped;
	} flow;
	int hw_stopped;
	unsigned int receive_room;
	int flow_change;
	struct tty_struct *link;
	struct wait_queue_head write_wait;
	struct wait_queue_head read_wait;
	void *disc_data;
	void *driver_data;
	int closing;
	struct tty_port *port;
	/* the host's: the line it is open on (drivers/tty/tty.h) */
	void *umod;
};

/* ---- serial_core.h ------------------------------------------------------- */

struct uart_port;
struct uart_state;
struct console;
struct serial_rs485;
struct gpio_desc;

struct uart_ops {
	unsigned int (*tx_empty)(struct uart_port *);
	void (*set_mctrl)(struct uart_port *, unsigned int mctrl);
	unsigned int (*get_mctrl)(struct uart_port *);
	void (*stop_tx)(struct uart_port *);
	void (*start_tx)(struct uart_port *);
	void (*throttle)(struct uart_port *);
	void (*unthrottle)(struct uart_port *);
	void (*send_xchar)(struct uart_port *, char ch);
	void (*stop_rx)(struct uart_port *);
	void (*start_rx)(struct uart_port *);
	void (*enable_ms)(struct uart_port *);
	void (*break_ctl)(struct uart_port *, int ctl);
	int (*startup)(struct uart_port *);
	void (*shutdown)(struct uart_port *);
	void (*flush_buffer)(struct uart_port *);
	void (*set_termios)(struct uart_port *, struct ktermios *new,
			    const struct ktermios *old);
	void (*set_ldisc)(struct uart_port *, struct ktermios *);
	void (*pm)(struct uart_port *, unsigned int state, unsigned int oldstate);
	const char *(*type)(struct uart_port *);
	void (*release_port)(struct uart_port *);
	int (*request_port)(struct uart_port *);
	void (*config_port)(struct uart_port *, int);
	int (*verify_port)(struct uart_port *, struct serial_struct *);
	int (*ioctl)(struct uart_port *, unsigned int, unsigned long);
	int (*poll_init)(struct uart_port *);
	void (*poll_put_char)(struct uart_port *, unsigned char);
	int (*poll_get_char)(struct uart_port *);
};

struct uart_icount {
	unsigned int cts;
	unsigned int dsr;
	unsigned int rng;
	unsigned int dcd;
	unsigned int rx;
	unsigned int tx;
	unsigned int frame;
	unsigned int overrun;
	unsigned int parity;
	unsigned int brk;
	unsigned int buf_overrun;
};

struct uart_port {
	spinlock_t lock;
	unsigned long iobase;
	unsigned char *membase;
	unsigned int (*serial_in)(struct uart_port *, int);
	void (*serial_out)(struct uart_port *, int, int);
	void (*set_termios)(struct uart_port *, struct ktermios *new,
			    const struct ktermios *old);
	void (*set_ldisc)(struct uart_port *, struct ktermios *);
	unsigned int (*get_mctrl)(struct uart_port *);
	void (*set_mctrl)(struct uart_port *, unsigned int);
	unsigned int (*get_divisor)(struct uart_port *, unsigned int baud, unsigned int *frac);
	void (*set_divisor)(struct uart_port *, unsigned int baud, unsigned int quot,
			    unsigned int quot_frac);
	int (*startup)(struct uart_port *port);
	void (*shutdown)(struct uart_port *port);
	void (*throttle)(struct uart_port *port);
	void (*unthrottle)(struct uart_port *port);
	int (*handle_irq)(struct uart_port *);
	void (*pm)(struct uart_port *, unsigned int state, unsigned int old);
	void (*handle_break)(struct uart_port *);
	int (*rs485_config)(struct uart_port *, struct ktermios *termios,
			    struct serial_rs485 *rs485);
	int (*iso7816_config)(struct uart_port *, void *iso7816);
	unsigned int ctrl_id;
	unsigned int port_id;
	unsigned int irq;
	unsigned long irqflags;
	unsigned int uartclk;
	unsigned int fifosize;
	unsigned char x_char;
	unsigned char regshift;
	unsigned char iotype;
	unsigned char quirks;
	unsigned int read_status_mask;
	unsigned int ignore_status_mask;
	struct uart_state *state;
	struct uart_icount icount;
	struct console *cons;
	unsigned long flags;		/* UPF_* */
	unsigned int status;		/* UPSTAT_* */
	int hw_stopped;
	unsigned int mctrl;
	unsigned int frame_time;
	unsigned int type;
	const struct uart_ops *ops;
	unsigned int custom_divisor;
	unsigned int line;
	unsigned int minor;
	unsigned long long mapbase;
	unsigned long long mapsize;
	struct device *dev;
	unsigned long sysrq;
	unsigned int sysrq_ch;
	unsigned char has_sysrq;
	unsigned char sysrq_seq;
	unsigned char hub6;
	unsigned char suspended;
	unsigned char console_reinit;
	const char *name;
	const struct attribute_group *attr_group;
	const struct attribute_group **tty_groups;
	void *private_data;
};

struct uart_state {
	struct tty_port port;
	int pm_state;
	struct circ_buf xmit;		/* UART_XMIT_SIZE bytes queued for the port */
	atomic_t refcount;
	struct wait_queue_head remove_wait;
	struct uart_port *uart_port;
};

struct uart_driver {
	struct module *owner;
	const char *driver_name;
	const char *dev_name;
	int major;
	int minor;
	int nr;
	struct console *cons;
	struct uart_state *state;
	struct tty_driver *tty_driver;
};

#endif /* _UMOD_KABI_TTY_H */
