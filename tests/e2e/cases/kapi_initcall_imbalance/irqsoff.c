// SPDX-License-Identifier: MIT
/* An init that returns with interrupts off and a spin lock held. */
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(lock);

static int __init irqsoff_init(void)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	pr_info("irqsoff: returning with interrupts off\n");
	return 0;
}

module_init(irqsoff_init);
MODULE_LICENSE("GPL");
