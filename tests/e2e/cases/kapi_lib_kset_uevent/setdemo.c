// SPDX-License-Identifier: GPL-2.0
/*
 * A kset of objects with their own ktype, as a Linux 6.1 module builds one
 * (the shape of samples/kobject/kset-example.c): a kset under
 * /sys/kernel, objects whose ktype has a sysfs_ops, default_groups and a
 * release, "add" uevents filtered and extended by the kset's uevent_ops,
 * and releases run on the last kobject_put().
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

struct thing {
	struct kobject kobj;
	int level;
};
#define to_thing(x) container_of(x, struct thing, kobj)

struct thing_attribute {
	struct attribute attr;
	ssize_t (*show)(struct thing *t, struct thing_attribute *attr, char *buf);
	ssize_t (*store)(struct thing *t, struct thing_attribute *attr, const char *buf,
			 size_t count);
};
#define to_thing_attr(x) container_of(x, struct thing_attribute, attr)

static ssize_t thing_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct thing_attribute *a = to_thing_attr(attr);

	if (!a->show)
		return -EIO;
	return a->show(to_thing(kobj), a, buf);
}

static ssize_t thing_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
				size_t len)
{
	struct thing_attribute *a = to_thing_attr(attr);

	if (!a->store)
		return -EIO;
	return a->store(to_thing(kobj), a, buf, len);
}

static const struct sysfs_ops thing_sysfs_ops = {
	.show = thing_attr_show,
	.store = thing_attr_store,
};

static void thing_release(struct kobject *kobj)
{
	struct thing *t = to_thing(kobj);

	pr_info("release %s (level %d)\n", kobject_name(kobj), t->level);
	kfree(t);
}

static ssize_t level_show(struct thing *t, struct thing_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", t->level);
}

static ssize_t level_store(struct thing *t, struct thing_attribute *attr, const char *buf,
			   size_t count)
{
	int ret = kstrtoint(buf, 10, &t->level);

	if (ret < 0)
		return ret;
	/* tell whoever listens, as a driver would */
	kobject_uevent(&t->kobj, KOBJ_CHANGE);
	return count;
}

static ssize_t path_show(struct thing *t, struct thing_attribute *attr, char *buf)
{
	char *path = kobject_get_path(&t->kobj, GFP_KERNEL);
	ssize_t n;

	if (!path)
		return -ENOMEM;
	n = sysfs_emit(buf, "%s\n", path);
	kfree(path);
	return n;
}

static struct thing_attribute level_attr = __ATTR(level, 0664, level_show, level_store);
static struct thing_attribute path_attr = __ATTR_RO(path);

static struct attribute *thing_attrs[] = {
	&level_attr.attr,
	&path_attr.attr,
	NULL,
};
ATTRIBUTE_GROUPS(thing);

static const struct kobj_type thing_ktype = {
	.sysfs_ops = &thing_sysfs_ops,
	.release = thing_release,
	.default_groups = thing_groups,
};

static int events;

static int set_filter(struct kobject *kobj)
{
	/* "quiet" sends nothing */
	return strcmp(kobject_name(kobj), "quiet") != 0;
}

static int set_uevent(struct kobject *kobj, struct kobj_uevent_env *env)
{
	events++;
	pr_info("uevent %s for %s\n", env->envp[0], env->envp[1]);
	return add_uevent_var(env, "LEVEL=%d", to_thing(kobj)->level);
}

static const struct kset_uevent_ops set_uevent_ops = {
	.filter = set_filter,
	.uevent = set_uevent,
};

static struct kset *set;
static struct thing *things[3];
static const char *const names[] = { "alpha", "beta", "quiet" };

static struct thing *thing_create(const char *name, int level)
{
	struct thing *t = kzalloc(sizeof(*t), GFP_KERNEL);
	int ret;

	if (!t)
		return NULL;
	t->level = level;
	t->kobj.kset = set;	/* no parent: the kset's directory */
	ret = kobject_init_and_add(&t->kobj, &thing_ktype, NULL, "%s", name);
	if (ret) {
		kobject_put(&t->kobj);
		return NULL;
	}
	kobject_uevent(&t->kobj, KOBJ_ADD);
	return t;
}

static int __init setdemo_init(void)
{
	struct kobject *found;
	int i;

	set = kset_create_and_add("setdemo", &set_uevent_ops, kernel_kobj);
	if (!set)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		things[i] = thing_create(names[i], i * 10);
		if (!things[i])
			goto fail;
	}
	found = kset_find_obj(set, "beta");
	pr_info("kset_find_obj(beta) %s, (gamma) %p\n", found ? kobject_name(found) : "-",
		kset_find_obj(set, "gamma"));
	kobject_put(found);
	pr_info("%d uevents sent\n", events);
	return 0;
fail:
	while (i--)
		kobject_put(&things[i]->kobj);
	kset_unregister(set);
	return -EINVAL;
}

static void __exit setdemo_exit(void)
{
	int i;

	for (i = ARRAY_SIZE(things) - 1; i >= 0; i--)
		kobject_put(&things[i]->kobj);
	kset_unregister(set);
	pr_info("%d uevents sent in all\n", events);
}

module_init(setdemo_init);
module_exit(setdemo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("a kset with uevents from module code");
