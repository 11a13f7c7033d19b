// SPDX-License-Identifier: GPL-2.0
/* a timer that arms itself again until it has run five times */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>

static struct timer_list rearm_timer;
static int fired;

static void rearm_fn(struct timer_list *t)
{
	fired++;
	pr_info("rearm: fired %d, pending %d\n", fired, timer_pending(t));
	if (fired < 5)
		mod_timer(t, jiffies + msecs_to_jiffies(20));
}

static int __init rearm_init(void)
{
	timer_setup(&rearm_timer, rearm_fn, 0);
	pr_info("rearm: mod_timer of an idle timer: %d\n",
		mod_timer(&rearm_timer, jiffies + msecs_to_jiffies(2000)));
	pr_info("rearm: mod_timer of a pending one: %d\n",
		mod_timer(&rearm_timer, jiffies + msecs_to_jiffies(20)));
	return 0;
}

static void __exit rearm_exit(void)
{
	int ret = del_timer_sync(&rearm_timer);

	pr_info("rearm: del_timer_sync: %d, fired %d times\n", ret, fired);
}

module_init(rearm_init);
module_exit(rearm_exit);
MODULE_LICENSE("GPL");
