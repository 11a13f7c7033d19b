// SPDX-License-Identifier: GPL-2.0
/*
 * benchwork.ko: schedule_work() to the start of the work's function, on
 * system_wq, measured with ktime_get_ns() in module code; the caller
 * waits for the work with a completion before the next one.
 */
#include <linux/module.h>
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/ktime.h>

#include "benchwork.h"

static u64 queued_at, ran_at;
static DECLARE_COMPLETION(bench_done);

static void bench_fn(struct work_struct *work)
{
	ran_at = ktime_get_ns();
	complete(&bench_done);
}

static DECLARE_WORK(bench_work, bench_fn);

static unsigned long long queue_to_run_ns(void)
{
	reinit_completion(&bench_done);
	queued_at = ktime_get_ns();
	schedule_work(&bench_work);
	wait_for_completion(&bench_done);
	return ran_at - queued_at;
}

static const struct benchwork_ops ops = {
	.queue_to_run_ns = queue_to_run_ns,
};

static int __init benchwork_init(void)
{
	return benchwork_register(&ops);
}

static void __exit benchwork_exit(void)
{
	flush_work(&bench_work);
}

module_init(benchwork_init);
module_exit(benchwork_exit);
MODULE_LICENSE("GPL");
