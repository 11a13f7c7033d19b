// SPDX-License-Identifier: GPL-2.0
/*
 * jiffies as Linux 6.1 declares it: a variable. Its address can be taken,
 * a local variable may be named after it, and it moves by itself while
 * code spins on it (the tick), 250 times a second.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/timekeeping.h>
#include <asm/processor.h>

static volatile unsigned long *const jp = &jiffies;

/* a parameter named jiffies, as older drivers have */
static unsigned long ticks_since(unsigned long jiffies)
{
	return *jp - jiffies;
}

static int __init ticks_init(void)
{
	unsigned long start = jiffies, deadline = jiffies + HZ / 10;
	u64 start64 = get_jiffies_64();
	u64 give_up = ktime_get_ns() + NSEC_PER_SEC;
	unsigned long spins = 0;

	/* busy-wait on the variable, as a driver's polling loop does */
	while (time_before(jiffies, deadline)) {
		cpu_relax();
		spins++;
		if (ktime_get_ns() > give_up) {
			pr_err("ticks: jiffies stood still for a second\n");
			return -ETIME;
		}
	}
	pr_info("ticks: waited %s %lu ticks, spinning\n",
		ticks_since(start) >= HZ / 10 ? "at least" : "only", HZ / 10);
	msleep(100);
	pr_info("ticks: msleep(100) took %s\n",
		ticks_since(start) >= HZ / 5 && ticks_since(start) < HZ ? "25 more ticks" : "a wrong time");
	pr_info("ticks: jiffies_64 is jiffies: %d\n", (unsigned long)jiffies_64 == jiffies ||
		(unsigned long)jiffies_64 + 1 == jiffies);
	pr_info("ticks: get_jiffies_64() moved: %d\n", get_jiffies_64() > start64);
	pr_info("ticks: HZ %d, 1000 ms is %lu jiffies\n", HZ, msecs_to_jiffies(1000));
	pr_info("ticks: INITIAL_JIFFIES wraps 32 bits 5 minutes in: %d\n",
		(unsigned int)(INITIAL_JIFFIES + 300 * HZ) == 0);
	return spins ? 0 : -EINVAL;
}

static void __exit ticks_exit(void)
{
}

module_init(ticks_init);
module_exit(ticks_exit);
MODULE_LICENSE("GPL");
