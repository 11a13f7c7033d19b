// An init that waits on a condition nobody makes true: only a signal to
// the insmod process (here: its client hanging up) ends the wait.
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(never);

static int __init patient_init(void)
{
	int ret;

	pr_info("patient: waiting\n");
	ret = wait_event_interruptible(never, 0);
	pr_info("patient: wait ended with %d\n", ret);
	return ret;
}

static void __exit patient_exit(void)
{
}

module_init(patient_init);
module_exit(patient_exit);
MODULE_LICENSE("GPL");
