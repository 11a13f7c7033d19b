// SPDX-License-Identifier: MIT
/*
 * Device models on serial buses (include/umod/model.h): a model whose
 * node sits below an I2C or SPI controller's node answers on that bus at
 * its `reg` (an I2C address, an SPI chip select). The controllers' host
 * drivers (drivers/i2c/i2c-sim.c, drivers/spi/spi-sim.c) hand each
 * transfer here; it reaches the model's callbacks under the instance's
 * lock, one message at a time, as the bus's wires would.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include <umod/kabi/i2c.h>

#include "boards/board.h"
#include "drivers/of/of_private.h"
#include "drivers/usb/core/usb.h"

enum { BUS_I2C, BUS_SPI, BUS_USB };

struct attach {
	struct umod_host *host;
	const struct device_node *ctrl;
	unsigned int kind, addr;
	struct umod_model *m;
	const struct umod_model_i2c_ops *i2c;
	const struct umod_model_spi_ops *spi;
	const struct umod_model_usb_ops *usb;
	bool plugged;			/* USB: in its port */
	struct attach *next;
};

static pthread_mutex_t attach_lock = PTHREAD_MUTEX_INITIALIZER;
static struct attach *attached;

static int attach_add(struct umod_model *m, unsigned int kind, const void *ops)
{
	const struct device_node *np = umod_board_model_node(m);
	struct attach *a;
	uint32_t addr;

	if (!ops || !np->parent || umod_of_property_read_u32(np, "reg", 0, &addr))
		return -1;
	a = calloc(1, sizeof(*a));
	if (!a)
		return -1;
	*a = (struct attach){ .host = umod_board_model_host(m), .ctrl = np->parent,
			      .kind = kind, .addr = addr, .m = m };
	if (kind == BUS_I2C)
		a->i2c = ops;
	else if (kind == BUS_SPI)
		a->spi = ops;
	else
		a->usb = ops;
	a->plugged = !umod_model_prop_bool(m, "umod,unplugged");
	pthread_mutex_lock(&attach_lock);
	a->next = attached;
	attached = a;
	pthread_mutex_unlock(&attach_lock);
	return 0;
}

UMOD_API int umod_model_add_i2c(struct umod_model *m, const struct umod_model_i2c_ops *ops)
{
	return attach_add(m, BUS_I2C, ops);
}

UMOD_API int umod_model_add_spi(struct umod_model *m, const struct umod_model_spi_ops *ops)
{
	return attach_add(m, BUS_SPI, ops);
}

/* the model at @addr of @kind on @ctrl, or NULL; models live until the host goes */
static struct attach *find(struct umod_host *host, const struct device_node *ctrl,
			   unsigned int kind, unsigned int addr)
{
	struct attach *a;

	pthread_mutex_lock(&attach_lock);
	for (a = attached; a; a = a->next)
		if (a->host == host && a->ctrl == ctrl && a->kind == kind && a->addr == addr)
			break;
	pthread_mutex_unlock(&attach_lock);
	return a;
}

void umod_board_bus_host_gone(struct umod_host *host)
{
	pthread_mutex_lock(&attach_lock);
	for (struct attach **pp = &attached; *pp;) {
		struct attach *a = *pp;

		if (a->host == host) {
			*pp = a->next;
			free(a);
		} else {
			pp = &a->next;
		}
	}
	pthread_mutex_unlock(&attach_lock);
}

/* ---- I2C --------------------------------------------------------------------------------- */

/* the bytes of one message, the model locked; 0 or -errno */
static int i2c_message(struct attach *a, struct i2c_msg *msg)
{
	void *state = umod_model_state(a->m);
	bool rd = msg->flags & I2C_M_RD;
	unsigned int len = msg->len;

	if (a->i2c->start && a->i2c->start(a->m, state, rd))
		return -ENXIO;
	if (!rd) {
		for (unsigned int i = 0; i < len; i++)
			if (a->i2c->write && a->i2c->write(a->m, state, msg->buf[i]))
				return -EIO;
		return 0;
	}
	if (msg->flags & I2C_M_RECV_LEN) {
		/* an SMBus block read: the first byte says how many follow */
		unsigned int n = a->i2c->read ? a->i2c->read(a->m, state) : 0xff;

		if (n == 0 || n > I2C_SMBUS_BLOCK_MAX)
			return -EPROTO;
		msg->buf[0] = (unsigned char)n;
		msg->len = (unsigned short)(msg->len + n);
		for (unsigned int i = 0; i < n; i++)
			msg->buf[msg->len - n + i] = a->i2c->read ? a->i2c->read(a->m, state) : 0xff;
		return 0;
	}
	for (unsigned int i = 0; i < len; i++)
		msg->buf[i] = a->i2c->read ? a->i2c->read(a->m, state) : 0xff;
	return 0;
}

int umod_board_i2c_transfer(struct umod_host *host, const struct device_node *ctrl,
			    struct i2c_msg *msgs, int num)
{
	struct attach *prev = NULL;
	int err = 0, i;

	for (i = 0; i < num && !err; i++) {
		struct attach *a = find(host, ctrl, BUS_I2C, msgs[i].addr);

		if (prev && prev != a && prev->i2c->stop) {
			umod_board_model_lock(prev->m);
			prev->i2c->stop(prev->m, umod_model_state(prev->m));
			umod_board_model_unlock(prev->m);
		}
		prev = a;
		if (!a) {
			err = -ENXIO;
			break;
		}
		umod_board_model_lock(a->m);
		err = i2c_message(a, &msgs[i]);
		umod_board_model_unlock(a->m);
	}
	/* STOP ends the transfer, also after a NAK */
	if (prev && prev->i2c->stop) {
		umod_board_model_lock(prev->m);
		prev->i2c->stop(prev->m, umod_model_state(prev->m));
		umod_board_model_unlock(prev->m);
	}
	return err ? err : num;
}

/* ---- SPI --------------------------------------------------------------------------------- */

int umod_board_spi_transfer(struct umod_host *host, const struct device_node *ctrl,
			    unsigned int cs, const uint8_t *tx, uint8_t *rx, size_t len,
			    bool select, bool deselect)
{
	struct attach *a = find(host, ctrl, BUS_SPI, cs);
	void *state;

	if (!a)
		return -ENODEV;
	umod_board_model_lock(a->m);
	state = umod_model_state(a->m);
	if (select && a->spi->select)
		a->spi->select(a->m, state, 1);
	for (size_t i = 0; i < len; i++) {
		uint8_t in = a->spi->xfer ? a->spi->xfer(a->m, state, tx ? tx[i] : 0) : 0xff;

		if (rx)
			rx[i] = in;
	}
	if (deselect && a->spi->select)
		a->spi->select(a->m, state, 0);
	umod_board_model_unlock(a->m);
	return 0;
}

/* ---- USB --------------------------------------------------------------------------------- */

UMOD_API int umod_model_add_usb(struct umod_model *m, const struct umod_model_usb_ops *ops)
{
	if (!ops || !ops->device_descriptor || !ops->config_descriptor ||
	    ops->config_length < USB_DT_CONFIG_SIZE)
		return -1;
	return attach_add(m, BUS_USB, ops);
}

static struct attach *attach_of(struct umod_model *m)
{
	struct attach *a;

	pthread_mutex_lock(&attach_lock);
	for (a = attached; a && a->m != m; a = a->next)
		;
	pthread_mutex_unlock(&attach_lock);
	return a;
}

UMOD_API void umod_model_usb_plug(struct umod_model *m, int connected)
{
	struct attach *a = attach_of(m);

	if (!a || a->kind != BUS_USB || a->plugged == !!connected)
		return;
	a->plugged = !!connected;
	umod_usb_sim_port_change(a->host, a->ctrl, a->addr, a->plugged);
}

UMOD_API void umod_model_usb_wake(struct umod_model *m)
{
	struct attach *a = attach_of(m);

	if (a && a->kind == BUS_USB)
		umod_usb_sim_kick(a->host, a->ctrl);
}

static struct attach *usb_port(struct umod_host *host, const struct device_node *ctrl,
			       unsigned int port)
{
	struct attach *a = find(host, ctrl, BUS_USB, port);

	return a && a->plugged ? a : NULL;
}

bool umod_board_usb_plugged(struct umod_host *host, const struct device_node *ctrl,
			    unsigned int port, const struct umod_model_usb_ops **ops)
{
	struct attach *a = usb_port(host, ctrl, port);

	if (a && ops)
		*ops = a->usb;
	return a != NULL;
}

/* USB: one control, OUT or IN stage on @port's model, under its lock; -ENODEV unplugged */
int umod_board_usb_call(struct umod_host *host, const struct device_node *ctrl,
			unsigned int port, int kind, unsigned int ep, const uint8_t *setup,
			uint8_t *buf, size_t len)
{
	struct attach *a = usb_port(host, ctrl, port);
	void *state;
	int ret = -1;

	if (!a)
		return -ENODEV;
	umod_board_model_lock(a->m);
	state = umod_model_state(a->m);
	if (kind == UMOD_USB_CONTROL && a->usb->control)
		ret = a->usb->control(a->m, state, setup, buf, len);
	else if (kind == UMOD_USB_OUT && a->usb->out)
		ret = a->usb->out(a->m, state, ep, buf, len);
	else if (kind == UMOD_USB_IN && a->usb->in)
		ret = a->usb->in(a->m, state, ep, buf, len);
	umod_board_model_unlock(a->m);
	return ret;
}
