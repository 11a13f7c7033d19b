// SPDX-License-Identifier: GPL-2.0
/*
 * Work items: one on system_wq flushed in init, one on an ordered queue of
 * our own, and a delayed work still waiting at exit, cancelled there.
 */
#include <linux/module.h>
#include <linux/workqueue.h>
#include <linux/sched.h>
#include <linux/slab.h>

struct job {
	struct work_struct work;
	int n;
};

static struct workqueue_struct *ordered;
static struct job jobs[3];
static DECLARE_DELAYED_WORK(late_work, NULL);
static int order[3], done, ran;

static void job_fn(struct work_struct *work)
{
	struct job *job = container_of(work, struct job, work);

	order[done++] = job->n;
}

static void hello_fn(struct work_struct *work)
{
	pr_info("dwork: work runs in %.7s, a kernel thread: %s\n", current->comm,
		current->flags & PF_KTHREAD ? "yes" : "no");
	ran = 1;
}

static DECLARE_WORK(hello_work, hello_fn);

static void late_fn(struct work_struct *work)
{
	pr_info("dwork: late work ran: it should have been cancelled\n");
}

static int __init dwork_init(void)
{
	bool first, again;
	int i;

	first = schedule_work(&hello_work);
	flush_work(&hello_work);
	pr_info("dwork: schedule_work: %d, ran before flush_work returned: %d\n", first, ran);
	pr_info("dwork: flush_work when idle: %d\n", flush_work(&hello_work));

	ordered = alloc_ordered_workqueue("dwork_ordered", 0);
	if (!ordered)
		return -ENOMEM;
	for (i = 0; i < 3; i++) {
		INIT_WORK(&jobs[i].work, job_fn);
		jobs[i].n = i + 1;
		queue_work(ordered, &jobs[i].work);
	}
	flush_workqueue(ordered);
	pr_info("dwork: ordered queue ran %d %d %d\n", order[0], order[1], order[2]);

	INIT_DELAYED_WORK(&late_work, late_fn);
	first = schedule_delayed_work(&late_work, 10 * HZ);
	again = schedule_delayed_work(&late_work, 10 * HZ);
	pr_info("dwork: schedule_delayed_work: %d, again: %d\n", first, again);
	pr_info("dwork: delayed_work_pending: %d\n", delayed_work_pending(&late_work));
	return 0;
}

static void __exit dwork_exit(void)
{
	pr_info("dwork: cancel_delayed_work_sync: %d\n", cancel_delayed_work_sync(&late_work));
	pr_info("dwork: cancel_delayed_work_sync again: %d\n",
		cancel_delayed_work_sync(&late_work));
	destroy_workqueue(ordered);
}

module_init(dwork_init);
module_exit(dwork_exit);
MODULE_LICENSE("GPL");
