// SPDX-License-Identifier: GPL-2.0
/*
 * Two kernel threads hand five numbers over through a wait queue; the
 * consumer completes a completion when it has them all. Both wait for
 * kthread_stop(), whose value is theirs. A third thread is created and
 * never woken.
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/completion.h>

static DECLARE_WAIT_QUEUE_HEAD(relay_wq);
static DECLARE_COMPLETION(relay_done);
static int slot, slot_full;
static struct task_struct *producer, *consumer, *sleeper;

/* sleep until told to stop, as a kthread must */
static void wait_for_stop(void)
{
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

static int produce(void *arg)
{
	int i;

	for (i = 1; i <= 5; i++) {
		wait_event(relay_wq, !READ_ONCE(slot_full));
		slot = i;
		WRITE_ONCE(slot_full, 1);
		wake_up(&relay_wq);
	}
	wait_for_stop();
	return 5;
}

static int consume(void *arg)
{
	int i, sum = 0;

	for (i = 0; i < 5; i++) {
		wait_event(relay_wq, READ_ONCE(slot_full));
		sum += slot;
		WRITE_ONCE(slot_full, 0);
		wake_up(&relay_wq);
	}
	pr_info("relay: %s (a kernel thread: %s) got a sum of %d\n", current->comm,
		current->flags & PF_KTHREAD ? "yes" : "no", sum);
	complete(&relay_done);
	wait_for_stop();
	return sum;
}

static int never_runs(void *arg)
{
	pr_info("relay: never_runs ran!\n");
	return 0;
}

static int __init relay_init(void)
{
	producer = kthread_run(produce, NULL, "relay_prod");
	if (IS_ERR(producer))
		return PTR_ERR(producer);
	consumer = kthread_create(consume, NULL, "relay_cons/%d", 0);
	if (IS_ERR(consumer))
		return PTR_ERR(consumer);
	wake_up_process(consumer);
	sleeper = kthread_create(never_runs, NULL, "relay_never");
	if (IS_ERR(sleeper))
		return PTR_ERR(sleeper);
	wait_for_completion(&relay_done);
	pr_info("relay: handed over\n");
	return 0;
}

static void __exit relay_exit(void)
{
	pr_info("relay: kthread_stop(never woken): %d\n", kthread_stop(sleeper));
	pr_info("relay: kthread_stop(producer): %d\n", kthread_stop(producer));
	pr_info("relay: kthread_stop(consumer): %d\n", kthread_stop(consumer));
}

module_init(relay_init);
module_exit(relay_exit);
MODULE_LICENSE("GPL");
