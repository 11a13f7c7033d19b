// Symbols of every kind /proc/kallsyms tells apart: a plain export (T),
// a GPL-only export and an unexported global (t), statics in text, data,
// rodata and bss, and init code, listed only until init returns.
#include <linux/module.h>
#include <linux/kernel.h>

int syms_counter = 1;
static const char syms_banner[] = "syms";
static int syms_scratch[16];

int syms_plain(void)
{
	return syms_counter;
}
EXPORT_SYMBOL(syms_plain);

int syms_gpl(void)
{
	return syms_scratch[0] + (int)sizeof(syms_banner);
}
EXPORT_SYMBOL_GPL(syms_gpl);

static int __init syms_init(void)
{
	syms_scratch[1] = syms_counter;
	pr_info("%s: %d\n", syms_banner, syms_plain() + syms_gpl() + syms_scratch[1]);
	return 0;
}

static void __exit syms_exit(void)
{
}

module_init(syms_init);
module_exit(syms_exit);
MODULE_LICENSE("GPL");
