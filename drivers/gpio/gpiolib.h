/* SPDX-License-Identifier: MIT */
/*
 * What drivers/gpio/'s files share (Linux's drivers/gpio/gpiolib.h): the
 * GPIO devices of one host (a registered gpio_chip each, gpiochipN on the
 * "gpio" bus), their line descriptors, and the host's own simulated
 * controller (gpio-sim.c).
 *
 * One host, one struct umod_gpio_core, kept in a registry. Its lock guards
 * the list of devices and every descriptor's flags and label; it is never
 * held while a chip's ops run (they are a module's code, or gpio-sim's,
 * which takes its own lock).
 */
#ifndef _UMOD_DRIVERS_GPIO_GPIOLIB_H
#define _UMOD_DRIVERS_GPIO_GPIOLIB_H

#include <pthread.h>
#include <stdbool.h>

#include <umod/kabi/device.h>
#include <umod/kabi/gpio.h>

#include "kernel/module/module.h"
#include "util/list.h"

/* 6.1's descriptor flags (bit numbers) */
#define GPIO_FLAG_REQUESTED	0
#define GPIO_FLAG_IS_OUT	1
#define GPIO_FLAG_EXPORT	2
#define GPIO_FLAG_SYSFS		3
#define GPIO_FLAG_ACTIVE_LOW	6
#define GPIO_FLAG_OPEN_DRAIN	7
#define GPIO_FLAG_OPEN_SOURCE	8
#define GPIO_FLAG_USED_AS_IRQ	9
#define GPIO_FLAG_IRQ_IS_ENABLED 10
#define GPIO_FLAG_IS_HOGGED	11
#define GPIO_FLAG_TRANSITORY	12
#define GPIO_FLAG_PULL_UP	13
#define GPIO_FLAG_PULL_DOWN	14
#define GPIO_FLAG_BIAS_DISABLE	15

/* 6.1's dynamic numbers: chips without a base get one below this, top down */
#define UMOD_GPIO_DYNAMIC_END	512

struct umod_gpio_core;

struct gpio_desc {
	struct gpio_device *gdev;
	unsigned long flags;		/* GPIO_FLAG_* bits */
	char *label;			/* the consumer's, copied; NULL when free */
	const char *name;		/* the line's (gc->names, gpio-line-names) */
	struct umod_module *requester;	/* whose code requested it (its leftover) */
};

struct gpio_device {
	struct device dev;		/* gpiochipN */
	struct umod_gpio_core *core;
	struct gpio_chip *chip;
	struct gpio_desc *descs;
	void *data;			/* gpiochip_add_data()'s */
	int id;				/* the N of gpiochipN */
	int base;
	unsigned int ngpio;
	char *label;
	char **line_names;		/* gpio-line-names, copied */
	struct umod_module *owner;	/* whose code the chip's ops are (NULL: the host's) */
	struct device *class_dev;	/* /sys/class/gpio/gpiochipBASE */
	struct umod_list node;		/* on core->devices, by base */
	bool registered;
};

struct umod_gpio_core {
	struct umod_host *host;
	struct umod_list link;		/* on the registry */
	pthread_mutex_t lock;
	struct umod_list devices;	/* struct gpio_device.node, by base */
	unsigned long ids;		/* gpiochipN numbers in use (bit N) */
	struct kernfs_node *debugfs;	/* /sys/kernel/debug/gpio */
	struct bus_type *bus;		/* "gpio" */
	struct class *cls;		/* /sys/class/gpio */
	struct platform_driver *sim_driver;	/* gpio-sim, once a board asks for it */
};

/* ---- gpiolib.c ------------------------------------------------------------------ */

struct umod_gpio_core *umod_gpio_core(struct umod_host *host);
struct umod_gpio_core *umod_gpio_caller_core(void);
/* gpiochip_add_data_with_key() as @owner's code (NULL: the host's own chip) */
int umod_gpiochip_add(struct umod_gpio_core *core, struct gpio_chip *gc, void *data,
		      struct umod_module *owner);
void umod_gpiochip_remove(struct gpio_chip *gc);
/* the descriptor of a legacy number, or NULL */
struct gpio_desc *umod_gpio_to_desc(struct umod_gpio_core *core, unsigned int gpio);
/* the descriptor of line @hwnum of the chip that @np describes: -EPROBE_DEFER while none */
struct gpio_desc *umod_gpio_desc_of_node(struct umod_gpio_core *core,
					 const struct device_node *np, unsigned int hwnum);
int umod_gpiod_request(struct gpio_desc *desc, const char *label);
void umod_gpiod_free(struct gpio_desc *desc);
int umod_gpiod_configure(struct gpio_desc *desc, unsigned int dflags);
int umod_gpiod_direction_output_raw(struct gpio_desc *desc, int value);
static inline unsigned int umod_gpio_hwnum(const struct gpio_desc *desc)
{
	return (unsigned int)(desc - desc->gdev->descs);
}
/* gpiod_get_index(), gpiod_get_index_optional(), fwnode_gpiod_get_index() */
struct gpio_desc *umod_gpiod_get_index(struct device *dev, const char *con_id, unsigned int idx,
				       unsigned int flags);
struct gpio_desc *umod_gpiod_get_index_optional(struct device *dev, const char *con_id,
						unsigned int idx, unsigned int flags);
struct gpio_desc *umod_fwnode_gpiod_get_index(struct fwnode_handle *fwnode, const char *con_id,
					      int index, unsigned int flags, const char *label);
/* gpiochip_lock_as_irq(), _unlock_as_irq(): a line used as an interrupt */
int umod_gpiochip_lock_as_irq(struct gpio_chip *gc, unsigned int offset);
void umod_gpiochip_unlock_as_irq(struct gpio_chip *gc, unsigned int offset);
int umod_gpio_init(struct umod_host *host);
void umod_gpio_host_gone(struct umod_host *host);
/* module_leftovers[]: @mod's lines and chips, reported and let go */
void umod_gpio_leftovers(struct umod_module *mod);

/* ---- gpiolib-legacy.c: gpio_request() & co. ------------------------------------------ */

/* ---- gpiolib-of.c: lines named in the device tree ---------------------------------------- */

/* the descriptor of @np's "@con_id-gpios" (or "gpios") entry @idx, its flags (OF_GPIO_*) */
struct gpio_desc *umod_of_find_gpio(struct umod_gpio_core *core, const struct device_node *np,
				    const char *con_id, unsigned int idx, unsigned int *flags);

/* ---- gpiolib-devres.c --------------------------------------------------------------------- */

/* ---- gpio-sim.c: the board's simulated controllers ------------------------------------------- */

/* the gpio-sim platform driver, registered when a board with one starts */
int umod_gpio_sim_register(struct umod_host *host);
/* a model drove a line of the controller @ctrl: its level is worked out again */
void umod_gpio_sim_line_update(struct umod_host *host, const struct device_node *ctrl,
			       unsigned int hw);
/* the level of line @hw of @ctrl, or -1 (no such simulated line) */
int umod_gpio_sim_line_level(struct umod_host *host, const struct device_node *ctrl,
			     unsigned int hw);

#endif /* _UMOD_DRIVERS_GPIO_GPIOLIB_H */
