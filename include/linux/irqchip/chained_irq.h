/* SPDX-License-Identifier: MIT */
/*
 * A chained handler's entry and exit (Linux 6.1's
 * include/linux/irqchip/chained_irq.h): the parent interrupt is masked
 * and acknowledged (or EOI'd) around the children's handling.
 */
#ifndef __IRQCHIP_CHAINED_IRQ_H
#define __IRQCHIP_CHAINED_IRQ_H

#include <linux/irq.h>

static inline void chained_irq_enter(struct irq_chip *chip, struct irq_desc *desc)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);

	if (chip->irq_eoi)
		return;
	if (chip->irq_mask_ack) {
		chip->irq_mask_ack(d);
	} else {
		if (chip->irq_mask)
			chip->irq_mask(d);
		if (chip->irq_ack)
			chip->irq_ack(d);
	}
}

static inline void chained_irq_exit(struct irq_chip *chip, struct irq_desc *desc)
{
	struct irq_data *d = irq_desc_get_irq_data(desc);

	if (chip->irq_eoi)
		chip->irq_eoi(d);
	else if (chip->irq_unmask)
		chip->irq_unmask(d);
}

#endif /* __IRQCHIP_CHAINED_IRQ_H */
