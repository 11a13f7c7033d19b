/* SPDX-License-Identifier: MIT */
/* the majors of include/uapi/linux/major.h that modules name */
#ifndef __KERNEL__
#include_next <linux/major.h>
#elif !defined(_LINUX_MAJOR_H)
#define _LINUX_MAJOR_H

#define UNNAMED_MAJOR		0
#define MEM_MAJOR		1
#define TTY_MAJOR		4
#define TTYAUX_MAJOR		5
#define LP_MAJOR		6
#define MISC_MAJOR		10
#define INPUT_MAJOR		13
#define SOUND_MAJOR		14
#define FB_MAJOR		29
#define IDE0_MAJOR		3
#define SCSI_GENERIC_MAJOR	21
#define USB_CHAR_MAJOR		180

#endif /* _LINUX_MAJOR_H */
