// SPDX-License-Identifier: MIT
/*
 * RCU as a Linux 6.1 module uses it: a list read under rcu_read_lock()
 * and changed under a spin lock, a pointer published with
 * rcu_assign_pointer(), old versions freed with kfree_rcu() and
 * call_rcu(). The exit queues a callback and leaves: the unload waits for
 * it (rcu_barrier()) before the module's code goes.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>

struct config {
	int version;
	struct rcu_head rcu;
};

struct entry {
	struct list_head node;
	int key;
	struct rcu_head rcu;
};

static struct config __rcu *current_config;
static LIST_HEAD(entries);
static DEFINE_SPINLOCK(entries_lock);
static struct rcu_head exit_head;

static void entry_free(struct rcu_head *head)
{
	struct entry *e = container_of(head, struct entry, rcu);

	pr_info("rcuprobe: entry %d freed after a grace period, in_softirq %d\n", e->key,
		in_softirq() ? 1 : 0);
	kfree(e);
}

static void exit_callback(struct rcu_head *head)
{
	pr_info("rcuprobe: the exit's callback ran\n");
}

static int sum_keys(void)
{
	struct entry *e;
	int sum = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &entries, node)
		sum += e->key;
	rcu_read_unlock();
	return sum;
}

static int publish(int version)
{
	struct config *new = kmalloc(sizeof(*new), GFP_KERNEL), *old;

	if (!new)
		return -ENOMEM;
	new->version = version;
	old = rcu_dereference_protected(current_config, 1);
	rcu_assign_pointer(current_config, new);
	if (old)
		kfree_rcu(old, rcu);
	return 0;
}

static int __init rcuprobe_init(void)
{
	struct entry *e;
	int i, err;

	for (i = 1; i <= 3; i++) {
		e = kmalloc(sizeof(*e), GFP_KERNEL);
		if (!e)
			return -ENOMEM;
		e->key = i * 10;
		spin_lock(&entries_lock);
		list_add_tail_rcu(&e->node, &entries);
		spin_unlock(&entries_lock);
	}
	pr_info("rcuprobe: sum %d\n", sum_keys());

	spin_lock(&entries_lock);
	e = list_first_or_null_rcu(&entries, struct entry, node);
	list_del_rcu(&e->node);
	spin_unlock(&entries_lock);
	call_rcu(&e->rcu, entry_free);
	rcu_barrier();
	pr_info("rcuprobe: sum after a removal %d\n", sum_keys());

	RCU_INIT_POINTER(current_config, NULL);
	for (i = 1; i <= 3; i++) {
		err = publish(i);
		if (err)
			return err;
	}
	synchronize_rcu();
	rcu_read_lock();
	pr_info("rcuprobe: config version %d\n", rcu_dereference(current_config)->version);
	rcu_read_unlock();
	return 0;
}

static void __exit rcuprobe_exit(void)
{
	struct entry *e, *tmp;

	list_for_each_entry_safe(e, tmp, &entries, node) {
		list_del_rcu(&e->node);
		kfree_rcu(e, rcu);
	}
	kfree_rcu(rcu_dereference_protected(current_config, 1), rcu);
	pr_info("rcuprobe: exit queues a callback and returns\n");
	call_rcu(&exit_head, exit_callback);
}

module_init(rcuprobe_init);
module_exit(rcuprobe_exit);
MODULE_LICENSE("GPL");
