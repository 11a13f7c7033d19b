/* SPDX-License-Identifier: MIT */
/*
 * The termios bits (6.1's uapi asm-generic/termbits.h, termbits-common.h
 * and ioctls.h, x86-64 and arm64 alike): the flags of struct ktermios
 * (umod/kabi/tty.h), the c_cc indexes, the modem lines and the tty
 * ioctl numbers a driver's ioctl op sees.
 */
#ifndef __KERNEL__
#include_next <linux/termios.h>
#elif !defined(_LINUX_TERMIOS_H)
#define _LINUX_TERMIOS_H

#include <linux/types.h>
#include <linux/ioctl.h>
#include <umod/kabi/tty.h>

typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;

/* c_cc */
#define VINTR		0
#define VQUIT		1
#define VERASE		2
#define VKILL		3
#define VEOF		4
#define VTIME		5
#define VMIN		6
#define VSWTC		7
#define VSTART		8
#define VSTOP		9
#define VSUSP		10
#define VEOL		11
#define VREPRINT	12
#define VDISCARD	13
#define VWERASE		14
#define VLNEXT		15
#define VEOL2		16

/* c_iflag */
#define IGNBRK		0x001
#define BRKINT		0x002
#define IGNPAR		0x004
#define PARMRK		0x008
#define INPCK		0x010
#define ISTRIP		0x020
#define INLCR		0x040
#define IGNCR		0x080
#define ICRNL		0x100
#define IUCLC		0x0200
#define IXON		0x0400
#define IXANY		0x0800
#define IXOFF		0x1000
#define IMAXBEL		0x2000
#define IUTF8		0x4000

/* c_oflag */
#define OPOST		0x01
#define OLCUC		0x00002
#define ONLCR		0x00004
#define OCRNL		0x08
#define ONOCR		0x10
#define ONLRET		0x20
#define OFILL		0x40
#define OFDEL		0x80
#define NLDLY		0x00100
#define NL0		0x00000
#define NL1		0x00100
#define CRDLY		0x00600
#define CR0		0x00000
#define CR1		0x00200
#define CR2		0x00400
#define CR3		0x00600
#define TABDLY		0x01800
#define TAB0		0x00000
#define TAB1		0x00800
#define TAB2		0x01000
#define TAB3		0x01800
#define XTABS		0x01800
#define BSDLY		0x02000
#define BS0		0x00000
#define BS1		0x02000
#define VTDLY		0x04000
#define VT0		0x00000
#define VT1		0x04000
#define FFDLY		0x08000
#define FF0		0x00000
#define FF1		0x08000

/* c_cflag */
#define CBAUD		0x0000100f
#define B0		0x00000000
#define B50		0x00000001
#define B75		0x00000002
#define B110		0x00000003
#define B134		0x00000004
#define B150		0x00000005
#define B200		0x00000006
#define B300		0x00000007
#define B600		0x00000008
#define B1200		0x00000009
#define B1800		0x0000000a
#define B2400		0x0000000b
#define B4800		0x0000000c
#define B9600		0x0000000d
#define B19200		0x0000000e
#define B38400		0x0000000f
#define EXTA		B19200
#define EXTB		B38400
#define CSIZE		0x00000030
#define CS5		0x00000000
#define CS6		0x00000010
#define CS7		0x00000020
#define CS8		0x00000030
#define CSTOPB		0x00000040
#define CREAD		0x00000080
#define PARENB		0x00000100
#define PARODD		0x00000200
#define HUPCL		0x00000400
#define CLOCAL		0x00000800
#define CBAUDEX		0x00001000
#define BOTHER		0x00001000
#define B57600		0x00001001
#define B115200		0x00001002
#define B230400		0x00001003
#define B460800		0x00001004
#define B500000		0x00001005
#define B576000		0x00001006
#define B921600		0x00001007
#define B1000000	0x00001008
#define B1152000	0x00001009
#define B1500000	0x0000100a
#define B2000000	0x0000100b
#define B2500000	0x0000100c
#define B3000000	0x0000100d
#define B3500000	0x0000100e
#define B4000000	0x0000100f
#define CIBAUD		0x100f0000
#define CMSPAR		0x40000000
#define CRTSCTS		0x80000000
#define IBSHIFT		16

/* c_lflag */
#define ISIG		0x00001
#define ICANON		0x00002
#define XCASE		0x00004
#define ECHO		0x00008
#define ECHOE		0x00010
#define ECHOK		0x00020
#define ECHONL		0x00040
#define NOFLSH		0x00080
#define TOSTOP		0x00100
#define ECHOCTL		0x00200
#define ECHOPRT		0x00400
#define ECHOKE		0x00800
#define FLUSHO		0x01000
#define PENDIN		0x04000
#define IEXTEN		0x08000
#define EXTPROC		0x10000

/* modem lines (TIOCMGET) */
#define TIOCM_LE	0x001
#define TIOCM_DTR	0x002
#define TIOCM_RTS	0x004
#define TIOCM_ST	0x008
#define TIOCM_SR	0x010
#define TIOCM_CTS	0x020
#define TIOCM_CAR	0x040
#define TIOCM_RNG	0x080
#define TIOCM_DSR	0x100
#define TIOCM_CD	TIOCM_CAR
#define TIOCM_RI	TIOCM_RNG
#define TIOCM_OUT1	0x2000
#define TIOCM_OUT2	0x4000
#define TIOCM_LOOP	0x8000

/* the tty ioctls (asm-generic/ioctls.h) */
#define TCGETS		0x5401
#define TCSETS		0x5402
#define TCSETSW		0x5403
#define TCSETSF		0x5404
#define TCSBRK		0x5409
#define TCXONC		0x540A
#define TCFLSH		0x540B
#define TIOCOUTQ	0x5411
#define TIOCGWINSZ	0x5413
#define TIOCSWINSZ	0x5414
#define TIOCMGET	0x5415
#define TIOCMBIS	0x5416
#define TIOCMBIC	0x5417
#define TIOCMSET	0x5418
#define FIONREAD	0x541B
#define TIOCINQ		FIONREAD
#define TIOCGSERIAL	0x541E
#define TIOCSSERIAL	0x541F
#define TIOCMIWAIT	0x545C
#define TIOCGICOUNT	0x545D
#define TIOCSERGETLSR	0x5459
#define TIOCSER_TEMT	0x01

#define N_TTY		0

#endif /* _LINUX_TERMIOS_H */
