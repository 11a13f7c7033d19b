// SPDX-License-Identifier: MIT
/*
 * Synchronous messages (Linux 6.1's drivers/usb/core/message.c): a URB
 * built, submitted and waited for (uninterruptibly, as 6.1's
 * usb_start_wait_urb()); past the timeout (in milliseconds, 0 for none) it
 * is killed and the call is -ETIMEDOUT.
 */
#include <errno.h>
#include <string.h>

#include "drivers/usb/core/usb.h"
#include "kernel/kapi.h"
#include "kernel/sched/sched.h"
#include "mm/internal.h"

#define HZ		250
#define PIPE_INTERRUPT	1
#define PIPE_BULK	3

static void wait_done(struct urb *urb)
{
	umod_complete(urb->context);
}

/* the URB run to its end: its status, *@actual its length */
static int start_wait(struct urb *urb, int timeout_ms, int *actual)
{
	struct completion done = { 0 };
	int err;

	umod_wq_init(&done.wait);
	urb->context = &done;
	urb->complete = wait_done;
	err = umod_usb_submit(urb);
	if (!err) {
		unsigned long j = timeout_ms > 0 ? ((unsigned long)timeout_ms * HZ + 999) / 1000 :
				  (unsigned long)-1 >> 1;

		if (!umod_wait_for_completion_timeout(&done, j)) {
			umod_usb_kill(urb);
			err = urb->status == -ENOENT ? -ETIMEDOUT : urb->status;
		} else {
			err = urb->status;
		}
	}
	if (actual)
		*actual = (int)urb->actual_length;
	umod_usb_free_urb(urb);
	return err;
}

static int kapi_usb_control_msg(struct usb_device *dev, unsigned int pipe, unsigned char request,
				unsigned char requesttype, unsigned short value,
				unsigned short index, void *data, unsigned short size, int timeout)
{
	struct usb_ctrlrequest *dr = umod_kmalloc_caller(NULL, sizeof(*dr), 0, NULL);
	struct urb *urb = umod_usb_alloc_urb(0, 0);
	int ret, len = 0;

	if (!dr || !urb) {
		umod_kfree(dr);
		umod_usb_free_urb(urb);
		return -ENOMEM;
	}
	*dr = (struct usb_ctrlrequest){ requesttype, request, value, index, size };
	urb->dev = dev;
	urb->pipe = pipe;
	urb->setup_packet = (unsigned char *)dr;
	urb->transfer_buffer = data;
	urb->transfer_buffer_length = size;
	ret = start_wait(urb, timeout, &len);
	umod_kfree(dr);
	return ret < 0 ? ret : len;
}

static int kapi_usb_bulk_msg(struct usb_device *dev, unsigned int pipe, void *data, int len,
			     int *actual_length, int timeout)
{
	struct urb *urb;
	struct usb_host_endpoint *ep;

	ep = (pipe & 0x80 ? dev->ep_in : dev->ep_out)[(pipe >> 15) & 0xf];
	if (!ep || len < 0)
		return -EINVAL;
	urb = umod_usb_alloc_urb(0, 0);
	if (!urb)
		return -ENOMEM;
	/* an interrupt endpoint gets an interrupt URB, as 6.1's usb_bulk_msg() */
	if ((ep->desc.bmAttributes & 3) == 3)
		pipe = (pipe & ~(3u << 30)) | (PIPE_INTERRUPT << 30);
	urb->dev = dev;
	urb->pipe = pipe;
	urb->transfer_buffer = data;
	urb->transfer_buffer_length = (unsigned int)len;
	return start_wait(urb, timeout, actual_length);
}

static int kapi_usb_interrupt_msg(struct usb_device *dev, unsigned int pipe, void *data, int len,
				  int *actual_length, int timeout)
{
	return kapi_usb_bulk_msg(dev, pipe, data, len, actual_length, timeout);
}

static int kapi_usb_get_descriptor(struct usb_device *dev, unsigned char type,
				   unsigned char index, void *buf, int size)
{
	unsigned int pipe = (2u << 30) | ((unsigned int)dev->devnum << 8) | 0x80;

	memset(buf, 0, (size_t)size);
	return kapi_usb_control_msg(dev, pipe, 0x06, 0x80, (unsigned short)(type << 8 | index),
				    0, buf, (unsigned short)size, 5000);
}

static const struct umod_kapi_export message_exports[] = {
	UMOD_KAPI_GPL("usb_control_msg", kapi_usb_control_msg),
	UMOD_KAPI_GPL("usb_bulk_msg", kapi_usb_bulk_msg),
	UMOD_KAPI_GPL("usb_interrupt_msg", kapi_usb_interrupt_msg),
	UMOD_KAPI_GPL("usb_get_descriptor", kapi_usb_get_descriptor),
};

const struct umod_kapi_table umod_kapi_usb_message = UMOD_KAPI_TABLE(message_exports);
