/*
 * uaccess_demo.c: a misc device whose ioctls reach user memory only through
 * pointers found in their argument, as Linux drivers do: strnlen_user(),
 * strncpy_from_user(), copy_to_user(), clear_user(), get_user()/put_user()
 * of each size, access_ok().
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/uaccess.h>

#include "uaccess_demo.h"

static long ua_reverse(unsigned long arg)
{
	struct ua_str s;
	char buf[64], rev[64];
	long len, n, i;

	if (copy_from_user(&s, (void __user *)arg, sizeof(s)))
		return -EFAULT;
	n = strnlen_user((const char __user *)s.in, sizeof(buf));
	if (!n)
		return -EFAULT;
	if (n > sizeof(buf))
		return -ENAMETOOLONG;
	len = strncpy_from_user(buf, (const char __user *)s.in, sizeof(buf));
	if (len < 0)
		return len;
	pr_info("uaccess_demo: got \"%s\" (strnlen_user %ld)\n", buf, n);
	for (i = 0; i < len; i++)
		rev[i] = buf[len - 1 - i];
	rev[len] = '\0';
	if (len + 1 > s.out_len)
		return -ENOSPC;
	if (copy_to_user((char __user *)s.out, rev, len + 1))
		return -EFAULT;
	return len;
}

static long ua_clear(unsigned long arg)
{
	struct ua_str s;

	if (copy_from_user(&s, (void __user *)arg, sizeof(s)))
		return -EFAULT;
	return clear_user((char __user *)s.out, s.out_len);
}

static long ua_sizes(unsigned long arg)
{
	struct ua_sizes __user *u = (struct ua_sizes __user *)arg;
	__u8 a;
	__u16 b;
	__u32 c;
	__u64 d;

	if (get_user(a, &u->a) || get_user(b, &u->b) || get_user(c, &u->c) ||
	    get_user(d, &u->d))
		return -EFAULT;
	pr_info("uaccess_demo: sizes %u %u %u %llu\n", a, b, c, d);
	if (put_user(a + 1, &u->a) || put_user(b + 1, &u->b) || put_user(c + 1, &u->c) ||
	    put_user(d + 1, &u->d))
		return -EFAULT;
	return 0;
}

static long ua_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case UA_REVERSE:
		return ua_reverse(arg);
	case UA_CLEAR:
		return ua_clear(arg);
	case UA_SIZES:
		return ua_sizes(arg);
	case UA_ACCESS_OK:
		return access_ok((void __user *)arg, 16);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations ua_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = ua_ioctl,
};

static struct miscdevice ua_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "uaccess_demo",
	.fops = &ua_fops,
	.mode = 0666,
};

module_misc_device(ua_dev);
MODULE_LICENSE("GPL");
