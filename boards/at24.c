// SPDX-License-Identifier: MIT
/*
 * A 24C02 serial EEPROM on I2C (Atmel AT24C02 datasheet): 256 bytes,
 * pages of 8. A write is the word address and then up to a page of data,
 * the address wrapping within the page (a longer write overwrites the
 * page's first bytes, as the chip does); a read returns bytes from the
 * current address on, wrapping at the end of the array; a write of the
 * word address alone, then a repeated START to read, is a random read.
 * After a STOP that ends a write with data, the chip runs its internal
 * write cycle (t_WR, 5 ms) and does not acknowledge its address until it
 * is done: drivers poll it, as at24's does.
 *
 * Properties: reg = <ADDR>; umod,data = "text": its first bytes when the
 * board starts (the rest reads 0xff, erased); umod,write-cycle-us = <5000>. File
 * "contents" (r): the 256 bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <umod/model.h>

#include "boards/board.h"

#define SIZE		256
#define PAGE		8

struct at24 {
	uint8_t mem[SIZE];
	uint8_t addr;			/* the current address */
	int got_addr, wrote;		/* this write: the word address, data bytes */
	uint64_t busy_until;		/* the write cycle's end */
	uint32_t cycle_us;
};

static int start(struct umod_model *m, void *state, int read)
{
	struct at24 *s = state;

	if (umod_model_now_ns() < s->busy_until)
		return 1;		/* writing its array: no ACK */
	s->got_addr = 0;
	s->wrote = 0;
	return 0;
}

static int write_byte(struct umod_model *m, void *state, uint8_t byte)
{
	struct at24 *s = state;

	if (!s->got_addr) {
		s->addr = byte;
		s->got_addr = 1;
		return 0;
	}
	s->mem[s->addr] = byte;
	s->addr = (uint8_t)((s->addr & ~(PAGE - 1)) | ((s->addr + 1) & (PAGE - 1)));
	s->wrote = 1;
	return 0;
}

static uint8_t read_byte(struct umod_model *m, void *state)
{
	struct at24 *s = state;

	return s->mem[s->addr++];
}

static void stop(struct umod_model *m, void *state)
{
	struct at24 *s = state;

	if (s->wrote)
		s->busy_until = umod_model_now_ns() + (uint64_t)s->cycle_us * 1000u;
	s->wrote = 0;
}

static ssize_t contents_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	struct at24 *s = state;

	if (size < SIZE)
		return -EFBIG;
	memcpy(buf, s->mem, SIZE);
	return SIZE;
}

static const struct umod_model_i2c_ops at24_i2c = {
	.start = start,
	.write = write_byte,
	.read = read_byte,
	.stop = stop,
};

static int init(struct umod_model *m, void *state)
{
	struct at24 *s = state;
	const char *data = umod_model_prop_str(m, "umod,data");

	memset(s->mem, 0xff, SIZE);
	if (data)
		memcpy(s->mem, data, strnlen(data, SIZE));
	if (umod_model_prop_u32(m, "umod,write-cycle-us", 0, &s->cycle_us))
		s->cycle_us = 5000;
	if (umod_model_add_i2c(m, &at24_i2c)) {
		umod_model_log(m, "24c02: no reg, or not below an I2C controller");
		return -EINVAL;
	}
	return umod_model_add_file(m, "contents", 0444, contents_show, NULL);
}

/* power on: the array keeps what was written (it is an EEPROM), the address is 0 */
static void reset(struct umod_model *m, void *state)
{
	struct at24 *s = state;

	s->addr = 0;
	s->busy_until = 0;
}

const struct umod_model_type umod_model_24c02 = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "24c02",
	.state_size = sizeof(struct at24),
	.init = init,
	.reset = reset,
};
