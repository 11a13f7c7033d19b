// SPDX-License-Identifier: MIT
/*
 * A module found through a registry (lifereg.h), as drivers are found: the
 * host loads and unloads it in a loop while threads call into it. Its exit
 * reports how many users it still sees, which must be none, then poisons
 * its magic: a call that reaches it afterwards returns a wrong value.
 * fail=1: init registers, then fails (a later step of it going wrong),
 * so the loader must wait for users that came in meanwhile.
 */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "lifereg.h"

MODULE_LICENSE("GPL");

static int fail;
module_param(fail, int, 0);

static int magic = LIFE_MAGIC;
static int users, calls;

static void life_enter(void)
{
	__atomic_add_fetch(&users, 1, __ATOMIC_SEQ_CST);
}

static int life_call(int x)
{
	__atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
	return x + __atomic_load_n(&magic, __ATOMIC_RELAXED);
}

static void life_leave(void)
{
	__atomic_sub_fetch(&users, 1, __ATOMIC_SEQ_CST);
}

static struct life_ops ops = {
	.owner = THIS_MODULE,
	.enter = life_enter,
	.call = life_call,
	.leave = life_leave,
};

static int __init lifemod_init(void)
{
	int err = life_register(&ops);

	if (err)
		return err;
	if (fail) {
		/* a later step of init takes a while, then fails: users come in */
		for (volatile int i = 0; i < 200000; i++)
			;
		life_unregister(&ops);
		return -ENODEV;
	}
	return 0;
}

static void __exit lifemod_exit(void)
{
	life_unregister(&ops);
	life_report(__atomic_load_n(&calls, __ATOMIC_SEQ_CST),
		    __atomic_load_n(&users, __ATOMIC_SEQ_CST));
	__atomic_store_n(&magic, 0, __ATOMIC_RELAXED);
}

module_init(lifemod_init);
module_exit(lifemod_exit);
