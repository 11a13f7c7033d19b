/* SPDX-License-Identifier: MIT */
/*
 * The configuration umod's kernel API implements, in the form of Linux's
 * include/generated/autoconf.h: the options a Debian 6.1 amd64 kernel has
 * on whose behaviour module code may branch. Written by hand (umod has no
 * Kconfig): an option is listed only when the host implements what it
 * stands for. linux/kconfig.h includes it; Kbuild force-includes that.
 */
#ifndef _UMOD_KABI_AUTOCONF_H
#define _UMOD_KABI_AUTOCONF_H

#define CONFIG_64BIT 1
#define CONFIG_X86 1
#define CONFIG_X86_64 1
#define CONFIG_MMU 1
#define CONFIG_SMP 1
#define CONFIG_NR_CPUS 8192
#define CONFIG_CPUMASK_OFFSTACK 1
#define CONFIG_HZ 250
#define CONFIG_HZ_250 1
#define CONFIG_PREEMPT_BUILD 1
#define CONFIG_PREEMPT_DYNAMIC 1
#define CONFIG_PREEMPT_VOLUNTARY 1
#define CONFIG_PREEMPT_COUNT 1
#define CONFIG_PREEMPTION 1
#define CONFIG_THREAD_INFO_IN_TASK 1
#define CONFIG_MULTIUSER 1
#define CONFIG_USER_NS 1
#define CONFIG_FREEZER 1
#define CONFIG_STACKPROTECTOR 1
#define CONFIG_STACKPROTECTOR_STRONG 1
#define CONFIG_INIT_STACK_ALL_ZERO 1
#define CONFIG_CC_HAS_AUTO_VAR_INIT_ZERO 1
#define CONFIG_PRINTK 1
#define CONFIG_LOG_BUF_SHIFT 17
#define CONFIG_MESSAGE_LOGLEVEL_DEFAULT 4
#define CONFIG_CONSOLE_LOGLEVEL_DEFAULT 7
#define CONFIG_BUG 1
#define CONFIG_GENERIC_BUG 1
#define CONFIG_KALLSYMS 1
#define CONFIG_MODULES 1
#define CONFIG_NLS_DEFAULT "utf8"
#define CONFIG_MODULE_UNLOAD 1
#define CONFIG_MODULE_FORCE_LOAD 1
#define CONFIG_MODULE_FORCE_UNLOAD 1
#define CONFIG_MODVERSIONS 1
#define CONFIG_MODULE_SIG 1
#define CONFIG_PROC_FS 1
#define CONFIG_SYSFS 1
#define CONFIG_DEBUG_FS 1
#define CONFIG_DYNAMIC_DEBUG 1
#define CONFIG_DYNAMIC_DEBUG_CORE 1
#define CONFIG_SYSCTL 1
#define CONFIG_PROC_SYSCTL 1
#define CONFIG_CONFIGFS_FS_MODULE 1
#define CONFIG_SLUB 1
#define CONFIG_BASE_SMALL 0
#define CONFIG_ILLEGAL_POINTER_VALUE 0xdead000000000000
#define CONFIG_PAGE_OFFSET 0xffff888000000000

#endif /* _UMOD_KABI_AUTOCONF_H */
