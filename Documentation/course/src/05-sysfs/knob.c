// SPDX-License-Identifier: GPL-2.0
/*
 * knob.c: a directory of attributes in sysfs. A kobject is a directory
 * (/sys/kernel/knob); each kobj_attribute is a file whose show() prints
 * the value into a page and whose store() parses what was written. One
 * value per file, as sysfs wants it.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/sysfs.h>

static struct kobject *knob_kobj;
static int value;

static ssize_t value_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%d\n", value);
}

static ssize_t value_store(struct kobject *kobj, struct kobj_attribute *attr,
			   const char *buf, size_t count)
{
	int err = kstrtoint(buf, 0, &value);

	return err ? err : count;
}

static ssize_t doubled_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%d\n", 2 * value);
}

static struct kobj_attribute value_attr = __ATTR_RW(value);
static struct kobj_attribute doubled_attr = __ATTR_RO(doubled);

static struct attribute *knob_attrs[] = {
	&value_attr.attr,
	&doubled_attr.attr,
	NULL,
};

static const struct attribute_group knob_group = {
	.attrs = knob_attrs,
};

static int __init knob_init(void)
{
	int err;

	knob_kobj = kobject_create_and_add("knob", kernel_kobj);
	if (!knob_kobj)
		return -ENOMEM;
	err = sysfs_create_group(knob_kobj, &knob_group);
	if (err)
		kobject_put(knob_kobj);
	return err;
}

static void __exit knob_exit(void)
{
	kobject_put(knob_kobj);	/* the last reference: the directory goes */
}

module_init(knob_init);
module_exit(knob_exit);

MODULE_LICENSE("GPL");
