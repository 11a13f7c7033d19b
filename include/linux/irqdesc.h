/* SPDX-License-Identifier: MIT */
/*
 * Interrupt descriptors (Linux 6.1's include/linux/irqdesc.h). struct
 * irq_desc is the host's (kernel/irq/): modules reach it through these
 * functions, which 6.1 has as inlines over its fields.
 */
#ifndef _LINUX_IRQDESC_H
#define _LINUX_IRQDESC_H

#include <linux/irqhandler.h>
#include <linux/types.h>
#include <umod/kabi/irq.h>
#include <linux/rcupdate.h>
#include <linux/kobject.h>
#include <linux/mutex.h>

struct irq_desc;

struct irq_desc *irq_to_desc(unsigned int irq);
unsigned int irq_desc_get_irq(struct irq_desc *desc);
struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc);
struct irq_chip *irq_desc_get_chip(struct irq_desc *desc);
void *irq_desc_get_chip_data(struct irq_desc *desc);
void *irq_desc_get_handler_data(struct irq_desc *desc);

/* runs the interrupt's flow handler (its actions), as from its controller */
int generic_handle_irq(unsigned int irq);
int generic_handle_irq_safe(unsigned int irq);
int generic_handle_domain_irq(struct irq_domain *domain, unsigned long hwirq);

static inline void generic_handle_irq_desc(struct irq_desc *desc)
{
	generic_handle_irq(irq_desc_get_irq(desc));
}

#endif /* _LINUX_IRQDESC_H */
