/*
 * ioctl_demo.c: a misc device (/dev/ioctl_demo) answering ioctls whose
 * numbers come from ioctl_demo.h, as the guide's ioctl.c does.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/uaccess.h>

#include "ioctl_demo.h"

static struct ioctl_demo_arg state = { .val = 7, .name = "initial" };
static int num = 100;

static long demo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int __user *p = (int __user *)arg;
	int old, v;

	switch (cmd) {
	case IOCTL_VALSET:
		if (copy_from_user(&state, (void __user *)arg, sizeof(state)))
			return -EFAULT;
		state.name[sizeof(state.name) - 1] = '\0';
		pr_info("ioctl_demo: set %d %s\n", state.val, state.name);
		return 0;
	case IOCTL_VALGET:
		return copy_to_user((void __user *)arg, &state, sizeof(state)) ? -EFAULT : 0;
	case IOCTL_VALGET_NUM:
		return put_user(num, p);
	case IOCTL_VALSET_NUM:
		return get_user(num, p);
	case IOCTL_RESET:
		num = 0;
		state.val = 0;
		return 0;
	case IOCTL_SWAP:
		if (get_user(v, p))
			return -EFAULT;
		old = num;
		num = v;
		return put_user(old, p);
	default:
		return -ENOTTY;
	}
}

static int demo_open(struct inode *inode, struct file *file)
{
	pr_info("ioctl_demo: open minor %u major %u\n", iminor(inode), imajor(inode));
	return 0;
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.open = demo_open,
	.unlocked_ioctl = demo_ioctl,
	.llseek = no_llseek,
};

static struct miscdevice demo_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ioctl_demo",
	.fops = &demo_fops,
};

static int __init demo_init(void)
{
	int ret = misc_register(&demo_dev);

	if (ret)
		return ret;
	pr_info("ioctl_demo: minor %d\n", demo_dev.minor);
	return 0;
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
