/* SPDX-License-Identifier: MIT */
/*
 * GPIO as both sides see it (Linux 6.1's include/linux/gpio/driver.h):
 * a controller's struct gpio_chip, which a module's driver fills and
 * registers (gpiochip_add_data) or the host's own gpio-sim does; its ops
 * run as the registering module's code. A line is a struct gpio_desc,
 * opaque to modules as in Linux. Builtin types only.
 */
#ifndef _UMOD_KABI_GPIO_H
#define _UMOD_KABI_GPIO_H

#include <umod/kabi/types.h>

struct device;
struct device_node;
struct fwnode_handle;
struct gpio_desc;
struct gpio_chip;
struct gpio_device;
struct irq_chip;
struct irq_data;
struct irq_domain;
struct irq_desc;
struct lock_class_key;
struct module;
struct of_phandle_args;
struct seq_file;

typedef void (*umod_irq_flow_handler_t)(struct irq_desc *desc);

/* gpiochip_add_data()'s interrupt half: one Linux IRQ per line, in a domain of the chip */
struct gpio_irq_chip {
	struct irq_chip *chip;
	struct irq_domain *domain;
	const void *domain_ops;
	struct fwnode_handle *fwnode;
	struct irq_domain *parent_domain;
	void *child_to_parent_hwirq;
	void *populate_parent_alloc_arg;
	void *child_offset_to_irq;
	const void *child_irq_domain_ops;
	umod_irq_flow_handler_t handler;
	unsigned int default_type;
	struct lock_class_key *lock_key;
	struct lock_class_key *request_key;
	umod_irq_flow_handler_t parent_handler;
	union {
		void *parent_handler_data;
		void **parent_handler_data_array;
	};
	unsigned int num_parents;
	unsigned int *parents;
	unsigned int *map;
	_Bool threaded;
	_Bool per_parent_data;
	_Bool initialized;
	int (*init_hw)(struct gpio_chip *gc);
	void (*init_valid_mask)(struct gpio_chip *gc, unsigned long *valid_mask,
				unsigned int ngpios);
	unsigned long *valid_mask;
	unsigned int first;
	void (*irq_enable)(struct irq_data *data);
	void (*irq_disable)(struct irq_data *data);
	void (*irq_unmask)(struct irq_data *data);
	void (*irq_mask)(struct irq_data *data);
};

struct gpio_chip {
	const char *label;
	struct gpio_device *gpiodev;
	struct device *parent;
	struct fwnode_handle *fwnode;
	struct module *owner;

	int (*request)(struct gpio_chip *gc, unsigned int offset);
	void (*free)(struct gpio_chip *gc, unsigned int offset);
	int (*get_direction)(struct gpio_chip *gc, unsigned int offset);
	int (*direction_input)(struct gpio_chip *gc, unsigned int offset);
	int (*direction_output)(struct gpio_chip *gc, unsigned int offset, int value);
	int (*get)(struct gpio_chip *gc, unsigned int offset);
	int (*get_multiple)(struct gpio_chip *gc, unsigned long *mask, unsigned long *bits);
	void (*set)(struct gpio_chip *gc, unsigned int offset, int value);
	void (*set_multiple)(struct gpio_chip *gc, unsigned long *mask, unsigned long *bits);
	int (*set_config)(struct gpio_chip *gc, unsigned int offset, unsigned long config);
	int (*to_irq)(struct gpio_chip *gc, unsigned int offset);
	void (*dbg_show)(struct seq_file *s, struct gpio_chip *gc);
	int (*init_valid_mask)(struct gpio_chip *gc, unsigned long *valid_mask,
			       unsigned int ngpios);
	int (*add_pin_ranges)(struct gpio_chip *gc);
	int (*en_hw_timestamp)(struct gpio_chip *gc, unsigned int offset, unsigned long flags);
	int (*dis_hw_timestamp)(struct gpio_chip *gc, unsigned int offset, unsigned long flags);

	int base;
	unsigned short ngpio;
	unsigned short offset;
	const char *const *names;
	_Bool can_sleep;

	struct gpio_irq_chip irq;
	unsigned long *valid_mask;

	unsigned int of_gpio_n_cells;
	int (*of_xlate)(struct gpio_chip *gc, const struct of_phandle_args *gpiospec, unsigned int *flags);
};

#endif /* _UMOD_KABI_GPIO_H */
