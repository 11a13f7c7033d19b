// SPDX-License-Identifier: MIT
/*
 * Waiting in one context, as a Linux 6.1 module does it: wait queues that
 * time out or find their condition true, completions done beforehand, a
 * mutex around a list, semaphores, a seqlock, and the contexts that
 * in_atomic() and irqs_disabled() report.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/semaphore.h>
#include <linux/rwsem.h>
#include <linux/seqlock.h>
#include <linux/spinlock.h>
#include <linux/sched/signal.h>
#include <linux/hardirq.h>

static DECLARE_WAIT_QUEUE_HEAD(wq);
static DECLARE_COMPLETION(ready);
static DEFINE_MUTEX(list_lock);
static DEFINE_SPINLOCK(irq_lock);
static DEFINE_RWLOCK(table_lock);
static DEFINE_SEQLOCK(clock_lock);
static DEFINE_SEMAPHORE(one);
static DECLARE_RWSEM(tree_sem);
static LIST_HEAD(items);
static int flag;

struct item {
	struct list_head node;
	int value;
};

static void waits(void)
{
	unsigned long start = jiffies;
	long left;

	left = wait_event_timeout(wq, flag != 0, msecs_to_jiffies(20));
	pr_info("waiting: timeout with no wake: %ld, %s\n", left,
		time_after_eq(jiffies, start + 5) ? "after 20 ms" : "too soon");
	flag = 1;
	left = wait_event_timeout(wq, flag != 0, 10);
	pr_info("waiting: condition already true: %ld\n", left);
	pr_info("waiting: interruptible, true: %d\n", wait_event_interruptible(wq, flag == 1));
	left = wait_event_interruptible_timeout(wq, flag == 1, 0);
	pr_info("waiting: true with no time left: %ld\n", left);
	wait_event(wq, flag);
	pr_info("waiting: killable, true: %d, signal pending: %d\n",
		wait_event_killable(wq, flag), signal_pending(current));
	pr_info("waiting: queue active: %d, sleeper: %d\n", waitqueue_active(&wq),
		wq_has_sleeper(&wq));
	wake_up(&wq);
	wake_up_interruptible_all(&wq);
}

static void completions(void)
{
	pr_info("waiting: completion done before: %d\n", completion_done(&ready));
	pr_info("waiting: not completed, timeout: %lu\n",
		wait_for_completion_timeout(&ready, 2));
	complete(&ready);
	pr_info("waiting: completion done after complete(): %d\n", completion_done(&ready));
	pr_info("waiting: completed, left: %lu\n", wait_for_completion_timeout(&ready, 7));
	pr_info("waiting: try again: %d\n", try_wait_for_completion(&ready));
	complete_all(&ready);
	wait_for_completion(&ready);
	pr_info("waiting: after complete_all(): %d %d\n",
		wait_for_completion_interruptible(&ready), wait_for_completion_killable(&ready));
	reinit_completion(&ready);
	pr_info("waiting: reinit: %d\n", completion_done(&ready));
}

static int locked_list(void)
{
	struct item *it, *tmp;
	int sum = 0, i;

	for (i = 1; i <= 4; i++) {
		it = kmalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			return -ENOMEM;
		it->value = i;
		mutex_lock(&list_lock);
		list_add_tail(&it->node, &items);
		mutex_unlock(&list_lock);
	}
	if (mutex_lock_interruptible(&list_lock))
		return -EINTR;
	pr_info("waiting: mutex held: %d, trylock: %d\n", mutex_is_locked(&list_lock),
		mutex_trylock(&list_lock));
	list_for_each_entry_safe(it, tmp, &items, node) {
		sum += it->value;
		list_del(&it->node);
		kfree(it);
	}
	mutex_unlock(&list_lock);
	pr_info("waiting: list sum %d, mutex held: %d\n", sum, mutex_is_locked(&list_lock));
	return 0;
}

static void contexts(void)
{
	unsigned long flags;
	unsigned int seq;
	int tries = 0;

	pr_info("waiting: task context: in_atomic %d in_interrupt %d in_task %d irqs_disabled %d\n",
		in_atomic() ? 1 : 0, in_interrupt() ? 1 : 0, in_task() ? 1 : 0,
		irqs_disabled() ? 1 : 0);
	spin_lock_irqsave(&irq_lock, flags);
	pr_info("waiting: spin_lock_irqsave: in_atomic %d irqs_disabled %d locked %d\n",
		in_atomic() ? 1 : 0, irqs_disabled() ? 1 : 0, spin_is_locked(&irq_lock));
	assert_spin_locked(&irq_lock);
	spin_unlock_irqrestore(&irq_lock, flags);
	spin_lock_bh(&irq_lock);
	pr_info("waiting: spin_lock_bh: in_softirq %d preempt_count %x\n", in_softirq() ? 1 : 0,
		preempt_count());
	spin_unlock_bh(&irq_lock);
	read_lock(&table_lock);
	read_lock(&table_lock);
	pr_info("waiting: two readers: write_trylock %d\n", write_trylock(&table_lock));
	read_unlock(&table_lock);
	read_unlock(&table_lock);
	write_lock_irq(&table_lock);
	write_unlock_irq(&table_lock);
	do {
		seq = read_seqbegin(&clock_lock);
		if (!tries++) {
			write_seqlock(&clock_lock);
			write_sequnlock(&clock_lock);
		}
	} while (read_seqretry(&clock_lock, seq));
	pr_info("waiting: seqlock read took %d tries; after all: in_atomic %d irqs_disabled %d\n",
		tries, in_atomic() ? 1 : 0, irqs_disabled() ? 1 : 0);
}

static void semaphores(void)
{
	down(&one);
	pr_info("waiting: down_trylock when taken: %d, down_timeout: %d\n", down_trylock(&one),
		down_timeout(&one, 2));
	up(&one);
	pr_info("waiting: down_interruptible: %d\n", down_interruptible(&one));
	up(&one);
	down_read(&tree_sem);
	pr_info("waiting: rwsem read: read_trylock %d write_trylock %d\n",
		down_read_trylock(&tree_sem), down_write_trylock(&tree_sem));
	up_read(&tree_sem);
	up_read(&tree_sem);
	down_write(&tree_sem);
	downgrade_write(&tree_sem);
	up_read(&tree_sem);
}

static void delays(void)
{
	unsigned long start = jiffies;

	msleep(10);
	usleep_range(1000, 2000);
	udelay(50);
	ndelay(100);
	mdelay(1);
	fsleep(5);
	cond_resched();
	pr_info("waiting: delays done, %s\n", time_after(jiffies, start + 2) ? "slept" : "too short");
	pr_info("waiting: msleep_interruptible(4): %lu\n", msleep_interruptible(4));
}

static int __init waiting_init(void)
{
	might_sleep();
	waits();
	completions();
	contexts();
	semaphores();
	delays();
	return locked_list();
}

static void __exit waiting_exit(void)
{
	pr_info("waiting: exit\n");
}

module_init(waiting_init);
module_exit(waiting_exit);
MODULE_LICENSE("GPL");
