/* SPDX-License-Identifier: MIT */
/*
 * Interrupts from the device tree (Linux 6.1's include/linux/of_irq.h): a
 * node's "interrupts" through its interrupt parent's domain to a Linux IRQ.
 */
#ifndef __OF_IRQ_H
#define __OF_IRQ_H

#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/ioport.h>

int of_irq_parse_one(struct device_node *device, int index, struct of_phandle_args *out_irq);
int of_irq_get(struct device_node *dev, int index);
int of_irq_get_byname(struct device_node *dev, const char *name);
int of_irq_count(struct device_node *dev);
unsigned int irq_of_parse_and_map(struct device_node *node, int index);

#endif /* __OF_IRQ_H */
