#include <linux/module.h>

static int __init leaf_init(void) { return 0; }
module_init(leaf_init);
MODULE_LICENSE("GPL");
MODULE_ALIAS("block-major-7-*");
