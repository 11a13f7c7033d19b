// SPDX-License-Identifier: MIT
/*
 * A DHT11 temperature and humidity sensor on GPIO line 0, its data pin
 * pulled up on its module. Its one-wire protocol, as the datasheet has it:
 * the host pulls the line low for at least 18 ms, lets it go and reads;
 * the sensor answers low 80 us, high 80 us, then 40 bits, each low 50 us
 * then high 26-28 us (a 0) or 70 us (a 1): humidity, its decimal,
 * temperature, its decimal, and their sum's low byte; then low 50 us, and
 * the line is let go (high).
 *
 * Each level lasts its time counted from the moment the host first reads
 * it: a host thread that is preempted between two reads does not miss a
 * level, as it would on a real sensor (whose timing does not wait). A
 * read that comes too late still sees the next level, so a driver that
 * samples at the wrong time reads wrong bits, as on hardware.
 *
 * Properties: humidity = <45>; temperature = <23>; files "humidity" and
 * "temperature" (rw) change them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <umod/model.h>

#include "boards/board.h"

#define PHASES		(4 + 2 * 40 + 1)

struct dht11 {
	uint32_t humidity, temperature;
	uint64_t low_since;		/* the host's start signal began */
	int start_ok;			/* held low long enough */
	int responding;
	unsigned int phase;
	int observed;			/* the current phase has been read */
	uint64_t phase_start;
	uint8_t level[PHASES];
	uint16_t us[PHASES];
};

static void build(struct dht11 *d)
{
	uint8_t data[5] = { (uint8_t)d->humidity, 0, (uint8_t)d->temperature, 0, 0 };
	unsigned int p = 0;

	data[4] = (uint8_t)(data[0] + data[1] + data[2] + data[3]);
	d->level[p] = 1, d->us[p++] = 30;	/* the pull-up, while the sensor waits */
	d->level[p] = 0, d->us[p++] = 80;
	d->level[p] = 1, d->us[p++] = 80;
	for (unsigned int bit = 0; bit < 40; bit++) {
		int one = (data[bit / 8] >> (7 - bit % 8)) & 1;

		d->level[p] = 0, d->us[p++] = 50;
		d->level[p] = 1, d->us[p++] = one ? 70 : 27;
	}
	d->level[p] = 0, d->us[p++] = 50;
	d->level[p] = 1, d->us[p++] = 0;	/* let go: the pull-up */
}

static void output(struct umod_model *m, void *state, unsigned int n, int level)
{
	struct dht11 *d = state;
	uint64_t now = umod_model_now_ns();

	if (level == 0) {
		d->responding = 0;
		if (!d->low_since)
			d->low_since = now;
	} else if (level == 1) {
		d->responding = 0;
		d->start_ok = d->low_since && now - d->low_since >= 18000000ull;
		d->low_since = 0;
	} else if (d->start_ok) {
		/* the host reads: the answer starts */
		d->start_ok = 0;
		d->low_since = 0;
		build(d);
		d->responding = 1;
		d->phase = 0;
		d->observed = 0;
	}
}

static int sample(struct umod_model *m, void *state, unsigned int n)
{
	struct dht11 *d = state;
	uint64_t now = umod_model_now_ns();

	while (d->responding) {
		if (!d->observed) {
			d->observed = 1;
			d->phase_start = now;
		}
		if (now - d->phase_start < (uint64_t)d->us[d->phase] * 1000ull)
			return d->level[d->phase];
		if (++d->phase == PHASES - 1)
			d->responding = 0;
		d->observed = 0;
	}
	return 1;	/* idle: the module's pull-up */
}

static ssize_t show(struct umod_model *m, uint32_t v, char *buf, size_t size)
{
	return snprintf(buf, size, "%u\n", v);
}

static ssize_t store(uint32_t *v, const char *buf, size_t len)
{
	char *end;
	unsigned long x = strtoul(buf, &end, 10);

	if (end == buf || x > 255)
		return -EINVAL;
	*v = (uint32_t)x;
	return (ssize_t)len;
}

static ssize_t humidity_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return show(m, ((struct dht11 *)state)->humidity, buf, size);
}

static ssize_t humidity_store(struct umod_model *m, void *state, const char *buf, size_t len)
{
	return store(&((struct dht11 *)state)->humidity, buf, len);
}

static ssize_t temperature_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return show(m, ((struct dht11 *)state)->temperature, buf, size);
}

static ssize_t temperature_store(struct umod_model *m, void *state, const char *buf,
				 size_t len)
{
	return store(&((struct dht11 *)state)->temperature, buf, len);
}

static int init(struct umod_model *m, void *state)
{
	struct dht11 *d = state;
	int err;

	if (umod_model_prop_u32(m, "humidity", 0, &d->humidity))
		d->humidity = 45;
	if (umod_model_prop_u32(m, "temperature", 0, &d->temperature))
		d->temperature = 23;
	err = umod_model_add_file(m, "humidity", 0644, humidity_show, humidity_store);
	if (!err)
		err = umod_model_add_file(m, "temperature", 0644, temperature_show,
					  temperature_store);
	return err;
}

static void reset(struct umod_model *m, void *state)
{
	struct dht11 *d = state;

	d->responding = 0;
	d->start_ok = 0;
	d->low_since = 0;
}

const struct umod_model_type umod_model_dht11 = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "dht11",
	.state_size = sizeof(struct dht11),
	.init = init,
	.reset = reset,
	.line_output = output,
	.line_sample = sample,
};
