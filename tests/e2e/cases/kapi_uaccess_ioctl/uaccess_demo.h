/* uaccess_demo.h: the ioctl numbers of uaccess_demo.c, for it and user space */
#ifndef UACCESS_DEMO_H
#define UACCESS_DEMO_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* a string in, its reverse out: both only pointed to */
struct ua_str {
	const char *in;
	char *out;
	__u32 out_len;
};

struct ua_sizes {
	__u8 a;
	__u16 b;
	__u32 c;
	__u64 d;
};

#define UA_REVERSE	_IOW('U', 1, struct ua_str)	/* returns the length */
#define UA_CLEAR	_IOW('U', 2, struct ua_str)	/* clears out_len bytes at out */
#define UA_SIZES	_IOWR('U', 3, struct ua_sizes)	/* each field + 1 */
#define UA_ACCESS_OK	_IO('U', 4)			/* access_ok(arg, 16) */

#endif
