/* SPDX-License-Identifier: MIT */
/* The flow handler type (Linux 6.1's include/linux/irqhandler.h). */
#ifndef _LINUX_IRQHANDLER_H
#define _LINUX_IRQHANDLER_H

struct irq_desc;
typedef void (*irq_flow_handler_t)(struct irq_desc *desc);

#endif /* _LINUX_IRQHANDLER_H */
