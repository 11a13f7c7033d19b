/* SPDX-License-Identifier: MIT */
/*
 * What drivers/i2c/'s files share (Linux's drivers/i2c/i2c-core.h): the
 * I2C core of one host (its adapters by number), the bus and device
 * types, and the entry points the host itself calls.
 */
#ifndef _UMOD_DRIVERS_I2C_CORE_H
#define _UMOD_DRIVERS_I2C_CORE_H

#include <pthread.h>

#include <umod/kabi/i2c.h>

#include "kernel/module/module.h"
#include "util/list.h"

struct platform_driver;

struct umod_i2c_core {
	struct umod_host *host;
	struct umod_list link;		/* on the registry */
	pthread_mutex_t lock;		/* adapters */
	struct umod_list adapters;	/* struct umod_i2c_adap */
	struct platform_driver *sim_driver;	/* i2c-sim.c, once a board starts */
};

/* an adapter's number, as 6.1's i2c_adapter_idr holds it */
struct umod_i2c_adap {
	struct umod_list node;
	int nr;
	struct i2c_adapter *adap;
};

extern struct bus_type umod_i2c_bus_type;
extern struct device_type umod_i2c_adapter_type, umod_i2c_client_type;

/* ---- i2c-core-base.c ---------------------------------------------------------------- */

struct umod_i2c_core *umod_i2c_core(struct umod_host *host);
int umod_i2c_add_adapter(struct umod_i2c_core *core, struct i2c_adapter *adap);
void umod_i2c_del_adapter(struct i2c_adapter *adap);
struct i2c_client *umod_i2c_new_client_device(struct i2c_adapter *adap,
					      const struct i2c_board_info *info);
void umod_i2c_unregister_device(struct i2c_client *client);
int umod_i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
/* i2c_transfer(): the bus locked around __i2c_transfer() */
int umod_i2c_transfer_locked(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
/* the host of a device on the i2c bus */
struct umod_host *umod_i2c_host(struct device *dev);
/* with the host (host.c) and after its last module (unload.c) */
int umod_i2c_init(struct umod_host *host);
void umod_i2c_host_gone(struct umod_host *host);

/* ---- i2c-core-smbus.c: i2c_smbus_xfer(), the bus locked --------------------------------- */

int umod_i2c_smbus_xfer(struct i2c_adapter *adap, unsigned short addr, unsigned short flags,
			char read_write, unsigned char command, int size,
			union i2c_smbus_data *data);
/* the adapter's functionality(), run as its module's code */
unsigned int umod_i2c_functionality(struct i2c_adapter *adap);

/* ---- i2c-core-of.c -------------------------------------------------------------------- */

/* the clients of the adapter's node's children */
void umod_of_i2c_register_devices(struct i2c_adapter *adap);
const struct of_device_id *umod_i2c_of_match_device(const struct of_device_id *matches,
						    struct i2c_client *client);

/* ---- i2c-sim.c: the board's controllers ------------------------------------------------- */

int umod_i2c_sim_register(struct umod_host *host);

#endif /* _UMOD_DRIVERS_I2C_CORE_H */
