// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel thread that never looks at kthread_should_stop() and a module
 * exit that never stops it: at unload the thread is reported, asked to
 * stop, waited for two seconds, then left running with the module's
 * memory kept mapped under it (a thread cannot be killed safely).
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/completion.h>

static DECLARE_COMPLETION(started);

static int spin_fn(void *data)
{
	complete(&started);
	for (;;)
		msleep(10);
	return 0;
}

static int __init stubborn_init(void)
{
	struct task_struct *k = kthread_run(spin_fn, NULL, "stubborn");

	if (IS_ERR(k))
		return PTR_ERR(k);
	wait_for_completion(&started);
	return 0;
}

static void __exit stubborn_exit(void)
{
}

module_init(stubborn_init);
module_exit(stubborn_exit);
MODULE_LICENSE("GPL");
