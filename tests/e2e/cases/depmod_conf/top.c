#include <linux/module.h>

extern int mid_fn(void);
extern int exp_b(void);
extern int shared_sym(void);

static int __init top_init(void) { return mid_fn() + exp_b() + shared_sym(); }
module_init(top_init);
MODULE_LICENSE("GPL");
MODULE_ALIAS("top:*");
MODULE_ALIAS("umod-top");
