// SPDX-License-Identifier: GPL-2.0
/*
 * fifo.c: blocking reads. /dev/course_fifo keeps what is written to it;
 * a reader that finds it empty sleeps on a wait queue until a writer
 * wakes it, or gets -EAGAIN if it opened the file with O_NONBLOCK. A
 * signal ends the sleep with -ERESTARTSYS. poll() says when a read would
 * not block.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define FIFO_SIZE 256

static DEFINE_MUTEX(fifo_lock);	/* guards fifo and fifo_len */
static DECLARE_WAIT_QUEUE_HEAD(readers);
static char fifo[FIFO_SIZE];
static size_t fifo_len;

static ssize_t fifo_read(struct file *file, char __user *buf, size_t count,
			 loff_t *offset)
{
	ssize_t ret;

	for (;;) {
		mutex_lock(&fifo_lock);
		if (fifo_len)
			break;
		mutex_unlock(&fifo_lock);
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(readers, READ_ONCE(fifo_len)))
			return -ERESTARTSYS;
	}
	count = min(count, fifo_len);
	if (copy_to_user(buf, fifo, count)) {
		ret = -EFAULT;
	} else {
		fifo_len -= count;
		memmove(fifo, fifo + count, fifo_len);
		ret = count;
	}
	mutex_unlock(&fifo_lock);
	return ret;
}

static ssize_t fifo_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *offset)
{
	ssize_t ret;

	mutex_lock(&fifo_lock);
	count = min(count, FIFO_SIZE - fifo_len);
	if (!count) {
		ret = -ENOSPC;
	} else if (copy_from_user(fifo + fifo_len, buf, count)) {
		ret = -EFAULT;
	} else {
		fifo_len += count;
		ret = count;
	}
	mutex_unlock(&fifo_lock);
	if (ret > 0)
		wake_up_interruptible(&readers);
	return ret;
}

static __poll_t fifo_poll(struct file *file, poll_table *wait)
{
	__poll_t mask = EPOLLOUT | EPOLLWRNORM;

	poll_wait(file, &readers, wait);
	if (READ_ONCE(fifo_len))
		mask |= EPOLLIN | EPOLLRDNORM;
	return mask;
}

static const struct file_operations fifo_fops = {
	.owner = THIS_MODULE,
	.read = fifo_read,
	.write = fifo_write,
	.poll = fifo_poll,
	.open = nonseekable_open,
	.llseek = no_llseek,
};

static struct miscdevice fifo_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "course_fifo",
	.fops = &fifo_fops,
	.mode = 0666,
};

module_misc_device(fifo_misc);

MODULE_LICENSE("GPL");
