/* SPDX-License-Identifier: MIT */
/*
 * The serial core (6.1's linux/serial_core.h): struct uart_port,
 * uart_state, uart_driver and uart_ops are in umod/kabi/tty.h.
 */
#ifndef _LINUX_SERIAL_CORE_H
#define _LINUX_SERIAL_CORE_H

#include <linux/circ_buf.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/tty.h>
#include <linux/mutex.h>
#include <linux/serial.h>
#include <linux/tty_flip.h>
#include <asm/page.h>
#include <umod/kabi/tty.h>

#define UPIO_PORT	0
#define UPIO_HUB6	1
#define UPIO_MEM	2
#define UPIO_MEM32	3
#define UPIO_AU		4
#define UPIO_TSI	5
#define UPIO_MEM32BE	6
#define UPIO_MEM16	7

typedef unsigned long upf_t;
#define UPF_FOURPORT		((upf_t)1 << 1)
#define UPF_SAK			((upf_t)1 << 2)
#define UPF_SPD_HI		((upf_t)1 << 4)
#define UPF_SPD_VHI		((upf_t)1 << 5)
#define UPF_SPD_CUST		((upf_t)0x0030)
#define UPF_SPD_WARP		((upf_t)0x1010)
#define UPF_SPD_MASK		((upf_t)0x1030)
#define UPF_SKIP_TEST		((upf_t)1 << 6)
#define UPF_AUTO_IRQ		((upf_t)1 << 7)
#define UPF_HARDPPS_CD		((upf_t)1 << 11)
#define UPF_SPD_SHI		((upf_t)1 << 12)
#define UPF_LOW_LATENCY		((upf_t)1 << 13)
#define UPF_BUGGY_UART		((upf_t)1 << 14)
#define UPF_MAGIC_MULTIPLIER	((upf_t)1 << 16)
#define UPF_NO_THRE_TEST	((upf_t)1 << 19)
#define UPF_AUTO_CTS		((upf_t)1 << 20)
#define UPF_AUTO_RTS		((upf_t)1 << 21)
#define UPF_HARD_FLOW		(UPF_AUTO_CTS | UPF_AUTO_RTS)
#define UPF_SOFT_FLOW		((upf_t)1 << 22)
#define UPF_CONS_FLOW		((upf_t)1 << 23)
#define UPF_SHARE_IRQ		((upf_t)1 << 24)
#define UPF_EXAR_EFR		((upf_t)1 << 25)
#define UPF_BUG_THRE		((upf_t)1 << 26)
#define UPF_FIXED_TYPE		((upf_t)1 << 27)
#define UPF_BOOT_AUTOCONF	((upf_t)1 << 28)
#define UPF_FIXED_PORT		((upf_t)1 << 29)
#define UPF_DEAD		((upf_t)1 << 30)
#define UPF_IOREMAP		((upf_t)1 << 31)

#define UART_CONFIG_TYPE	(1 << 0)
#define UART_CONFIG_IRQ		(1 << 1)

#define UART_XMIT_SIZE	PAGE_SIZE
#define WAKEUP_CHARS	256

#define uart_circ_empty(circ)		((circ)->head == (circ)->tail)
#define uart_circ_clear(circ)		((circ)->head = (circ)->tail = 0)
#define uart_circ_chars_pending(circ)	(CIRC_CNT((circ)->head, (circ)->tail, UART_XMIT_SIZE))
#define uart_circ_chars_free(circ)	(CIRC_SPACE((circ)->head, (circ)->tail, UART_XMIT_SIZE))

int uart_register_driver(struct uart_driver *uart);
void uart_unregister_driver(struct uart_driver *uart);
int uart_add_one_port(struct uart_driver *reg, struct uart_port *port);
int uart_remove_one_port(struct uart_driver *reg, struct uart_port *port);
void uart_write_wakeup(struct uart_port *port);
unsigned int uart_get_baud_rate(struct uart_port *port, struct ktermios *termios,
				const struct ktermios *old, unsigned int min, unsigned int max);
unsigned int uart_get_divisor(struct uart_port *port, unsigned int baud);
void uart_update_timeout(struct uart_port *port, unsigned int cflag, unsigned int baud);
void uart_insert_char(struct uart_port *port, unsigned int status, unsigned int overrun,
		      unsigned int ch, unsigned int flag);
void uart_handle_dcd_change(struct uart_port *uport, unsigned int status);
void uart_handle_cts_change(struct uart_port *uport, unsigned int status);

static inline bool uart_tx_stopped(struct uart_port *port)
{
	struct tty_struct *tty = port->state->port.tty;

	return (tty && tty->flow.stopped) || port->hw_stopped;
}

static inline int uart_handle_sysrq_char(struct uart_port *port, unsigned int ch)
{
	return 0;
}

static inline int uart_handle_break(struct uart_port *port)
{
	return 0;
}

#define uart_console(port)	0

#endif /* _LINUX_SERIAL_CORE_H */
