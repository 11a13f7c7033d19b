/*
 * kdefer.c: a kthread that sleeps until it is stopped (kdefer_thr, as the
 * oracle's module names its own), and a work item on the system
 * workqueue, which brings a kworker.
 */
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/workqueue.h>

static struct task_struct *thread;

static int kdefer_fn(void *data)
{
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

static void kdefer_work(struct work_struct *work)
{
	pr_info("kdefer: work ran\n");
}

static DECLARE_WORK(work, kdefer_work);

static int __init kdefer_init(void)
{
	thread = kthread_run(kdefer_fn, NULL, "kdefer_thr");
	if (IS_ERR(thread))
		return PTR_ERR(thread);
	schedule_work(&work);
	flush_work(&work);
	return 0;
}

static void __exit kdefer_exit(void)
{
	kthread_stop(thread);
}

module_init(kdefer_init);
module_exit(kdefer_exit);
MODULE_LICENSE("GPL");
