// SPDX-License-Identifier: GPL-2.0
/* a timer callback that sleeps: softirq context, so might_sleep reports it */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/delay.h>
#include <linux/completion.h>
#include <linux/preempt.h>

static struct timer_list nap_timer;
static DECLARE_COMPLETION(nap_done);

static void nap_fn(struct timer_list *t)
{
	pr_info("napper: in_softirq() %d, in_interrupt() %d\n", !!in_softirq(),
		!!in_interrupt());
	msleep(1);
	complete(&nap_done);
}

static int __init napper_init(void)
{
	pr_info("napper: init: in_softirq() %d\n", !!in_softirq());
	timer_setup(&nap_timer, nap_fn, 0);
	mod_timer(&nap_timer, jiffies + 1);
	wait_for_completion(&nap_done);
	del_timer_sync(&nap_timer);
	pr_info("napper: the timer thread went on\n");
	return 0;
}

static void __exit napper_exit(void)
{
}

module_init(napper_init);
module_exit(napper_exit);
MODULE_LICENSE("GPL");
