// A module whose messages hold a newline and terminal escapes: dmesg shows
// the second line indented to the text column and the ESC bytes as \x1b,
// as util-linux dmesg prints what /dev/kmsg gives it.
#include <linux/module.h>
#include <linux/kernel.h>

static int __init loud_init(void)
{
	pr_info("loud: first line\nsecond line\n");
	pr_info("loud: \033[31mred\033[0m and a bell\a\n");
	return 0;
}

static void __exit loud_exit(void)
{
	pr_info("loud: exit\n");
}

module_init(loud_init);
module_exit(loud_exit);
MODULE_LICENSE("GPL");
