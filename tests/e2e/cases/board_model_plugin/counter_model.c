// SPDX-License-Identifier: MIT
/*
 * A device model plugin (include/umod/model.h): "counter", a timer
 * peripheral with four 32-bit registers at its reg:
 *   0x0 CTRL    bit 0 enable, bit 1 interrupt enable
 *   0x4 COUNT   ticks since enabled (read-only)
 *   0x8 PERIOD  milliseconds between ticks
 *   0xc STATUS  bit 0: a tick happened (write 1 to clear)
 * Each tick raises its interrupt line (an edge) when enabled. The next
 * period starts when the tick is acknowledged (STATUS cleared), so a
 * handler delayed on a loaded machine sees every COUNT, one per edge. A file
 * "count" in /sys/kernel/debug/board/NODE/ shows COUNT.
 */
#include <stdio.h>

#include <umod/model.h>

struct counter {
	uint32_t ctrl, count, period, status;
	struct umod_model_timer *tick;
};

static void tick(struct umod_model *m, void *state)
{
	struct counter *c = state;

	if (!(c->ctrl & 1))
		return;
	c->count++;
	c->status |= 1;
	if (c->ctrl & 2)
		umod_model_irq_pulse(m, 0);
}

static uint64_t reg_read(struct umod_model *m, void *state, uint64_t offset, unsigned int size)
{
	struct counter *c = state;

	switch (offset) {
	case 0x0: return c->ctrl;
	case 0x4: return c->count;
	case 0x8: return c->period;
	case 0xc: return c->status;
	}
	return 0xdeadbeef;
}

static void reg_write(struct umod_model *m, void *state, uint64_t offset, uint64_t value,
		      unsigned int size)
{
	struct counter *c = state;

	switch (offset) {
	case 0x0:
		if ((value & 1) && !(c->ctrl & 1)) {
			c->count = 0;
			umod_model_timer_mod(c->tick, (uint64_t)c->period * 1000000);
		}
		c->ctrl = (uint32_t)value;
		if (!(value & 1))
			umod_model_timer_del(c->tick);
		break;
	case 0x8:
		c->period = (uint32_t)value ? (uint32_t)value : 1;
		break;
	case 0xc:
		if ((value & c->status & 1) && (c->ctrl & 1))
			umod_model_timer_mod(c->tick, (uint64_t)c->period * 1000000);
		c->status &= ~(uint32_t)value;
		break;
	default:
		umod_model_log(m, "write of %#llx to %#llx: no register there",
			       (unsigned long long)value, (unsigned long long)offset);
	}
}

static const struct umod_model_region_ops regs = { reg_read, reg_write };

static ssize_t count_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%u\n", ((struct counter *)state)->count);
}

static int counter_init(struct umod_model *m, void *state)
{
	struct counter *c = state;

	c->tick = umod_model_timer_new(m, tick);
	if (!c->tick || umod_model_add_region(m, 0, &regs))
		return -1;
	umod_model_log(m, "counter model at %s", umod_model_path(m));
	return umod_model_add_file(m, "count", 0444, count_show, NULL);
}

static void counter_reset(struct umod_model *m, void *state)
{
	struct counter *c = state;

	c->ctrl = c->count = c->status = 0;
	c->period = 10;
}

static const struct umod_model_type counter = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "counter",
	.state_size = sizeof(struct counter),
	.init = counter_init,
	.reset = counter_reset,
};

UMOD_MODEL_PLUGIN(&counter);
