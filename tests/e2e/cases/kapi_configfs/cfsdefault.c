// SPDX-License-Identifier: GPL-2.0
/*
 * A module written for Linux 6.1: a configfs subsystem with a default
 * group added before registering (configfs_add_default_group) and one
 * registered after (configfs_register_default_group); leave=1 forgets to
 * unregister at exit.
 */
#include <linux/configfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

static int level = 3;
static bool leave;
module_param(leave, bool, 0444);

static ssize_t cfsdefault_level_show(struct config_item *item, char *page)
{
	return sprintf(page, "%d\n", level);
}

static ssize_t cfsdefault_level_store(struct config_item *item, const char *page,
				      size_t count)
{
	int ret = kstrtoint(page, 0, &level);

	return ret ? ret : count;
}

CONFIGFS_ATTR(cfsdefault_, level);

static struct configfs_attribute *cfsdefault_attrs[] = {
	&cfsdefault_attr_level,
	NULL,
};

static const struct config_item_type defaults_type = {
	.ct_attrs	= cfsdefault_attrs,
	.ct_owner	= THIS_MODULE,
};

static const struct config_item_type dyn_type = {
	.ct_owner	= THIS_MODULE,
};

static const struct config_item_type subsys_type = {
	.ct_owner	= THIS_MODULE,
};

static struct config_group defaults;
static struct config_group *dyn;

static struct configfs_subsystem cfsdefault_subsys = {
	.su_group = {
		.cg_item = {
			.ci_namebuf = "cfsdefault",
			.ci_type = &subsys_type,
		},
	},
};

static int __init cfsdefault_init(void)
{
	int ret;

	config_group_init(&cfsdefault_subsys.su_group);
	mutex_init(&cfsdefault_subsys.su_mutex);
	config_group_init_type_name(&defaults, "defaults", &defaults_type);
	configfs_add_default_group(&defaults, &cfsdefault_subsys.su_group);
	ret = configfs_register_subsystem(&cfsdefault_subsys);
	if (ret)
		return ret;
	dyn = configfs_register_default_group(&cfsdefault_subsys.su_group, "dyn", &dyn_type);
	if (IS_ERR(dyn)) {
		configfs_unregister_subsystem(&cfsdefault_subsys);
		return PTR_ERR(dyn);
	}
	pr_info("cfsdefault: registered, name %s\n",
		config_item_name(&cfsdefault_subsys.su_group.cg_item));
	return 0;
}

static void __exit cfsdefault_exit(void)
{
	pr_info("cfsdefault: level %d\n", level);
	if (leave)
		return;
	configfs_unregister_default_group(dyn);
	configfs_unregister_subsystem(&cfsdefault_subsys);
	configfs_remove_default_groups(&cfsdefault_subsys.su_group);
}

module_init(cfsdefault_init);
module_exit(cfsdefault_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("configfs default groups");
