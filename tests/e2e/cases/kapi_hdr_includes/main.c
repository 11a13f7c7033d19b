// SPDX-License-Identifier: GPL-2.0
/*
 * Only <linux/module.h>: everything below comes through the headers 6.1's
 * module.h includes (string.h, asm/page.h, completion.h, jiffies.h,
 * spinlock.h, mutex.h, wait.h, sched.h ...), as code in the wild relies on.
 */
#include <linux/module.h>

int incl_fs_part(void);
int incl_signed_part(void);
int incl_types_part(void);

static DECLARE_BITMAP(seen, 70);
static DEFINE_SPINLOCK(lock);
static DEFINE_MUTEX(big_lock);
static DECLARE_WAIT_QUEUE_HEAD(waiters);

static int __init incl_init(void)
{
	struct completion done;
	char line[32];

	init_completion(&done);
	complete(&done);
	wait_for_completion(&done);
	spin_lock(&lock);
	set_bit(69, seen);
	spin_unlock(&lock);
	mutex_lock(&big_lock);
	sprintf(line, "%zu", strlen("module.h"));
	mutex_unlock(&big_lock);
	wake_up(&waiters);
	pr_info("incl: strlen %s, PAGE_SIZE %lu, bit %d, min %d, ENOMEM %d, jiffies %s, is_signed_type(long) %d\n",
		line, PAGE_SIZE, test_bit(69, seen), min(3, 4), ENOMEM,
		time_after_eq(jiffies, INITIAL_JIFFIES) ? "counting" : "?",
		is_signed_type(long));
	pr_info("incl: fs.h part %d, compiler.h part %d, types.h part %d\n",
		incl_fs_part(), incl_signed_part(), incl_types_part());
	return 0;
}

static void __exit incl_exit(void)
{
}

module_init(incl_init);
module_exit(incl_exit);
MODULE_LICENSE("GPL");
