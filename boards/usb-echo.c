// SPDX-License-Identifier: MIT
/*
 * A USB device echoing bulk data, as the USB skeleton driver expects one
 * (drivers/usb/usb-skeleton.c: vendor and product 0xfff0): one
 * configuration, one vendor-specific interface with a bulk IN endpoint
 * (0x81) and a bulk OUT endpoint (0x01), 512-byte packets (high speed).
 * What the host sends OUT is kept in a 4 KiB FIFO and comes back IN; an
 * IN transfer with the FIFO empty is NAKed until data arrives, an OUT
 * one with the FIFO full until there is room.
 *
 * Properties: reg = <PORT>; umod,unplugged; (starts out of its port).
 * Files: "connected" (rw: 1 plugs it in, 0 pulls it out), "bytes" (r:
 * how many it echoed).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <umod/model.h>

#include "boards/board.h"

#define FIFO	4096

struct echo {
	uint8_t fifo[FIFO];
	size_t head, count;
	unsigned long long echoed;
	int connected;
};

static const uint8_t device_desc[18] = {
	18, 1, 0x00, 0x02,		/* bcdUSB 2.00 */
	0, 0, 0, 64,			/* class per interface, ep0 64 bytes */
	0xf0, 0xff, 0xf0, 0xff,		/* idVendor, idProduct 0xfff0 */
	0x00, 0x01, 0, 0, 0, 1,		/* bcdDevice 1.00, no strings, 1 config */
};

static const uint8_t config_desc[32] = {
	9, 2, 32, 0, 1, 1, 0, 0x80, 50,		/* 1 interface, bus powered, 100 mA */
	9, 4, 0, 0, 2, 0xff, 0, 0, 0,		/* interface 0: 2 endpoints, vendor */
	7, 5, 0x81, 2, 0x00, 0x02, 0,		/* bulk IN 0x81, 512 */
	7, 5, 0x01, 2, 0x00, 0x02, 0,		/* bulk OUT 0x01, 512 */
};

static int out(struct umod_model *m, void *state, unsigned int ep, const uint8_t *data,
	       size_t len)
{
	struct echo *e = state;

	if (ep != 1 || FIFO - e->count < len)
		return -1;
	for (size_t i = 0; i < len; i++)
		e->fifo[(e->head + e->count + i) % FIFO] = data[i];
	e->count += len;
	umod_model_usb_wake(m);
	return (int)len;
}

static int in(struct umod_model *m, void *state, unsigned int ep, uint8_t *buf, size_t len)
{
	struct echo *e = state;
	size_t n = len < e->count ? len : e->count;

	if (ep != 1 || !e->count)
		return -1;
	for (size_t i = 0; i < n; i++)
		buf[i] = e->fifo[(e->head + i) % FIFO];
	e->head = (e->head + n) % FIFO;
	e->count -= n;
	e->echoed += n;
	umod_model_usb_wake(m);		/* room for what was NAKed OUT */
	return (int)n;
}

static const struct umod_model_usb_ops echo_usb = {
	.device_descriptor = device_desc,
	.config_descriptor = config_desc,
	.config_length = sizeof(config_desc),
	.out = out,
	.in = in,
};

static ssize_t connected_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%d\n", ((struct echo *)state)->connected);
}

static ssize_t connected_store(struct umod_model *m, void *state, const char *buf, size_t len)
{
	struct echo *e = state;

	if (len < 1 || (buf[0] != '0' && buf[0] != '1') || (len > 1 && buf[1] != '\n'))
		return -EINVAL;
	e->connected = buf[0] == '1';
	if (!e->connected)
		e->count = 0;		/* unpowered: the FIFO is lost */
	umod_model_usb_plug(m, e->connected);
	return (ssize_t)len;
}

static ssize_t bytes_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%llu\n", ((struct echo *)state)->echoed);
}

static int init(struct umod_model *m, void *state)
{
	struct echo *e = state;
	int err;

	e->connected = !umod_model_prop_bool(m, "umod,unplugged");
	if (umod_model_add_usb(m, &echo_usb)) {
		umod_model_log(m, "usb-echo: no reg, or not below a USB host controller");
		return -EINVAL;
	}
	err = umod_model_add_file(m, "connected", 0644, connected_show, connected_store);
	return err ? err : umod_model_add_file(m, "bytes", 0444, bytes_show, NULL);
}

const struct umod_model_type umod_model_usb_echo = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "usb-echo",
	.state_size = sizeof(struct echo),
	.init = init,
};
