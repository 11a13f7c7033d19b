// SPDX-License-Identifier: MIT
/*
 * SMBus (Linux 6.1's drivers/i2c/i2c-core-smbus.c): each SMBus protocol
 * through the adapter's smbus_xfer when it has one, else emulated as the
 * I2C messages the SMBus specification describes (a command byte written,
 * then a repeated START to read), over master_xfer. Words are little
 * endian on the wire, as SMBus has them.
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/i2c/i2c-core.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"

typedef unsigned char u8;

/* the messages of protocol @size; how many, or -errno */
static int build(struct i2c_adapter *adap, struct i2c_msg *msg, char read_write,
		 int size, union i2c_smbus_data *data)
{
	u8 *b0 = msg[0].buf;
	int read = read_write == I2C_SMBUS_READ;

	switch (size) {
	case I2C_SMBUS_QUICK:
		msg[0].len = 0;
		msg[0].flags |= read ? I2C_M_RD : 0;
		return 1;
	case I2C_SMBUS_BYTE:
		msg[0].flags |= read ? I2C_M_RD : 0;
		return 1;
	case I2C_SMBUS_BYTE_DATA:
		if (read)
			msg[1].len = 1;
		else
			b0[msg[0].len++] = data->byte;
		return read ? 2 : 1;
	case I2C_SMBUS_WORD_DATA:
	case I2C_SMBUS_PROC_CALL:
		if (!read || size == I2C_SMBUS_PROC_CALL) {
			b0[msg[0].len++] = (u8)(data->word & 0xff);
			b0[msg[0].len++] = (u8)(data->word >> 8);
		}
		msg[1].len = 2;
		return read || size == I2C_SMBUS_PROC_CALL ? 2 : 1;
	case I2C_SMBUS_BLOCK_DATA:
		if (read) {
			msg[1].flags |= I2C_M_RECV_LEN;
			msg[1].len = 1;
			return 2;
		}
		if (data->block[0] > I2C_SMBUS_BLOCK_MAX) {
			umod_dev_printk(KERN_ERR, &adap->dev, "Invalid block write size %d\n",
					data->block[0]);
			return -EINVAL;
		}
		memcpy(b0 + 1, data->block, (size_t)data->block[0] + 1);
		msg[0].len = (unsigned short)(data->block[0] + 2);
		return 1;
	case I2C_SMBUS_I2C_BLOCK_DATA:
		if (data->block[0] > I2C_SMBUS_BLOCK_MAX) {
			umod_dev_printk(KERN_ERR, &adap->dev, "Invalid block %s size %d\n",
					read ? "read" : "write", data->block[0]);
			return -EINVAL;
		}
		if (read) {
			msg[1].len = data->block[0];
			return 2;
		}
		memcpy(b0 + 1, data->block + 1, data->block[0]);
		msg[0].len = (unsigned short)(data->block[0] + 1);
		return 1;
	default:
		umod_dev_printk(KERN_ERR, &adap->dev, "Unsupported transaction %d\n", size);
		return -EOPNOTSUPP;
	}
}

static void unpack(int size, const u8 *b0, const u8 *b1, union i2c_smbus_data *data)
{
	switch (size) {
	case I2C_SMBUS_BYTE:
		data->byte = b0[0];
		break;
	case I2C_SMBUS_BYTE_DATA:
		data->byte = b1[0];
		break;
	case I2C_SMBUS_WORD_DATA:
	case I2C_SMBUS_PROC_CALL:
		data->word = (unsigned short)(b1[0] | b1[1] << 8);
		break;
	case I2C_SMBUS_I2C_BLOCK_DATA:
		memcpy(data->block + 1, b1, data->block[0]);
		break;
	case I2C_SMBUS_BLOCK_DATA:
		memcpy(data->block, b1, (size_t)b1[0] + 1);
		break;
	}
}

static int emulated(struct i2c_adapter *adap, unsigned short addr, unsigned short flags,
		    char read_write, u8 command, int size, union i2c_smbus_data *data)
{
	u8 b0[I2C_SMBUS_BLOCK_MAX + 3], b1[I2C_SMBUS_BLOCK_MAX + 2];
	struct i2c_msg msg[2] = {
		{ .addr = addr, .flags = flags, .len = 1, .buf = b0 },
		{ .addr = addr, .flags = flags | I2C_M_RD, .len = 0, .buf = b1 },
	};
	int n, status;

	b0[0] = command;
	if (size == I2C_SMBUS_BYTE && read_write == I2C_SMBUS_READ)
		msg[0].len = 1;
	n = build(adap, msg, read_write, size, data);
	if (n < 0)
		return n;
	if (size == I2C_SMBUS_BYTE && read_write == I2C_SMBUS_READ)
		msg[0].buf = b0;
	status = umod_i2c_transfer(adap, msg, n);
	if (status < 0)
		return status;
	if (status != n)
		return -EIO;
	if (read_write == I2C_SMBUS_READ || size == I2C_SMBUS_PROC_CALL)
		unpack(size, b0, b1, data);
	return 0;
}

struct smbus_call {
	struct i2c_adapter *adap;
	unsigned short addr, flags;
	char read_write;
	u8 command;
	int size;
	union i2c_smbus_data *data;
};

static long call_smbus_xfer(void *arg)
{
	struct smbus_call *c = arg;

	return c->adap->algo->smbus_xfer(c->adap, c->addr, c->flags, c->read_write, c->command,
					 c->size, c->data);
}

/* __i2c_smbus_xfer(): the bus locked */
static int smbus_xfer_locked(struct i2c_adapter *adap, unsigned short addr,
			     unsigned short flags, char read_write, u8 command, int size,
			     union i2c_smbus_data *data)
{
	struct smbus_call c = { adap, addr, (unsigned short)(flags & (I2C_M_TEN | I2C_CLIENT_PEC |
								      I2C_CLIENT_SCCB)),
				read_write, command, size, data };
	int res = -EOPNOTSUPP;

	if (!adap || !adap->algo)
		return -EINVAL;
	if (adap->algo->smbus_xfer) {
		res = -EAGAIN;
		for (int try = 0; try <= adap->retries && res == -EAGAIN; try++)
			res = (int)umod_base_call(umod_module_of(adap->owner), call_smbus_xfer, &c);
		if (res != -EOPNOTSUPP || !adap->algo->master_xfer)
			return res;
	}
	return emulated(adap, addr, c.flags, read_write, command, size, data);
}

static int kapi___i2c_smbus_xfer(struct i2c_adapter *adap, unsigned short addr,
				 unsigned short flags, char read_write, u8 command, int size,
				 union i2c_smbus_data *data)
{
	return smbus_xfer_locked(adap, addr, flags, read_write, command, size, data);
}

int umod_i2c_smbus_xfer(struct i2c_adapter *adap, unsigned short addr, unsigned short flags,
			char read_write, unsigned char command, int size,
			union i2c_smbus_data *data)
{
	int res;

	if (!adap || !adap->lock_ops)
		return -EINVAL;
	adap->lock_ops->lock_bus(adap, I2C_LOCK_SEGMENT);
	res = smbus_xfer_locked(adap, addr, flags, read_write, command, size, data);
	adap->lock_ops->unlock_bus(adap, I2C_LOCK_SEGMENT);
	return res;
}

static int kapi_i2c_smbus_xfer(struct i2c_adapter *adap, unsigned short addr,
			       unsigned short flags, char read_write, u8 command, int size,
			       union i2c_smbus_data *data)
{
	return umod_i2c_smbus_xfer(adap, addr, flags, read_write, command, size, data);
}

static int client_xfer(const struct i2c_client *client, char read_write, u8 command, int size,
		       union i2c_smbus_data *data)
{
	return kapi_i2c_smbus_xfer(client->adapter, client->addr, client->flags, read_write,
				   command, size, data);
}

static int kapi_i2c_smbus_read_byte(const struct i2c_client *client)
{
	union i2c_smbus_data data;
	int status = client_xfer(client, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &data);

	return status < 0 ? status : data.byte;
}

static int kapi_i2c_smbus_write_byte(const struct i2c_client *client, u8 value)
{
	return client_xfer(client, I2C_SMBUS_WRITE, value, I2C_SMBUS_BYTE, NULL);
}

static int kapi_i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command)
{
	union i2c_smbus_data data;
	int status = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_BYTE_DATA, &data);

	return status < 0 ? status : data.byte;
}

static int kapi_i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command,
					  u8 value)
{
	union i2c_smbus_data data = { .byte = value };

	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_BYTE_DATA, &data);
}

static int kapi_i2c_smbus_read_word_data(const struct i2c_client *client, u8 command)
{
	union i2c_smbus_data data;
	int status = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_WORD_DATA, &data);

	return status < 0 ? status : data.word;
}

static int kapi_i2c_smbus_write_word_data(const struct i2c_client *client, u8 command,
					  unsigned short value)
{
	union i2c_smbus_data data = { .word = value };

	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_WORD_DATA, &data);
}

static int kapi_i2c_smbus_read_block_data(const struct i2c_client *client, u8 command,
					  u8 *values)
{
	union i2c_smbus_data data;
	int status = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_BLOCK_DATA, &data);

	if (status)
		return status;
	memcpy(values, &data.block[1], data.block[0]);
	return data.block[0];
}

static int kapi_i2c_smbus_write_block_data(const struct i2c_client *client, u8 command,
					   u8 length, const u8 *values)
{
	union i2c_smbus_data data;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	data.block[0] = length;
	memcpy(&data.block[1], values, length);
	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_BLOCK_DATA, &data);
}

static int kapi_i2c_smbus_read_i2c_block_data(const struct i2c_client *client, u8 command,
					      u8 length, u8 *values)
{
	union i2c_smbus_data data;
	int status;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	data.block[0] = length;
	status = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_I2C_BLOCK_DATA, &data);
	if (status < 0)
		return status;
	memcpy(values, &data.block[1], data.block[0]);
	return data.block[0];
}

static int kapi_i2c_smbus_write_i2c_block_data(const struct i2c_client *client, u8 command,
					       u8 length, const u8 *values)
{
	union i2c_smbus_data data;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	data.block[0] = length;
	memcpy(data.block + 1, values, length);
	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_I2C_BLOCK_DATA, &data);
}

struct func_call {
	struct i2c_adapter *adap;
};

static long call_functionality(void *arg)
{
	struct func_call *c = arg;

	return (long)c->adap->algo->functionality(c->adap);
}

unsigned int umod_i2c_functionality(struct i2c_adapter *adap)
{
	struct func_call c = { adap };

	return (unsigned int)umod_base_call(umod_module_of(adap->owner), call_functionality, &c);
}

/* an I2C block read if the adapter does them, else byte by byte */
static int kapi_i2c_smbus_read_i2c_block_data_or_emulated(const struct i2c_client *client,
							  u8 command, u8 length, u8 *values)
{
	unsigned int func = umod_i2c_functionality(client->adapter);
	u8 i;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	if (func & I2C_FUNC_SMBUS_READ_I2C_BLOCK)
		return kapi_i2c_smbus_read_i2c_block_data(client, command, length, values);
	if (!(func & I2C_FUNC_SMBUS_READ_BYTE_DATA))
		return -EOPNOTSUPP;
	for (i = 0; i < length; i++) {
		int status = kapi_i2c_smbus_read_byte_data(client, (u8)(command + i));

		if (status < 0)
			return status;
		values[i] = (u8)status;
	}
	return i;
}

static const struct umod_kapi_export smbus_exports[] = {
	UMOD_KAPI("i2c_smbus_xfer", kapi_i2c_smbus_xfer),
	UMOD_KAPI("__i2c_smbus_xfer", kapi___i2c_smbus_xfer),
	UMOD_KAPI("i2c_smbus_read_byte", kapi_i2c_smbus_read_byte),
	UMOD_KAPI("i2c_smbus_write_byte", kapi_i2c_smbus_write_byte),
	UMOD_KAPI("i2c_smbus_read_byte_data", kapi_i2c_smbus_read_byte_data),
	UMOD_KAPI("i2c_smbus_write_byte_data", kapi_i2c_smbus_write_byte_data),
	UMOD_KAPI("i2c_smbus_read_word_data", kapi_i2c_smbus_read_word_data),
	UMOD_KAPI("i2c_smbus_write_word_data", kapi_i2c_smbus_write_word_data),
	UMOD_KAPI("i2c_smbus_read_block_data", kapi_i2c_smbus_read_block_data),
	UMOD_KAPI("i2c_smbus_write_block_data", kapi_i2c_smbus_write_block_data),
	UMOD_KAPI("i2c_smbus_read_i2c_block_data", kapi_i2c_smbus_read_i2c_block_data),
	UMOD_KAPI("i2c_smbus_write_i2c_block_data", kapi_i2c_smbus_write_i2c_block_data),
	UMOD_KAPI("i2c_smbus_read_i2c_block_data_or_emulated",
		      kapi_i2c_smbus_read_i2c_block_data_or_emulated),
};

const struct umod_kapi_table umod_kapi_i2c_smbus = UMOD_KAPI_TABLE(smbus_exports);
