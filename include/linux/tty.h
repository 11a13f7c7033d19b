/* SPDX-License-Identifier: MIT */
/*
 * The tty layer for drivers (6.1's linux/tty.h): struct tty_struct is in
 * umod/kabi/tty.h; the termios accessors, the flag bits, the wakeups and
 * the baud-rate helpers. How a line reaches the user (a host pty) is in
 * Documentation/driver-api/tty.rst.
 */
#ifndef _LINUX_TTY_H
#define _LINUX_TTY_H

#include <linux/fs.h>
#include <linux/major.h>
#include <linux/termios.h>
#include <linux/tty_flags.h>
#include <linux/workqueue.h>
#include <linux/tty_buffer.h>
#include <linux/tty_driver.h>
#include <linux/tty_port.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/llist.h>
#include <linux/sched.h>
#include <umod/kabi/tty.h>

/* the flags of a received character (tty_insert_flip_char) */
#define TTY_NORMAL	0
#define TTY_BREAK	1
#define TTY_FRAME	2
#define TTY_PARITY	3
#define TTY_OVERRUN	4

/* tty->flags bits */
#define TTY_THROTTLED		0
#define TTY_IO_ERROR		1
#define TTY_OTHER_CLOSED	2
#define TTY_EXCLUSIVE		3
#define TTY_DO_WRITE_WAKEUP	5
#define TTY_LDISC_OPEN		11
#define TTY_PTY_LOCK		16
#define TTY_NO_WRITE_SPLIT	17
#define TTY_HUPPED		18
#define TTY_HUPPING		19
#define TTY_LDISC_CHANGING	20
#define TTY_LDISC_HALTED	22

/* the default control characters: ^C ^\ DEL ^U ^D 0 1 0 ^Q ^S ^Z 0 ^R ^O ^W ^V 0 */
#define INIT_C_CC "\003\034\177\025\004\0\1\0\021\023\032\0\022\017\027\026\0"

#define INTR_CHAR(tty)	((tty)->termios.c_cc[VINTR])
#define QUIT_CHAR(tty)	((tty)->termios.c_cc[VQUIT])
#define ERASE_CHAR(tty)	((tty)->termios.c_cc[VERASE])
#define KILL_CHAR(tty)	((tty)->termios.c_cc[VKILL])
#define EOF_CHAR(tty)	((tty)->termios.c_cc[VEOF])
#define TIME_CHAR(tty)	((tty)->termios.c_cc[VTIME])
#define MIN_CHAR(tty)	((tty)->termios.c_cc[VMIN])
#define START_CHAR(tty)	((tty)->termios.c_cc[VSTART])
#define STOP_CHAR(tty)	((tty)->termios.c_cc[VSTOP])
#define SUSP_CHAR(tty)	((tty)->termios.c_cc[VSUSP])
#define EOL_CHAR(tty)	((tty)->termios.c_cc[VEOL])

#define _I_FLAG(tty, f)	((tty)->termios.c_iflag & (f))
#define _O_FLAG(tty, f)	((tty)->termios.c_oflag & (f))
#define _C_FLAG(tty, f)	((tty)->termios.c_cflag & (f))
#define _L_FLAG(tty, f)	((tty)->termios.c_lflag & (f))
#define I_IGNBRK(tty)	_I_FLAG((tty), IGNBRK)
#define I_BRKINT(tty)	_I_FLAG((tty), BRKINT)
#define I_IGNPAR(tty)	_I_FLAG((tty), IGNPAR)
#define I_PARMRK(tty)	_I_FLAG((tty), PARMRK)
#define I_INPCK(tty)	_I_FLAG((tty), INPCK)
#define I_ISTRIP(tty)	_I_FLAG((tty), ISTRIP)
#define I_INLCR(tty)	_I_FLAG((tty), INLCR)
#define I_IGNCR(tty)	_I_FLAG((tty), IGNCR)
#define I_ICRNL(tty)	_I_FLAG((tty), ICRNL)
#define I_IXON(tty)	_I_FLAG((tty), IXON)
#define I_IXANY(tty)	_I_FLAG((tty), IXANY)
#define I_IXOFF(tty)	_I_FLAG((tty), IXOFF)
#define O_OPOST(tty)	_O_FLAG((tty), OPOST)
#define O_ONLCR(tty)	_O_FLAG((tty), ONLCR)
#define C_BAUD(tty)	_C_FLAG((tty), CBAUD)
#define C_CSIZE(tty)	_C_FLAG((tty), CSIZE)
#define C_CSTOPB(tty)	_C_FLAG((tty), CSTOPB)
#define C_CREAD(tty)	_C_FLAG((tty), CREAD)
#define C_PARENB(tty)	_C_FLAG((tty), PARENB)
#define C_PARODD(tty)	_C_FLAG((tty), PARODD)
#define C_HUPCL(tty)	_C_FLAG((tty), HUPCL)
#define C_CLOCAL(tty)	_C_FLAG((tty), CLOCAL)
#define C_CRTSCTS(tty)	_C_FLAG((tty), CRTSCTS)
#define C_CMSPAR(tty)	_C_FLAG((tty), CMSPAR)
#define L_ISIG(tty)	_L_FLAG((tty), ISIG)
#define L_ICANON(tty)	_L_FLAG((tty), ICANON)
#define L_ECHO(tty)	_L_FLAG((tty), ECHO)
#define L_EXTPROC(tty)	_L_FLAG((tty), EXTPROC)

speed_t tty_termios_baud_rate(const struct ktermios *termios);
speed_t tty_termios_input_baud_rate(const struct ktermios *termios);
void tty_termios_encode_baud_rate(struct ktermios *termios, speed_t ibaud, speed_t obaud);
void tty_encode_baud_rate(struct tty_struct *tty, speed_t ibaud, speed_t obaud);
void tty_termios_copy_hw(struct ktermios *new, const struct ktermios *old);
bool tty_termios_hw_change(const struct ktermios *a, const struct ktermios *b);
unsigned char tty_get_char_size(unsigned int cflag);
unsigned char tty_get_frame_size(unsigned int cflag);

static inline speed_t tty_get_baud_rate(struct tty_struct *tty)
{
	return tty_termios_baud_rate(&tty->termios);
}

struct tty_struct *get_current_tty(void);
struct tty_struct *tty_kref_get(struct tty_struct *tty);
void tty_kref_put(struct tty_struct *tty);
void tty_wakeup(struct tty_struct *tty);
void tty_hangup(struct tty_struct *tty);
void tty_vhangup(struct tty_struct *tty);
int tty_hung_up_p(struct file *filp);
unsigned int tty_write_room(struct tty_struct *tty);
unsigned int tty_chars_in_buffer(struct tty_struct *tty);
int tty_standard_install(struct tty_driver *driver, struct tty_struct *tty);
const char *tty_name(const struct tty_struct *tty);
void stop_tty(struct tty_struct *tty);
void start_tty(struct tty_struct *tty);

static inline bool tty_io_error(struct tty_struct *tty)
{
	return tty->flags & (1UL << TTY_IO_ERROR);
}

static inline bool tty_throttled(struct tty_struct *tty)
{
	return tty->flags & (1UL << TTY_THROTTLED);
}

#endif /* _LINUX_TTY_H */
