// SPDX-License-Identifier: MIT
/*
 * drivers/base/dd.c with core.c, bus.c, driver.c and devres.c: a test
 * module's bus binds in both registration orders, a probe's -EPROBE_DEFER
 * is retried after the next successful bind, remove runs on unbind (sysfs
 * or unregister) and the devres go after it, newest first; a failing
 * probe leaves nothing bound and says so in 6.1's words; what a module
 * forgets to unregister is reported and taken back.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "drivers/base/base.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;

static char trail[512];		/* what the callbacks did, in order */
static int probe_ret;		/* what the next probes return */

static void note(const char *fmt, ...)
{
	size_t len = strlen(trail);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(trail + len, sizeof(trail) - len, fmt, ap);
	va_end(ap);
}

static int test_match(struct device *dev, struct device_driver *drv)
{
	return !strncmp(umod_dev_name(dev), drv->name, strlen(drv->name));
}

static struct bus_type test_bus = { .name = "testbus", .match = test_match };

static void action(void *data)
{
	note("release %s;", (const char *)data);
}

static int test_probe(struct device *dev)
{
	int (*add_action)(struct device *, void (*)(void *), void *) =
		test_export(host, "devm_add_action");

	note("probe %s=%d;", umod_dev_name(dev), probe_ret);
	if (probe_ret)
		return probe_ret;
	add_action(dev, action, "first");
	add_action(dev, action, "second");
	return 0;
}

static int test_remove(struct device *dev)
{
	note("remove %s;", umod_dev_name(dev));
	return 0;
}

static struct device_driver drv_a = { .name = "a", .bus = &test_bus, .owner = &kmod,
				      .probe = test_probe, .remove = test_remove };
static struct device_driver drv_b = { .name = "b", .bus = &test_bus, .owner = &kmod,
				      .probe = test_probe, .remove = test_remove };

static void dev_release(struct device *dev)
{
	note("freed %s;", umod_dev_name(dev));
}

/* ---- the calls, as the test module's code ----------------------------------------- */

enum op { BUS_REGISTER, BUS_UNREGISTER, DRIVER_REGISTER, DRIVER_UNREGISTER, DEVICE_REGISTER,
	  DEVICE_UNREGISTER };

struct call {
	enum op op;
	void *obj;
};

static long run_op(void *arg)
{
	struct call *c = arg;

	switch (c->op) {
	case BUS_REGISTER:
		return ((int (*)(struct bus_type *))test_export(host, "bus_register"))(c->obj);
	case BUS_UNREGISTER:
		((void (*)(struct bus_type *))test_export(host, "bus_unregister"))(c->obj);
		return 0;
	case DRIVER_REGISTER:
		return ((int (*)(struct device_driver *))test_export(host, "driver_register"))(c->obj);
	case DRIVER_UNREGISTER:
		((void (*)(struct device_driver *))test_export(host, "driver_unregister"))(c->obj);
		return 0;
	case DEVICE_REGISTER:
		return ((int (*)(struct device *))test_export(host, "device_register"))(c->obj);
	case DEVICE_UNREGISTER:
		((void (*)(struct device *))test_export(host, "device_unregister"))(c->obj);
		return 0;
	}
	return -EINVAL;
}

static long as_module(enum op op, void *obj)
{
	struct call c = { op, obj };
	long ret;

	assert_int_equal(umod_call(mod, run_op, &c, &ret), 0);
	return ret;
}

static void dev_init(struct device *dev, const char *name)
{
	memset(dev, 0, sizeof(*dev));
	dev->init_name = name;
	dev->bus = &test_bus;
	dev->release = dev_release;
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	strcpy(kmod.name, "ddtest");
	mod = fake_module_new(host, "ddtest", &kmod, NULL, 0);
	assert_non_null(mod);
	trail[0] = '\0';
	probe_ret = 0;
	assert_int_equal(as_module(BUS_REGISTER, &test_bus), 0);
	return 0;
}

static int teardown(void **state)
{
	as_module(BUS_UNREGISTER, &test_bus);
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

/* ---- the cases ---------------------------------------------------------------------- */

static void device_first_then_driver(void **state)
{
	struct device d1, d2;

	dev_init(&d1, "a1");
	dev_init(&d2, "b1");
	assert_int_equal(as_module(DEVICE_REGISTER, &d1), 0);
	assert_int_equal(as_module(DEVICE_REGISTER, &d2), 0);
	assert_string_equal(trail, "");
	assert_int_equal(as_module(DRIVER_REGISTER, &drv_a), 0);
	assert_string_equal(trail, "probe a1=0;");
	assert_ptr_equal(d1.driver, &drv_a);
	assert_null(d2.driver);
	as_module(DRIVER_UNREGISTER, &drv_a);
	assert_string_equal(trail, "probe a1=0;remove a1;release second;release first;");
	assert_null(d1.driver);
	as_module(DEVICE_UNREGISTER, &d2);
	as_module(DEVICE_UNREGISTER, &d1);
}

static void driver_first_then_device(void **state)
{
	struct device d1;

	assert_int_equal(as_module(DRIVER_REGISTER, &drv_a), 0);
	dev_init(&d1, "a1");
	assert_int_equal(as_module(DEVICE_REGISTER, &d1), 0);
	assert_string_equal(trail, "probe a1=0;");
	/* the device goes while bound: remove, its devres, then its release */
	as_module(DEVICE_UNREGISTER, &d1);
	assert_string_equal(trail, "probe a1=0;remove a1;release second;release first;freed a1;");
	as_module(DRIVER_UNREGISTER, &drv_a);
}

static void unbind_and_bind_through_sysfs(void **state)
{
	struct device d1;

	dev_init(&d1, "a1");
	assert_int_equal(as_module(DEVICE_REGISTER, &d1), 0);
	assert_int_equal(as_module(DRIVER_REGISTER, &drv_a), 0);
	assert_int_equal(umod_sysfs_write(host, "/sys/bus/testbus/drivers/a/unbind", "a1\n", 3), 3);
	assert_null(d1.driver);
	assert_int_equal(umod_sysfs_write(host, "/sys/bus/testbus/drivers/a/unbind", "a1\n", 3),
			 -ENODEV);
	assert_int_equal(umod_sysfs_stat(host, "/sys/bus/testbus/devices/a1/driver", NULL, NULL),
			 -ENOENT);
	assert_int_equal(umod_sysfs_write(host, "/sys/bus/testbus/drivers/a/bind", "a1\n", 3), 3);
	assert_ptr_equal(d1.driver, &drv_a);
	assert_int_equal(umod_sysfs_stat(host, "/sys/bus/testbus/devices/a1/driver", NULL, NULL), 0);
	/* a failing probe through bind: its errno, and 6.1's warning */
	assert_int_equal(umod_sysfs_write(host, "/sys/bus/testbus/drivers/a/unbind", "a1", 2), 2);
	probe_ret = -EIO;
	assert_int_equal(umod_sysfs_write(host, "/sys/bus/testbus/drivers/a/bind", "a1", 2), -EIO);
	assert_true(capture_has(&cap, "a: probe of a1 failed with error -5"));
	assert_null(d1.driver);
	as_module(DRIVER_UNREGISTER, &drv_a);
	as_module(DEVICE_UNREGISTER, &d1);
}

static void deferred_probe_retried_after_a_bind(void **state)
{
	struct device d1, d2;

	dev_init(&d1, "a1");
	dev_init(&d2, "b1");
	probe_ret = -EPROBE_DEFER;
	assert_int_equal(as_module(DEVICE_REGISTER, &d1), 0);
	assert_int_equal(as_module(DRIVER_REGISTER, &drv_a), 0);
	assert_null(d1.driver);
	probe_ret = 0;
	/* another bind triggers the retry, done by the worker */
	assert_int_equal(as_module(DEVICE_REGISTER, &d2), 0);
	assert_int_equal(as_module(DRIVER_REGISTER, &drv_b), 0);
	umod_driver_settle(host);
	assert_ptr_equal(d1.driver, &drv_a);
	assert_string_equal(trail, "probe a1=-517;probe b1=0;probe a1=0;");
	as_module(DRIVER_UNREGISTER, &drv_b);
	as_module(DRIVER_UNREGISTER, &drv_a);
	as_module(DEVICE_UNREGISTER, &d2);
	as_module(DEVICE_UNREGISTER, &d1);
}

static void duplicate_driver_refused(void **state)
{
	struct device_driver again = drv_a;

	assert_int_equal(as_module(DRIVER_REGISTER, &drv_a), 0);
	assert_int_equal(as_module(DRIVER_REGISTER, &again), -EBUSY);
	assert_true(capture_has(&cap, "Error: Driver 'a' is already registered, aborting..."));
	as_module(DRIVER_UNREGISTER, &drv_a);
}

static void leftovers_reported_and_taken_back(void **state)
{
	static struct device d1;

	dev_init(&d1, "a1");
	assert_int_equal(as_module(DEVICE_REGISTER, &d1), 0);
	assert_int_equal(as_module(DRIVER_REGISTER, &drv_a), 0);
	umod_driver_leftovers(mod);
	assert_true(capture_has(&cap, "ddtest: exit left driver a registered: unregistered"));
	assert_true(capture_has(&cap, "ddtest: exit left device a1 registered: unregistered"));
	assert_true(capture_has(&cap, "ddtest: exit left bus testbus registered: unregistered"));
	assert_string_equal(trail, "probe a1=0;remove a1;release second;release first;freed a1;");
	assert_int_equal(umod_sysfs_stat(host, "/sys/bus/testbus", NULL, NULL), -ENOENT);
	assert_int_equal(as_module(BUS_REGISTER, &test_bus), 0);	/* for teardown */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(device_first_then_driver, setup, teardown),
		cmocka_unit_test_setup_teardown(driver_first_then_device, setup, teardown),
		cmocka_unit_test_setup_teardown(unbind_and_bind_through_sysfs, setup, teardown),
		cmocka_unit_test_setup_teardown(deferred_probe_retried_after_a_bind, setup, teardown),
		cmocka_unit_test_setup_teardown(duplicate_driver_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(leftovers_reported_and_taken_back, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
