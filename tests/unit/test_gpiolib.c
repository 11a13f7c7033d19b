// SPDX-License-Identifier: MIT
/*
 * drivers/gpio/: a board's gpio-sim controller (the built-in rpi4: 58
 * lines from 0) as modules see it through 6.1's calls: the legacy API
 * requests, refuses a taken line (-EBUSY), defers a number no chip has
 * (-EPROBE_DEFER), frees; a chip a module registers without a base gets
 * one below 512, top-down; outputs drive the simulated line (sim_gpioN's
 * value), a pull write changes what an input reads (a bad one is
 * refused), gpiod_to_irq() maps a line once; /sys/kernel/debug/gpio
 * prints as 6.1's gpiolib_seq_show(); a module's forgotten lines are
 * reported and freed.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "drivers/gpio/gpiolib.h"
#include "kernel/irq/internals.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;

#define EPROBE_DEFER	517
#define GPIOF_IN		1
#define GPIOF_OUT_INIT_HIGH	2

struct call {
	const char *fn;
	long a, b, c;
	const void *p;
	long ret;
};

/* the export @c->fn called as the test module's code */
static long run(void *arg)
{
	struct call *c = arg;
	void *fn = test_export(host, c->fn);

	if (!strcmp(c->fn, "gpio_request"))
		return ((int (*)(unsigned int, const char *))fn)((unsigned int)c->a, c->p);
	if (!strcmp(c->fn, "gpio_request_one"))
		return ((int (*)(unsigned int, unsigned long, const char *))fn)(
			(unsigned int)c->a, (unsigned long)c->b, c->p);
	if (!strcmp(c->fn, "gpio_free")) {
		((void (*)(unsigned int))fn)((unsigned int)c->a);
		return 0;
	}
	if (!strcmp(c->fn, "gpio_to_desc"))
		return (long)((void *(*)(unsigned int))fn)((unsigned int)c->a);
	if (!strcmp(c->fn, "gpiod_set_raw_value")) {
		((void (*)(void *, int))fn)((void *)c->p, (int)c->a);
		return 0;
	}
	if (!strcmp(c->fn, "gpiod_get_raw_value") || !strcmp(c->fn, "gpiod_to_irq") ||
	    !strcmp(c->fn, "gpiod_direction_input"))
		return ((int (*)(const void *))fn)(c->p);
	if (!strcmp(c->fn, "gpiod_direction_output"))
		return ((int (*)(const void *, int))fn)(c->p, (int)c->a);
	if (!strcmp(c->fn, "gpiochip_add_data_with_key"))
		return ((int (*)(void *, void *, void *, void *))fn)((void *)c->p, NULL, NULL,
									NULL);
	if (!strcmp(c->fn, "gpiochip_remove")) {
		((void (*)(void *))fn)((void *)c->p);
		return 0;
	}
	return -ENOSYS;
}

static long call(const char *fn, long a, long b, const void *p)
{
	struct call c = { fn, a, b, 0, p, 0 };
	long ret;

	assert_int_equal(umod_call(mod, run, &c, &ret), 0);
	return ret;
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	strcpy(kmod.name, "gpiotest");
	mod = fake_module_new(host, "gpiotest", &kmod, NULL, 0);
	return !mod || umod_host_load_board(host, "rpi4");
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static char *sysread(const char *path, char *buf, size_t size)
{
	ssize_t n = umod_sysfs_read(host, path, buf, size - 1);

	assert_true(n >= 0);
	buf[n] = '\0';
	return buf;
}

#define SIM "/sys/devices/platform/soc/fe200000.gpio/gpiochip0/"

static void legacy_requests(void **state)
{
	char buf[64];

	assert_int_equal(call("gpio_request", 4, 0, "LED 1"), 0);
	assert_int_equal(call("gpio_request", 4, 0, "again"), -EBUSY);
	/* a valid number no chip has: it may come later */
	assert_int_equal(call("gpio_request", 200, 0, "later"), -EPROBE_DEFER);
	assert_int_equal(call("gpio_request_one", 17, GPIOF_IN, "button"), 0);
	assert_int_equal(call("gpio_request_one", 5, GPIOF_OUT_INIT_HIGH, "high"), 0);
	assert_string_equal(sysread(SIM "sim_gpio5/value", buf, sizeof(buf)), "1\n");
	call("gpio_free", 4, 0, NULL);
	call("gpio_free", 17, 0, NULL);
	call("gpio_free", 5, 0, NULL);
	assert_int_equal(call("gpio_request", 4, 0, "LED 1"), 0);
	call("gpio_free", 4, 0, NULL);
}

static void outputs_and_edges(void **state)
{
	const void *led, *button;
	char buf[64];
	int irq;

	assert_int_equal(call("gpio_request_one", 4, 0 /* OUT_INIT_LOW */, "LED 1"), 0);
	assert_int_equal(call("gpio_request_one", 17, GPIOF_IN, "button"), 0);
	led = (const void *)call("gpio_to_desc", 4, 0, NULL);
	button = (const void *)call("gpio_to_desc", 17, 0, NULL);
	call("gpiod_set_raw_value", 1, 0, led);
	assert_string_equal(sysread(SIM "sim_gpio4/value", buf, sizeof(buf)), "1\n");
	assert_int_equal(call("gpiod_get_raw_value", 0, 0, button), 0);
	assert_int_equal(umod_sysfs_write(host, SIM "sim_gpio17/pull", "pull-up\n", 8), 8);
	assert_int_equal(call("gpiod_get_raw_value", 0, 0, button), 1);
	assert_int_equal(umod_sysfs_write(host, SIM "sim_gpio17/pull", "sideways", 8), -EINVAL);
	assert_string_equal(sysread(SIM "sim_gpio17/pull", buf, sizeof(buf)), "pull-up\n");
	irq = (int)call("gpiod_to_irq", 0, 0, button);
	assert_true(irq > 0);
	assert_int_equal(call("gpiod_to_irq", 0, 0, button), irq);	/* one mapping */
	call("gpio_free", 4, 0, NULL);
	call("gpio_free", 17, 0, NULL);
}

static void dynamic_base(void **state)
{
	struct gpio_chip gc = { .label = "dyn", .base = -1, .ngpio = 8 };
	struct gpio_chip gc2 = { .label = "dyn2", .base = -1, .ngpio = 4 };
	char buf[4096];

	assert_int_equal(call("gpiochip_add_data_with_key", 0, 0, &gc), 0);
	assert_int_equal(gc.base, 504);
	assert_int_equal(call("gpiochip_add_data_with_key", 0, 0, &gc2), 0);
	assert_int_equal(gc2.base, 500);
	sysread("/sys/kernel/debug/gpio", buf, sizeof(buf));
	assert_non_null(strstr(buf, "gpiochip0: GPIOs 0-57, parent: platform/fe200000.gpio, pinctrl-bcm2711:\n"
				    " gpio-0   (ID_SDA              )\n"));
	assert_non_null(strstr(buf, "\ngpiochip2: GPIOs 500-503, dyn2:\n\ngpiochip1: GPIOs 504-511, dyn:\n"));
	call("gpiochip_remove", 0, 0, &gc2);
	call("gpiochip_remove", 0, 0, &gc);
}

static void debugfs_lines(void **state)
{
	char buf[4096];

	assert_int_equal(call("gpio_request_one", 4, GPIOF_OUT_INIT_HIGH, "LED 1"), 0);
	assert_int_equal(call("gpio_request_one", 18, GPIOF_IN, "LED 1 OFF BUTTON"), 0);
	sysread("/sys/kernel/debug/gpio", buf, sizeof(buf));
	assert_non_null(strstr(buf, " gpio-4   (GPIO4               |LED 1               ) out hi \n"));
	assert_non_null(strstr(buf, " gpio-18  (GPIO18              |LED 1 OFF BUTTON    ) in  lo \n"));
	call("gpio_free", 4, 0, NULL);
	call("gpio_free", 18, 0, NULL);
}

static void leftovers(void **state)
{
	assert_int_equal(call("gpio_request", 22, 0, "forgotten"), 0);
	umod_gpio_leftovers(mod);
	assert_true(capture_has(&cap, "gpiotest: exit left GPIO 22 (forgotten) requested: freed"));
	assert_int_equal(call("gpio_request", 22, 0, "again"), 0);
	call("gpio_free", 22, 0, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(legacy_requests, setup, teardown),
		cmocka_unit_test_setup_teardown(outputs_and_edges, setup, teardown),
		cmocka_unit_test_setup_teardown(dynamic_base, setup, teardown),
		cmocka_unit_test_setup_teardown(debugfs_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(leftovers, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
