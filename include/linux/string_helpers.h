/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_STRING_HELPERS_H
#define _LINUX_STRING_HELPERS_H

#include <linux/string.h>
#include <linux/types.h>
#include <linux/bits.h>
#include <linux/ctype.h>

/* "true", "false", "yes", "no": what the kernel's str_*() helpers return */
static inline const char *str_yes_no(bool v)
{
	return v ? "yes" : "no";
}

static inline const char *str_on_off(bool v)
{
	return v ? "on" : "off";
}

static inline const char *str_true_false(bool v)
{
	return v ? "true" : "false";
}

static inline const char *str_enable_disable(bool v)
{
	return v ? "enable" : "disable";
}

static inline const char *str_enabled_disabled(bool v)
{
	return v ? "enabled" : "disabled";
}

#endif /* _LINUX_STRING_HELPERS_H */
