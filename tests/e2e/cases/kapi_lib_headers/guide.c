// SPDX-License-Identifier: GPL-2.0
/*
 * A module in the style of the Linux Kernel Module Programming Guide:
 * only what Linux 6.1's headers give, through their usual includes.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/utsname.h>
#include <linux/version.h>

static int myint = 420;
module_param(myint, int, S_IRUGO | S_IWUSR);
MODULE_PARM_DESC(myint, "An integer");

static char *mystring = "blah";
module_param(mystring, charp, 0000);

static int myarr[] = { 7, -3, 12 };

static int __init guide_init(void)
{
	unsigned long long big = 0x123456789abcdef0ULL;
	int lo = min(myint, 100), hi = max(myint, 1000);
	int clamped = clamp(myint, 0, 255);
	size_t i;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 6, 0)
	pr_info("kernel >= 5.6: proc_ops era\n");
#else
	pr_info("old kernel\n");
#endif
	pr_info("version %d.%d.%d code %d\n", LINUX_VERSION_MAJOR, LINUX_VERSION_PATCHLEVEL,
		LINUX_VERSION_SUBLEVEL, LINUX_VERSION_CODE);
	pr_info("sysname %s machine %s\n", utsname()->sysname, utsname()->machine);
	pr_info("myint %d mystring %s perm %o\n", myint, mystring, S_IRUGO | S_IWUSR);
	pr_info("min %d max %d clamp %d min_t %u\n", lo, hi, clamped,
		min_t(unsigned int, -1, 5));
	for (i = 0; i < ARRAY_SIZE(myarr); i++)
		pr_info("myarr[%zu] = %d abs %d\n", i, myarr[i], abs(myarr[i]));
	pr_info("upper %#x lower %#x bit %lu genmask %#lx\n", upper_32_bits(big),
		lower_32_bits(big), BIT(3), GENMASK(7, 4));
	pr_info("div_round_up %d round_up %d roundup %d ilog2 %d pow2 %lu\n",
		DIV_ROUND_UP(10, 4), round_up(13, 8), roundup(13, 5), ilog2(1000),
		roundup_pow_of_two(100));
	pr_info("IS_ENABLED proc %d sysfs %d modules %d HZ %d\n", IS_ENABLED(CONFIG_PROC_FS),
		IS_ENABLED(CONFIG_SYSFS), IS_ENABLED(CONFIG_MODULES), CONFIG_HZ);
	{
		char text[] = "  Mixed Case\n\t";
		char copy[8];
		static const char * const modes[] = { "off", "on", "auto" };
		size_t want;

		pr_info("ctype %c%c%c space %d alpha(0xe9) %d digit %d xdigit %d\n",
			tolower('Q'), toupper('w'), tolower('3'), isspace('\v'), isalpha(0xe9),
			isdigit('7'), isxdigit('g'));
		want = strlcpy(copy, "truncated", sizeof(copy));
		pr_info("strim [%s] strlcpy %zu [%s]\n", strim(text), want, copy);
		pr_info("strscpy %zd [%s]\n", strscpy(copy, "toolongtext", sizeof(copy)), copy);
		pr_info("sysfs_streq %d match %d sysfs_match %d\n", sysfs_streq("on", "on\n"),
			match_string(modes, ARRAY_SIZE(modes), "auto"),
			sysfs_match_string(modes, "off\n"));
	}
	return 0;
}

static void __exit guide_exit(void)
{
	pr_info("Goodbye, %s\n", init_utsname()->sysname);
}

module_init(guide_init);
module_exit(guide_exit);
MODULE_LICENSE("GPL");
