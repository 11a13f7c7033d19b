// SPDX-License-Identifier: MIT
/*
 * The "parport-pc" model: a PC's standard parallel port (SPP), as the IBM
 * PC's printer adapter and Linux's drivers/parport/parport_pc.c see it:
 * three registers from its I/O base (0x378 on the pc board),
 *
 *   base + 0  data      read/write: the latch driving pins 2-9 (D0-D7)
 *   base + 1  status    read only: bit 3 nError (pin 15), 4 Select (13),
 *                       5 PaperOut (12), 6 nAck (10), 7 Busy (11, the
 *                       register has it inverted); bits 0-2 read as 1
 *   base + 2  control   read/write: bits 0-3 the strobe, autofeed, init
 *                       and select-in lines, bit 4 the ACK interrupt's
 *                       enable, bit 5 the data lines' direction; bits 6-7
 *                       read as 1
 *
 * and the interrupt: nAck going from low to high while bit 4 of control
 * is set raises the node's interrupt (IRQ 7 on the pc board).
 *
 * With nothing plugged in the status lines float high (status 0x7f).
 * The loopback plug (`umod,loopback;` in the node, or 1 written to
 * /sys/kernel/debug/board/NODE/loopback) wires data back to status as a
 * test plug does: D3 to nError, D4 to Select, D5 to PaperOut, D6 to Busy,
 * and D7 (pin 9) to nAck (pin 10), the wire the driver book's short
 * module asks for: writing 0x00 then 0x80 to the data port is an ACK
 * interrupt.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "boards/board.h"

#define STATUS_RESERVED	0x07
#define STATUS_ACK	0x40
#define CONTROL_IRQ	0x10

struct parport {
	uint8_t data, control;
	bool loopback;
};

/* the status lines: the plug's wires, or the pull-ups */
static uint8_t status(const struct parport *p)
{
	uint8_t d = p->data;

	if (!p->loopback)
		return 0x7f;
	return STATUS_RESERVED | (d & 0x38) | (uint8_t)(((d >> 7) & 1) << 6) |
	       (uint8_t)((((d >> 6) & 1) ^ 1) << 7);
}

static uint64_t parport_read(struct umod_model *m, void *state, uint64_t offset,
			     unsigned int size)
{
	struct parport *p = state;

	switch (offset) {
	case 0: return p->data;
	case 1: return status(p);
	case 2: return (p->control & 0x3f) | 0xc0;
	default: return 0xff;
	}
}

static void parport_write(struct umod_model *m, void *state, uint64_t offset, uint64_t value,
			  unsigned int size)
{
	struct parport *p = state;
	uint8_t before = status(p);

	switch (offset) {
	case 0:
		p->data = (uint8_t)value;
		break;
	case 2:
		p->control = (uint8_t)value;
		break;
	default:
		return;
	}
	if (!(before & STATUS_ACK) && (status(p) & STATUS_ACK) && (p->control & CONTROL_IRQ))
		umod_model_irq_pulse(m, 0);
}

static const struct umod_model_region_ops parport_ops = {
	.read = parport_read,
	.write = parport_write,
};

static ssize_t loopback_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%d\n", ((struct parport *)state)->loopback);
}

static ssize_t loopback_store(struct umod_model *m, void *state, const char *buf, size_t len)
{
	struct parport *p = state;

	if (len && (buf[0] == '0' || buf[0] == '1') && (len == 1 || buf[1] == '\n')) {
		p->loopback = buf[0] == '1';
		return (ssize_t)len;
	}
	return -EINVAL;
}

static int parport_init(struct umod_model *m, void *state)
{
	if (umod_model_add_region(m, 0, &parport_ops)) {
		umod_model_log(m, "parport-pc: reg entry 0 is no I/O range");
		return -1;
	}
	umod_model_add_file(m, "loopback", 0644, loopback_show, loopback_store);
	return 0;
}

static void parport_reset(struct umod_model *m, void *state)
{
	struct parport *p = state;

	memset(p, 0, sizeof(*p));
	p->control = 0x0c;	/* init and select-in high, as the BIOS leaves them */
	p->loopback = umod_model_prop_bool(m, "umod,loopback");
}

const struct umod_model_type umod_model_parport = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "parport-pc",
	.state_size = sizeof(struct parport),
	.init = parport_init,
	.reset = parport_reset,
};
