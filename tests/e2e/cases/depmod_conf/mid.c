#include <linux/module.h>
#include "ksym.h"

extern int exp_a(void);
int mid_fn(void);
int mid_fn(void) { return exp_a(); }
FAKE_EXPORT(mid_fn);
/* exported by exporter too: the later module in the order owns it */
FAKE_EXPORT(shared_sym);

static int __init mid_init(void) { return mid_fn(); }
module_init(mid_init);
MODULE_LICENSE("GPL");
MODULE_SOFTDEP("pre: exporter post: leaf");
MODULE_ALIAS("umod-mid");
