// SPDX-License-Identifier: MIT
/* Every MODULE_* tag and several parameters, for both modinfos to read. */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The umod authors");
MODULE_AUTHOR("A second author");
MODULE_DESCRIPTION("A module that describes itself");
MODULE_VERSION("1.2");
MODULE_ALIAS("described-alias");
MODULE_ALIAS("another-alias");

static int count = 1;
module_param(count, int, 0644);
MODULE_PARM_DESC(count, "How many");
static char *label = "x";
module_param(label, charp, 0);
static int verbose;
module_param(verbose, int, 0444);
MODULE_PARM_DESC(verbose, "Say more: with a colon");

static int __init described_init(void)
{
	return 0;
}

module_init(described_init);
