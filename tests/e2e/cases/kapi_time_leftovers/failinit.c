// SPDX-License-Identifier: GPL-2.0
/* an init that arms a timer and queues work, then fails */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

static struct timer_list fail_timer;
static struct delayed_work fail_dwork;

static void fail_timer_fn(struct timer_list *t)
{
	pr_info("failinit: timer ran after a failed init!\n");
}

static void fail_work_fn(struct work_struct *w)
{
	pr_info("failinit: work ran after a failed init!\n");
}

static int __init failinit_init(void)
{
	timer_setup(&fail_timer, fail_timer_fn, 0);
	mod_timer(&fail_timer, jiffies + HZ);
	INIT_DELAYED_WORK(&fail_dwork, fail_work_fn);
	schedule_delayed_work(&fail_dwork, HZ);
	return -EBUSY;
}

module_init(failinit_init);
MODULE_LICENSE("GPL");
