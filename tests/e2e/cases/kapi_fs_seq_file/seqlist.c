/*
 * seqlist.c: a seq_file iterator over a kernel list (/proc/seqlist), a
 * single_open file whose one record is larger than a page
 * (/proc/seqdir/big), and the same name created twice.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

static int count = 500;
module_param(count, int, 0444);

struct item {
	struct list_head list;
	int n;
};

static LIST_HEAD(items);
static struct proc_dir_entry *dir;
static const char *tag = "seq";

static void *seqlist_start(struct seq_file *m, loff_t *pos)
{
	return seq_list_start(&items, *pos);
}

static void *seqlist_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &items, pos);
}

static void seqlist_stop(struct seq_file *m, void *v)
{
}

static int seqlist_show(struct seq_file *m, void *v)
{
	struct item *it = list_entry(v, struct item, list);
	const char *t = pde_data(file_inode(m->file));

	seq_printf(m, "%s item %4d:", t, it->n);
	seq_put_decimal_ull(m, " squared ", (unsigned long long)it->n * it->n);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations seqlist_ops = {
	.start = seqlist_start,
	.next = seqlist_next,
	.stop = seqlist_stop,
	.show = seqlist_show,
};

/* one record of 10000 bytes: the buffer grows from a page, twice */
static int big_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < 1000; i++)
		seq_printf(m, "%09d\n", i);
	return 0;
}

static int __init seqlist_init(void)
{
	int i;

	for (i = 0; i < count; i++) {
		struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);

		if (!it)
			return -ENOMEM;
		it->n = i;
		list_add_tail(&it->list, &items);
	}
	if (!proc_create_seq_data("seqlist", 0444, NULL, &seqlist_ops, (void *)tag))
		return -ENOMEM;
	dir = proc_mkdir("seqdir", NULL);
	if (!proc_create_single("big", 0444, dir, big_show))
		return -ENOMEM;
	if (!proc_create_single("big", 0444, dir, big_show))
		pr_info("seqlist: a second seqdir/big: NULL\n");
	return 0;
}

static void __exit seqlist_exit(void)
{
	struct item *it, *tmp;

	remove_proc_entry("seqlist", NULL);
	remove_proc_subtree("seqdir", NULL);
	list_for_each_entry_safe(it, tmp, &items, list)
		kfree(it);
}

module_init(seqlist_init);
module_exit(seqlist_exit);
MODULE_LICENSE("GPL");
