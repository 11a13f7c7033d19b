/* mmap_demo.h: the ioctls of mmap_demo.c, for it and for user space */
#ifndef MMAP_DEMO_H
#define MMAP_DEMO_H

#include <linux/ioctl.h>

/* 64 bytes of the device's memory at an offset, as the driver sees them */
struct md_peek {
	unsigned long off;
	char text[64];
};

#define MD_GET	_IOWR('M', 1, struct md_peek)	/* copy out */
#define MD_SET	_IOW('M', 2, struct md_peek)	/* the driver writes its memory */

#endif
