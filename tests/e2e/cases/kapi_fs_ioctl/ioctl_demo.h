/* ioctl_demo.h: the numbers user programs and the driver share */
#ifndef IOCTL_DEMO_H
#define IOCTL_DEMO_H

#include <linux/ioctl.h>

struct ioctl_demo_arg {
	int val;
	char name[16];
};

#define IOC_MAGIC		'\x66'
#define IOCTL_VALSET		_IOW(IOC_MAGIC, 0, struct ioctl_demo_arg)
#define IOCTL_VALGET		_IOR(IOC_MAGIC, 1, struct ioctl_demo_arg)
#define IOCTL_VALGET_NUM	_IOR(IOC_MAGIC, 2, int)
#define IOCTL_VALSET_NUM	_IOW(IOC_MAGIC, 3, int)
#define IOCTL_RESET		_IO(IOC_MAGIC, 4)
#define IOCTL_SWAP		_IOWR(IOC_MAGIC, 5, int)

#endif
