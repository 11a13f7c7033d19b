/* SPDX-License-Identifier: MIT */
/*
 * dev_printk() and friends (Linux 6.1's include/linux/dev_printk.h): a
 * line prefixed "DRIVER DEVICE: " (the driver's name, or the bus's or
 * class's when unbound, then dev_name()), in the log of the device's host.
 *
 * dev_dbg() is a dynamic debug call site (CONFIG_DYNAMIC_DEBUG, as
 * Debian's 6.1): enabled by default with DEBUG defined, else through
 * dyndbg= or the control file; lib/dynamic_debug.c's __dynamic_dev_dbg()
 * prints it.
 */
#ifndef _DEVICE_PRINTK_H_
#define _DEVICE_PRINTK_H_

#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/kern_levels.h>
#include <linux/ratelimit.h>
#include <linux/types.h>

#ifndef dev_fmt
#define dev_fmt(fmt) fmt
#endif

struct device;

__printf(3, 4) __cold
void _dev_printk(const char *level, const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_emerg(const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_alert(const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_crit(const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_err(const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_warn(const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_notice(const struct device *dev, const char *fmt, ...);
__printf(2, 3) __cold void _dev_info(const struct device *dev, const char *fmt, ...);

#define dev_printk(level, dev, fmt, ...) \
	_dev_printk(level, dev, dev_fmt(fmt), ##__VA_ARGS__)

#define dev_emerg(dev, fmt, ...)	_dev_emerg(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...)		_dev_crit(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...)	_dev_alert(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_err(dev, fmt, ...)		_dev_err(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)		_dev_warn(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...)	_dev_notice(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)		_dev_info(dev, dev_fmt(fmt), ##__VA_ARGS__)

/* checks the format, prints nothing: dev_dbg() without DEBUG */
static inline __printf(2, 3) void dev_no_printk(const struct device *dev, const char *fmt, ...)
{
	(void)dev;
	(void)fmt;
}

#if defined(CONFIG_DYNAMIC_DEBUG) || \
	(defined(CONFIG_DYNAMIC_DEBUG_CORE) && defined(DYNAMIC_DEBUG_MODULE))
#include <linux/dynamic_debug.h>
/* a call site of dynamic debug: printed when enabled (by default with DEBUG) */
#define dev_dbg(dev, fmt, ...) \
	dynamic_dev_dbg(dev, dev_fmt(fmt), ##__VA_ARGS__)
#elif defined(DEBUG)
#define dev_dbg(dev, fmt, ...) \
	dev_printk(KERN_DEBUG, dev, dev_fmt(fmt), ##__VA_ARGS__)
#else
#define dev_dbg(dev, fmt, ...) \
	dev_no_printk(dev, dev_fmt(fmt), ##__VA_ARGS__)
#endif

#define dev_vdbg(dev, fmt, ...)		dev_no_printk(dev, dev_fmt(fmt), ##__VA_ARGS__)

#define dev_level_once(dev_level, dev, fmt, ...)			\
do {									\
	static bool __print_once __read_mostly;				\
									\
	if (!__print_once) {						\
		__print_once = true;					\
		dev_level(dev, fmt, ##__VA_ARGS__);			\
	}								\
} while (0)

#define dev_emerg_once(dev, fmt, ...)	dev_level_once(dev_emerg, dev, fmt, ##__VA_ARGS__)
#define dev_alert_once(dev, fmt, ...)	dev_level_once(dev_alert, dev, fmt, ##__VA_ARGS__)
#define dev_crit_once(dev, fmt, ...)	dev_level_once(dev_crit, dev, fmt, ##__VA_ARGS__)
#define dev_err_once(dev, fmt, ...)	dev_level_once(dev_err, dev, fmt, ##__VA_ARGS__)
#define dev_warn_once(dev, fmt, ...)	dev_level_once(dev_warn, dev, fmt, ##__VA_ARGS__)
#define dev_notice_once(dev, fmt, ...)	dev_level_once(dev_notice, dev, fmt, ##__VA_ARGS__)
#define dev_info_once(dev, fmt, ...)	dev_level_once(dev_info, dev, fmt, ##__VA_ARGS__)
#define dev_dbg_once(dev, fmt, ...)	dev_level_once(dev_dbg, dev, fmt, ##__VA_ARGS__)

#define dev_level_ratelimited(dev_level, dev, fmt, ...)			\
do {									\
	static DEFINE_RATELIMIT_STATE(_rs,				\
				      DEFAULT_RATELIMIT_INTERVAL,	\
				      DEFAULT_RATELIMIT_BURST);		\
	if (__ratelimit(&_rs))						\
		dev_level(dev, fmt, ##__VA_ARGS__);			\
} while (0)

#define dev_emerg_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_emerg, dev, fmt, ##__VA_ARGS__)
#define dev_alert_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_alert, dev, fmt, ##__VA_ARGS__)
#define dev_crit_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_crit, dev, fmt, ##__VA_ARGS__)
#define dev_err_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_err, dev, fmt, ##__VA_ARGS__)
#define dev_warn_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_warn, dev, fmt, ##__VA_ARGS__)
#define dev_notice_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_notice, dev, fmt, ##__VA_ARGS__)
#define dev_info_ratelimited(dev, fmt, ...) \
	dev_level_ratelimited(dev_info, dev, fmt, ##__VA_ARGS__)
#define dev_dbg_ratelimited(dev, fmt, ...) \
	dev_no_printk(dev, dev_fmt(fmt), ##__VA_ARGS__)

#define dev_WARN(dev, format, arg...) \
	WARN(1, "%s %s: " format, dev_driver_string(dev), dev_name(dev), ## arg)
#define dev_WARN_ONCE(dev, condition, format, arg...) \
	WARN_ONCE(condition, "%s %s: " format, dev_driver_string(dev), dev_name(dev), ## arg)

#endif /* _DEVICE_PRINTK_H_ */
