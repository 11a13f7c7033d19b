/* SPDX-License-Identifier: MIT */
/*
 * Runtime power management (Linux 6.1's include/linux/pm_runtime.h) with
 * its signatures and return values: the usage count and the status are
 * kept (power/runtime_status shows them), but a process has no power to
 * save, so the driver's runtime_suspend/resume callbacks are not called.
 */
#ifndef _LINUX_PM_RUNTIME_H
#define _LINUX_PM_RUNTIME_H

#include <linux/device.h>
#include <linux/pm.h>

#define RPM_ASYNC	0x01
#define RPM_NOWAIT	0x02
#define RPM_GET_PUT	0x04
#define RPM_AUTO	0x08

void pm_runtime_enable(struct device *dev);
void __pm_runtime_disable(struct device *dev, bool check_resume);
int __pm_runtime_idle(struct device *dev, int rpmflags);
int __pm_runtime_suspend(struct device *dev, int rpmflags);
int __pm_runtime_resume(struct device *dev, int rpmflags);
int __pm_runtime_set_status(struct device *dev, unsigned int status);
void pm_runtime_set_autosuspend_delay(struct device *dev, int delay);
void __pm_runtime_use_autosuspend(struct device *dev, bool use);
void pm_runtime_forbid(struct device *dev);
void pm_runtime_allow(struct device *dev);

static inline void pm_runtime_disable(struct device *dev)
{
	__pm_runtime_disable(dev, true);
}

static inline bool pm_runtime_enabled(struct device *dev)
{
	return !dev->power.disable_depth;
}

static inline bool pm_runtime_active(struct device *dev)
{
	return dev->power.runtime_status == RPM_ACTIVE || dev->power.disable_depth;
}

static inline bool pm_runtime_suspended(struct device *dev)
{
	return dev->power.runtime_status == RPM_SUSPENDED && !dev->power.disable_depth;
}

static inline int pm_runtime_idle(struct device *dev)
{
	return __pm_runtime_idle(dev, 0);
}

static inline int pm_runtime_suspend(struct device *dev)
{
	return __pm_runtime_suspend(dev, 0);
}

static inline int pm_runtime_autosuspend(struct device *dev)
{
	return __pm_runtime_suspend(dev, RPM_AUTO);
}

static inline int pm_runtime_resume(struct device *dev)
{
	return __pm_runtime_resume(dev, 0);
}

static inline int pm_request_idle(struct device *dev)
{
	return __pm_runtime_idle(dev, RPM_ASYNC);
}

static inline int pm_request_resume(struct device *dev)
{
	return __pm_runtime_resume(dev, RPM_ASYNC);
}

static inline int pm_request_autosuspend(struct device *dev)
{
	return __pm_runtime_suspend(dev, RPM_ASYNC | RPM_AUTO);
}

static inline int pm_runtime_get(struct device *dev)
{
	return __pm_runtime_resume(dev, RPM_GET_PUT | RPM_ASYNC);
}

static inline int pm_runtime_get_sync(struct device *dev)
{
	return __pm_runtime_resume(dev, RPM_GET_PUT);
}

static inline int pm_runtime_resume_and_get(struct device *dev)
{
	int ret = __pm_runtime_resume(dev, RPM_GET_PUT);

	if (ret < 0) {
		__pm_runtime_idle(dev, RPM_GET_PUT | RPM_ASYNC);
		return ret;
	}
	return 0;
}

static inline void pm_runtime_get_noresume(struct device *dev)
{
	atomic_inc(&dev->power.usage_count);
}

static inline void pm_runtime_put_noidle(struct device *dev)
{
	atomic_add_unless(&dev->power.usage_count, -1, 0);
}

static inline int pm_runtime_put(struct device *dev)
{
	return __pm_runtime_idle(dev, RPM_GET_PUT | RPM_ASYNC);
}

static inline int pm_runtime_put_autosuspend(struct device *dev)
{
	return __pm_runtime_suspend(dev, RPM_GET_PUT | RPM_ASYNC | RPM_AUTO);
}

static inline int pm_runtime_put_sync(struct device *dev)
{
	return __pm_runtime_idle(dev, RPM_GET_PUT);
}

static inline int pm_runtime_put_sync_suspend(struct device *dev)
{
	return __pm_runtime_suspend(dev, RPM_GET_PUT);
}

static inline int pm_runtime_put_sync_autosuspend(struct device *dev)
{
	return __pm_runtime_suspend(dev, RPM_GET_PUT | RPM_AUTO);
}

static inline int pm_runtime_set_active(struct device *dev)
{
	return __pm_runtime_set_status(dev, RPM_ACTIVE);
}

static inline int pm_runtime_set_suspended(struct device *dev)
{
	return __pm_runtime_set_status(dev, RPM_SUSPENDED);
}

static inline void pm_runtime_use_autosuspend(struct device *dev)
{
	__pm_runtime_use_autosuspend(dev, true);
}

static inline void pm_runtime_dont_use_autosuspend(struct device *dev)
{
	__pm_runtime_use_autosuspend(dev, false);
}

static inline void pm_runtime_mark_last_busy(struct device *dev)
{
	(void)dev;
}

static inline void pm_runtime_no_callbacks(struct device *dev)
{
	dev->power.no_callbacks = 1;
}

static inline void pm_runtime_irq_safe(struct device *dev)
{
	(void)dev;
}

static inline void __pm_runtime_disable_action(void *data)
{
	pm_runtime_disable(data);
}

/* devm_pm_runtime_enable(): disabled again after remove */
static inline int devm_pm_runtime_enable(struct device *dev)
{
	pm_runtime_enable(dev);
	return devm_add_action_or_reset(dev, __pm_runtime_disable_action, dev);
}

#endif /* _LINUX_PM_RUNTIME_H */
