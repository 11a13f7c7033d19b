// SPDX-License-Identifier: GPL-2.0
/*
 * What a Linux 6.1 module asks about the context it runs in: the CPU
 * (smp_processor_id, get_cpu), interrupt context (in_interrupt and its
 * family, in a task and in a timer), the signal fields of current, a
 * kthread ending itself with kthread_complete_and_exit(), printk's
 * shared rate limit, and 64-bit statistics.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/hardirq.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/timer.h>
#include <linux/delay.h>
#include <linux/printk.h>
#include <linux/u64_stats_sync.h>

static DECLARE_COMPLETION(worker_done);
static struct timer_list probe_timer;
static DECLARE_COMPLETION(timer_done);
static int timer_saw[4];

struct pkt_stats {
	u64_stats_t packets;
	u64_stats_t bytes;
	struct u64_stats_sync syncp;
};

static int worker(void *data)
{
	pr_info("context: worker %s in_task %d\n", current->comm, in_task() ? 1 : 0);
	kthread_complete_and_exit(&worker_done, 7);
	pr_err("context: kthread_complete_and_exit returned\n");
	return -1;
}

static void probe(struct timer_list *t)
{
	timer_saw[0] = in_interrupt() ? 1 : 0;
	timer_saw[1] = in_softirq() ? 1 : 0;
	timer_saw[2] = in_serving_softirq() ? 1 : 0;
	timer_saw[3] = in_task() ? 1 : 0;
	complete(&timer_done);
}

static void show_cpu(void)
{
	int cpu = get_cpu();

	/* the host may move the thread even here: the numbers may differ */
	pr_info("context: get_cpu: in_atomic %d, cpu %s\n", in_atomic() ? 1 : 0,
		cpu >= 0 && smp_processor_id() >= 0 ? "a CPU number" : "wrong");
	put_cpu();
	pr_info("context: after put_cpu: in_atomic %d, raw id %s\n", in_atomic() ? 1 : 0,
		raw_smp_processor_id() >= 0 ? "valid" : "invalid");
}

static void show_signals(void)
{
	sigset_t none;

	sigemptyset(&none);
	pr_info("context: signal_pending %d, SIGKILL pending %d, blocked empty %d, signal %s\n",
		signal_pending(current), sigismember(&current->pending.signal, SIGKILL),
		sigequalsets(&current->blocked, &none), current->signal ? "set" : "NULL");
}

static void show_ratelimit(void)
{
	int printed = 0;

	for (int i = 0; i < 25; i++)
		if (printk_ratelimit())
			printed++;
	pr_info("context: printk_ratelimit let %d of 25 through\n", printed);
}

static void show_stats(void)
{
	struct pkt_stats s = { 0 };
	unsigned int start;
	u64 packets, bytes;

	u64_stats_init(&s.syncp);
	for (int i = 0; i < 3; i++) {
		u64_stats_update_begin(&s.syncp);
		u64_stats_inc(&s.packets);
		u64_stats_add(&s.bytes, 1500);
		u64_stats_update_end(&s.syncp);
	}
	do {
		start = u64_stats_fetch_begin(&s.syncp);
		packets = u64_stats_read(&s.packets);
		bytes = u64_stats_read(&s.bytes);
	} while (u64_stats_fetch_retry(&s.syncp, start));
	pr_info("context: stats %llu packets, %llu bytes\n", packets, bytes);
}

static int __init context_init(void)
{
	struct task_struct *t;
	int ret;

	pr_info("context: init in_interrupt %d in_irq %d in_softirq %d in_nmi %d in_task %d\n",
		in_interrupt() ? 1 : 0, in_irq() ? 1 : 0, in_softirq() ? 1 : 0,
		in_nmi() ? 1 : 0, in_task() ? 1 : 0);
	show_cpu();
	show_signals();

	t = kthread_run(worker, NULL, "ctxworker");
	if (IS_ERR(t))
		return PTR_ERR(t);
	get_task_struct(t);
	wait_for_completion(&worker_done);
	ret = kthread_stop(t);
	put_task_struct(t);
	pr_info("context: worker's result %d\n", ret);

	timer_setup(&probe_timer, probe, 0);
	mod_timer(&probe_timer, jiffies + 1);
	wait_for_completion(&timer_done);
	pr_info("context: timer in_interrupt %d in_softirq %d in_serving_softirq %d in_task %d\n",
		timer_saw[0], timer_saw[1], timer_saw[2], timer_saw[3]);

	show_ratelimit();
	show_stats();
	return 0;
}

static void __exit context_exit(void)
{
	del_timer_sync(&probe_timer);
}

module_init(context_init);
module_exit(context_exit);
MODULE_LICENSE("GPL");
