/*
 * pipe.c: a misc device whose read sleeps until a write brings data
 * (wait_event_interruptible), with poll() readiness: the pattern of the
 * guide's sleep.c and of LDD's scull pipe.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(readers);
static DEFINE_SPINLOCK(lock);
static char data[256];
static size_t len;

static ssize_t pipe_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	char tmp[256];
	size_t n;
	int ret;

	if (!READ_ONCE(len) && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	ret = wait_event_interruptible(readers, READ_ONCE(len) > 0);
	if (ret) {
		pr_info("pipe: read interrupted (%d)\n", ret);
		return ret;
	}
	spin_lock(&lock);
	n = min(count, len);
	memcpy(tmp, data, n);
	memmove(data, data + n, len - n);
	len -= n;
	spin_unlock(&lock);
	if (copy_to_user(buf, tmp, n))
		return -EFAULT;
	return n;
}

static ssize_t pipe_write(struct file *file, const char __user *buf, size_t count,
			  loff_t *ppos)
{
	char tmp[256];
	size_t n = min(count, sizeof(tmp));

	if (copy_from_user(tmp, buf, n))
		return -EFAULT;
	spin_lock(&lock);
	n = min(n, sizeof(data) - len);
	memcpy(data + len, tmp, n);
	len += n;
	spin_unlock(&lock);
	wake_up_interruptible(&readers);
	return n ? n : -ENOSPC;
}

static __poll_t pipe_poll(struct file *file, poll_table *wait)
{
	__poll_t mask = EPOLLOUT | EPOLLWRNORM;

	poll_wait(file, &readers, wait);
	if (READ_ONCE(len))
		mask |= EPOLLIN | EPOLLRDNORM;
	return mask;
}

static const struct file_operations pipe_fops = {
	.owner = THIS_MODULE,
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
	.llseek = noop_llseek,
};

static struct miscdevice pipe_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "umodpipe",
	.fops = &pipe_fops,
	.mode = 0666,
};

module_misc_device(pipe_dev);
MODULE_LICENSE("GPL");
