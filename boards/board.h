/* SPDX-License-Identifier: MIT */
/*
 * What boards/ shares: the built-in boards (their blobs are compiled from
 * the boards/ dts files at build time, scripts/boards_c.sh) and the device models a
 * board's nodes start (model.c).
 */
#ifndef _UMOD_BOARDS_BOARD_H
#define _UMOD_BOARDS_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <umod/model.h>

#include "kernel/module/module.h"
#include "util/list.h"

struct device_node;

struct umod_board_builtin {
	const char *name;		/* "rpi4": what --board takes */
	const unsigned char *dtb;
	size_t len;
};

/* generated: every built-in board, then { NULL } */
extern const struct umod_board_builtin umod_board_builtins[];

/* model.c: the models the board's nodes name ("umod,model"), started once each */
int umod_board_models_start(struct umod_host *host);
void umod_board_models_stop(struct umod_host *host);
/* model.c: a plugin's model types (a .so given as a board), for this host's board */
int umod_board_load_plugin(struct umod_host *host, const char *path);

/* the built-in models (models.c, dht11.c) */
extern const struct umod_model_type umod_model_gpio_led, umod_model_gpio_button,
	umod_model_dht11;
/* issue 31: parport.c, edu.c */
extern const struct umod_model_type umod_model_parport, umod_model_edu;

/*
 * model.c, for gpio-sim: the models wired to line @hw of the controller
 * @ctrl. line_output tells them what the host drives (-1: nothing, the
 * line is an input); line_sample asks what they drive (-1: nothing).
 * Neither is called with gpio-sim's lock held.
 */
void umod_board_line_output(struct umod_host *host, const struct device_node *ctrl,
			    unsigned int hw, int level);
int umod_board_line_sample(struct umod_host *host, const struct device_node *ctrl,
			   unsigned int hw);
/* a line changed level: a record in /sys/kernel/debug/board/lines */
void umod_board_line_log(struct umod_host *host, const char *chip, unsigned int hw,
			 const char *name, const char *consumer, bool out, int level);

/* model.c, for lib/iomap.c: an access at physical @addr; false when no model serves it */
bool umod_board_mmio(struct umod_host *host, uint64_t addr, unsigned int size, bool write,
		     uint64_t *value);
/* the same for I/O port @port (an ISA node's I/O reg entry), for inb() and the rest */
bool umod_board_pio(struct umod_host *host, unsigned int port, unsigned int size, bool write,
		    uint64_t *value);

/* drivers/irqchip/irq-umod-intc.c: the board's interrupt controllers, before its devices */
int umod_intc_init(struct umod_host *host);
/* a model's line into a umod,intc controller @ctrl; false if @ctrl is not one */
bool umod_intc_set(struct umod_host *host, const struct device_node *ctrl, unsigned int hwirq,
		   int level);
void umod_intc_host_gone(struct umod_host *host);

/* model.c, for bus.c: an instance's host, node and lock */
struct umod_host *umod_board_model_host(const struct umod_model *m);
const struct device_node *umod_board_model_node(const struct umod_model *m);
void umod_board_model_lock(struct umod_model *m);
void umod_board_model_unlock(struct umod_model *m);

/*
 * bus.c: the models on I2C and SPI controllers (umod_model_add_i2c/_spi).
 * umod_board_i2c_transfer() runs @num messages on controller @ctrl's bus
 * as a master_xfer does: @num, -ENXIO (an address nobody acknowledged) or
 * -EIO (a byte not acknowledged), -EPROTO (a bad SMBus block length).
 * umod_board_spi_transfer() clocks @len bytes to chip select @cs (@tx or
 * zeros out, @rx or nothing in), selecting it first if @select, and
 * deselecting it after if @deselect; -ENODEV: nothing on that select.
 */
struct i2c_msg;
int umod_board_i2c_transfer(struct umod_host *host, const struct device_node *ctrl,
			    struct i2c_msg *msgs, int num);
int umod_board_spi_transfer(struct umod_host *host, const struct device_node *ctrl,
			    unsigned int cs, const uint8_t *tx, uint8_t *rx, size_t len,
			    bool select, bool deselect);
void umod_board_bus_host_gone(struct umod_host *host);
/*
 * bus.c, for usb-sim: is a model plugged into @ctrl's port @port (its ops
 * in *@ops)? umod_board_usb_call() runs one stage on it: a control
 * request (@setup, @buf of @len), a packet out of @buf, or an IN transfer
 * into @buf; the model's answer (-1: stall or NAK), -ENODEV when unplugged.
 */
enum { UMOD_USB_CONTROL, UMOD_USB_OUT, UMOD_USB_IN };
bool umod_board_usb_plugged(struct umod_host *host, const struct device_node *ctrl,
			    unsigned int port, const struct umod_model_usb_ops **ops);
int umod_board_usb_call(struct umod_host *host, const struct device_node *ctrl,
			unsigned int port, int kind, unsigned int ep, const uint8_t *setup,
			uint8_t *buf, size_t len);

/* the built-in I2C and SPI chips (lm75.c, at24.c, spi-loopback.c) */
extern const struct umod_model_type umod_model_lm75, umod_model_24c02,
	umod_model_spi_loopback, umod_model_usb_echo;

/* board.c: with the host's last module gone (unload.c) */
void umod_board_host_gone(struct umod_host *host);

#endif /* _UMOD_BOARDS_BOARD_H */
