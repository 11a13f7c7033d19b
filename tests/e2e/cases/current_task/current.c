// SPDX-License-Identifier: MIT
/* current, as a module's init and exit see it */
#include <linux/module.h>
#include <linux/sched.h>

static int __init current_init(void)
{
	pr_info("init runs as %s (pid %d), a user task: %s\n", current->comm,
		task_pid_nr(current), current->mm ? "yes" : "no");
	return 0;
}

static void __exit current_exit(void)
{
	pr_info("exit runs as %s (pid %d)\n", current->comm, current->pid);
}

module_init(current_init);
module_exit(current_exit);
MODULE_LICENSE("GPL");
