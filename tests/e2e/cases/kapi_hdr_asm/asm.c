// SPDX-License-Identifier: GPL-2.0
/*
 * The asm/ headers a Linux 6.1 module includes directly, each used for
 * what it gives: errno numbers, current, the interrupt statistics type,
 * user copies, atomics, the page size.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <asm/errno.h>
#include <asm/current.h>
#include <asm/hardirq.h>
#include <asm/uaccess.h>
#include <asm/atomic.h>
#include <asm/page.h>

static atomic_t opens = ATOMIC_INIT(0);

static int __init asm_init(void)
{
	irq_cpustat_t stat = { 0 };
	char buf[4];

	pr_info("asm: EBUSY %d ENOTTY %d EWOULDBLOCK %d\n", EBUSY, ENOTTY, EWOULDBLOCK);
	pr_info("asm: current is %s\n", current->comm);
	pr_info("asm: PAGE_SIZE %lu PAGE_SHIFT %d\n", PAGE_SIZE, PAGE_SHIFT);
	pr_info("asm: atomic %d\n", atomic_inc_return(&opens) + atomic_add_return(2, &opens));
	pr_info("asm: softirqs pending %u\n", stat.__softirq_pending);
	/* outside a system call there is no user buffer: nothing is copied */
	pr_info("asm: raw_copy_to_user left %lu of %zu\n",
		raw_copy_to_user((void __user *)0x1000, "abc", sizeof(buf)), sizeof(buf));
	return 0;
}

static void __exit asm_exit(void)
{
	pr_info("asm: exit\n");
}

module_init(asm_init);
module_exit(asm_exit);
MODULE_LICENSE("GPL");
