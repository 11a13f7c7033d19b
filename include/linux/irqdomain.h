/* SPDX-License-Identifier: MIT */
/*
 * Interrupt domains (Linux 6.1's include/linux/irqdomain.h): a controller
 * numbers its interrupts (hwirq) and the domain maps each to a Linux IRQ
 * on first use; the device tree's "interrupts" cells are translated by the
 * domain's xlate. The structures are shared with the host.
 */
#ifndef _LINUX_IRQDOMAIN_H
#define _LINUX_IRQDOMAIN_H

#include <linux/irqhandler.h>
#include <linux/types.h>
#include <umod/kabi/irq.h>
#include <umod/kabi/of.h>
#include <linux/of.h>
#include <linux/mutex.h>

struct device_node;
struct fwnode_handle;
struct of_phandle_args;

#define IRQ_DOMAIN_IRQ_SPEC_PARAMS	16

typedef unsigned long irq_hw_number_t;

enum irq_domain_bus_token {
	DOMAIN_BUS_ANY		= 0,
	DOMAIN_BUS_WIRED,
	DOMAIN_BUS_GENERIC_MSI,
	DOMAIN_BUS_PCI_MSI,
};

extern const struct irq_domain_ops irq_domain_simple_ops;

struct irq_domain *__irq_domain_add(struct fwnode_handle *fwnode, unsigned int size,
				    irq_hw_number_t hwirq_max, int direct_max,
				    const struct irq_domain_ops *ops, void *host_data);
struct irq_domain *irq_domain_add_simple(struct device_node *of_node, unsigned int size,
					 unsigned int first_irq,
					 const struct irq_domain_ops *ops, void *host_data);
void irq_domain_remove(struct irq_domain *host);

/* the node's fwnode, as linux/of.h's of_node_to_fwnode() */
static inline struct fwnode_handle *__irq_of_fwnode(struct device_node *node)
{
	return node ? &node->fwnode : NULL;
}

static inline struct irq_domain *irq_domain_add_linear(struct device_node *of_node,
						       unsigned int size,
						       const struct irq_domain_ops *ops,
						       void *host_data)
{
	return __irq_domain_add(__irq_of_fwnode(of_node), size, size, 0, ops, host_data);
}

static inline struct irq_domain *irq_domain_create_linear(struct fwnode_handle *fwnode,
							  unsigned int size,
							  const struct irq_domain_ops *ops,
							  void *host_data)
{
	return __irq_domain_add(fwnode, size, size, 0, ops, host_data);
}

unsigned int irq_create_mapping_affinity(struct irq_domain *host, irq_hw_number_t hwirq,
					 const void *affinity);
static inline unsigned int irq_create_mapping(struct irq_domain *host, irq_hw_number_t hwirq)
{
	return irq_create_mapping_affinity(host, hwirq, NULL);
}

void irq_dispose_mapping(unsigned int virq);

unsigned int irq_find_mapping(struct irq_domain *host, irq_hw_number_t hwirq);

unsigned int irq_create_of_mapping(struct of_phandle_args *irq_data);
unsigned int irq_create_fwspec_mapping(struct irq_fwspec *fwspec);

int irq_domain_xlate_onecell(struct irq_domain *d, struct device_node *ctrlr,
			     const u32 *intspec, unsigned int intsize,
			     unsigned long *out_hwirq, unsigned int *out_type);
int irq_domain_xlate_twocell(struct irq_domain *d, struct device_node *ctrlr,
			     const u32 *intspec, unsigned int intsize,
			     irq_hw_number_t *out_hwirq, unsigned int *out_type);
int irq_domain_xlate_onetwocell(struct irq_domain *d, struct device_node *ctrlr,
				const u32 *intspec, unsigned int intsize,
				unsigned long *out_hwirq, unsigned int *out_type);

#endif /* _LINUX_IRQDOMAIN_H */
