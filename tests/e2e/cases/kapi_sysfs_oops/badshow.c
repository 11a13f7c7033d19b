// SPDX-License-Identifier: GPL-2.0
/* A show that writes through NULL, beside a good attribute. */
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/sysfs.h>

static struct kobject *kobj;

static ssize_t bad_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	*(volatile int *)0 = 1;
	return 0;
}

static ssize_t good_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "fine\n");
}

static struct kobj_attribute bad_attr = __ATTR_RO(bad);
static struct kobj_attribute good_attr = __ATTR_RO(good);

static struct attribute *attrs[] = { &bad_attr.attr, &good_attr.attr, NULL };
static const struct attribute_group group = { .attrs = attrs };

static int __init badshow_init(void)
{
	int err;

	kobj = kobject_create_and_add("badshow", kernel_kobj);
	if (!kobj)
		return -ENOMEM;
	err = sysfs_create_group(kobj, &group);
	if (err)
		kobject_put(kobj);
	return err;
}

static void __exit badshow_exit(void)
{
	sysfs_remove_group(kobj, &group);
	kobject_put(kobj);
	pr_info("badshow: gone\n");
}

module_init(badshow_init);
module_exit(badshow_exit);
MODULE_LICENSE("GPL");
