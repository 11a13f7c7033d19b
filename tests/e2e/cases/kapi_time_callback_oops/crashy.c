// SPDX-License-Identifier: GPL-2.0
/*
 * A timer callback, a work function and a kernel thread that each fault:
 * each is an oops of that callback only; the timer thread, the workers
 * and the module go on, and it unloads as usual.
 */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>

static struct timer_list bad_timer, good_timer;
static struct work_struct bad_work, good_work;
static DECLARE_COMPLETION(good_timer_ran);
static DECLARE_COMPLETION(good_work_ran);
static int *nowhere;

static void bad_timer_fn(struct timer_list *t)
{
	pr_info("crashy: timer faults\n");
	WRITE_ONCE(*nowhere, 1);
}

static void good_timer_fn(struct timer_list *t)
{
	pr_info("crashy: the next timer runs\n");
	complete(&good_timer_ran);
}

static void bad_work_fn(struct work_struct *w)
{
	pr_info("crashy: work faults\n");
	WRITE_ONCE(*nowhere, 2);
}

static void good_work_fn(struct work_struct *w)
{
	pr_info("crashy: the next work runs\n");
	complete(&good_work_ran);
}

static int bad_thread_fn(void *data)
{
	pr_info("crashy: kthread faults\n");
	WRITE_ONCE(*nowhere, 3);
	return 0;
}

static int __init crashy_init(void)
{
	struct task_struct *k;

	timer_setup(&bad_timer, bad_timer_fn, 0);
	timer_setup(&good_timer, good_timer_fn, 0);
	mod_timer(&bad_timer, jiffies);
	mod_timer(&good_timer, jiffies + msecs_to_jiffies(40));
	wait_for_completion(&good_timer_ran);

	INIT_WORK(&bad_work, bad_work_fn);
	INIT_WORK(&good_work, good_work_fn);
	schedule_work(&bad_work);
	msleep(40);
	schedule_work(&good_work);
	wait_for_completion(&good_work_ran);

	k = kthread_run(bad_thread_fn, NULL, "crashy");
	if (IS_ERR(k))
		return PTR_ERR(k);
	msleep(40);
	pr_info("crashy: kthread_stop of the dead thread: %d\n", kthread_stop(k));
	return 0;
}

static void __exit crashy_exit(void)
{
	pr_info("crashy: exit\n");
}

module_init(crashy_init);
module_exit(crashy_exit);
MODULE_LICENSE("GPL");
