// SPDX-License-Identifier: GPL-2.0
/*
 * benchirq.ko: a hard handler on GPIO 17 and a threaded one on GPIO 18 of
 * the rpi4 board, both edges, each noting ktime_get_ns() when it runs.
 */
#include <linux/gpio.h>
#include <linux/interrupt.h>
#include <linux/ktime.h>
#include <linux/module.h>

#include "benchirq.h"

static u64 hard_ns, thread_ns;
static int irq17, irq18;

static irqreturn_t hard(int irq, void *dev)
{
	WRITE_ONCE(hard_ns, ktime_get_ns());
	return IRQ_HANDLED;
}

static irqreturn_t bottom(int irq, void *dev)
{
	WRITE_ONCE(thread_ns, ktime_get_ns());
	return IRQ_HANDLED;
}

static unsigned long long hard_at(void)
{
	return READ_ONCE(hard_ns);
}

static unsigned long long thread_at(void)
{
	return READ_ONCE(thread_ns);
}

static unsigned long long now(void)
{
	return ktime_get_ns();
}

static const struct benchirq_ops ops = { hard_at, thread_at, now };

static int __init benchirq_init(void)
{
	int ret = gpio_request_one(17, GPIOF_IN, "bench-hard");

	if (!ret)
		ret = gpio_request_one(18, GPIOF_IN, "bench-thread");
	if (ret)
		return ret;
	irq17 = gpio_to_irq(17);
	irq18 = gpio_to_irq(18);
	ret = request_irq(irq17, hard, IRQF_TRIGGER_RISING | IRQF_TRIGGER_FALLING,
			  "bench-hard", NULL);
	if (!ret)
		ret = request_threaded_irq(irq18, NULL, bottom, IRQF_ONESHOT |
					   IRQF_TRIGGER_RISING | IRQF_TRIGGER_FALLING,
					   "bench-thread", NULL);
	return ret ? ret : benchirq_register(&ops);
}

static void __exit benchirq_exit(void)
{
	free_irq(irq18, NULL);
	free_irq(irq17, NULL);
	gpio_free(18);
	gpio_free(17);
}

module_init(benchirq_init);
module_exit(benchirq_exit);
MODULE_LICENSE("GPL");
