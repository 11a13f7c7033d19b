// SPDX-License-Identifier: GPL-2.0
/* a hard handler that spins for 2.5 s: a hard lockup of its CPU while it does */
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/module.h>

unsigned int irqsrc_irq(unsigned int line);

static int dev;
static unsigned int irq;

static irqreturn_t spin(int irq, void *data)
{
	pr_info("stuck: spinning\n");
	mdelay(2500);
	pr_info("stuck: back\n");
	return IRQ_HANDLED;
}

static int __init stuck_init(void)
{
	irq = irqsrc_irq(0);
	return request_irq(irq, spin, 0, "stuck", &dev);
}

static void __exit stuck_exit(void)
{
	free_irq(irq, &dev);
}

module_init(stuck_init);
module_exit(stuck_exit);
MODULE_LICENSE("GPL");
