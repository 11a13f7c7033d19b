// SPDX-License-Identifier: GPL-2.0
/*
 * Creates /sys/kernel/forgotten with an attribute and never puts the
 * kobject: on Linux the directory would outlive the module and a read of
 * the attribute would call into freed memory.
 */
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/sysfs.h>

static struct kobject *kobj;
static int value = 3;

static ssize_t value_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", value);
}

static struct kobj_attribute value_attr = __ATTR_RO(value);

static int __init forgetful_init(void)
{
	kobj = kobject_create_and_add("forgotten", kernel_kobj);
	if (!kobj)
		return -ENOMEM;
	return sysfs_create_file(kobj, &value_attr.attr);
}

static void __exit forgetful_exit(void)
{
	pr_info("forgetful: bye\n");	/* and no kobject_put() */
}

module_init(forgetful_init);
module_exit(forgetful_exit);
MODULE_LICENSE("GPL");
