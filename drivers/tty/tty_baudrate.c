// SPDX-License-Identifier: MIT
/*
 * Baud rates and termios helpers (Linux's drivers/tty/tty_baudrate.c and
 * tty_ioctl.c's pure ones): CBAUD's codes to rates and back, BOTHER for
 * any other rate, the input rate in CIBAUD or equal to the output's.
 */
#include <stdbool.h>

#include "drivers/tty/tty.h"
#include "kernel/kapi.h"
#include "util/macro.h"

/* asm-generic/termbits.h's c_cflag bits (include/linux/termios.h) */
#define CBAUD		0x0000100f
#define CBAUDEX		0x00001000
#define BOTHER		0x00001000
#define CIBAUD		0x100f0000
#define IBSHIFT		16
#define B0		0
#define CSIZE		0x00000030
#define CSTOPB		0x00000040
#define PARENB		0x00000100
#define HUPCL		0x00000400
#define CLOCAL		0x00000800

static const unsigned int baud_table[] = {
	0, 50, 75, 110, 134, 150, 200, 300, 600, 1200, 1800, 2400, 4800, 9600, 19200, 38400,
	57600, 115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1152000, 1500000,
	2000000, 2500000, 3000000, 3500000, 4000000,
};

static const unsigned int baud_bits[] = {
	B0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	0x1001, 0x1002, 0x1003, 0x1004, 0x1005, 0x1006, 0x1007, 0x1008, 0x1009, 0x100a,
	0x100b, 0x100c, 0x100d, 0x100e, 0x100f,
};

/* the rate of a CBAUD code, or -1 for BOTHER */
static long code_rate(unsigned int cbaud)
{
	if (cbaud & CBAUDEX) {
		cbaud &= ~CBAUDEX;
		if (!cbaud)
			return -1;	/* BOTHER */
		if (cbaud + 15 >= UMOD_ARRAY_SIZE(baud_table))
			return 0;
		cbaud += 15;
	}
	return baud_table[cbaud];
}

unsigned int umod_tty_termios_baud_rate(const struct ktermios *t)
{
	long rate = code_rate(t->c_cflag & CBAUD);

	return rate < 0 ? t->c_ospeed : (unsigned int)rate;
}

static unsigned int kapi_tty_termios_input_baud_rate(const struct ktermios *t)
{
	unsigned int cbaud = (t->c_cflag >> IBSHIFT) & CBAUD;
	long rate;

	if (cbaud == B0)
		return umod_tty_termios_baud_rate(t);
	rate = code_rate(cbaud);
	return rate < 0 ? t->c_ispeed : (unsigned int)rate;
}

/* a code whose rate is within 2% of @baud, else BOTHER */
static unsigned int rate_code(unsigned int baud)
{
	unsigned int close = baud / 50;

	for (unsigned int i = 0; i < UMOD_ARRAY_SIZE(baud_table); i++)
		if (baud - close <= baud_table[i] && baud + close >= baud_table[i])
			return baud_bits[i];
	return BOTHER;
}

void umod_tty_termios_encode_baud_rate(struct ktermios *t, unsigned int ibaud,
					      unsigned int obaud)
{
	unsigned int ocode = rate_code(obaud), icode = rate_code(ibaud);

	t->c_ispeed = ibaud;
	t->c_ospeed = obaud;
	t->c_cflag &= ~(CBAUD | CIBAUD);
	t->c_cflag |= ocode;
	if (ibaud != obaud || icode == BOTHER)
		t->c_cflag |= icode << IBSHIFT;
}

static void kapi_tty_encode_baud_rate(struct tty_struct *tty, unsigned int ibaud,
				      unsigned int obaud)
{
	umod_tty_termios_encode_baud_rate(&tty->termios, ibaud, obaud);
}

static void kapi_tty_termios_copy_hw(struct ktermios *new, const struct ktermios *old)
{
	new->c_cflag &= HUPCL | CLOCAL;
	new->c_cflag |= old->c_cflag & ~(HUPCL | CLOCAL);
	new->c_ispeed = old->c_ispeed;
	new->c_ospeed = old->c_ospeed;
}

static bool kapi_tty_termios_hw_change(const struct ktermios *a, const struct ktermios *b)
{
	if (a->c_ispeed != b->c_ispeed || a->c_ospeed != b->c_ospeed)
		return true;
	return ((a->c_cflag ^ b->c_cflag) & ~(HUPCL | CLOCAL)) != 0;
}

static unsigned char kapi_tty_get_char_size(unsigned int cflag)
{
	return (unsigned char)(5 + ((cflag & CSIZE) >> 4));
}

/* start bit, data bits, parity, stop bits */
static unsigned char kapi_tty_get_frame_size(unsigned int cflag)
{
	return (unsigned char)(1 + kapi_tty_get_char_size(cflag) + !!(cflag & PARENB) +
			       ((cflag & CSTOPB) ? 2 : 1));
}

const struct ktermios umod_tty_std_termios = {
	.c_iflag = 0x100 | 0x400,			/* ICRNL | IXON */
	.c_oflag = 0x1 | 0x4,				/* OPOST | ONLCR */
	.c_cflag = 0xf | 0x30 | 0x80 | HUPCL,		/* B38400 | CS8 | CREAD | HUPCL */
	.c_lflag = 0x1 | 0x2 | 0x8 | 0x10 | 0x20 | 0x200 | 0x800 | 0x8000,
	/* ISIG ICANON ECHO ECHOE ECHOK ECHOCTL ECHOKE IEXTEN */
	.c_cc = "\003\034\177\025\004\0\1\0\021\023\032\0\022\017\027\026\0",
	.c_ispeed = 38400,
	.c_ospeed = 38400,
};

static const struct umod_kapi_export tty_baudrate_exports[] = {
	UMOD_KAPI("tty_termios_baud_rate", umod_tty_termios_baud_rate),
	UMOD_KAPI("tty_termios_input_baud_rate", kapi_tty_termios_input_baud_rate),
	UMOD_KAPI_GPL("tty_termios_encode_baud_rate", umod_tty_termios_encode_baud_rate),
	UMOD_KAPI_GPL("tty_encode_baud_rate", kapi_tty_encode_baud_rate),
	UMOD_KAPI("tty_termios_copy_hw", kapi_tty_termios_copy_hw),
	UMOD_KAPI("tty_termios_hw_change", kapi_tty_termios_hw_change),
	UMOD_KAPI_GPL("tty_get_char_size", kapi_tty_get_char_size),
	UMOD_KAPI_GPL("tty_get_frame_size", kapi_tty_get_frame_size),
	UMOD_KAPI("tty_std_termios", &umod_tty_std_termios),
};

const struct umod_kapi_table umod_kapi_tty_baudrate = UMOD_KAPI_TABLE(tty_baudrate_exports);
