/*
 * scull.c: a stand-in for the driver book's scull, as its scull_load sees
 * it: "scull" in /proc/devices with twelve minors (four bare devices, four
 * pipes, single, uid, wuid, priv). Each minor is a small memory device that
 * starts as "scull minor N\n". Written as for Linux 6.1.
 */
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define SCULL_MINORS	12
#define SCULL_SIZE	64

struct scull_dev {
	struct cdev cdev;
	struct mutex lock;
	char data[SCULL_SIZE];
	size_t size;
};

static dev_t scull_devt;
static struct scull_dev scull_devs[SCULL_MINORS];

static int scull_open(struct inode *inode, struct file *filp)
{
	filp->private_data = container_of(inode->i_cdev, struct scull_dev, cdev);
	return 0;
}

static ssize_t scull_read(struct file *filp, char __user *buf, size_t count, loff_t *pos)
{
	struct scull_dev *dev = filp->private_data;
	ssize_t ret;

	mutex_lock(&dev->lock);
	ret = simple_read_from_buffer(buf, count, pos, dev->data, dev->size);
	mutex_unlock(&dev->lock);
	return ret;
}

static ssize_t scull_write(struct file *filp, const char __user *buf, size_t count,
			   loff_t *pos)
{
	struct scull_dev *dev = filp->private_data;
	ssize_t ret;

	mutex_lock(&dev->lock);
	ret = simple_write_to_buffer(dev->data, SCULL_SIZE, pos, buf, count);
	if (ret > 0 && *pos > dev->size)
		dev->size = *pos;
	mutex_unlock(&dev->lock);
	return ret;
}

static const struct file_operations scull_fops = {
	.owner = THIS_MODULE,
	.open = scull_open,
	.read = scull_read,
	.write = scull_write,
	.llseek = default_llseek,
};

static int __init scull_init(void)
{
	int err = alloc_chrdev_region(&scull_devt, 0, SCULL_MINORS, "scull");
	int i;

	if (err)
		return err;
	for (i = 0; i < SCULL_MINORS; i++) {
		struct scull_dev *dev = &scull_devs[i];

		mutex_init(&dev->lock);
		dev->size = scnprintf(dev->data, SCULL_SIZE, "scull minor %d\n", i);
		cdev_init(&dev->cdev, &scull_fops);
		dev->cdev.owner = THIS_MODULE;
		err = cdev_add(&dev->cdev, scull_devt + i, 1);
		if (err)
			goto fail;
	}
	return 0;
fail:
	while (i--)
		cdev_del(&scull_devs[i].cdev);
	unregister_chrdev_region(scull_devt, SCULL_MINORS);
	return err;
}

static void __exit scull_exit(void)
{
	int i;

	for (i = 0; i < SCULL_MINORS; i++)
		cdev_del(&scull_devs[i].cdev);
	unregister_chrdev_region(scull_devt, SCULL_MINORS);
}

module_init(scull_init);
module_exit(scull_exit);
MODULE_LICENSE("Dual BSD/GPL");
