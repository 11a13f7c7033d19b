/* SPDX-License-Identifier: MIT */
/*
 * I2C as both sides see it (Linux 6.1's include/linux/i2c.h and
 * include/uapi/linux/i2c.h): messages, SMBus data, clients, adapters,
 * their algorithms and drivers. Module code fills and reads these; the
 * host's I2C core (drivers/i2c/) registers and routes them. The bus lock
 * is a struct mutex standing in for 6.1's rt_mutex (no priority
 * inheritance in a process).
 */
#ifndef _UMOD_KABI_I2C_H
#define _UMOD_KABI_I2C_H

#include <umod/kabi/device.h>
#include <umod/kabi/mutex.h>
#include <umod/kabi/types.h>

/* ---- uapi/linux/i2c.h ------------------------------------------------------ */

struct i2c_msg {
	unsigned short addr;
	unsigned short flags;
#define I2C_M_RD		0x0001
#define I2C_M_TEN		0x0010
#define I2C_M_DMA_SAFE		0x0200
#define I2C_M_RECV_LEN		0x0400
#define I2C_M_NO_RD_ACK		0x0800
#define I2C_M_IGNORE_NAK	0x1000
#define I2C_M_REV_DIR_ADDR	0x2000
#define I2C_M_NOSTART		0x4000
#define I2C_M_STOP		0x8000
	unsigned short len;
	unsigned char *buf;
};

#define I2C_FUNC_I2C			0x00000001
#define I2C_FUNC_10BIT_ADDR		0x00000002
#define I2C_FUNC_PROTOCOL_MANGLING	0x00000004
#define I2C_FUNC_SMBUS_PEC		0x00000008
#define I2C_FUNC_NOSTART		0x00000010
#define I2C_FUNC_SLAVE			0x00000020
#define I2C_FUNC_SMBUS_BLOCK_PROC_CALL	0x00008000
#define I2C_FUNC_SMBUS_QUICK		0x00010000
#define I2C_FUNC_SMBUS_READ_BYTE	0x00020000
#define I2C_FUNC_SMBUS_WRITE_BYTE	0x00040000
#define I2C_FUNC_SMBUS_READ_BYTE_DATA	0x00080000
#define I2C_FUNC_SMBUS_WRITE_BYTE_DATA	0x00100000
#define I2C_FUNC_SMBUS_READ_WORD_DATA	0x00200000
#define I2C_FUNC_SMBUS_WRITE_WORD_DATA	0x00400000
#define I2C_FUNC_SMBUS_PROC_CALL	0x00800000
#define I2C_FUNC_SMBUS_READ_BLOCK_DATA	0x01000000
#define I2C_FUNC_SMBUS_WRITE_BLOCK_DATA 0x02000000
#define I2C_FUNC_SMBUS_READ_I2C_BLOCK	0x04000000
#define I2C_FUNC_SMBUS_WRITE_I2C_BLOCK	0x08000000
#define I2C_FUNC_SMBUS_HOST_NOTIFY	0x10000000

#define I2C_FUNC_SMBUS_BYTE		(I2C_FUNC_SMBUS_READ_BYTE | I2C_FUNC_SMBUS_WRITE_BYTE)
#define I2C_FUNC_SMBUS_BYTE_DATA	(I2C_FUNC_SMBUS_READ_BYTE_DATA | \
					 I2C_FUNC_SMBUS_WRITE_BYTE_DATA)
#define I2C_FUNC_SMBUS_WORD_DATA	(I2C_FUNC_SMBUS_READ_WORD_DATA | \
					 I2C_FUNC_SMBUS_WRITE_WORD_DATA)
#define I2C_FUNC_SMBUS_BLOCK_DATA	(I2C_FUNC_SMBUS_READ_BLOCK_DATA | \
					 I2C_FUNC_SMBUS_WRITE_BLOCK_DATA)
#define I2C_FUNC_SMBUS_I2C_BLOCK	(I2C_FUNC_SMBUS_READ_I2C_BLOCK | \
					 I2C_FUNC_SMBUS_WRITE_I2C_BLOCK)
#define I2C_FUNC_SMBUS_EMUL		(I2C_FUNC_SMBUS_QUICK | I2C_FUNC_SMBUS_BYTE | \
					 I2C_FUNC_SMBUS_BYTE_DATA | I2C_FUNC_SMBUS_WORD_DATA | \
					 I2C_FUNC_SMBUS_PROC_CALL | \
					 I2C_FUNC_SMBUS_WRITE_BLOCK_DATA | \
					 I2C_FUNC_SMBUS_I2C_BLOCK | I2C_FUNC_SMBUS_PEC)
#define I2C_FUNC_SMBUS_EMUL_ALL		(I2C_FUNC_SMBUS_EMUL | I2C_FUNC_SMBUS_READ_BLOCK_DATA | \
					 I2C_FUNC_SMBUS_BLOCK_PROC_CALL)

#define I2C_SMBUS_BLOCK_MAX	32
union i2c_smbus_data {
	unsigned char byte;
	unsigned short word;
	unsigned char block[I2C_SMBUS_BLOCK_MAX + 2];	/* block[0] is the length */
};

#define I2C_SMBUS_READ	1
#define I2C_SMBUS_WRITE	0

#define I2C_SMBUS_QUICK			0
#define I2C_SMBUS_BYTE			1
#define I2C_SMBUS_BYTE_DATA		2
#define I2C_SMBUS_WORD_DATA		3
#define I2C_SMBUS_PROC_CALL		4
#define I2C_SMBUS_BLOCK_DATA		5
#define I2C_SMBUS_I2C_BLOCK_BROKEN	6
#define I2C_SMBUS_BLOCK_PROC_CALL	7
#define I2C_SMBUS_I2C_BLOCK_DATA	8

/* ---- linux/i2c.h ------------------------------------------------------------ */


struct i2c_client;
struct i2c_adapter;
struct i2c_board_info;
struct irq_domain;
struct regulator;
struct software_node;

enum i2c_slave_event {
	I2C_SLAVE_READ_REQUESTED,
	I2C_SLAVE_WRITE_REQUESTED,
	I2C_SLAVE_READ_PROCESSED,
	I2C_SLAVE_WRITE_RECEIVED,
	I2C_SLAVE_STOP,
};

typedef int (*i2c_slave_cb_t)(struct i2c_client *client, enum i2c_slave_event event,
			      unsigned char *val);

enum i2c_alert_protocol {
	I2C_PROTOCOL_SMBUS_ALERT,
	I2C_PROTOCOL_SMBUS_HOST_NOTIFY,
};

struct i2c_driver {
	unsigned int class;
	int (*probe)(struct i2c_client *client, const struct i2c_device_id *id);
	void (*remove)(struct i2c_client *client);
	int (*probe_new)(struct i2c_client *client);
	void (*shutdown)(struct i2c_client *client);
	void (*alert)(struct i2c_client *client, enum i2c_alert_protocol protocol,
		      unsigned int data);
	int (*command)(struct i2c_client *client, unsigned int cmd, void *arg);
	struct device_driver driver;
	const struct i2c_device_id *id_table;
	int (*detect)(struct i2c_client *client, struct i2c_board_info *info);
	const unsigned short *address_list;
	struct list_head clients;
	unsigned int flags;
};

#define I2C_CLIENT_PEC		0x04
#define I2C_CLIENT_TEN		0x10
#define I2C_CLIENT_SLAVE	0x20
#define I2C_CLIENT_HOST_NOTIFY	0x40
#define I2C_CLIENT_WAKE		0x80
#define I2C_CLIENT_SCCB		0x9000

struct i2c_client {
	unsigned short flags;
	unsigned short addr;
	char name[I2C_NAME_SIZE];
	struct i2c_adapter *adapter;
	struct device dev;
	int init_irq;
	int irq;
	struct list_head detected;
	i2c_slave_cb_t slave_cb;
	void *devres_group_id;
};

struct i2c_board_info {
	char type[I2C_NAME_SIZE];
	unsigned short flags;
	unsigned short addr;
	const char *dev_name;
	void *platform_data;
	struct device_node *of_node;
	struct fwnode_handle *fwnode;
	const struct software_node *swnode;
	const struct resource *resources;
	unsigned int num_resources;
	int irq;
};

struct i2c_algorithm {
	int (*master_xfer)(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
	int (*master_xfer_atomic)(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
	int (*smbus_xfer)(struct i2c_adapter *adap, unsigned short addr, unsigned short flags,
			  char read_write, unsigned char command, int size,
			  union i2c_smbus_data *data);
	int (*smbus_xfer_atomic)(struct i2c_adapter *adap, unsigned short addr,
				 unsigned short flags, char read_write, unsigned char command,
				 int size, union i2c_smbus_data *data);
	unsigned int (*functionality)(struct i2c_adapter *adap);
	int (*reg_slave)(struct i2c_client *client);
	int (*unreg_slave)(struct i2c_client *client);
};

struct i2c_lock_operations {
	void (*lock_bus)(struct i2c_adapter *adapter, unsigned int flags);
	int (*trylock_bus)(struct i2c_adapter *adapter, unsigned int flags);
	void (*unlock_bus)(struct i2c_adapter *adapter, unsigned int flags);
};

struct i2c_timings {
	unsigned int bus_freq_hz;
	unsigned int scl_rise_ns;
	unsigned int scl_fall_ns;
	unsigned int scl_int_delay_ns;
	unsigned int sda_fall_ns;
	unsigned int sda_hold_ns;
	unsigned int digital_filter_width_ns;
	unsigned int analog_filter_cutoff_freq_hz;
};

struct i2c_bus_recovery_info;

struct i2c_adapter_quirks {
	unsigned long long flags;
	int max_num_msgs;
	unsigned short max_write_len;
	unsigned short max_read_len;
	unsigned short max_comb_1st_msg_len;
	unsigned short max_comb_2nd_msg_len;
};

/* 6.1's rt_mutex: a sleeping lock (no priority inheritance in a process) */
struct rt_mutex {
	struct mutex lock;
};

struct i2c_adapter {
	struct module *owner;
	unsigned int class;
	const struct i2c_algorithm *algo;
	void *algo_data;
	const struct i2c_lock_operations *lock_ops;
	struct rt_mutex bus_lock;
	struct rt_mutex mux_lock;
	int timeout;			/* in jiffies */
	int retries;
	struct device dev;
	unsigned long locked_flags;
	int nr;
	char name[48];
	struct completion dev_released;
	struct mutex userspace_clients_lock;
	struct list_head userspace_clients;
	struct i2c_bus_recovery_info *bus_recovery_info;
	const struct i2c_adapter_quirks *quirks;
	struct irq_domain *host_notify_domain;
	struct regulator *bus_regulator;
};

#define I2C_LOCK_ROOT_ADAPTER	0x01
#define I2C_LOCK_SEGMENT	0x02

#define I2C_CLASS_HWMON		(1 << 0)
#define I2C_CLASS_DDC		(1 << 3)
#define I2C_CLASS_SPD		(1 << 7)
#define I2C_CLASS_DEPRECATED	(1 << 8)

#endif /* _UMOD_KABI_I2C_H */
