#include <linux/module.h>

int aliases_one(void) { return 1; }
EXPORT_SYMBOL(aliases_one);
int aliases_two(void) { return 2; }
EXPORT_SYMBOL_GPL(aliases_two);

MODULE_LICENSE("GPL");
MODULE_ALIAS("pci:v00008086d*sv*sd*bc*sc*i*");
MODULE_ALIAS("pci:v00008086d00001234sv*sd*bc*sc*i*");
MODULE_ALIAS("usb:*");
MODULE_ALIAS("my-dev");
MODULE_ALIAS("my-dev-2");
MODULE_ALIAS("char-major-10-200");
MODULE_SOFTDEP("pre: twin post: nosuch");
