/* SPDX-License-Identifier: MIT */
/*
 * Interrupt controllers (Linux 6.1's include/linux/irq.h): a module that
 * is one describes it with a struct irq_chip, gives each of its
 * interrupts a flow handler (handle_edge_irq, handle_level_irq, ...) and
 * hands interrupts on with generic_handle_domain_irq(). The trigger types
 * are 6.1's IRQ_TYPE_* (the same bits as IRQF_TRIGGER_*).
 */
#ifndef _LINUX_IRQ_H
#define _LINUX_IRQ_H

#include <linux/errno.h>
#include <linux/irqdesc.h>
#include <linux/irqhandler.h>
#include <linux/irqreturn.h>
#include <linux/types.h>
#include <asm/irq.h>
#include <umod/kabi/irq.h>
#include <linux/cache.h>
#include <linux/spinlock.h>
#include <linux/cpumask.h>
#include <linux/irqnr.h>
#include <linux/io.h>
#include <linux/slab.h>

struct seq_file;
struct module;

enum {
	IRQ_TYPE_NONE		= 0x00000000,
	IRQ_TYPE_EDGE_RISING	= 0x00000001,
	IRQ_TYPE_EDGE_FALLING	= 0x00000002,
	IRQ_TYPE_EDGE_BOTH	= (IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING),
	IRQ_TYPE_LEVEL_HIGH	= 0x00000004,
	IRQ_TYPE_LEVEL_LOW	= 0x00000008,
	IRQ_TYPE_LEVEL_MASK	= (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_LEVEL_HIGH),
	IRQ_TYPE_SENSE_MASK	= 0x0000000f,
	IRQ_TYPE_DEFAULT	= IRQ_TYPE_SENSE_MASK,
	IRQ_TYPE_PROBE		= 0x00000010,
	IRQ_LEVEL		= (1 << 8),
	IRQ_PER_CPU		= (1 << 9),
	IRQ_NOPROBE		= (1 << 10),
	IRQ_NOREQUEST		= (1 << 11),
	IRQ_NOAUTOEN		= (1 << 12),
	IRQ_NO_BALANCING	= (1 << 13),
	IRQ_MOVE_PCNTXT		= (1 << 14),
	IRQ_NESTED_THREAD	= (1 << 15),
	IRQ_NOTHREAD		= (1 << 16),
	IRQ_PER_CPU_DEVID	= (1 << 17),
	IRQ_IS_POLLED		= (1 << 18),
	IRQ_DISABLE_UNLAZY	= (1 << 19),
	IRQ_HIDDEN		= (1 << 20),
	IRQ_NO_DEBUG		= (1 << 21),
};

/* irq_chip flags */
#define IRQCHIP_SET_TYPE_MASKED		(1 << 0)
#define IRQCHIP_EOI_IF_HANDLED		(1 << 1)
#define IRQCHIP_MASK_ON_SUSPEND		(1 << 2)
#define IRQCHIP_ONOFFLINE_ENABLED	(1 << 3)
#define IRQCHIP_SKIP_SET_WAKE		(1 << 4)
#define IRQCHIP_ONESHOT_SAFE		(1 << 5)
#define IRQCHIP_EOI_THREADED		(1 << 6)
#define IRQCHIP_SUPPORTS_LEVEL_MSI	(1 << 7)
#define IRQCHIP_SUPPORTS_NMI		(1 << 8)
#define IRQCHIP_ENABLE_WAKEUP_ON_SUSPEND (1 << 9)
#define IRQCHIP_AFFINITY_PRE_STARTUP	(1 << 10)
#define IRQCHIP_IMMUTABLE		(1 << 11)

/* what an irq_set_type callback may return */
#define IRQ_SET_MASK_OK			0
#define IRQ_SET_MASK_OK_NOCOPY		1
#define IRQ_SET_MASK_OK_DONE		2

int irq_set_irq_type(unsigned int irq, unsigned int type);
int irq_set_irq_wake(unsigned int irq, unsigned int on);
int irq_set_chip(unsigned int irq, const struct irq_chip *chip);
int irq_set_chip_data(unsigned int irq, void *data);
int irq_set_handler_data(unsigned int irq, void *data);
struct irq_data *irq_get_irq_data(unsigned int irq);
void irq_modify_status(unsigned int irq, unsigned long clr, unsigned long set);

void __irq_set_handler(unsigned int irq, irq_flow_handler_t handle, int is_chained,
		       const char *name);
void irq_set_chip_and_handler_name(unsigned int irq, const struct irq_chip *chip,
				   irq_flow_handler_t handle, const char *name);
void irq_set_chained_handler_and_data(unsigned int irq, irq_flow_handler_t handle,
				      void *data);

static inline void irq_set_chip_and_handler(unsigned int irq, const struct irq_chip *chip,
					    irq_flow_handler_t handle)
{
	irq_set_chip_and_handler_name(irq, chip, handle, NULL);
}

static inline void irq_set_handler(unsigned int irq, irq_flow_handler_t handle)
{
	__irq_set_handler(irq, handle, 0, NULL);
}

static inline void irq_set_chained_handler(unsigned int irq, irq_flow_handler_t handle)
{
	__irq_set_handler(irq, handle, 1, NULL);
}

static inline void irq_set_status_flags(unsigned int irq, unsigned long set)
{
	irq_modify_status(irq, 0, set);
}

static inline void irq_clear_status_flags(unsigned int irq, unsigned long clr)
{
	irq_modify_status(irq, clr, 0);
}

static inline void irq_set_noprobe(unsigned int irq)
{
	irq_modify_status(irq, 0, IRQ_NOPROBE);
}

static inline void irq_set_nested_thread(unsigned int irq, bool nest)
{
	if (nest)
		irq_modify_status(irq, 0, IRQ_NESTED_THREAD);
	else
		irq_modify_status(irq, IRQ_NESTED_THREAD, 0);
}

/* the flow handlers */
void handle_simple_irq(struct irq_desc *desc);
void handle_untracked_irq(struct irq_desc *desc);
void handle_level_irq(struct irq_desc *desc);
void handle_fasteoi_irq(struct irq_desc *desc);
void handle_edge_irq(struct irq_desc *desc);
void handle_nested_irq(unsigned int irq);
void handle_bad_irq(struct irq_desc *desc);

extern struct irq_chip dummy_irq_chip;
extern struct irq_chip no_irq_chip;

static inline void *irq_get_chip_data(unsigned int irq)
{
	struct irq_data *d = irq_get_irq_data(irq);

	return d ? d->chip_data : NULL;
}

static inline struct irq_chip *irq_get_chip(unsigned int irq)
{
	struct irq_data *d = irq_get_irq_data(irq);

	return d ? d->chip : NULL;
}

static inline void *irq_data_get_irq_chip_data(struct irq_data *d)
{
	return d->chip_data;
}

static inline struct irq_chip *irq_data_get_irq_chip(struct irq_data *d)
{
	return d->chip;
}

static inline unsigned long irqd_to_hwirq(struct irq_data *d)
{
	return d->hwirq;
}

u32 irqd_get_trigger_type(struct irq_data *d);
void irq_chip_set_trigger_type(struct irq_data *d, u32 type);	/* host-side irqd_set_trigger_type */
#define irqd_set_trigger_type(d, type)	irq_chip_set_trigger_type(d, type)

/* Linux IRQ numbers for a controller without a domain */
int __irq_alloc_descs(int irq, unsigned int from, unsigned int cnt, int node,
		      struct module *owner, const void *affinity);
void irq_free_descs(unsigned int irq, unsigned int cnt);
#define irq_alloc_descs(irq, from, cnt, node) \
	__irq_alloc_descs(irq, from, cnt, node, THIS_MODULE, NULL)
#define irq_alloc_desc(node)	irq_alloc_descs(-1, 1, 1, node)
#define irq_alloc_desc_from(from, node)	irq_alloc_descs(-1, from, 1, node)
static inline void irq_free_desc(unsigned int irq)
{
	irq_free_descs(irq, 1);
}

#endif /* _LINUX_IRQ_H */
