// SPDX-License-Identifier: MIT
/*
 * A /proc file whose read waits uninterruptibly for an event that never
 * comes (wait_event(), TASK_UNINTERRUPTIBLE): the reader is stuck in D
 * state, and not even SIGKILL ends it.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(never_wq);
static int never;

static ssize_t stuck_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	wait_event(never_wq, never);
	return 0;
}

static const struct proc_ops stuck_ops = {
	.proc_read = stuck_read,
};

static int __init stuck_init(void)
{
	return proc_create("stuck", 0444, NULL, &stuck_ops) ? 0 : -ENOMEM;
}

static void __exit stuck_exit(void)
{
	remove_proc_entry("stuck", NULL);
}

module_init(stuck_init);
module_exit(stuck_exit);
MODULE_LICENSE("GPL");
