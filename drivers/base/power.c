// SPDX-License-Identifier: MIT
/*
 * The power/ directory of every device (Linux 6.1's
 * drivers/base/power/sysfs.c, CONFIG_PM without PM_ADVANCED_DEBUG):
 * control, runtime_status, runtime_active_time, runtime_suspended_time
 * and autosuspend_delay_ms. There is no runtime power management to
 * drive here: a device reads "unsupported" until its driver enables
 * runtime PM, then "active" (pm_runtime_* in linux/pm_runtime.h keep the
 * counts the files show). And /sys/power/state: a write of "mem" or
 * "freeze" runs the bound drivers' suspend callbacks, then their resume
 * ones, as a system sleep with an immediate wakeup does.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/printk/internal.h"

#define RPM_ACTIVE	0
#define RPM_SUSPENDED	2

static long control_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;

	return snprintf(page, UMOD_PAGE_SIZE, "%s\n", dev->power.runtime_auto ? "auto" : "on");
}

static long control_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct device *dev = priv;

	if (!strcmp(buf, "on") || !strcmp(buf, "on\n"))
		dev->power.runtime_auto = 0;
	else if (!strcmp(buf, "auto") || !strcmp(buf, "auto\n"))
		dev->power.runtime_auto = 1;
	else
		return -EINVAL;
	return (long)len;
}

static long status_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;
	const char *s;

	if (dev->power.runtime_error)
		s = "error";
	else if (dev->power.disable_depth)
		s = "unsupported";
	else
		s = dev->power.runtime_status == RPM_SUSPENDED ? "suspended" : "active";
	return snprintf(page, UMOD_PAGE_SIZE, "%s\n", s);
}

static long zero_show(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, UMOD_PAGE_SIZE, "0\n");
}

/* without autosuspend in use the kernel answers EIO */
static long autosuspend_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct device *dev = priv;

	if (!dev->power.use_autosuspend)
		return -EIO;
	return snprintf(page, UMOD_PAGE_SIZE, "%d\n", dev->power.autosuspend_delay);
}

static long autosuspend_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct device *dev = priv;
	int delay;

	if (!dev->power.use_autosuspend)
		return -EIO;
	if (sscanf(buf, "%d", &delay) != 1)
		return -EINVAL;
	dev->power.autosuspend_delay = delay;
	return (long)len;
}

static const struct umod_kernfs_ops control_ops = { control_show, control_store };
static const struct umod_kernfs_ops status_ops = { status_show, NULL };
static const struct umod_kernfs_ops zero_ops = { zero_show, NULL };
static const struct umod_kernfs_ops autosuspend_ops = { autosuspend_show, autosuspend_store };

static const struct {
	const char *name;
	unsigned int mode;
	const struct umod_kernfs_ops *ops;
} power_files[] = {
	{ "autosuspend_delay_ms", 0644, &autosuspend_ops },
	{ "control", 0644, &control_ops },
	{ "runtime_active_time", 0444, &zero_ops },
	{ "runtime_status", 0444, &status_ops },
	{ "runtime_suspended_time", 0444, &zero_ops },
};

/* dpm_sysfs_add(): the directory and its files; they go with the device's directory */
int umod_dpm_sysfs_add(struct device *dev)
{
	struct kernfs_node *dir;
	struct umod_kernfs_new nw = {
		.parent = umod_kobject_dir(&dev->kobj), .host = dev->kobj.host, .name = "power",
		.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_PLAIN, .mode = 0755,
	};
	int err = umod_kernfs_create(&nw, &dir);

	for (size_t i = 0; !err && i < UMOD_ARRAY_SIZE(power_files); i++) {
		struct umod_kernfs_new f = {
			.parent = dir, .host = dev->kobj.host, .name = power_files[i].name,
			.type = UMOD_SYSFS_FILE, .kind = UMOD_KN_PLAIN,
			.mode = power_files[i].mode, .ops = power_files[i].ops, .priv = dev,
		};

		err = umod_kernfs_create(&f, NULL);
	}
	return err;
}

/* ---- /sys/power/state: system sleep (kernel/power/main.c, suspend.c) ----------------- */

struct pm_call {
	int (*fn)(struct device *dev);
	struct device *dev;
};

static long call_pm(void *arg)
{
	struct pm_call *c = arg;

	return c->fn(c->dev);
}

/* the driver's dev_pm_ops callback @which (0: suspend, 1: resume), as its module's code */
static int dpm_callback(struct device *dev, int which)
{
	const struct device_driver *drv = dev->driver;
	const struct dev_pm_ops *pm = drv ? drv->pm : NULL;
	struct pm_call c = { pm ? (which ? pm->resume : pm->suspend) : NULL, dev };

	if (!c.fn)
		return 0;
	return (int)umod_base_call(umod_module_of(drv->owner), call_pm, &c);
}

/*
 * suspend_devices_and_enter() without a platform to enter: each bound
 * device's suspend callback, newest first, then each one's resume, as a
 * wakeup would run them at once. A failed suspend resumes the ones done.
 */
static int system_suspend(struct umod_driver_core *core, const char *label)
{
	size_t n, done = 0;
	struct device **v = umod_base_collect(core, &core->devices,
					      offsetof(struct device_private, node_core), &n);
	int err = 0;

	umod_base_printk(core, KERN_INFO "PM: suspend entry (%s)\n", label);
	for (size_t i = n; i-- > 0;) {
		err = dpm_callback(v[i], 0);
		if (err) {
			umod_base_printk(core, KERN_ERR "PM: Device %s failed to suspend: error %d\n",
					 umod_dev_name(v[i]), err);
			umod_base_printk(core, KERN_ERR "PM: Some devices failed to suspend, or early wake event detected\n");
			break;
		}
		done++;
	}
	for (size_t i = n - done; i < n; i++)
		dpm_callback(v[i], 1);
	umod_base_printk(core, KERN_INFO "PM: suspend exit\n");
	umod_base_put_all(v, n);
	return err;
}

static long state_show(struct kernfs_node *kn, void *priv, char *page)
{
	return snprintf(page, UMOD_PAGE_SIZE, "freeze mem\n");
}

static long state_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	size_t n = len && buf[len - 1] == '\n' ? len - 1 : len;
	int err;

	if (n == 6 && !memcmp(buf, "freeze", 6))
		err = system_suspend(priv, "s2idle");
	else if (n == 3 && !memcmp(buf, "mem", 3))
		err = system_suspend(priv, "deep");
	else
		return -EINVAL;
	return err ? err : (long)len;
}

static const struct umod_kernfs_ops state_ops = { state_show, state_store };

/* /sys/power and its state file */
int umod_pm_init(struct umod_driver_core *core)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kernfs_root(UMOD_KERNFS_SYS), .host = core->host, .name = "power",
		.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_PLAIN, .mode = 0755,
	};
	struct umod_kernfs_new f = {
		.host = core->host, .name = "state", .type = UMOD_SYSFS_FILE,
		.kind = UMOD_KN_PLAIN, .mode = 0644, .ops = &state_ops, .priv = core,
	};
	int err = umod_kernfs_create(&nw, &core->power_dir);

	if (!err) {
		f.parent = core->power_dir;
		err = umod_kernfs_create(&f, NULL);
	}
	return err;
}

/* ---- runtime PM: the counts and the status, no callbacks ------------------------ */

#define RPM_GET_PUT	0x04

static void kapi_pm_runtime_enable(struct device *dev)
{
	if (dev->power.disable_depth > 0)
		dev->power.disable_depth--;
}

static void kapi___pm_runtime_disable(struct device *dev, bool check_resume)
{
	if (dev->power.disable_depth < 7)
		dev->power.disable_depth++;
}

/* the device is (and stays) active; 1 when it already was, as 6.1 returns */
static int kapi___pm_runtime_resume(struct device *dev, int rpmflags)
{
	int was = dev->power.runtime_status == RPM_ACTIVE;

	if (rpmflags & RPM_GET_PUT)
		__atomic_add_fetch(&dev->power.usage_count.counter, 1, __ATOMIC_SEQ_CST);
	if (dev->power.disable_depth)
		return -EACCES;
	dev->power.runtime_status = RPM_ACTIVE;
	return was;
}

static int put_usage(struct device *dev, int rpmflags)
{
	if ((rpmflags & RPM_GET_PUT) &&
	    __atomic_sub_fetch(&dev->power.usage_count.counter, 1, __ATOMIC_SEQ_CST) < 0) {
		__atomic_store_n(&dev->power.usage_count.counter, 0, __ATOMIC_SEQ_CST);
		return -EINVAL;
	}
	return 0;
}

static int kapi___pm_runtime_idle(struct device *dev, int rpmflags)
{
	return put_usage(dev, rpmflags);
}

static int kapi___pm_runtime_suspend(struct device *dev, int rpmflags)
{
	int err = put_usage(dev, rpmflags);

	if (!err && !dev->power.disable_depth &&
	    !__atomic_load_n(&dev->power.usage_count.counter, __ATOMIC_SEQ_CST))
		dev->power.runtime_status = RPM_SUSPENDED;
	return err;
}

static int kapi___pm_runtime_set_status(struct device *dev, unsigned int status)
{
	if (!dev->power.disable_depth)
		return -EAGAIN;
	dev->power.runtime_status = (int)status;
	return 0;
}

static void kapi_pm_runtime_set_autosuspend_delay(struct device *dev, int delay)
{
	dev->power.autosuspend_delay = delay;
}

static void kapi___pm_runtime_use_autosuspend(struct device *dev, bool use)
{
	dev->power.use_autosuspend = use;
}

static void kapi_pm_runtime_forbid(struct device *dev)
{
	dev->power.runtime_auto = 0;
}

static void kapi_pm_runtime_allow(struct device *dev)
{
	dev->power.runtime_auto = 1;
}

static const struct umod_kapi_export pm_exports[] = {
	UMOD_KAPI_GPL("pm_runtime_enable", kapi_pm_runtime_enable),
	UMOD_KAPI_GPL("__pm_runtime_disable", kapi___pm_runtime_disable),
	UMOD_KAPI_GPL("__pm_runtime_resume", kapi___pm_runtime_resume),
	UMOD_KAPI_GPL("__pm_runtime_idle", kapi___pm_runtime_idle),
	UMOD_KAPI_GPL("__pm_runtime_suspend", kapi___pm_runtime_suspend),
	UMOD_KAPI_GPL("__pm_runtime_set_status", kapi___pm_runtime_set_status),
	UMOD_KAPI_GPL("pm_runtime_set_autosuspend_delay", kapi_pm_runtime_set_autosuspend_delay),
	UMOD_KAPI_GPL("__pm_runtime_use_autosuspend", kapi___pm_runtime_use_autosuspend),
	UMOD_KAPI_GPL("pm_runtime_forbid", kapi_pm_runtime_forbid),
	UMOD_KAPI_GPL("pm_runtime_allow", kapi_pm_runtime_allow),
};

const struct umod_kapi_table umod_kapi_pm = UMOD_KAPI_TABLE(pm_exports);
