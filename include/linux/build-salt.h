/* SPDX-License-Identifier: MIT */
/*
 * The build salt note every 6.1 module carries in .note.Linux (modpost's
 * foo.mod.c says BUILD_SALT;). Debian salts its builds with the kernel's
 * release; umod's modules carry umod's.
 */
#ifndef _LINUX_BUILD_SALT_H
#define _LINUX_BUILD_SALT_H

#include <linux/elfnote.h>

#define LINUX_ELFNOTE_BUILD_SALT	0x100

#ifndef CONFIG_BUILD_SALT
#include <generated/utsrelease.h>
#define CONFIG_BUILD_SALT UTS_RELEASE
#endif

#define BUILD_SALT	ELFNOTE32("Linux", LINUX_ELFNOTE_BUILD_SALT, CONFIG_BUILD_SALT)

#endif /* _LINUX_BUILD_SALT_H */
