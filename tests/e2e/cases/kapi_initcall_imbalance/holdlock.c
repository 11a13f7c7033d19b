// SPDX-License-Identifier: MIT
/* An init that returns with its spin lock still held. */
#include <linux/module.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(lock);

static int __init holdlock_init(void)
{
	spin_lock(&lock);
	pr_info("holdlock: returning with the lock held\n");
	return 0;
}

module_init(holdlock_init);
MODULE_LICENSE("GPL");
