/* SPDX-License-Identifier: MIT */
/*
 * Interrupts as both sides see them (Linux 6.1's include/linux/irq.h,
 * irqdomain.h): a module that is an interrupt controller (a GPIO chip
 * with interrupts, say) fills a struct irq_chip and its domain's ops; the
 * host keeps the descriptors (struct irq_desc is the host's alone) and
 * hands the chip a struct irq_data per interrupt. Builtin types only.
 */
#ifndef _UMOD_KABI_IRQ_H
#define _UMOD_KABI_IRQ_H

struct module;
struct seq_file;
struct irq_desc;
struct irq_domain;
struct device_node;
struct fwnode_handle;
struct cpumask;

struct irq_data {
	unsigned int mask;
	unsigned int irq;		/* the Linux IRQ number */
	unsigned long hwirq;		/* the number within its domain */
	struct irq_chip *chip;
	struct irq_domain *domain;
	void *chip_data;		/* irq_set_chip_data() */
};

struct irq_chip {
	const char *name;		/* /proc/interrupts' chip column */
	unsigned int (*irq_startup)(struct irq_data *data);
	void (*irq_shutdown)(struct irq_data *data);
	void (*irq_enable)(struct irq_data *data);
	void (*irq_disable)(struct irq_data *data);
	void (*irq_ack)(struct irq_data *data);
	void (*irq_mask)(struct irq_data *data);
	void (*irq_mask_ack)(struct irq_data *data);
	void (*irq_unmask)(struct irq_data *data);
	void (*irq_eoi)(struct irq_data *data);
	int (*irq_set_affinity)(struct irq_data *data, const struct cpumask *dest, _Bool force);
	int (*irq_retrigger)(struct irq_data *data);
	int (*irq_set_type)(struct irq_data *data, unsigned int flow_type);
	int (*irq_set_wake)(struct irq_data *data, unsigned int on);
	void (*irq_bus_lock)(struct irq_data *data);
	void (*irq_bus_sync_unlock)(struct irq_data *data);
	int (*irq_request_resources)(struct irq_data *data);
	void (*irq_release_resources)(struct irq_data *data);
	void (*irq_print_chip)(struct irq_data *data, struct seq_file *p);
	unsigned long flags;
};

struct irq_fwspec {
	struct fwnode_handle *fwnode;
	int param_count;
	unsigned int param[16];
};

struct irq_domain_ops {
	int (*match)(struct irq_domain *d, struct device_node *node, int bus_token);
	int (*select)(struct irq_domain *d, struct irq_fwspec *fwspec, int bus_token);
	int (*map)(struct irq_domain *d, unsigned int virq, unsigned long hw);
	void (*unmap)(struct irq_domain *d, unsigned int virq);
	int (*xlate)(struct irq_domain *d, struct device_node *node, const unsigned int *intspec,
		     unsigned int intsize, unsigned long *out_hwirq, unsigned int *out_type);
};

/* an interrupt controller's number space: hwirq -> Linux IRQ */
struct irq_domain {
	const char *name;
	const struct irq_domain_ops *ops;
	void *host_data;		/* what the controller gave irq_domain_add_*() */
	unsigned int flags;
	unsigned int mapcount;
	struct fwnode_handle *fwnode;
	unsigned long hwirq_max;
	unsigned int revmap_size;
	void *p;			/* the host's (kernel/irq/irqdomain.c) */
};

#endif /* _UMOD_KABI_IRQ_H */
