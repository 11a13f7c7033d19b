/* SPDX-License-Identifier: MIT */
/*
 * I2C and SMBus (Linux 6.1's include/linux/i2c.h): client drivers bound by
 * i2c_device_id or of_match tables, the SMBus calls (emulated over
 * i2c_transfer() when the adapter has no smbus_xfer), plain transfers,
 * clients instantiated from the board's device tree, by
 * i2c_new_client_device() or by a write to an adapter's new_device file,
 * and adapters a module registers. The structures are shared with the
 * host (umod/kabi/i2c.h).
 */
#ifndef _LINUX_I2C_H
#define _LINUX_I2C_H

#include <linux/bits.h>
#include <linux/device.h>
#include <linux/mod_devicetable.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/sched.h>
#include <linux/swab.h>
#include <umod/kabi/i2c.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/hardirq.h>
#include <asm/io.h>
#include <asm/irq.h>
#include <asm/pgtable.h>
#include <asm/uaccess.h>
#include <linux/bio.h>
#include <linux/blk_types.h>
#include <linux/bvec.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/ctype.h>
#include <linux/dma-direction.h>
#include <linux/fcntl.h>
#include <linux/freezer.h>
#include <linux/fs.h>
#include <linux/hardirq.h>
#include <linux/hash.h>
#include <linux/highmem.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irqdomain.h>
#include <linux/irqhandler.h>
#include <linux/irqreturn.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/semaphore.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string_helpers.h>
#include <linux/u64_stats_sync.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/user_namespace.h>
#include <linux/vmalloc.h>

extern struct bus_type i2c_bus_type;
extern struct device_type i2c_adapter_type;
extern struct device_type i2c_client_type;

/* ---- transfers ------------------------------------------------------------- */

int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
int __i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
int i2c_transfer_buffer_flags(const struct i2c_client *client, char *buf, int count,
			      u16 flags);

static inline int i2c_master_recv(const struct i2c_client *client, char *buf, int count)
{
	return i2c_transfer_buffer_flags(client, buf, count, I2C_M_RD);
}

static inline int i2c_master_recv_dmasafe(const struct i2c_client *client, char *buf,
					  int count)
{
	return i2c_transfer_buffer_flags(client, buf, count, I2C_M_RD | I2C_M_DMA_SAFE);
}

static inline int i2c_master_send(const struct i2c_client *client, const char *buf, int count)
{
	return i2c_transfer_buffer_flags(client, (char *)buf, count, 0);
}

static inline int i2c_master_send_dmasafe(const struct i2c_client *client, const char *buf,
					  int count)
{
	return i2c_transfer_buffer_flags(client, (char *)buf, count, I2C_M_DMA_SAFE);
}

/* ---- SMBus ---------------------------------------------------------------------- */

s32 i2c_smbus_xfer(struct i2c_adapter *adapter, u16 addr, unsigned short flags,
		   char read_write, u8 command, int protocol, union i2c_smbus_data *data);
s32 __i2c_smbus_xfer(struct i2c_adapter *adapter, u16 addr, unsigned short flags,
		     char read_write, u8 command, int protocol, union i2c_smbus_data *data);

s32 i2c_smbus_read_byte(const struct i2c_client *client);
s32 i2c_smbus_write_byte(const struct i2c_client *client, u8 value);
s32 i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command);
s32 i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command, u8 value);
s32 i2c_smbus_read_word_data(const struct i2c_client *client, u8 command);
s32 i2c_smbus_write_word_data(const struct i2c_client *client, u8 command, u16 value);

static inline s32 i2c_smbus_read_word_swapped(const struct i2c_client *client, u8 command)
{
	s32 value = i2c_smbus_read_word_data(client, command);

	return (value < 0) ? value : swab16(value);
}

static inline s32 i2c_smbus_write_word_swapped(const struct i2c_client *client, u8 command,
					       u16 value)
{
	return i2c_smbus_write_word_data(client, command, swab16(value));
}

s32 i2c_smbus_read_block_data(const struct i2c_client *client, u8 command, u8 *values);
s32 i2c_smbus_write_block_data(const struct i2c_client *client, u8 command, u8 length,
			       const u8 *values);
s32 i2c_smbus_read_i2c_block_data(const struct i2c_client *client, u8 command, u8 length,
				  u8 *values);
s32 i2c_smbus_write_i2c_block_data(const struct i2c_client *client, u8 command, u8 length,
				   const u8 *values);
s32 i2c_smbus_read_i2c_block_data_or_emulated(const struct i2c_client *client, u8 command,
					      u8 length, u8 *values);

/* ---- clients and drivers -------------------------------------------------------- */

#define to_i2c_driver(d)	container_of(d, struct i2c_driver, driver)
#define to_i2c_client(d)	container_of(d, struct i2c_client, dev)
#define to_i2c_adapter(d)	container_of(d, struct i2c_adapter, dev)

struct i2c_client *i2c_verify_client(struct device *dev);
struct i2c_adapter *i2c_verify_adapter(struct device *dev);
const struct i2c_device_id *i2c_match_id(const struct i2c_device_id *id,
					 const struct i2c_client *client);

static inline struct i2c_client *kobj_to_i2c_client(struct kobject *kobj)
{
	struct device * const dev = kobj_to_dev(kobj);

	return to_i2c_client(dev);
}

static inline void *i2c_get_clientdata(const struct i2c_client *client)
{
	return dev_get_drvdata(&client->dev);
}

static inline void i2c_set_clientdata(struct i2c_client *client, void *data)
{
	dev_set_drvdata(&client->dev, data);
}

#define I2C_BOARD_INFO(dev_type, dev_addr) \
	.type = dev_type, .addr = (dev_addr)

struct i2c_client *i2c_new_client_device(struct i2c_adapter *adap,
					 struct i2c_board_info const *info);
struct i2c_client *i2c_new_dummy_device(struct i2c_adapter *adapter, u16 address);
struct i2c_client *devm_i2c_new_dummy_device(struct device *dev, struct i2c_adapter *adap,
					     u16 address);
void i2c_unregister_device(struct i2c_client *client);

int i2c_register_driver(struct module *owner, struct i2c_driver *driver);
void i2c_del_driver(struct i2c_driver *driver);

#define i2c_add_driver(driver) \
	i2c_register_driver(THIS_MODULE, driver)

static inline bool i2c_client_has_driver(struct i2c_client *client)
{
	return !IS_ERR_OR_NULL(client) && client->dev.driver;
}

#define module_i2c_driver(__i2c_driver) \
	module_driver(__i2c_driver, i2c_add_driver, i2c_del_driver)

/* ---- adapters ---------------------------------------------------------------------- */

static inline void *i2c_get_adapdata(const struct i2c_adapter *adap)
{
	return dev_get_drvdata(&adap->dev);
}

static inline void i2c_set_adapdata(struct i2c_adapter *adap, void *data)
{
	dev_set_drvdata(&adap->dev, data);
}

static inline struct i2c_adapter *i2c_parent_is_i2c_adapter(const struct i2c_adapter *adapter)
{
	struct device *parent = adapter->dev.parent;

	if (parent != NULL && parent->type == &i2c_adapter_type)
		return to_i2c_adapter(parent);
	return NULL;
}

static inline void i2c_lock_bus(struct i2c_adapter *adapter, unsigned int flags)
{
	adapter->lock_ops->lock_bus(adapter, flags);
}

static inline int i2c_trylock_bus(struct i2c_adapter *adapter, unsigned int flags)
{
	return adapter->lock_ops->trylock_bus(adapter, flags);
}

static inline void i2c_unlock_bus(struct i2c_adapter *adapter, unsigned int flags)
{
	adapter->lock_ops->unlock_bus(adapter, flags);
}

int i2c_add_adapter(struct i2c_adapter *adap);
int devm_i2c_add_adapter(struct device *dev, struct i2c_adapter *adapter);
void i2c_del_adapter(struct i2c_adapter *adap);
int i2c_add_numbered_adapter(struct i2c_adapter *adap);

struct i2c_adapter *i2c_get_adapter(int nr);
void i2c_put_adapter(struct i2c_adapter *adap);
unsigned int i2c_adapter_depth(struct i2c_adapter *adapter);

static inline u32 i2c_get_functionality(struct i2c_adapter *adap)
{
	return adap->algo->functionality(adap);
}

static inline int i2c_check_functionality(struct i2c_adapter *adap, u32 func)
{
	return (func & i2c_get_functionality(adap)) == func;
}

static inline bool i2c_check_quirks(struct i2c_adapter *adap, u64 quirks)
{
	if (!adap->quirks)
		return false;
	return (adap->quirks->flags & quirks) == quirks;
}

static inline int i2c_adapter_id(struct i2c_adapter *adap)
{
	return adap->nr;
}

static inline u8 i2c_8bit_addr_from_msg(const struct i2c_msg *msg)
{
	return (msg->addr << 1) | (msg->flags & I2C_M_RD ? 1 : 0);
}

/* ---- the device tree ----------------------------------------------------------------- */

struct i2c_client *of_find_i2c_device_by_node(struct device_node *node);
struct i2c_adapter *of_find_i2c_adapter_by_node(struct device_node *node);
const struct of_device_id *i2c_of_match_device(const struct of_device_id *matches,
					       struct i2c_client *client);

#endif /* _LINUX_I2C_H */
