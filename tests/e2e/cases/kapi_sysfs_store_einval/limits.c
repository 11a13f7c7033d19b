// SPDX-License-Identifier: GPL-2.0
/*
 * An attribute group on a kobject of our own type below /sys/kernel:
 * "percent" takes 0..100 and refuses anything else with -EINVAL,
 * "version" is read-only, "reset" write-only, and "hidden" is left out
 * by is_visible.
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

struct limits {
	struct kobject kobj;
	int percent;
};

static struct limits *limits;

static ssize_t percent_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct limits *l = container_of(kobj, struct limits, kobj);

	return sysfs_emit(buf, "%d\n", l->percent);
}

static ssize_t percent_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	struct limits *l = container_of(kobj, struct limits, kobj);
	int val, err;

	err = kstrtoint(buf, 10, &val);
	if (err)
		return err;
	if (val < 0 || val > 100)
		return -EINVAL;
	l->percent = val;
	return count;
}

static ssize_t version_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "1.0\n");
}

static ssize_t reset_store(struct kobject *kobj, struct kobj_attribute *attr,
			   const char *buf, size_t count)
{
	struct limits *l = container_of(kobj, struct limits, kobj);

	l->percent = 50;
	pr_info("limits: reset\n");
	return count;
}

static ssize_t hidden_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "you should not see this\n");
}

static struct kobj_attribute percent_attr = __ATTR_RW(percent);
static struct kobj_attribute version_attr = __ATTR_RO(version);
static struct kobj_attribute reset_attr = __ATTR_WO(reset);
static struct kobj_attribute hidden_attr = __ATTR_RO(hidden);

static struct attribute *limits_attrs[] = {
	&percent_attr.attr,
	&version_attr.attr,
	&reset_attr.attr,
	&hidden_attr.attr,
	NULL,
};

static umode_t limits_visible(struct kobject *kobj, struct attribute *attr, int n)
{
	return attr == &hidden_attr.attr ? 0 : attr->mode;
}

static const struct attribute_group limits_group = {
	.attrs = limits_attrs,
	.is_visible = limits_visible,
};

static const struct attribute_group *limits_groups[] = {
	&limits_group,
	NULL,
};

static void limits_release(struct kobject *kobj)
{
	pr_info("limits: release\n");
	kfree(container_of(kobj, struct limits, kobj));
}

static struct kobj_type limits_ktype = {
	.release = limits_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = limits_groups,
};

static int __init limits_init(void)
{
	int err;

	limits = kzalloc(sizeof(*limits), GFP_KERNEL);
	if (!limits)
		return -ENOMEM;
	limits->percent = 50;
	err = kobject_init_and_add(&limits->kobj, &limits_ktype, kernel_kobj, "%s", "limits");
	if (err) {
		kobject_put(&limits->kobj);
		return err;
	}
	return 0;
}

static void __exit limits_exit(void)
{
	kobject_put(&limits->kobj);
}

module_init(limits_init);
module_exit(limits_exit);
MODULE_LICENSE("GPL");
