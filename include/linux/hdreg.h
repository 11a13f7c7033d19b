/* SPDX-License-Identifier: MIT */
/* HDIO_GETGEO's answer, which block_device_operations.getgeo fills */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/hdreg.h>
#elif !defined(_LINUX_HDREG_H)
#define _LINUX_HDREG_H

#include <linux/stddef.h>
#include <linux/types.h>

#define HDIO_GETGEO		0x0301

struct hd_geometry {
	unsigned char heads;
	unsigned char sectors;
	unsigned short cylinders;
	unsigned long start;
};

#endif /* _LINUX_HDREG_H */
