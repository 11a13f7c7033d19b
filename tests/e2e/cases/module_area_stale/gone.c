// Exports one function, then goes away while a caller keeps its address.
#include <linux/module.h>
#include <linux/kernel.h>

int gone_fn(void)
{
	return 42;
}
EXPORT_SYMBOL_GPL(gone_fn);

MODULE_LICENSE("GPL");
