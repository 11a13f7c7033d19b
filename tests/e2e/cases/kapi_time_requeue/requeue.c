// SPDX-License-Identifier: MIT
/*
 * A work item that queues itself again each time it runs, and an exit
 * that forgets to cancel it: at any moment it is queued or running.
 */
#include <linux/module.h>
#include <linux/workqueue.h>

static void again_fn(struct work_struct *work)
{
	schedule_work(work);
}

static DECLARE_WORK(again, again_fn);

static int __init requeue_init(void)
{
	schedule_work(&again);
	pr_info("requeue: queued\n");
	return 0;
}

static void __exit requeue_exit(void)
{
	pr_info("requeue: exit, cancelling nothing\n");
}

module_init(requeue_init);
module_exit(requeue_exit);
MODULE_LICENSE("GPL");
