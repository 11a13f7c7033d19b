#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_ALIAS("same-alias");
MODULE_ALIAS("same-alias");
MODULE_ALIAS("other");
