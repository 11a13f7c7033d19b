// SPDX-License-Identifier: GPL-2.0
/*
 * A module written for Linux 6.1: a table under /proc/sys/dev/sysctl_demo
 * with the common handlers, a custom one, and a table registered twice.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sysctl.h>

static int percent = 50;
static unsigned int count = 7;
static char name[16] = "demo";
static bool enabled = true;
static int vec[3] = { 1, -2, 3 };
static unsigned long big = 4096;
static unsigned long big_min = 1024, big_max = 1048576;
static int timeout = 5 * HZ;
static int delay_ms = 250 * HZ / 1000;
static int frozen = 1;
static int hits;

static bool leave;
module_param(leave, bool, 0444);
MODULE_PARM_DESC(leave, "forget to unregister the table at exit");

static int hits_handler(struct ctl_table *table, int write, void *buffer,
			size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec(table, write, buffer, lenp, ppos);

	if (write && !ret)
		pr_info("sysctl_demo: hits set to %d\n", hits);
	return ret;
}

static struct ctl_table demo_table[] = {
	{
		.procname	= "percent",
		.data		= &percent,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_minmax,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE_HUNDRED,
	},
	{
		.procname	= "count",
		.data		= &count,
		.maxlen		= sizeof(unsigned int),
		.mode		= 0644,
		.proc_handler	= proc_douintvec,
	},
	{
		.procname	= "name",
		.data		= name,
		.maxlen		= sizeof(name),
		.mode		= 0644,
		.proc_handler	= proc_dostring,
	},
	{
		.procname	= "enabled",
		.data		= &enabled,
		.maxlen		= sizeof(enabled),
		.mode		= 0644,
		.proc_handler	= proc_dobool,
	},
	{
		.procname	= "vec",
		.data		= vec,
		.maxlen		= sizeof(vec),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
	},
	{
		.procname	= "big",
		.data		= &big,
		.maxlen		= sizeof(big),
		.mode		= 0644,
		.proc_handler	= proc_doulongvec_minmax,
		.extra1		= &big_min,
		.extra2		= &big_max,
	},
	{
		.procname	= "timeout",
		.data		= &timeout,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_jiffies,
	},
	{
		.procname	= "delay_ms",
		.data		= &delay_ms,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_ms_jiffies,
	},
	{
		.procname	= "frozen",
		.data		= &frozen,
		.maxlen		= sizeof(int),
		.mode		= 0444,
		.proc_handler	= proc_dointvec,
	},
	{
		.procname	= "hits",
		.data		= &hits,
		.maxlen		= sizeof(int),
		.mode		= 0600,
		.proc_handler	= hits_handler,
	},
	{ }
};

static struct ctl_table bad_table[] = {
	{
		.procname	= "nohandler",
		.data		= &hits,
		.maxlen		= sizeof(int),
		.mode		= 0644,
	},
	{ }
};

static struct ctl_table_header *demo_header;

static int __init sysctl_demo_init(void)
{
	demo_header = register_sysctl("dev/sysctl_demo", demo_table);
	if (!demo_header)
		return -ENOMEM;
	if (register_sysctl("dev/sysctl_demo", demo_table))
		pr_err("sysctl_demo: registered twice?\n");
	if (register_sysctl("dev/sysctl_demo", bad_table))
		pr_err("sysctl_demo: a table without handler?\n");
	pr_info("sysctl_demo: registered, timeout %d jiffies\n", timeout);
	return 0;
}

static void __exit sysctl_demo_exit(void)
{
	pr_info("sysctl_demo: percent %d count %u name %s enabled %d vec %d %d %d big %lu timeout %d delay %d\n",
		percent, count, name, enabled, vec[0], vec[1], vec[2], big, timeout,
		delay_ms);
	if (!leave)
		unregister_sysctl_table(demo_header);
}

module_init(sysctl_demo_init);
module_exit(sysctl_demo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("sysctl handlers through /proc/sys");
