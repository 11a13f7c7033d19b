/* SPDX-License-Identifier: MIT */
/*
 * USB (Linux 6.1's include/linux/usb.h): interface drivers bound by
 * usb_device_id tables to the interfaces of the devices on the board's
 * simulated host controller; URBs submitted to endpoints and completed
 * through their callback, the synchronous usb_bulk_msg() and
 * usb_control_msg() built on them, anchors, class devices under /dev
 * from usb_register_dev(). The structures are shared with the host
 * (umod/kabi/usb.h).
 */
#ifndef __LINUX_USB_H
#define __LINUX_USB_H

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/mod_devicetable.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/usb/ch9.h>
#include <umod/kabi/usb.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/hardirq.h>
#include <asm/irq.h>
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/irqreturn.h>
#include <linux/pm_runtime.h>

#define USB_MAJOR			180
#define USB_DEVICE_MAJOR		189

extern struct bus_type usb_bus_type;

#define to_usb_interface(d)	container_of(d, struct usb_interface, dev)
#define to_usb_device(d)	container_of(d, struct usb_device, dev)
#define to_usb_driver(d)	container_of(d, struct usb_driver, drvwrap.driver)

static inline void *usb_get_intfdata(struct usb_interface *intf)
{
	return dev_get_drvdata(&intf->dev);
}

static inline void usb_set_intfdata(struct usb_interface *intf, void *data)
{
	dev_set_drvdata(&intf->dev, data);
}

static inline struct usb_device *interface_to_usbdev(struct usb_interface *intf)
{
	return to_usb_device(intf->dev.parent);
}

struct usb_interface *usb_get_intf(struct usb_interface *intf);
void usb_put_intf(struct usb_interface *intf);
struct usb_device *usb_get_dev(struct usb_device *dev);
void usb_put_dev(struct usb_device *dev);
struct usb_interface *usb_find_interface(struct usb_driver *drv, int minor);
struct usb_interface *usb_ifnum_to_if(const struct usb_device *dev, unsigned ifnum);

int __must_check usb_find_common_endpoints(struct usb_host_interface *alt,
					   struct usb_endpoint_descriptor **bulk_in,
					   struct usb_endpoint_descriptor **bulk_out,
					   struct usb_endpoint_descriptor **int_in,
					   struct usb_endpoint_descriptor **int_out);

/* power management: devices here are never suspended */
static inline int usb_autopm_get_interface(struct usb_interface *intf)
{
	return 0;
}

static inline void usb_autopm_put_interface(struct usb_interface *intf)
{
}

static inline int usb_autopm_get_interface_async(struct usb_interface *intf)
{
	return 0;
}

static inline void usb_autopm_put_interface_async(struct usb_interface *intf)
{
}

/* ---- drivers ------------------------------------------------------------------------ */

#define USB_DEVICE_ID_MATCH_DEVICE \
		(USB_DEVICE_ID_MATCH_VENDOR | USB_DEVICE_ID_MATCH_PRODUCT)
#define USB_DEVICE_ID_MATCH_INT_INFO \
		(USB_DEVICE_ID_MATCH_INT_CLASS | USB_DEVICE_ID_MATCH_INT_SUBCLASS | \
		USB_DEVICE_ID_MATCH_INT_PROTOCOL)

#define USB_DEVICE(vend, prod) \
	.match_flags = USB_DEVICE_ID_MATCH_DEVICE, \
	.idVendor = (vend), \
	.idProduct = (prod)
#define USB_DEVICE_INTERFACE_NUMBER(vend, prod, num) \
	.match_flags = USB_DEVICE_ID_MATCH_DEVICE | USB_DEVICE_ID_MATCH_INT_NUMBER, \
	.idVendor = (vend), \
	.idProduct = (prod), \
	.bInterfaceNumber = (num)
#define USB_INTERFACE_INFO(cl, sc, pr) \
	.match_flags = USB_DEVICE_ID_MATCH_INT_INFO, \
	.bInterfaceClass = (cl), \
	.bInterfaceSubClass = (sc), \
	.bInterfaceProtocol = (pr)
#define USB_DEVICE_AND_INTERFACE_INFO(vend, prod, cl, sc, pr) \
	.match_flags = USB_DEVICE_ID_MATCH_INT_INFO | USB_DEVICE_ID_MATCH_DEVICE, \
	.idVendor = (vend), \
	.idProduct = (prod), \
	.bInterfaceClass = (cl), \
	.bInterfaceSubClass = (sc), \
	.bInterfaceProtocol = (pr)

int usb_register_driver(struct usb_driver *new_driver, struct module *owner,
			const char *mod_name);
void usb_deregister(struct usb_driver *driver);

#define usb_register(driver) \
	usb_register_driver(driver, THIS_MODULE, KBUILD_MODNAME)

#define module_usb_driver(__usb_driver) \
	module_driver(__usb_driver, usb_register, usb_deregister)

const struct usb_device_id *usb_match_id(struct usb_interface *interface,
					 const struct usb_device_id *id);

int usb_register_dev(struct usb_interface *intf, struct usb_class_driver *class_driver);
void usb_deregister_dev(struct usb_interface *intf, struct usb_class_driver *class_driver);

/* ---- URBs ------------------------------------------------------------------------------ */

#define URB_SHORT_NOT_OK	0x0001
#define URB_ISO_ASAP		0x0002
#define URB_NO_TRANSFER_DMA_MAP	0x0004
#define URB_ZERO_PACKET		0x0040
#define URB_NO_INTERRUPT	0x0080
#define URB_FREE_BUFFER		0x0100
#define URB_DIR_IN		0x0200
#define URB_DIR_OUT		0
#define URB_DIR_MASK		URB_DIR_IN

static inline void init_usb_anchor(struct usb_anchor *anchor)
{
	memset(anchor, 0, sizeof(*anchor));
	INIT_LIST_HEAD(&anchor->urb_list);
	init_waitqueue_head(&anchor->wait);
	spin_lock_init(&anchor->lock);
}

static inline void usb_fill_control_urb(struct urb *urb, struct usb_device *dev,
					unsigned int pipe, unsigned char *setup_packet,
					void *transfer_buffer, int buffer_length,
					usb_complete_t complete_fn, void *context)
{
	urb->dev = dev;
	urb->pipe = pipe;
	urb->setup_packet = setup_packet;
	urb->transfer_buffer = transfer_buffer;
	urb->transfer_buffer_length = buffer_length;
	urb->complete = complete_fn;
	urb->context = context;
}

static inline void usb_fill_bulk_urb(struct urb *urb, struct usb_device *dev,
				     unsigned int pipe, void *transfer_buffer, int buffer_length,
				     usb_complete_t complete_fn, void *context)
{
	urb->dev = dev;
	urb->pipe = pipe;
	urb->transfer_buffer = transfer_buffer;
	urb->transfer_buffer_length = buffer_length;
	urb->complete = complete_fn;
	urb->context = context;
}

static inline void usb_fill_int_urb(struct urb *urb, struct usb_device *dev, unsigned int pipe,
				    void *transfer_buffer, int buffer_length,
				    usb_complete_t complete_fn, void *context, int interval)
{
	urb->dev = dev;
	urb->pipe = pipe;
	urb->transfer_buffer = transfer_buffer;
	urb->transfer_buffer_length = buffer_length;
	urb->complete = complete_fn;
	urb->context = context;
	urb->interval = interval;
	urb->start_frame = -1;
}

struct urb *usb_alloc_urb(int iso_packets, gfp_t mem_flags);
void usb_free_urb(struct urb *urb);
#define usb_put_urb usb_free_urb
struct urb *usb_get_urb(struct urb *urb);
int usb_submit_urb(struct urb *urb, gfp_t mem_flags);
int usb_unlink_urb(struct urb *urb);
void usb_kill_urb(struct urb *urb);
void usb_poison_urb(struct urb *urb);
void usb_unpoison_urb(struct urb *urb);
void usb_kill_anchored_urbs(struct usb_anchor *anchor);
void usb_poison_anchored_urbs(struct usb_anchor *anchor);
void usb_anchor_urb(struct urb *urb, struct usb_anchor *anchor);
void usb_unanchor_urb(struct urb *urb);
int usb_wait_anchor_empty_timeout(struct usb_anchor *anchor, unsigned int timeout);

static inline int usb_anchor_empty(struct usb_anchor *anchor)
{
	return list_empty(&anchor->urb_list);
}

void *usb_alloc_coherent(struct usb_device *dev, size_t size, gfp_t mem_flags,
			 dma_addr_t *dma);
void usb_free_coherent(struct usb_device *dev, size_t size, void *addr, dma_addr_t dma);

static inline int usb_urb_dir_in(struct urb *urb)
{
	return (urb->transfer_flags & URB_DIR_MASK) == URB_DIR_IN;
}

static inline int usb_urb_dir_out(struct urb *urb)
{
	return (urb->transfer_flags & URB_DIR_MASK) == URB_DIR_OUT;
}

/* ---- synchronous messages ----------------------------------------------------------------- */

#define USB_CTRL_GET_TIMEOUT	5000
#define USB_CTRL_SET_TIMEOUT	5000

int usb_control_msg(struct usb_device *dev, unsigned int pipe, __u8 request,
		    __u8 requesttype, __u16 value, __u16 index, void *data, __u16 size,
		    int timeout);
int usb_bulk_msg(struct usb_device *usb_dev, unsigned int pipe, void *data, int len,
		 int *actual_length, int timeout);
int usb_interrupt_msg(struct usb_device *usb_dev, unsigned int pipe, void *data, int len,
		      int *actual_length, int timeout);
int usb_get_descriptor(struct usb_device *dev, unsigned char desctype,
		       unsigned char descindex, void *buf, int size);

/* ---- pipes ------------------------------------------------------------------------------- */

#define PIPE_ISOCHRONOUS		0
#define PIPE_INTERRUPT			1
#define PIPE_CONTROL			2
#define PIPE_BULK			3

#define usb_pipein(pipe)	((pipe) & USB_DIR_IN)
#define usb_pipeout(pipe)	(!usb_pipein(pipe))
#define usb_pipedevice(pipe)	(((pipe) >> 8) & 0x7f)
#define usb_pipeendpoint(pipe)	(((pipe) >> 15) & 0xf)
#define usb_pipetype(pipe)	(((pipe) >> 30) & 3)
#define usb_pipeisoc(pipe)	(usb_pipetype((pipe)) == PIPE_ISOCHRONOUS)
#define usb_pipeint(pipe)	(usb_pipetype((pipe)) == PIPE_INTERRUPT)
#define usb_pipecontrol(pipe)	(usb_pipetype((pipe)) == PIPE_CONTROL)
#define usb_pipebulk(pipe)	(usb_pipetype((pipe)) == PIPE_BULK)

static inline unsigned int __create_pipe(struct usb_device *dev, unsigned int endpoint)
{
	return (dev->devnum << 8) | (endpoint << 15);
}

#define usb_sndctrlpipe(dev, endpoint) \
	((PIPE_CONTROL << 30) | __create_pipe(dev, endpoint))
#define usb_rcvctrlpipe(dev, endpoint) \
	((PIPE_CONTROL << 30) | __create_pipe(dev, endpoint) | USB_DIR_IN)
#define usb_sndisocpipe(dev, endpoint) \
	((PIPE_ISOCHRONOUS << 30) | __create_pipe(dev, endpoint))
#define usb_rcvisocpipe(dev, endpoint) \
	((PIPE_ISOCHRONOUS << 30) | __create_pipe(dev, endpoint) | USB_DIR_IN)
#define usb_sndbulkpipe(dev, endpoint) \
	((PIPE_BULK << 30) | __create_pipe(dev, endpoint))
#define usb_rcvbulkpipe(dev, endpoint) \
	((PIPE_BULK << 30) | __create_pipe(dev, endpoint) | USB_DIR_IN)
#define usb_sndintpipe(dev, endpoint) \
	((PIPE_INTERRUPT << 30) | __create_pipe(dev, endpoint))
#define usb_rcvintpipe(dev, endpoint) \
	((PIPE_INTERRUPT << 30) | __create_pipe(dev, endpoint) | USB_DIR_IN)

#endif /* __LINUX_USB_H */
