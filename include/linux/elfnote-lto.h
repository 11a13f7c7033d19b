/* SPDX-License-Identifier: MIT */
/* Whether the module was built with LTO, as 6.1's note says: not (0) */
#ifndef _LINUX_ELFNOTE_LTO_H
#define _LINUX_ELFNOTE_LTO_H

#include <linux/elfnote.h>

#define LINUX_ELFNOTE_LTO_INFO	0x101

#define BUILD_LTO_INFO	ELFNOTE32("Linux", LINUX_ELFNOTE_LTO_INFO, 0)

#endif /* _LINUX_ELFNOTE_LTO_H */
