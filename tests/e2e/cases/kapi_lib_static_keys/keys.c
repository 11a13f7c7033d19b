// SPDX-License-Identifier: GPL-2.0
/*
 * Static keys as a Linux 6.1 module uses them: a default-off key a module
 * parameter switches (static_branch_enable/disable from its set op, the
 * branch taken in its get op), a default-on key counted up and down, and
 * add_taint() marking the kernel TAINT_USER.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>

static DEFINE_STATIC_KEY_FALSE(fast_path);
static DEFINE_STATIC_KEY_TRUE(logging);
static struct static_key legacy = STATIC_KEY_INIT_FALSE;

static int fast_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	if (on)
		static_branch_enable(&fast_path);
	else
		static_branch_disable(&fast_path);
	return 0;
}

static int fast_get(char *buf, const struct kernel_param *kp)
{
	if (static_branch_unlikely(&fast_path))
		return sprintf(buf, "fast\n");
	return sprintf(buf, "slow\n");
}

static const struct kernel_param_ops fast_ops = { .set = fast_set, .get = fast_get };
module_param_cb(fast, &fast_ops, NULL, 0644);
MODULE_PARM_DESC(fast, "take the fast path");

static void report(const char *when)
{
	pr_info("%s: fast_path %s, logging %s (count %d), legacy %d\n", when,
		static_branch_unlikely(&fast_path) ? "on" : "off",
		static_branch_likely(&logging) ? "on" : "off",
		static_key_count(&logging.key), static_key_false(&legacy));
}

static int __init keys_init(void)
{
	report("start");
	static_branch_inc(&logging);
	static_branch_inc(&logging);
	report("two incs");
	static_branch_dec(&logging);
	static_branch_dec(&logging);
	static_branch_dec(&logging);
	report("three decs");
	static_branch_enable(&logging);
	static_key_slow_inc(&legacy);
	report("enabled");
	pr_info("static_key_enabled: fast_path %d logging %d\n",
		static_key_enabled(&fast_path), static_key_enabled(&logging));
	static_key_slow_dec(&legacy);

	pr_info("TAINT_USER before %d\n", test_taint(TAINT_USER));
	add_taint(TAINT_USER, LOCKDEP_STILL_OK);
	pr_info("TAINT_USER after %d\n", test_taint(TAINT_USER));
	return 0;
}

static void __exit keys_exit(void)
{
	report("exit");
}

module_init(keys_init);
module_exit(keys_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("static keys and add_taint from module code");
