// SPDX-License-Identifier: MIT
/*
 * The parameter showcase: one parameter of every standard type, declared
 * with every moduleparam.h macro. init prints each value, one per line,
 * so a load shows exactly what the parameters made of its arguments.
 *
 *   umod run params.ko p_int=0x10 p_charp="big universe" p_ints=1,2,3
 *   umod run --sysfs params.ko      (the /sys/module/params tree too)
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("One parameter of every type");

static unsigned char p_byte = 1;
module_param(p_byte, byte, 0644);
MODULE_PARM_DESC(p_byte, "an unsigned char, 0..255");

static short p_short = -2;
module_param(p_short, short, 0644);
MODULE_PARM_DESC(p_short, "a short");

static unsigned short p_ushort = 3;
module_param(p_ushort, ushort, 0644);
MODULE_PARM_DESC(p_ushort, "an unsigned short");

static int p_int = -4;
module_param(p_int, int, 0644);
MODULE_PARM_DESC(p_int, "an int");

static unsigned int p_uint = 5;
module_param(p_uint, uint, 0644);
MODULE_PARM_DESC(p_uint, "an unsigned int");

static long p_long = -6;
module_param(p_long, long, 0644);
MODULE_PARM_DESC(p_long, "a long");

static unsigned long p_ulong = 7;
module_param(p_ulong, ulong, 0644);
MODULE_PARM_DESC(p_ulong, "an unsigned long");

static unsigned long long p_ullong = 8;
module_param(p_ullong, ullong, 0644);
MODULE_PARM_DESC(p_ullong, "an unsigned long long");

static unsigned int p_hexint = 0x10;
module_param(p_hexint, hexint, 0644);
MODULE_PARM_DESC(p_hexint, "an unsigned int, shown in hex");

static char *p_charp = "world";
module_param(p_charp, charp, 0644);
MODULE_PARM_DESC(p_charp, "a string of up to 1024 characters");

static bool p_bool;
module_param(p_bool, bool, 0644);
MODULE_PARM_DESC(p_bool, "a bool: y/n, 1/0, on/off, or the bare name");

static bool p_invbool;
module_param(p_invbool, invbool, 0644);
MODULE_PARM_DESC(p_invbool, "a bool stored inverted");

static bool p_once;
module_param(p_once, bool_enable_only, 0644);
MODULE_PARM_DESC(p_once, "a bool that, once on, stays on");

static char p_string[8] = "label";
module_param_string(p_string, p_string, sizeof(p_string), 0644);
MODULE_PARM_DESC(p_string, "at most 7 characters, copied into the module");

static int p_ints[4] = { 10, 20 };
static unsigned int p_ints_num = 2;
module_param_array(p_ints, int, &p_ints_num, 0644);
MODULE_PARM_DESC(p_ints, "up to 4 ints, comma-separated");

/* no count: sysfs shows all three elements */
static unsigned short fixed_shorts[3] = { 1, 2, 3 };
module_param_array_named(p_shorts, fixed_shorts, ushort, NULL, 0444);
MODULE_PARM_DESC(p_shorts, "3 unsigned shorts, read-only in sysfs");

/* known only as p_named; perm 0: no sysfs file */
static int hidden_value = 9;
module_param_named(p_named, hidden_value, int, 0);
MODULE_PARM_DESC(p_named, "an int behind another name, not in sysfs");

/* the module's own ops: an unsigned int limited to 0..7 */
static int level_set(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 0, 7);
}

static const struct kernel_param_ops level_ops = {
	.set = level_set,
	.get = param_get_uint,
};

static unsigned int p_level = 3;
module_param_cb(p_level, &level_ops, &p_level, 0600);
MODULE_PARM_DESC(p_level, "0..7, through the module's own set op");

static void print_array(const char *name, const int *v, unsigned int n)
{
	char buf[64];
	int off = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		off += scnprintf(buf + off, sizeof(buf) - off, "%s%d", i ? "," : "", v[i]);
	printk(KERN_INFO "params: %s=%s (%u given)\n", name, buf, n);
}

static int __init params_init(void)
{
	printk(KERN_INFO "params: p_byte=%u\n", p_byte);
	printk(KERN_INFO "params: p_short=%d\n", p_short);
	printk(KERN_INFO "params: p_ushort=%u\n", p_ushort);
	printk(KERN_INFO "params: p_int=%d\n", p_int);
	printk(KERN_INFO "params: p_uint=%u\n", p_uint);
	printk(KERN_INFO "params: p_long=%ld\n", p_long);
	printk(KERN_INFO "params: p_ulong=%lu\n", p_ulong);
	printk(KERN_INFO "params: p_ullong=%llu\n", p_ullong);
	printk(KERN_INFO "params: p_hexint=0x%x\n", p_hexint);
	printk(KERN_INFO "params: p_charp=%s\n", p_charp);
	printk(KERN_INFO "params: p_bool=%d\n", p_bool);
	printk(KERN_INFO "params: p_invbool=%d\n", p_invbool);
	printk(KERN_INFO "params: p_once=%d\n", p_once);
	printk(KERN_INFO "params: p_string=%s\n", p_string);
	print_array("p_ints", p_ints, p_ints_num);
	printk(KERN_INFO "params: p_shorts=%u,%u,%u\n",
	       fixed_shorts[0], fixed_shorts[1], fixed_shorts[2]);
	printk(KERN_INFO "params: p_named=%d\n", hidden_value);
	printk(KERN_INFO "params: p_level=%u\n", p_level);
	return 0;
}

static void __exit params_exit(void)
{
	printk(KERN_INFO "params: exit, p_charp=%s\n", p_charp);
}

module_init(params_init);
module_exit(params_exit);
