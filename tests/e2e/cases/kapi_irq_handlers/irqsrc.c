// SPDX-License-Identifier: GPL-2.0
/*
 * A software interrupt controller: four lines in a linear domain, each
 * raised by writing its number to /sys/kernel/irqsrc/fire.
 */
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/kobject.h>
#include <linux/kstrtox.h>
#include <linux/module.h>
#include <linux/sysfs.h>

static struct irq_domain *domain;
static struct kobject *kobj;

static void src_noop(struct irq_data *d)
{
}

static struct irq_chip src_chip = {
	.name = "irqsrc",
	.irq_mask = src_noop,
	.irq_unmask = src_noop,
};

static int src_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &src_chip, handle_edge_irq);
	return 0;
}

static const struct irq_domain_ops src_ops = {
	.map = src_map,
	.xlate = irq_domain_xlate_onecell,
};

unsigned int irqsrc_irq(unsigned int line)
{
	return irq_create_mapping(domain, line);
}
EXPORT_SYMBOL_GPL(irqsrc_irq);

static ssize_t fire_store(struct kobject *k, struct kobj_attribute *a, const char *buf,
			  size_t n)
{
	unsigned int line;

	if (kstrtouint(buf, 0, &line) || line >= 4)
		return -EINVAL;
	generic_handle_domain_irq(domain, line);
	return n;
}
static struct kobj_attribute fire_attr = __ATTR_WO(fire);

static int __init irqsrc_init(void)
{
	int ret;

	domain = irq_domain_add_linear(NULL, 4, &src_ops, NULL);
	if (!domain)
		return -ENOMEM;
	kobj = kobject_create_and_add("irqsrc", kernel_kobj);
	if (!kobj) {
		irq_domain_remove(domain);
		return -ENOMEM;
	}
	ret = sysfs_create_file(kobj, &fire_attr.attr);
	if (ret) {
		kobject_put(kobj);
		irq_domain_remove(domain);
	}
	return ret;
}

static void __exit irqsrc_exit(void)
{
	kobject_put(kobj);
	irq_domain_remove(domain);
}

module_init(irqsrc_init);
module_exit(irqsrc_exit);
MODULE_LICENSE("GPL");
