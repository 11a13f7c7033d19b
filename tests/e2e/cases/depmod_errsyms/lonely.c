#include <linux/module.h>

extern int nowhere_fn(void);
extern int maybe_fn(void) __attribute__((weak));

static int __init lonely_init(void) { return maybe_fn ? maybe_fn() : nowhere_fn(); }
module_init(lonely_init);
MODULE_LICENSE("GPL");
