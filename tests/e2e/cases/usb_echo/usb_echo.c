// SPDX-License-Identifier: GPL-2.0
/*
 * A USB driver as 6.1 writes one, for a device that echoes on its bulk
 * endpoints: probe finds the endpoints, reads the device descriptor with
 * a control request, registers /dev/echo%d and keeps a bulk IN URB
 * submitted; a write to the device node goes out with usb_bulk_msg(),
 * and the IN URB's completion logs what came back and resubmits. When
 * the device is unplugged (or the driver unbound) with the IN URB in
 * flight, the URB completes with -ESHUTDOWN before disconnect() runs.
 */
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/usb.h>

#define ECHO_VENDOR	0xfff0
#define ECHO_PRODUCT	0xfff0
#define ECHO_MINOR_BASE	192

struct echo {
	struct usb_device *udev;
	struct usb_interface *intf;
	struct urb *in_urb;
	u8 *in_buf;
	size_t in_size;
	u8 in_ep, out_ep;
	struct kref kref;
};

static struct usb_driver echo_driver;

static void echo_delete(struct kref *kref)
{
	struct echo *e = container_of(kref, struct echo, kref);

	usb_free_urb(e->in_urb);
	kfree(e->in_buf);
	usb_put_intf(e->intf);
	usb_put_dev(e->udev);
	kfree(e);
}

static void echo_in_done(struct urb *urb)
{
	struct echo *e = urb->context;

	dev_info(&e->intf->dev, "in: status %d, %u bytes \"%.*s\"\n", urb->status,
		 urb->actual_length, (int)urb->actual_length, (char *)urb->transfer_buffer);
	if (!urb->status)
		usb_submit_urb(urb, GFP_ATOMIC);
}

static int echo_open(struct inode *inode, struct file *file)
{
	struct usb_interface *intf = usb_find_interface(&echo_driver, iminor(inode));
	struct echo *e = intf ? usb_get_intfdata(intf) : NULL;

	if (!e)
		return -ENODEV;
	kref_get(&e->kref);
	file->private_data = e;
	return 0;
}

static int echo_release(struct inode *inode, struct file *file)
{
	struct echo *e = file->private_data;

	kref_put(&e->kref, echo_delete);
	return 0;
}

static ssize_t echo_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	struct echo *e = file->private_data;
	char buf[64];
	int len = min(count, sizeof(buf)), actual, ret;

	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	if (len && buf[len - 1] == '\n')
		len--;
	ret = usb_bulk_msg(e->udev, usb_sndbulkpipe(e->udev, e->out_ep), buf, len, &actual,
			   1000);
	if (ret)
		return ret;
	dev_info(&e->intf->dev, "out: %d bytes\n", actual);
	return count;
}

static const struct file_operations echo_fops = {
	.owner = THIS_MODULE,
	.open = echo_open,
	.release = echo_release,
	.write = echo_write,
};

static struct usb_class_driver echo_class = {
	.name = "echo%d",
	.fops = &echo_fops,
	.minor_base = ECHO_MINOR_BASE,
};

static int echo_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_endpoint_descriptor *in, *out;
	struct usb_device_descriptor *desc;
	struct echo *e;
	int ret;

	ret = usb_find_common_endpoints(intf->cur_altsetting, &in, &out, NULL, NULL);
	if (ret) {
		dev_err(&intf->dev, "no bulk endpoints\n");
		return ret;
	}
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	kref_init(&e->kref);
	e->udev = usb_get_dev(interface_to_usbdev(intf));
	e->intf = usb_get_intf(intf);
	e->in_ep = in->bEndpointAddress;
	e->out_ep = out->bEndpointAddress;
	e->in_size = usb_endpoint_maxp(in);
	e->in_buf = kmalloc(e->in_size, GFP_KERNEL);
	e->in_urb = usb_alloc_urb(0, GFP_KERNEL);
	desc = kmalloc(sizeof(*desc), GFP_KERNEL);
	if (!e->in_buf || !e->in_urb || !desc) {
		ret = -ENOMEM;
		goto error;
	}
	ret = usb_control_msg(e->udev, usb_rcvctrlpipe(e->udev, 0), USB_REQ_GET_DESCRIPTOR,
			      USB_DIR_IN, USB_DT_DEVICE << 8, 0, desc, sizeof(*desc),
			      USB_CTRL_GET_TIMEOUT);
	dev_info(&intf->dev, "device descriptor: %d bytes, %04x:%04x, endpoints 0x%02x 0x%02x, %zu-byte packets\n",
		 ret, le16_to_cpu(desc->idVendor), le16_to_cpu(desc->idProduct), e->in_ep,
		 e->out_ep, e->in_size);
	kfree(desc);
	usb_set_intfdata(intf, e);
	ret = usb_register_dev(intf, &echo_class);
	if (ret) {
		usb_set_intfdata(intf, NULL);
		goto error;
	}
	usb_fill_bulk_urb(e->in_urb, e->udev, usb_rcvbulkpipe(e->udev, e->in_ep), e->in_buf,
			  e->in_size, echo_in_done, e);
	ret = usb_submit_urb(e->in_urb, GFP_KERNEL);
	dev_info(&intf->dev, "echo device now attached to echo%d (minor %d), IN submitted: %d\n",
		 intf->minor - ECHO_MINOR_BASE, intf->minor, ret);
	return 0;
error:
	kref_put(&e->kref, echo_delete);
	return ret;
}

static void echo_disconnect(struct usb_interface *intf)
{
	struct echo *e = usb_get_intfdata(intf);
	int minor = intf->minor;

	usb_deregister_dev(intf, &echo_class);
	usb_kill_urb(e->in_urb);
	dev_info(&intf->dev, "echo #%d now disconnected, IN status %d\n", minor - ECHO_MINOR_BASE,
		 e->in_urb->status);
	kref_put(&e->kref, echo_delete);
}

static const struct usb_device_id echo_table[] = {
	{ USB_DEVICE(ECHO_VENDOR, ECHO_PRODUCT) },
	{ }
};
MODULE_DEVICE_TABLE(usb, echo_table);

static struct usb_driver echo_driver = {
	.name = "usb_echo",
	.probe = echo_probe,
	.disconnect = echo_disconnect,
	.id_table = echo_table,
};
module_usb_driver(echo_driver);
MODULE_LICENSE("GPL");
