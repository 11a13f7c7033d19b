// SPDX-License-Identifier: GPL-2.0
/* A world-writable attribute: Linux refuses to build it (VERIFY_OCTAL_PERMISSIONS). */
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/sysfs.h>

static int v;

static ssize_t v_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", v);
}

static ssize_t v_store(struct kobject *kobj, struct kobj_attribute *attr,
		       const char *buf, size_t count)
{
	return kstrtoint(buf, 0, &v) ?: count;
}

static struct kobj_attribute v_attr = __ATTR(v, 0666, v_show, v_store);

static int __init openhouse_init(void)
{
	return v_attr.attr.mode ? 0 : -EINVAL;
}

module_init(openhouse_init);
MODULE_LICENSE("GPL");
