// SPDX-License-Identifier: MIT
/*
 * The I2C core (Linux 6.1's drivers/i2c/i2c-core-base.c): the i2c bus,
 * whose devices are adapters (i2c-N, numbered by the device tree's i2cN
 * aliases, else from one past the highest alias) and clients below them
 * (N-00AA), bound to i2c drivers by OF compatible, then by i2c_device_id.
 * Each adapter has name, new_device and delete_device: a write of
 * "TYPE ADDR" instantiates a client as the kernel's does, and only such
 * clients can be deleted. Transfers take the adapter's bus lock and run
 * its master_xfer as the adapter's module's code (the board's
 * controllers are host code, i2c-sim.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/i2c/i2c-core.h"
#include "drivers/of/of_private.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"
#include "kernel/locking/mutex.h"
#include "kernel/sched/sched.h"
#include "lib/kobject_uevent.h"

#define I2C_ADDR_OFFSET_TEN_BIT	0xa000
#define I2C_ADDR_OFFSET_SLAVE	0x1000
#define HZ			250

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };

struct umod_i2c_core *umod_i2c_core(struct umod_host *host)
{
	struct umod_i2c_core *found = NULL;

	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *n = registry.next; n != &registry; n = n->next) {
		struct umod_i2c_core *c = umod_container_of(n, struct umod_i2c_core, link);

		if (c->host == host)
			found = c;
	}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

struct umod_host *umod_i2c_host(struct device *dev)
{
	struct umod_driver_core *core = umod_dev_core(dev);

	return core ? core->host : NULL;
}

#define to_client(d)	umod_container_of(d, struct i2c_client, dev)
#define to_adapter(d)	umod_container_of(d, struct i2c_adapter, dev)
#define to_i2c_drv(d)	umod_container_of(d, struct i2c_driver, driver)

static struct i2c_client *verify_client(struct device *dev)
{
	return dev && dev->type == &umod_i2c_client_type ? to_client(dev) : NULL;
}

static struct i2c_adapter *verify_adapter(struct device *dev)
{
	return dev && dev->type == &umod_i2c_adapter_type ? to_adapter(dev) : NULL;
}

/* ---- matching and binding -------------------------------------------------------------- */

static const struct i2c_device_id *match_id(const struct i2c_device_id *id,
					    const struct i2c_client *client)
{
	for (; id && client && id->name[0]; id++)
		if (!strcmp(client->name, id->name))
			return id;
	return NULL;
}

static int i2c_device_match(struct device *dev, struct device_driver *drv)
{
	struct i2c_client *client = verify_client(dev);

	if (!client)
		return 0;
	if (umod_i2c_of_match_device(drv->of_match_table, client))
		return 1;
	return match_id(to_i2c_drv(drv)->id_table, client) != NULL;
}

static int i2c_device_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	char buf[UEVENT_BUFFER_SIZE];
	struct i2c_client *client = verify_client(dev);

	if (!client)
		return 0;
	if (umod_of_device_modalias(dev, buf, sizeof(buf)) >= 0)
		return umod_add_uevent_var(env, "MODALIAS=%s", buf);
	return umod_add_uevent_var(env, "MODALIAS=%s%s", I2C_MODULE_PREFIX, client->name);
}

struct drv_call {
	struct i2c_driver *drv;
	struct i2c_client *client;
};

static long call_probe(void *arg)
{
	struct drv_call *c = arg;

	if (c->drv->probe_new)
		return c->drv->probe_new(c->client);
	if (c->drv->probe)
		return c->drv->probe(c->client, match_id(c->drv->id_table, c->client));
	return -EINVAL;
}

static long call_remove(void *arg)
{
	struct drv_call *c = arg;

	c->drv->remove(c->client);
	return 0;
}

static int i2c_device_probe(struct device *dev)
{
	struct i2c_client *client = verify_client(dev);
	struct drv_call c;

	if (!client)
		return 0;
	c = (struct drv_call){ to_i2c_drv(dev->driver), client };
	client->irq = client->init_irq;
	if (!client->irq && dev->of_node) {
		int irq = umod_of_irq_get(dev->of_node, 0);

		if (irq == -EPROBE_DEFER)
			return irq;
		client->irq = irq > 0 ? irq : 0;
	}
	/* an id table is needed unless the OF table matched */
	if (!c.drv->id_table && !umod_i2c_of_match_device(dev->driver->of_match_table, client))
		return -ENODEV;
	return (int)umod_base_call(umod_module_of(c.drv->driver.owner), call_probe, &c);
}

static void i2c_device_remove(struct device *dev)
{
	struct i2c_client *client = verify_client(dev);
	struct drv_call c;

	if (!client)
		return;
	c = (struct drv_call){ to_i2c_drv(dev->driver), client };
	if (c.drv->remove)
		umod_base_call(umod_module_of(c.drv->driver.owner), call_remove, &c);
	client->irq = 0;
}

struct bus_type umod_i2c_bus_type = {
	.name = "i2c",
	.match = i2c_device_match,
	.uevent = i2c_device_uevent,
	.probe = i2c_device_probe,
	.remove = i2c_device_remove,
};

/* ---- clients ------------------------------------------------------------------------------ */

static void client_release(struct device *dev)
{
	free(to_client(dev));
}

struct device_type umod_i2c_client_type = {
	.release = client_release,
};

static long name_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;

	return snprintf(page, UMOD_PAGE_SIZE, "%s\n", dev->type == &umod_i2c_client_type ?
			to_client(dev)->name : to_adapter(dev)->name);
}

static long modalias_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;
	long len = umod_of_device_modalias(dev, page, UMOD_PAGE_SIZE - 1);

	if (len >= 0) {
		page[len++] = '\n';
		return len;
	}
	return snprintf(page, UMOD_PAGE_SIZE, "%s%s\n", I2C_MODULE_PREFIX, to_client(dev)->name);
}

static const struct umod_kernfs_ops name_ops = { name_show, NULL };
static const struct umod_kernfs_ops modalias_ops = { modalias_show, NULL };

static unsigned short encode_addr(const struct i2c_client *client)
{
	unsigned short addr = client->addr;

	if (client->flags & I2C_CLIENT_TEN)
		addr |= I2C_ADDR_OFFSET_TEN_BIT;
	if (client->flags & I2C_CLIENT_SLAVE)
		addr |= I2C_ADDR_OFFSET_SLAVE;
	return addr;
}

static int check_addr_validity(unsigned int addr, unsigned short flags)
{
	if (flags & I2C_CLIENT_TEN)
		return addr > 0x3ff ? -EINVAL : 0;
	return addr == 0x00 || addr > 0x7f ? -EINVAL : 0;
}

/* the devices on the i2c bus of @adap's host (references held) */
static struct device **bus_devices(struct i2c_adapter *adap, size_t *np)
{
	struct umod_driver_core *core = umod_dev_core(&adap->dev);
	struct subsys_private *sp = core ? umod_bus_private(core, &umod_i2c_bus_type) : NULL;

	*np = 0;
	if (!sp)
		return NULL;
	return umod_base_collect(core, &sp->devices, offsetof(struct device_private, node_bus),
				 np);
}

static int check_addr_busy(struct i2c_adapter *adap, unsigned short addr)
{
	size_t n;
	struct device **v = bus_devices(adap, &n);
	int busy = 0;

	for (size_t i = 0; i < n; i++) {
		struct i2c_client *c = verify_client(v[i]);

		if (c && c->adapter == adap && encode_addr(c) == addr)
			busy = -EBUSY;
	}
	umod_base_put_all(v, n);
	return busy;
}

struct i2c_client *umod_i2c_new_client_device(struct i2c_adapter *adap,
					      const struct i2c_board_info *info)
{
	struct umod_driver_core *core = umod_dev_core(&adap->dev);
	struct i2c_client *client = calloc(1, sizeof(*client));
	int status;

	if (!client)
		return (struct i2c_client *)(intptr_t)-ENOMEM;
	client->adapter = adap;
	client->dev.platform_data = info->platform_data;
	client->flags = info->flags;
	client->addr = info->addr;
	client->init_irq = info->irq;
	snprintf(client->name, sizeof(client->name), "%s", info->type);
	status = check_addr_validity(client->addr, client->flags);
	if (status) {
		umod_dev_printk(KERN_ERR, &adap->dev, "Invalid %d-bit I2C address 0x%02hx\n",
				client->flags & I2C_CLIENT_TEN ? 10 : 7, client->addr);
		free(client);
		return (struct i2c_client *)(intptr_t)status;
	}
	status = check_addr_busy(adap, encode_addr(client));
	if (!status) {
		umod_device_initialize(core, &client->dev);
		if (client->dev.p)
			client->dev.p->owner = NULL;	/* the release is the host's */
		client->dev.parent = &adap->dev;
		client->dev.bus = &umod_i2c_bus_type;
		client->dev.type = &umod_i2c_client_type;
		client->dev.of_node = info->of_node;
		client->dev.fwnode = info->fwnode;
		status = umod_dev_set_name(&client->dev, "%d-%04x", adap->nr, encode_addr(client));
		if (!status)
			status = umod_device_add(core, &client->dev);
		if (!status)
			status = umod_base_file(&client->dev.kobj, "name", 0444, &name_ops,
						&client->dev);
		if (!status)
			status = umod_base_file(&client->dev.kobj, "modalias", 0444,
						&modalias_ops, &client->dev);
		if (!status)
			return client;
	}
	umod_dev_printk(KERN_ERR, &adap->dev, "Failed to register i2c client %s at 0x%02x (%d)\n",
			client->name, client->addr, status);
	if (client->dev.p) {
		umod_device_del(&client->dev);
		umod_put_device(&client->dev);
	} else {
		free(client);
	}
	return (struct i2c_client *)(intptr_t)status;
}

void umod_i2c_unregister_device(struct i2c_client *client)
{
	if (!client || (uintptr_t)client >= (uintptr_t)-4095)
		return;
	umod_device_del(&client->dev);
	umod_put_device(&client->dev);
}

/* ---- adapters: new_device and delete_device ------------------------------------------------- */

static long new_device_store(struct kernfs_node *kn, void *priv, const char *buf, size_t count)
{
	struct i2c_adapter *adap = to_adapter((struct device *)priv);
	struct i2c_board_info info = { 0 };
	struct i2c_client *client;
	const char *blank = strchr(buf, ' ');
	char end;
	int res;

	if (!blank) {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Missing parameters\n", "new_device");
		return -EINVAL;
	}
	if (blank - buf > I2C_NAME_SIZE - 1) {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Invalid device name\n", "new_device");
		return -EINVAL;
	}
	memcpy(info.type, buf, (size_t)(blank - buf));
	res = sscanf(++blank, "%hi%c", &info.addr, &end);
	if (res < 1) {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Can't parse I2C address\n", "new_device");
		return -EINVAL;
	}
	if (res > 1 && end != '\n') {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Extra parameters\n", "new_device");
		return -EINVAL;
	}
	if ((info.addr & I2C_ADDR_OFFSET_TEN_BIT) == I2C_ADDR_OFFSET_TEN_BIT) {
		info.addr &= ~I2C_ADDR_OFFSET_TEN_BIT;
		info.flags |= I2C_CLIENT_TEN;
	}
	if (info.addr & I2C_ADDR_OFFSET_SLAVE) {
		info.addr &= ~I2C_ADDR_OFFSET_SLAVE;
		info.flags |= I2C_CLIENT_SLAVE;
	}
	client = umod_i2c_new_client_device(adap, &info);
	if ((uintptr_t)client >= (uintptr_t)-4095)
		return (long)(intptr_t)client;
	umod_mutex_lock(&adap->userspace_clients_lock);
	umod_list_add((struct umod_list *)&client->detected,
		      (struct umod_list *)adap->userspace_clients.prev);
	umod_mutex_unlock(&adap->userspace_clients_lock);
	umod_dev_printk(KERN_INFO, &adap->dev, "%s: Instantiated device %s at 0x%02hx\n",
			"new_device", info.type, info.addr);
	return (long)count;
}

static long delete_device_store(struct kernfs_node *kn, void *priv, const char *buf,
				size_t count)
{
	struct i2c_adapter *adap = to_adapter((struct device *)priv);
	struct umod_list *head = (struct umod_list *)&adap->userspace_clients;
	struct i2c_client *found = NULL;
	unsigned short addr;
	char end;
	int res = sscanf(buf, "%hi%c", &addr, &end);

	if (res < 1) {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Can't parse I2C address\n",
				"delete_device");
		return -EINVAL;
	}
	if (res > 1 && end != '\n') {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Extra parameters\n", "delete_device");
		return -EINVAL;
	}
	umod_mutex_lock(&adap->userspace_clients_lock);
	for (struct umod_list *n = head->next; n != head && !found; n = n->next) {
		struct i2c_client *c = umod_container_of((struct list_head *)n, struct i2c_client,
							 detected);

		if (encode_addr(c) == addr) {
			umod_dev_printk(KERN_INFO, &adap->dev, "%s: Deleting device %s at 0x%02hx\n",
					"delete_device", c->name, c->addr);
			umod_list_del(n);
			found = c;
		}
	}
	if (found)
		umod_i2c_unregister_device(found);
	umod_mutex_unlock(&adap->userspace_clients_lock);
	if (!found) {
		umod_dev_printk(KERN_ERR, &adap->dev, "%s: Can't find device in list\n",
				"delete_device");
		return -ENOENT;
	}
	return (long)count;
}

static const struct umod_kernfs_ops new_device_ops = { NULL, new_device_store };
static const struct umod_kernfs_ops delete_device_ops = { NULL, delete_device_store };

static void adapter_release(struct device *dev)
{
	umod_complete(&to_adapter(dev)->dev_released);
}

struct device_type umod_i2c_adapter_type = {
	.release = adapter_release,
};

/* ---- adapters: numbers, registration ----------------------------------------------------------- */

static void default_lock_bus(struct i2c_adapter *adap, unsigned int flags)
{
	umod_mutex_lock(&adap->bus_lock.lock);
}

static int default_trylock_bus(struct i2c_adapter *adap, unsigned int flags)
{
	return umod_mutex_trylock(&adap->bus_lock.lock);
}

static void default_unlock_bus(struct i2c_adapter *adap, unsigned int flags)
{
	umod_mutex_unlock(&adap->bus_lock.lock);
}

static const struct i2c_lock_operations default_lock_ops = {
	default_lock_bus, default_trylock_bus, default_unlock_bus,
};

/* @nr if it is free (>= 0), else the first free number from @from; -EBUSY */
static int number_alloc(struct umod_i2c_core *core, struct i2c_adapter *adap, int nr, int from)
{
	struct umod_i2c_adap *e = calloc(1, sizeof(*e));
	int want = nr >= 0 ? nr : from, taken = 1;

	if (!e)
		return -ENOMEM;
	pthread_mutex_lock(&core->lock);
	while (taken) {
		taken = 0;
		for (struct umod_list *n = core->adapters.next; n != &core->adapters; n = n->next)
			if (umod_container_of(n, struct umod_i2c_adap, node)->nr == want)
				taken = 1;
		if (taken && nr >= 0)
			break;
		if (taken)
			want++;
	}
	if (!taken) {
		e->nr = want;
		e->adap = adap;
		umod_list_add(&e->node, core->adapters.prev);
	}
	pthread_mutex_unlock(&core->lock);
	if (taken) {
		free(e);
		return -EBUSY;
	}
	return want;
}

static void number_free(struct umod_i2c_core *core, struct i2c_adapter *adap)
{
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *n = core->adapters.next; n != &core->adapters; n = n->next) {
		struct umod_i2c_adap *e = umod_container_of(n, struct umod_i2c_adap, node);

		if (e->adap == adap) {
			umod_list_del(n);
			free(e);
			break;
		}
	}
	pthread_mutex_unlock(&core->lock);
}

static bool adapter_known(struct umod_i2c_core *core, struct i2c_adapter *adap)
{
	bool known = false;

	pthread_mutex_lock(&core->lock);
	for (struct umod_list *n = core->adapters.next; n != &core->adapters; n = n->next)
		if (umod_container_of(n, struct umod_i2c_adap, node)->adap == adap)
			known = true;
	pthread_mutex_unlock(&core->lock);
	return known;
}

static int register_adapter(struct umod_i2c_core *core, struct i2c_adapter *adap)
{
	struct umod_driver_core *dcore = umod_driver_core(core->host);
	int res;

	if (!adap->lock_ops)
		adap->lock_ops = &default_lock_ops;
	umod_mutex_init(&adap->bus_lock.lock);
	umod_mutex_init(&adap->mux_lock.lock);
	umod_mutex_init(&adap->userspace_clients_lock);
	umod_list_init((struct umod_list *)&adap->userspace_clients);
	adap->dev_released = (struct completion){ 0 };
	umod_wq_init(&adap->dev_released.wait);
	if (adap->timeout == 0)
		adap->timeout = HZ;
	umod_device_initialize(dcore, &adap->dev);
	if (adap->dev.p)
		adap->dev.p->owner = NULL;	/* the release is the host's */
	adap->dev.bus = &umod_i2c_bus_type;
	adap->dev.type = &umod_i2c_adapter_type;
	res = umod_dev_set_name(&adap->dev, "i2c-%d", adap->nr);
	if (!res)
		res = umod_device_add(dcore, &adap->dev);
	if (res) {
		umod_base_printk(dcore, KERN_ERR "i2c-core: adapter '%s': can't register device (%d)\n",
				 adap->name, res);
		umod_put_device(&adap->dev);
		return res;
	}
	res = umod_base_file(&adap->dev.kobj, "name", 0444, &name_ops, &adap->dev);
	if (!res)
		res = umod_base_file(&adap->dev.kobj, "new_device", 0200, &new_device_ops,
				     &adap->dev);
	if (!res)
		res = umod_base_file(&adap->dev.kobj, "delete_device", 0200, &delete_device_ops,
				     &adap->dev);
	if (res) {
		umod_device_del(&adap->dev);
		umod_put_device(&adap->dev);
		return res;
	}
	umod_of_i2c_register_devices(adap);
	return 0;
}

/* the first dynamic number: one past the highest i2cN alias (6.1's i2c_init()) */
static int first_dynamic(struct umod_host *host)
{
	struct umod_of_tree *tree = umod_of_tree(host);
	int highest = umod_of_alias_get_highest_id(tree, "i2c");

	return highest >= 0 ? highest + 1 : 0;
}

/* i2c_add_adapter() (@adap->nr < 0) and i2c_add_numbered_adapter() */
int umod_i2c_add_adapter(struct umod_i2c_core *core, struct i2c_adapter *adap)
{
	struct umod_driver_core *dcore = umod_driver_core(core->host);
	int nr = adap->nr, res;

	if (!adap->name[0]) {
		umod_base_printk(dcore, KERN_WARNING "i2c adapter has no name\n");
		return -EINVAL;
	}
	if (!adap->algo) {
		umod_base_printk(dcore, KERN_ERR "i2c-core: adapter '%s': no algo supplied!\n",
				 adap->name);
		return -EINVAL;
	}
	if (nr < 0 && adap->dev.of_node)
		nr = umod_of_alias_get_id(umod_of_tree(core->host), adap->dev.of_node, "i2c");
	res = number_alloc(core, adap, nr, first_dynamic(core->host));
	if (res < 0) {
		umod_base_printk(dcore, KERN_WARNING "couldn't get idr\n");
		return res;
	}
	adap->nr = res;
	res = register_adapter(core, adap);
	if (res)
		number_free(core, adap);
	return res;
}

static void unregister_clients(struct i2c_adapter *adap, bool dummies)
{
	size_t n;
	struct device **v = bus_devices(adap, &n);

	for (size_t i = 0; i < n; i++) {
		struct i2c_client *c = verify_client(v[i]);

		if (c && c->adapter == adap && dummies == !strcmp(c->name, "dummy") &&
		    c->dev.p && c->dev.p->added)
			umod_i2c_unregister_device(c);
	}
	umod_base_put_all(v, n);
}

void umod_i2c_del_adapter(struct i2c_adapter *adap)
{
	struct umod_i2c_core *core = umod_i2c_core(umod_i2c_host(&adap->dev));
	struct umod_list *head = (struct umod_list *)&adap->userspace_clients;

	if (!core || !adapter_known(core, adap))
		return;
	umod_mutex_lock(&adap->userspace_clients_lock);
	while (head->next != head) {
		struct umod_list *n = head->next;

		umod_list_del(n);
		umod_i2c_unregister_device(umod_container_of((struct list_head *)n,
							     struct i2c_client, detected));
	}
	umod_mutex_unlock(&adap->userspace_clients_lock);
	/* clients first, then the dummies they may have made */
	unregister_clients(adap, false);
	unregister_clients(adap, true);
	umod_device_del(&adap->dev);
	umod_put_device(&adap->dev);
	umod_wait_for_completion(&adap->dev_released);
	number_free(core, adap);
	memset(&adap->dev, 0, sizeof(adap->dev));
}

/* ---- transfers ------------------------------------------------------------------------------ */

struct xfer_call {
	struct i2c_adapter *adap;
	struct i2c_msg *msgs;
	int num;
};

static long call_master_xfer(void *arg)
{
	struct xfer_call *c = arg;

	return c->adap->algo->master_xfer(c->adap, c->msgs, c->num);
}

/* __i2c_transfer(): the bus locked; retried on -EAGAIN up to adap->retries times */
int umod_i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	struct xfer_call c = { adap, msgs, num };
	int ret = -EAGAIN;

	if (!adap->algo->master_xfer)
		return -EOPNOTSUPP;
	if (!msgs || num < 1)
		return -EINVAL;
	for (int try = 0; try <= adap->retries && ret == -EAGAIN; try++)
		ret = (int)umod_base_call(umod_module_of(adap->owner), call_master_xfer, &c);
	return ret;
}

/* ---- the host's part ------------------------------------------------------------------------ */

int umod_i2c_init(struct umod_host *host)
{
	struct umod_driver_core *dcore = umod_driver_core(host);
	struct umod_i2c_core *core = calloc(1, sizeof(*core));
	int err;

	if (!core || !dcore) {
		free(core);
		return -ENOMEM;
	}
	core->host = host;
	pthread_mutex_init(&core->lock, NULL);
	umod_list_init(&core->adapters);
	err = umod_bus_register(dcore, &umod_i2c_bus_type, NULL);
	if (err) {
		pthread_mutex_destroy(&core->lock);
		free(core);
		return err;
	}
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&core->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	return 0;
}

/* before the driver core goes (unload.c): the adapters went with the board's devices */
void umod_i2c_host_gone(struct umod_host *host)
{
	struct umod_i2c_core *core = umod_i2c_core(host);
	struct umod_driver_core *dcore = umod_driver_core(host);

	if (!core)
		return;
	umod_platform_host_driver_free(core->sim_driver);
	if (dcore)
		umod_bus_unregister(dcore, &umod_i2c_bus_type);
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&core->link);
	pthread_mutex_unlock(&registry_lock);
	while (core->adapters.next != &core->adapters) {
		struct umod_list *n = core->adapters.next;

		umod_list_del(n);
		free(umod_container_of(n, struct umod_i2c_adap, node));
	}
	pthread_mutex_destroy(&core->lock);
	free(core);
}

/* ---- the exports ---------------------------------------------------------------------------- */

/* i2c_transfer(): the bus locked around __i2c_transfer() */
int umod_i2c_transfer_locked(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	int ret;

	if (!adap || !adap->algo || !adap->algo->master_xfer)
		return -EOPNOTSUPP;
	adap->lock_ops->lock_bus(adap, I2C_LOCK_SEGMENT);
	ret = umod_i2c_transfer(adap, msgs, num);
	adap->lock_ops->unlock_bus(adap, I2C_LOCK_SEGMENT);
	return ret;
}

static int kapi_i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return umod_i2c_transfer_locked(adap, msgs, num);
}

static int kapi___i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	return umod_i2c_transfer(adap, msgs, num);
}

static int kapi_i2c_transfer_buffer_flags(const struct i2c_client *client, char *buf,
					  int count, unsigned short flags)
{
	struct i2c_msg msg = {
		.addr = client->addr,
		.flags = (unsigned short)(flags | (client->flags & I2C_M_TEN)),
		.len = (unsigned short)count,
		.buf = (unsigned char *)buf,
	};
	int ret = kapi_i2c_transfer(client->adapter, &msg, 1);

	return ret == 1 ? count : ret;
}

static struct i2c_client *kapi_i2c_verify_client(struct device *dev)
{
	return verify_client(dev);
}

static struct i2c_adapter *kapi_i2c_verify_adapter(struct device *dev)
{
	return verify_adapter(dev);
}

static const struct i2c_device_id *kapi_i2c_match_id(const struct i2c_device_id *id,
						     const struct i2c_client *client)
{
	return match_id(id, client);
}

static struct i2c_client *kapi_i2c_new_client_device(struct i2c_adapter *adap,
						     const struct i2c_board_info *info)
{
	if (!adap || !info)
		return (struct i2c_client *)(intptr_t)-EINVAL;
	return umod_i2c_new_client_device(adap, info);
}

static struct i2c_client *kapi_i2c_new_dummy_device(struct i2c_adapter *adap,
						    unsigned short address)
{
	struct i2c_board_info info = { .type = "dummy", .addr = address };

	return kapi_i2c_new_client_device(adap, &info);
}

static void kapi_i2c_unregister_device(struct i2c_client *client)
{
	umod_i2c_unregister_device(client);
}

struct devm_i2c {
	void *what;
};

static void devm_dummy_release(struct device *dev, void *res)
{
	umod_i2c_unregister_device(((struct devm_i2c *)res)->what);
}

static struct i2c_client *kapi_devm_i2c_new_dummy_device(struct device *dev,
							 struct i2c_adapter *adap,
							 unsigned short address)
{
	struct i2c_client *client = kapi_i2c_new_dummy_device(adap, address);
	struct devm_i2c *res;

	if ((uintptr_t)client >= (uintptr_t)-4095)
		return client;
	res = umod_devres_alloc(devm_dummy_release, sizeof(*res));
	if (!res) {
		umod_i2c_unregister_device(client);
		return (struct i2c_client *)(intptr_t)-ENOMEM;
	}
	res->what = client;
	umod_devres_add(dev, res);
	return client;
}

static int kapi_i2c_register_driver(struct module *owner, struct i2c_driver *driver)
{
	struct umod_module *mod = umod_module_of(owner);
	struct umod_driver_core *core = mod ? umod_driver_core(mod->host) : umod_caller_core();

	if (!driver || !core)
		return -EINVAL;
	driver->driver.owner = owner;
	driver->driver.bus = &umod_i2c_bus_type;
	umod_list_init((struct umod_list *)&driver->clients);
	return umod_driver_register(core, &driver->driver);
}

static void kapi_i2c_del_driver(struct i2c_driver *driver)
{
	if (driver)
		umod_driver_unregister(&driver->driver);
}

static int add_adapter(struct i2c_adapter *adap, int nr)
{
	struct umod_driver_core *dcore = adap ? umod_dev_core(adap->dev.parent) : NULL;
	struct umod_i2c_core *core = dcore ? umod_i2c_core(dcore->host) : NULL;

	if (!core)
		return -EINVAL;
	adap->nr = nr;
	return umod_i2c_add_adapter(core, adap);
}

static int kapi_i2c_add_adapter(struct i2c_adapter *adap)
{
	return add_adapter(adap, -1);
}

static int kapi_i2c_add_numbered_adapter(struct i2c_adapter *adap)
{
	return add_adapter(adap, adap ? adap->nr : -1);
}

static void kapi_i2c_del_adapter(struct i2c_adapter *adap)
{
	if (adap)
		umod_i2c_del_adapter(adap);
}

static void devm_adapter_release(struct device *dev, void *res)
{
	umod_i2c_del_adapter(((struct devm_i2c *)res)->what);
}

static int kapi_devm_i2c_add_adapter(struct device *dev, struct i2c_adapter *adap)
{
	struct devm_i2c *res = umod_devres_alloc(devm_adapter_release, sizeof(*res));
	int err;

	if (!res)
		return -ENOMEM;
	err = kapi_i2c_add_adapter(adap);
	if (err) {
		umod_devres_free(res);
		return err;
	}
	res->what = adap;
	umod_devres_add(dev, res);
	return 0;
}

static struct i2c_adapter *kapi_i2c_get_adapter(int nr)
{
	struct umod_driver_core *dcore = umod_caller_core();
	struct umod_i2c_core *core = dcore ? umod_i2c_core(dcore->host) : NULL;
	struct i2c_adapter *found = NULL;

	if (!core)
		return NULL;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *n = core->adapters.next; n != &core->adapters; n = n->next) {
		struct umod_i2c_adap *e = umod_container_of(n, struct umod_i2c_adap, node);

		if (e->nr == nr && e->adap->dev.p && e->adap->dev.p->added)
			found = e->adap;
	}
	if (found)
		umod_get_device(&found->dev);
	pthread_mutex_unlock(&core->lock);
	return found;
}

static void kapi_i2c_put_adapter(struct i2c_adapter *adap)
{
	if (adap)
		umod_put_device(&adap->dev);
}

static unsigned int kapi_i2c_adapter_depth(struct i2c_adapter *adap)
{
	unsigned int depth = 0;

	for (struct device *p = adap->dev.parent; p; p = p->parent)
		if (p->type == &umod_i2c_adapter_type)
			depth++;
	return depth;
}

/* the client or adapter device of @node (a reference held), or NULL */
static struct device *find_by_node(struct device_node *node, const struct device_type *type)
{
	struct umod_driver_core *core = umod_caller_core();
	struct subsys_private *sp = core ? umod_bus_private(core, &umod_i2c_bus_type) : NULL;
	struct device *found = NULL;
	struct device **v;
	size_t n;

	if (!sp || !node)
		return NULL;
	v = umod_base_collect(core, &sp->devices, offsetof(struct device_private, node_bus), &n);
	for (size_t i = 0; i < n && !found; i++)
		if (v[i]->of_node == node && v[i]->type == type)
			found = umod_get_device(v[i]);
	umod_base_put_all(v, n);
	return found;
}

static struct i2c_client *kapi_of_find_i2c_device_by_node(struct device_node *node)
{
	struct device *dev = find_by_node(node, &umod_i2c_client_type);

	return dev ? to_client(dev) : NULL;
}

static struct i2c_adapter *kapi_of_find_i2c_adapter_by_node(struct device_node *node)
{
	struct device *dev = find_by_node(node, &umod_i2c_adapter_type);

	return dev ? to_adapter(dev) : NULL;
}

static const struct of_device_id *kapi_i2c_of_match_device(const struct of_device_id *matches,
							   struct i2c_client *client)
{
	return umod_i2c_of_match_device(matches, client);
}

static const struct umod_kapi_export i2c_exports[] = {
	UMOD_KAPI_GPL("i2c_bus_type", &umod_i2c_bus_type),
	UMOD_KAPI_GPL("i2c_adapter_type", &umod_i2c_adapter_type),
	UMOD_KAPI_GPL("i2c_client_type", &umod_i2c_client_type),
	UMOD_KAPI("i2c_transfer", kapi_i2c_transfer),
	UMOD_KAPI("__i2c_transfer", kapi___i2c_transfer),
	UMOD_KAPI("i2c_transfer_buffer_flags", kapi_i2c_transfer_buffer_flags),
	UMOD_KAPI("i2c_verify_client", kapi_i2c_verify_client),
	UMOD_KAPI("i2c_verify_adapter", kapi_i2c_verify_adapter),
	UMOD_KAPI_GPL("i2c_match_id", kapi_i2c_match_id),
	UMOD_KAPI_GPL("i2c_new_client_device", kapi_i2c_new_client_device),
	UMOD_KAPI_GPL("i2c_new_dummy_device", kapi_i2c_new_dummy_device),
	UMOD_KAPI_GPL("devm_i2c_new_dummy_device", kapi_devm_i2c_new_dummy_device),
	UMOD_KAPI_GPL("i2c_unregister_device", kapi_i2c_unregister_device),
	UMOD_KAPI("i2c_register_driver", kapi_i2c_register_driver),
	UMOD_KAPI("i2c_del_driver", kapi_i2c_del_driver),
	UMOD_KAPI("i2c_add_adapter", kapi_i2c_add_adapter),
	UMOD_KAPI_GPL("i2c_add_numbered_adapter", kapi_i2c_add_numbered_adapter),
	UMOD_KAPI_GPL("devm_i2c_add_adapter", kapi_devm_i2c_add_adapter),
	UMOD_KAPI("i2c_del_adapter", kapi_i2c_del_adapter),
	UMOD_KAPI("i2c_get_adapter", kapi_i2c_get_adapter),
	UMOD_KAPI("i2c_put_adapter", kapi_i2c_put_adapter),
	UMOD_KAPI_GPL("i2c_adapter_depth", kapi_i2c_adapter_depth),
	UMOD_KAPI("of_find_i2c_device_by_node", kapi_of_find_i2c_device_by_node),
	UMOD_KAPI("of_find_i2c_adapter_by_node", kapi_of_find_i2c_adapter_by_node),
	UMOD_KAPI_GPL("i2c_of_match_device", kapi_i2c_of_match_device),
};

const struct umod_kapi_table umod_kapi_i2c_core = UMOD_KAPI_TABLE(i2c_exports);
