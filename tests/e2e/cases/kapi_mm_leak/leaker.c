// SPDX-License-Identifier: GPL-2.0
/*
 * Leaks kmalloc'd memory from two call sites: a list of nodes that exit
 * forgets to free, and a name. Linux says nothing; umod reports each
 * site at unload.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>

MODULE_LICENSE("GPL");

static int nodes = 3;
module_param(nodes, int, 0444);

struct node {
	struct node *next;
	char payload[56];
};

static struct node *head;
static char *name;

static noinline int make_nodes(int n)
{
	while (n-- > 0) {
		struct node *nd = kzalloc(sizeof(*nd), GFP_KERNEL);

		if (!nd)
			return -ENOMEM;
		nd->next = head;
		head = nd;
	}
	return 0;
}

static int __init leaker_init(void)
{
	if (make_nodes(nodes))
		return -ENOMEM;
	name = kasprintf(GFP_KERNEL, "leaker-%d", nodes);
	if (!name)
		return -ENOMEM;
	pr_info("%s: %d nodes\n", name, nodes);
	return 0;
}

static void __exit leaker_exit(void)
{
	pr_info("leaker: exit forgets its memory\n");
}

module_init(leaker_init);
module_exit(leaker_exit);
