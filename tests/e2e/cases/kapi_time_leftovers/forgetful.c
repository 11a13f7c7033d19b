// SPDX-License-Identifier: GPL-2.0
/*
 * A module that forgets what it started: a timer, an hrtimer, a delayed
 * work and a tasklet are still armed or scheduled, and a kernel thread
 * still runs, when its exit returns.
 */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/completion.h>

static struct timer_list my_timer;
static struct hrtimer my_hrtimer;
static struct delayed_work my_dwork;
static struct tasklet_struct my_tasklet;

static void my_timer_fn(struct timer_list *t)
{
	pr_info("forgetful: timer ran after unload!\n");
}

static enum hrtimer_restart my_hrtimer_fn(struct hrtimer *t)
{
	pr_info("forgetful: hrtimer ran after unload!\n");
	return HRTIMER_NORESTART;
}

static void my_work_fn(struct work_struct *w)
{
	pr_info("forgetful: work ran after unload!\n");
}

static void my_tasklet_fn(struct tasklet_struct *t)
{
	pr_info("forgetful: tasklet ran\n");
}

static DECLARE_COMPLETION(thread_started);

static int my_thread_fn(void *data)
{
	complete(&thread_started);
	while (!kthread_should_stop())
		msleep(5);
	pr_info("forgetful: my_thread_fn told to stop\n");
	return 0;
}

static int __init forgetful_init(void)
{
	struct task_struct *k = kthread_run(my_thread_fn, NULL, "forgetful");

	if (IS_ERR(k))
		return PTR_ERR(k);
	wait_for_completion(&thread_started);
	timer_setup(&my_timer, my_timer_fn, 0);
	mod_timer(&my_timer, jiffies + 60 * HZ);
	hrtimer_init(&my_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	my_hrtimer.function = my_hrtimer_fn;
	hrtimer_start(&my_hrtimer, ms_to_ktime(60000), HRTIMER_MODE_REL);
	INIT_DELAYED_WORK(&my_dwork, my_work_fn);
	schedule_delayed_work(&my_dwork, 60 * HZ);
	tasklet_setup(&my_tasklet, my_tasklet_fn);
	tasklet_disable(&my_tasklet);
	tasklet_schedule(&my_tasklet);
	pr_info("forgetful: all armed\n");
	return 0;
}

static void __exit forgetful_exit(void)
{
	pr_info("forgetful: exit, cancelling nothing\n");
}

module_init(forgetful_init);
module_exit(forgetful_exit);
MODULE_LICENSE("GPL");
