#include <linux/module.h>

extern int exp_a(void);
extern int nowhere(void) __attribute__((weak));

static int __init weakref_init(void) { return nowhere ? nowhere() : exp_a(); }
module_init(weakref_init);
MODULE_LICENSE("GPL");
MODULE_ALIAS("weak-[ab]-x");
