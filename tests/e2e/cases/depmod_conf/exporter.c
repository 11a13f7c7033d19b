#include <linux/module.h>
#include "ksym.h"

int exp_a(void);
int exp_b(void);
int exp_a(void) { return 1; }
int exp_b(void) { return 2; }
FAKE_EXPORT(exp_a);
FAKE_EXPORT(exp_b);
FAKE_EXPORT(shared_sym);

static int __init exporter_init(void) { return 0; }
static void __exit exporter_exit(void) { }
module_init(exporter_init);
module_exit(exporter_exit);
MODULE_LICENSE("GPL");
MODULE_ALIAS("char-major-250-*");
MODULE_ALIAS("devname:exporter0");
MODULE_ALIAS("char-major-250-0");
