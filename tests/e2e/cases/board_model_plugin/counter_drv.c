// SPDX-License-Identifier: GPL-2.0
/*
 * The driver of the counter: a platform driver as 6.1 writes one, its
 * registers through devm_platform_ioremap_resource() and readl/writel,
 * its interrupt through platform_get_irq(); it counts three ticks, then
 * stops the counter from its handler.
 */
#include <linux/completion.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>

#define CTRL	0x0
#define COUNT	0x4
#define PERIOD	0x8
#define STATUS	0xc

struct counter {
	void __iomem *regs;
	int ticks;
};

static irqreturn_t counter_irq(int irq, void *data)
{
	struct counter *c = data;

	if (!(readl(c->regs + STATUS) & 1))
		return IRQ_NONE;
	writel(1, c->regs + STATUS);
	pr_info("counter: tick, COUNT %u\n", readl(c->regs + COUNT));
	if (++c->ticks == 3)
		writel(0, c->regs + CTRL);
	return IRQ_HANDLED;
}

static int counter_probe(struct platform_device *pdev)
{
	struct counter *c = devm_kzalloc(&pdev->dev, sizeof(*c), GFP_KERNEL);
	int irq, ret;

	if (!c)
		return -ENOMEM;
	c->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(c->regs))
		return PTR_ERR(c->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	ret = devm_request_irq(&pdev->dev, irq, counter_irq, 0, "counter", c);
	if (ret)
		return ret;
	dev_info(&pdev->dev, "PERIOD %u ms at reset\n", readl(c->regs + PERIOD));
	writel(5, c->regs + PERIOD);
	writel(3, c->regs + CTRL);
	return 0;
}

static const struct of_device_id counter_ids[] = {
	{ .compatible = "umod-test,counter" },
	{ }
};
MODULE_DEVICE_TABLE(of, counter_ids);

static struct platform_driver counter_driver = {
	.probe = counter_probe,
	.driver = {
		.name = "counter",
		.of_match_table = counter_ids,
	},
};
module_platform_driver(counter_driver);
MODULE_LICENSE("GPL");
