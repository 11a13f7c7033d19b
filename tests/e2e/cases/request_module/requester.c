#include <linux/kmod.h>
#include <linux/module.h>

extern int provided_fn(int x);

static int __init requester_init(void)
{
	int (*fn)(int);

	pr_info("requester: request_module(umod-req-target) = %d\n",
		request_module("umod-req-%s", "target"));
	pr_info("requester: request_module(nosuch) = %d\n", request_module("nosuch"));
	fn = symbol_request(provided_fn);
	if (!fn)
		return -ENOENT;
	pr_info("requester: provided_fn(20) = %d\n", fn(20));
	symbol_put(provided_fn);
	return 0;
}

static void __exit requester_exit(void) { }
module_init(requester_init);
module_exit(requester_exit);
MODULE_LICENSE("GPL");
