// SPDX-License-Identifier: MIT
/* Built once, against the first provider's Module.symvers. */
#include <linux/init.h>
#include <linux/module.h>

#include "../provider/provider.h"

MODULE_LICENSE("GPL");

static int __init user_init(void)
{
	struct provider_req req = { .a = 6, .b = 7 };

	pr_info("user: provider_fn says %d\n", provider_fn(&req));
	return 0;
}

static void __exit user_exit(void)
{
}

module_init(user_init);
module_exit(user_exit);
