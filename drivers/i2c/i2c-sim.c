// SPDX-License-Identifier: MIT
/*
 * The board's I2C controllers, simulated: a platform driver of the host
 * that takes a controller node (compatible "umod,i2c-sim", or the
 * Raspberry Pi's "brcm,bcm2711-i2c", "brcm,bcm2835-i2c", standing in for
 * i2c-bcm2835) and registers an adapter for it, numbered by the tree's
 * i2cN alias, named as i2c-bcm2835 names its adapters ("bcm2835
 * (i2c@7e804000)") or by the node's umod,label. Its transfers reach the
 * models placed below the node (boards/bus.c): plain I2C messages, with
 * SMBus emulated over them by the core, as on a Pi.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <umod/kabi/of.h>

#include "boards/board.h"
#include "drivers/base/base.h"
#include "drivers/i2c/i2c-core.h"
#include "drivers/of/of_private.h"

static int sim_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return umod_board_i2c_transfer(umod_i2c_host(&adap->dev), adap->dev.of_node, msgs, num);
}

static unsigned int sim_functionality(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C | I2C_FUNC_SMBUS_EMUL_ALL;
}

static const struct i2c_algorithm sim_algo = {
	.master_xfer = sim_xfer,
	.functionality = sim_functionality,
};

static int sim_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node;
	struct umod_driver_core *dcore = umod_dev_core(&pdev->dev);
	struct i2c_adapter *adap = calloc(1, sizeof(*adap));
	const char *label = umod_of_get_property(np, "umod,label", NULL);
	int err;

	if (!adap)
		return -ENOMEM;
	if (label)
		snprintf(adap->name, sizeof(adap->name), "%s", label);
	else if (umod_of_device_is_compatible(np, "umod,i2c-sim") > 0)
		snprintf(adap->name, sizeof(adap->name), "i2c-sim (%s)", np->full_name);
	else
		snprintf(adap->name, sizeof(adap->name), "bcm2835 (%s)", np->full_name);
	adap->class = I2C_CLASS_DEPRECATED;
	adap->algo = &sim_algo;
	adap->dev.parent = &pdev->dev;
	adap->dev.of_node = np;
	adap->nr = -1;
	err = umod_i2c_add_adapter(umod_i2c_core(dcore->host), adap);
	if (err) {
		free(adap);
		return err;
	}
	pdev->dev.driver_data = adap;
	return 0;
}

static int sim_remove(struct platform_device *pdev)
{
	struct i2c_adapter *adap = pdev->dev.driver_data;

	umod_i2c_del_adapter(adap);
	free(adap);
	return 0;
}

static const struct of_device_id sim_of_match[] = {
	{ .compatible = "umod,i2c-sim" },
	{ .compatible = "brcm,bcm2711-i2c" },
	{ .compatible = "brcm,bcm2835-i2c" },
	{ .compatible = "" }
};

int umod_i2c_sim_register(struct umod_host *host)
{
	struct umod_i2c_core *core = umod_i2c_core(host);
	struct umod_driver_core *dcore = umod_driver_core(host);

	if (!core || !dcore)
		return -ENODEV;
	if (core->sim_driver)
		return 0;
	return umod_platform_host_driver(dcore, "i2c-sim", sim_of_match, sim_probe, sim_remove,
					 &core->sim_driver);
}
