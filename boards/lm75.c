// SPDX-License-Identifier: MIT
/*
 * An LM75 digital temperature sensor on I2C (National Semiconductor /
 * NXP LM75A datasheets). The first byte the host writes after the
 * address is the pointer (its low 2 bits: 0 temperature, 1 configuration,
 * 2 T_HYST, 3 T_OS); further bytes written go to the pointed register,
 * most significant first; reads return the pointed register's bytes, most
 * significant first, from the start of the register at each START.
 *
 * Temperature, T_HYST and T_OS are 16 bits, a two's-complement value in
 * the top 9 bits (0.5 degree steps, the low 7 bits read 0); configuration
 * is 8 bits (bit 0 shutdown: the temperature register keeps its last
 * conversion). Power-on: T_HYST 75 C, T_OS 80 C, configuration 0. The
 * O.S. output is not wired.
 *
 * Properties: reg = <ADDR>; millicelsius = <23500>; file "temperature"
 * (rw, millidegrees Celsius) changes what the sensor measures.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <umod/model.h>

#include "boards/board.h"

struct lm75 {
	int32_t millicelsius;		/* what it measures */
	uint16_t temp, thyst, tos;	/* the registers */
	uint8_t config, pointer;
	unsigned int index;		/* the byte of the register, since START */
	int got_pointer;		/* this write has set the pointer */
};

/* a temperature as the 9-bit register has it, rounded down to 0.5 C */
static uint16_t to_reg(int32_t mc)
{
	int32_t half = mc >= 0 ? mc / 500 : -((-mc + 499) / 500);

	return (uint16_t)((uint32_t)half << 7);
}

static uint16_t *reg16(struct lm75 *s)
{
	switch (s->pointer) {
	case 0:
		return &s->temp;
	case 2:
		return &s->thyst;
	case 3:
		return &s->tos;
	default:
		return NULL;
	}
}

static int start(struct umod_model *m, void *state, int read)
{
	struct lm75 *s = state;

	s->index = 0;
	s->got_pointer = 0;
	if (read && !(s->config & 1))
		s->temp = to_reg(s->millicelsius);	/* the last conversion */
	return 0;
}

static int write_byte(struct umod_model *m, void *state, uint8_t byte)
{
	struct lm75 *s = state;
	uint16_t *r;

	if (!s->got_pointer) {
		s->pointer = byte & 3;
		s->got_pointer = 1;
		return 0;
	}
	if (s->pointer == 1) {
		s->config = byte;
	} else if (s->pointer != 0 && (r = reg16(s))) {
		/* the most significant byte first; the low 7 bits are not kept */
		if (s->index++ % 2 == 0)
			*r = (uint16_t)((*r & 0x00ff) | byte << 8);
		else
			*r = (uint16_t)((*r & 0xff00) | (byte & 0x80));
	}
	return 0;
}

static uint8_t read_byte(struct umod_model *m, void *state)
{
	struct lm75 *s = state;
	uint16_t *r = reg16(s);

	if (!r)
		return s->config;
	return s->index++ % 2 == 0 ? (uint8_t)(*r >> 8) : (uint8_t)*r;
}

static ssize_t temperature_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%d\n", ((struct lm75 *)state)->millicelsius);
}

static ssize_t temperature_store(struct umod_model *m, void *state, const char *buf,
				 size_t len)
{
	char *end;
	long v = strtol(buf, &end, 0);

	if (end == buf || (*end && *end != '\n') || v < -55000 || v > 125000)
		return -EINVAL;
	((struct lm75 *)state)->millicelsius = (int32_t)v;
	return (ssize_t)len;
}

static const struct umod_model_i2c_ops lm75_i2c = {
	.start = start,
	.write = write_byte,
	.read = read_byte,
};

static int init(struct umod_model *m, void *state)
{
	struct lm75 *s = state;
	uint32_t mc;

	s->millicelsius = umod_model_prop_u32(m, "millicelsius", 0, &mc) ? 23500 : (int32_t)mc;
	if (umod_model_add_i2c(m, &lm75_i2c)) {
		umod_model_log(m, "lm75: no reg, or not below an I2C controller");
		return -EINVAL;
	}
	return umod_model_add_file(m, "temperature", 0644, temperature_show, temperature_store);
}

static void reset(struct umod_model *m, void *state)
{
	struct lm75 *s = state;

	s->config = 0;
	s->pointer = 0;
	s->thyst = to_reg(75000);
	s->tos = to_reg(80000);
	s->temp = to_reg(s->millicelsius);
}

const struct umod_model_type umod_model_lm75 = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "lm75",
	.state_size = sizeof(struct lm75),
	.init = init,
	.reset = reset,
};
