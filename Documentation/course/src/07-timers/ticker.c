// SPDX-License-Identifier: GPL-2.0
/*
 * ticker.c: a timer and a work item taking turns. The timer's callback
 * runs in softirq context, where nothing may sleep, so it only queues the
 * work; the work function runs in a kernel thread (process context),
 * where it may sleep, and arms the timer again. After the last tick it
 * completes `done', which a reader of /proc/course_ticker waits for.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

static unsigned int ticks = 3;
module_param(ticks, uint, 0444);
MODULE_PARM_DESC(ticks, "how many times the timer fires");

static struct timer_list ticker;
static struct work_struct ticker_work;
static DECLARE_COMPLETION(done);
static unsigned int ticked;
static bool stopping;		/* set by the exit: neither rearms the other */

static void ticker_fn(struct timer_list *t)
{
	ticked++;
	pr_info("tick %u: %s context\n", ticked,
		in_softirq() ? "softirq" : "process");
	if (!READ_ONCE(stopping))
		schedule_work(&ticker_work);
}

static void ticker_work_fn(struct work_struct *work)
{
	pr_info("work %u: %s context, sleeping 10 ms\n", ticked,
		in_softirq() ? "softirq" : "process");
	msleep(10);
	if (READ_ONCE(stopping))
		return;
	if (ticked < ticks)
		mod_timer(&ticker, jiffies + msecs_to_jiffies(50));
	else
		complete_all(&done);
}

static int ticker_show(struct seq_file *m, void *v)
{
	if (wait_for_completion_interruptible(&done))
		return -ERESTARTSYS;
	seq_printf(m, "%u ticks done\n", ticked);
	return 0;
}

static int __init ticker_init(void)
{
	if (!proc_create_single("course_ticker", 0444, NULL, ticker_show))
		return -ENOMEM;
	INIT_WORK(&ticker_work, ticker_work_fn);
	timer_setup(&ticker, ticker_fn, 0);
	if (ticks)
		mod_timer(&ticker, jiffies + msecs_to_jiffies(50));
	else
		complete_all(&done);
	return 0;
}

static void __exit ticker_exit(void)
{
	/* the work arms the timer and the timer queues the work: stop both */
	WRITE_ONCE(stopping, true);
	del_timer_sync(&ticker);
	cancel_work_sync(&ticker_work);
	del_timer_sync(&ticker);
	remove_proc_entry("course_ticker", NULL);
}

module_init(ticker_init);
module_exit(ticker_exit);

MODULE_LICENSE("GPL");
