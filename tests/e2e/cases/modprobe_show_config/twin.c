#include <linux/module.h>

extern int aliases_one(void);

int twin_fn(void) { return aliases_one(); }
EXPORT_SYMBOL(twin_fn);

MODULE_LICENSE("GPL");
MODULE_ALIAS("my-dev");
MODULE_ALIAS("my");
