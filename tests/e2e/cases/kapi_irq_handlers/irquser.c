// SPDX-License-Identifier: GPL-2.0
/*
 * Four handlers on irqsrc's lines: a hard one that says where it runs, a
 * threaded one, one that sleeps (a bug in hard-IRQ context) and one that
 * faults. Its exit forgets to free the first.
 */
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/sched.h>

unsigned int irqsrc_irq(unsigned int line);

static unsigned int irqs[4];
static int dev;

static irqreturn_t hard(int irq, void *data)
{
	pr_info("hard: in_irq %d in_interrupt %d irqs_disabled %d hardirq_count %#x\n",
		!!in_irq(), !!in_interrupt(), !!irqs_disabled(), hardirq_count());
	return IRQ_HANDLED;
}

static irqreturn_t top(int irq, void *data)
{
	pr_info("top half\n");
	return IRQ_WAKE_THREAD;
}

static irqreturn_t bottom(int irq, void *data)
{
	msleep(10);
	pr_info("bottom half: in_irq %d in_interrupt %d on %s\n", !!in_irq(),
		!!in_interrupt(), current->comm);
	return IRQ_HANDLED;
}

static irqreturn_t sleeper(int irq, void *data)
{
	msleep(1);
	return IRQ_HANDLED;
}

static irqreturn_t faulty(int irq, void *data)
{
	*(volatile int *)0 = 1;
	return IRQ_HANDLED;
}

static int __init irquser_init(void)
{
	int i, ret;

	for (i = 0; i < 4; i++)
		irqs[i] = irqsrc_irq(i);
	ret = request_irq(irqs[0], hard, IRQF_TRIGGER_RISING, "irquser-hard", &dev);
	if (!ret)
		ret = request_threaded_irq(irqs[1], top, bottom, IRQF_ONESHOT, "irquser-thread",
					   &dev);
	if (!ret)
		ret = request_irq(irqs[2], sleeper, 0, "irquser-sleep", &dev);
	if (!ret)
		ret = request_irq(irqs[3], faulty, 0, "irquser-oops", &dev);
	if (!ret)
		ret = request_irq(irqs[0], hard, 0, "irquser-other", &ret);
	pr_info("irquser: a second handler on a line not shared: %d\n", ret);
	return 0;
}

static void __exit irquser_exit(void)
{
	free_irq(irqs[3], &dev);
	free_irq(irqs[2], &dev);
	free_irq(irqs[1], &dev);
	free_irq(irqs[3], &dev);
}

module_init(irquser_init);
module_exit(irquser_exit);
MODULE_LICENSE("GPL");
