// Keeps the address symbol_get() gave it after symbol_put(): a bug. Writing
// its `call` parameter calls through that address.
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>

int gone_fn(void);
static int (*fn)(void);

static int call_set(const char *val, const struct kernel_param *kp)
{
	pr_info("caller: calling %s\n", fn ? "the kept address" : "nothing");
	return fn ? fn() == 42 ? 0 : -EINVAL : -ENOENT;
}

static const struct kernel_param_ops call_ops = {
	.set = call_set,
};
module_param_cb(call, &call_ops, NULL, 0200);

static int __init caller_init(void)
{
	fn = symbol_get(gone_fn);
	if (!fn)
		return -ENOENT;
	pr_info("caller: gone_fn() = %d\n", fn());
	symbol_put(gone_fn);
	return 0;
}

static void __exit caller_exit(void)
{
}

module_init(caller_init);
module_exit(caller_exit);
MODULE_LICENSE("GPL");
