/*
 * whichcpu.c: init and a proc file's show print dump_stack(), whose CPU
 * line names the CPU the calling task runs on.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

static int whichcpu_show(struct seq_file *m, void *v)
{
	dump_stack();
	seq_puts(m, "shown\n");
	return 0;
}

static int __init whichcpu_init(void)
{
	dump_stack();
	if (!proc_create_single("whichcpu", 0444, NULL, whichcpu_show))
		return -ENOMEM;
	return 0;
}

static void __exit whichcpu_exit(void)
{
	remove_proc_entry("whichcpu", NULL);
}

module_init(whichcpu_init);
module_exit(whichcpu_exit);
MODULE_LICENSE("GPL");
