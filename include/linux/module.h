/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <umod/kabi.h>

#define MODULE_NAME_LEN		UMOD_MODULE_NAME_LEN

/* the names module_init()/module_exit() alias; modpost points struct module at them */
extern int init_module(void);
extern void cleanup_module(void);

#define MODULE_INFO(tag, info)		__MODULE_INFO(tag, tag, info)

#define MODULE_LICENSE(_license)	MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)		MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_desc)	MODULE_INFO(description, _desc)
#define MODULE_VERSION(_version)	MODULE_INFO(version, _version)
#define MODULE_ALIAS(_alias)		MODULE_INFO(alias, _alias)
#define MODULE_SOFTDEP(_softdep)	MODULE_INFO(softdep, _softdep)
#define MODULE_FIRMWARE(_firmware)	MODULE_INFO(firmware, _firmware)

/* device tables are for hotplug, which user space has none of */
#define MODULE_DEVICE_TABLE(type, name)

#endif /* _LINUX_MODULE_H */
