// SPDX-License-Identifier: MIT
/* a sleep under a spin lock: the kernel's might_sleep() report */
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/delay.h>

static DEFINE_SPINLOCK(sleepy_lock);

static noinline void sleepy_locked(void)
{
	spin_lock(&sleepy_lock);
	pr_info("sleepy: in_atomic() %d under the lock\n", in_atomic() ? 1 : 0);
	msleep(1);
	spin_unlock(&sleepy_lock);
}

static int __init sleepy_init(void)
{
	sleepy_locked();
	pr_info("sleepy: in_atomic() %d after it\n", in_atomic() ? 1 : 0);
	might_sleep();	/* fine here: no report */
	return 0;
}

static void __exit sleepy_exit(void)
{
}

module_init(sleepy_init);
module_exit(sleepy_exit);
MODULE_LICENSE("GPL");
