// SPDX-License-Identifier: MIT
/*
 * URBs and the host controller's engine (Linux 6.1's drivers/usb/core/
 * urb.c and hcd.c): usb_submit_urb() checks the URB as 6.1's does and
 * queues it; the controller's thread takes the queue in order, runs each
 * URB against its device's model (boards/bus.c) without holding the
 * queue's lock, and gives it back: unanchored, its complete() called as
 * the submitting module's code, its reference dropped. A NAKed URB stays
 * queued (later URBs of the same endpoint wait behind it) until the model
 * wakes the engine. usb_kill_urb() gives a queued URB back with -ENOENT
 * and waits until its completion has returned; an unplugged device's URBs
 * end with -ESHUTDOWN.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boards/board.h"
#include "drivers/base/base.h"
#include "drivers/usb/core/usb.h"
#include "kernel/kapi.h"
#include "kernel/time/tick-internal.h"
#include "mm/internal.h"

#define URB_DIR_IN	0x0200
#define PIPE_CONTROL	2

static pthread_mutex_t anchor_lock = PTHREAD_MUTEX_INITIALIZER;

static int atomic_add(atomic_t *a, int n)
{
	return __atomic_add_fetch(&a->counter, n, __ATOMIC_SEQ_CST);
}

static int atomic_get(atomic_t *a)
{
	return __atomic_load_n(&a->counter, __ATOMIC_SEQ_CST);
}

/* ---- URBs -------------------------------------------------------------------------------- */

static struct urb *kapi_usb_alloc_urb(int iso_packets, unsigned int flags)
{
	size_t size = sizeof(struct urb) +
		      (size_t)(iso_packets > 0 ? iso_packets : 0) *
		      sizeof(struct usb_iso_packet_descriptor);
	struct urb *urb = umod_kmalloc_caller(NULL, size, flags, NULL);

	if (!urb)
		return NULL;
	memset(urb, 0, size);
	urb->kref.refcount.refs.counter = 1;
	umod_list_init((struct umod_list *)&urb->urb_list);
	umod_list_init((struct umod_list *)&urb->anchor_list);
	return urb;
}

static void kapi_usb_free_urb(struct urb *urb)
{
	if (urb && atomic_add(&urb->kref.refcount.refs, -1) == 0) {
		if (urb->transfer_flags & 0x0100)	/* URB_FREE_BUFFER */
			umod_kfree(urb->transfer_buffer);
		umod_kfree(urb);
	}
}

static struct urb *kapi_usb_get_urb(struct urb *urb)
{
	if (urb)
		atomic_add(&urb->kref.refcount.refs, 1);
	return urb;
}

/* ---- anchors ------------------------------------------------------------------------------ */

static void kapi_usb_anchor_urb(struct urb *urb, struct usb_anchor *anchor)
{
	pthread_mutex_lock(&anchor_lock);
	kapi_usb_get_urb(urb);
	umod_list_add((struct umod_list *)&urb->anchor_list,
		      (struct umod_list *)anchor->urb_list.prev);
	urb->anchor = anchor;
	pthread_mutex_unlock(&anchor_lock);
}

static void kapi_usb_unanchor_urb(struct urb *urb)
{
	bool had;

	if (!urb)
		return;
	pthread_mutex_lock(&anchor_lock);
	had = urb->anchor != NULL;
	if (had) {
		umod_list_del((struct umod_list *)&urb->anchor_list);
		urb->anchor = NULL;
	}
	pthread_mutex_unlock(&anchor_lock);
	if (had)
		kapi_usb_free_urb(urb);
}

/* usb_wait_anchor_empty_timeout(): 1 once empty, 0 after @timeout ms */
static int kapi_usb_wait_anchor_empty_timeout(struct usb_anchor *anchor, unsigned int timeout)
{
	struct timespec ts = { 0, 1000000 };

	for (unsigned int ms = 0;; ms++) {
		bool empty;

		pthread_mutex_lock(&anchor_lock);
		empty = anchor->urb_list.next == &anchor->urb_list;
		pthread_mutex_unlock(&anchor_lock);
		if (empty)
			return 1;
		if (ms >= timeout)
			return 0;
		nanosleep(&ts, NULL);
	}
}

/* ---- the engine -------------------------------------------------------------------------- */

#define to_priv(n)	umod_container_of(n, struct umod_urb_priv, node)

struct giveback_call {
	struct urb *urb;
};

static long call_complete(void *arg)
{
	struct urb *urb = ((struct giveback_call *)arg)->urb;

	urb->complete(urb);
	return 0;
}

/* usb_hcd_giveback_urb(): @p is off the queue */
static void giveback(struct umod_urb_priv *p, int status)
{
	struct umod_usb_hcd *hcd = p->hcd;
	struct giveback_call c = { p->urb };
	struct urb *urb = p->urb;

	urb->hcpriv = NULL;
	urb->status = status;
	kapi_usb_unanchor_urb(urb);
	umod_base_call(p->owner, call_complete, &c);
	free(p);
	atomic_add(&urb->use_count, -1);
	pthread_mutex_lock(&hcd->lock);
	pthread_cond_broadcast(&hcd->done);
	pthread_mutex_unlock(&hcd->lock);
	kapi_usb_free_urb(urb);
}

/* a standard request the core answers from the descriptors; -1 when it does not */
static int standard(struct usb_device *udev, const struct umod_model_usb_ops *ops,
		    const struct usb_ctrlrequest *s, uint8_t *buf, size_t len)
{
	const uint8_t *d = NULL;
	size_t n = 0;

	if ((s->bRequestType & 0x60) != 0)
		return -1;
	switch (s->bRequest) {
	case 0x06:	/* GET_DESCRIPTOR */
		if (s->wValue >> 8 == 1) {
			d = ops->device_descriptor;
			n = USB_DT_DEVICE_SIZE;
		} else if (s->wValue >> 8 == 2 && (s->wValue & 0xff) == 0) {
			d = ops->config_descriptor;
			n = ops->config_length;
		} else {
			return -2;	/* no such descriptor: stall */
		}
		n = n < len ? n : len;
		memcpy(buf, d, n);
		return (int)n;
	case 0x00:	/* GET_STATUS */
		n = len < 2 ? len : 2;
		memset(buf, 0, n);
		return (int)n;
	case 0x08:	/* GET_CONFIGURATION */
		if (len)
			buf[0] = udev->actconfig ? udev->actconfig->desc.bConfigurationValue : 0;
		return len ? 1 : 0;
	case 0x01: case 0x03: case 0x05: case 0x09: case 0x0b:
		return 0;	/* CLEAR/SET_FEATURE, SET_ADDRESS/CONFIGURATION/INTERFACE */
	default:
		return -1;
	}
}

/* one URB against its model: 1 done (*@status), 0 NAKed */
static int run_urb(struct umod_usb_hcd *hcd, struct urb *urb, int *status)
{
	struct usb_device *udev = urb->dev;
	unsigned int ep = (urb->pipe >> 15) & 0xf, len = urb->transfer_buffer_length;
	const struct umod_model_usb_ops *ops;
	uint8_t *buf = urb->transfer_buffer;
	int kind, ret;

	if (!udev->parent || !umod_board_usb_plugged(hcd->host, hcd->np, udev->portnum, &ops)) {
		if (!udev->parent && (urb->pipe >> 30) != PIPE_CONTROL)
			return 0;	/* the root hub's status endpoint: no port changes */
		*status = udev->parent ? -EPROTO : -EPIPE;
		return 1;
	}
	if ((urb->pipe >> 30) == PIPE_CONTROL) {
		const struct usb_ctrlrequest *s = (const void *)urb->setup_packet;

		ret = standard(udev, ops, s, buf, len);
		if (ret == -1)
			ret = umod_board_usb_call(hcd->host, hcd->np, udev->portnum,
						  UMOD_USB_CONTROL, 0, urb->setup_packet, buf, len);
		*status = ret < 0 ? -EPIPE : 0;
		urb->actual_length = ret < 0 ? 0 : (unsigned int)ret;
		return 1;
	}
	kind = urb->transfer_flags & URB_DIR_IN ? UMOD_USB_IN : UMOD_USB_OUT;
	ret = umod_board_usb_call(hcd->host, hcd->np, udev->portnum, kind, ep, NULL, buf, len);
	if (ret == -1)
		return 0;
	if (ret < 0) {
		*status = -EPROTO;
		return 1;
	}
	urb->actual_length = (unsigned int)ret;
	*status = kind == UMOD_USB_IN && (urb->transfer_flags & 1) && (unsigned int)ret < len ?
		  -EREMOTEIO : 0;
	return 1;
}

/* hcd->lock held: the first queued URB not busy whose endpoint has not NAKed in this pass */
static struct umod_urb_priv *next_ready(struct umod_usb_hcd *hcd, void **naked, size_t nn)
{
	for (struct umod_list *n = hcd->queue.next; n != &hcd->queue; n = n->next) {
		struct umod_urb_priv *p = to_priv(n);
		bool skip = p->urb->hcpriv != p;

		for (size_t i = 0; i < nn && !skip; i++)
			skip = naked[i] == (void *)p->urb->ep;
		if (!skip)
			return p;
	}
	return NULL;
}

static void *engine_main(void *arg)
{
	struct umod_usb_hcd *hcd = arg;

	pthread_mutex_lock(&hcd->lock);
	while (!hcd->stop) {
		void *naked[32];
		size_t nn = 0;
		struct umod_urb_priv *p;

		hcd->kicked = false;
		while (!hcd->stop && nn < 32 && (p = next_ready(hcd, naked, nn))) {
			int status = 0, done;

			p->urb->hcpriv = NULL;		/* busy: kill waits for it */
			pthread_mutex_unlock(&hcd->lock);
			done = run_urb(hcd, p->urb, &status);
			pthread_mutex_lock(&hcd->lock);
			p->urb->hcpriv = p;
			if (!done) {
				naked[nn++] = p->urb->ep;
				continue;
			}
			umod_list_del(&p->node);
			pthread_mutex_unlock(&hcd->lock);
			giveback(p, status);
			pthread_mutex_lock(&hcd->lock);
		}
		pthread_cond_broadcast(&hcd->done);
		if (!hcd->kicked && !hcd->stop)
			pthread_cond_wait(&hcd->wake, &hcd->lock);
	}
	pthread_mutex_unlock(&hcd->lock);
	return NULL;
}

int umod_usb_hcd_start(struct umod_usb_hcd *hcd)
{
	pthread_mutex_init(&hcd->lock, NULL);
	pthread_cond_init(&hcd->wake, NULL);
	pthread_cond_init(&hcd->done, NULL);
	umod_list_init(&hcd->queue);
	hcd->running = !umod_thread_spawn(&hcd->thread, engine_main, hcd);
	return hcd->running ? 0 : -EAGAIN;
}

void umod_usb_hcd_stop(struct umod_usb_hcd *hcd)
{
	pthread_mutex_lock(&hcd->lock);
	hcd->stop = true;
	pthread_cond_broadcast(&hcd->wake);
	pthread_mutex_unlock(&hcd->lock);
	if (hcd->running)
		pthread_join(hcd->thread, NULL);
	hcd->running = false;
	pthread_cond_destroy(&hcd->wake);
	pthread_cond_destroy(&hcd->done);
	pthread_mutex_destroy(&hcd->lock);
}

void umod_usb_hcd_kick(struct umod_usb_hcd *hcd)
{
	pthread_mutex_lock(&hcd->lock);
	hcd->kicked = true;
	pthread_cond_broadcast(&hcd->wake);
	pthread_mutex_unlock(&hcd->lock);
}

/* hcd->lock held: take @match's URBs (or @only) off the queue, waiting for busy ones */
static struct umod_urb_priv *take(struct umod_usb_hcd *hcd, struct usb_device *match,
				  struct urb *only)
{
	for (;;) {
		bool busy = false;

		for (struct umod_list *n = hcd->queue.next; n != &hcd->queue; n = n->next) {
			struct umod_urb_priv *p = to_priv(n);

			if ((only && p->urb != only) || (match && p->urb->dev != match))
				continue;
			if (p->urb->hcpriv != p) {
				busy = true;
				continue;
			}
			umod_list_del(n);
			return p;
		}
		if (!busy)
			return NULL;
		pthread_cond_wait(&hcd->done, &hcd->lock);
	}
}

void umod_usb_flush_device(struct umod_usb_hcd *hcd, struct usb_device *udev, int status)
{
	struct umod_urb_priv *p;

	pthread_mutex_lock(&hcd->lock);
	while ((p = take(hcd, udev, NULL))) {
		pthread_mutex_unlock(&hcd->lock);
		giveback(p, status);
		pthread_mutex_lock(&hcd->lock);
	}
	pthread_mutex_unlock(&hcd->lock);
}

/* ---- submit and kill --------------------------------------------------------------------- */

static int submit(struct urb *urb, struct umod_module *owner)
{
	struct usb_device *dev;
	struct usb_host_endpoint *ep;
	struct umod_usb_hcd *hcd;
	struct umod_urb_priv *p;
	unsigned int num;

	if (!urb || !urb->complete)
		return -EINVAL;
	if (urb->hcpriv)
		return -EBUSY;
	dev = urb->dev;
	if (!dev || dev->state < USB_STATE_UNAUTHENTICATED)
		return -ENODEV;
	num = (urb->pipe >> 15) & 0xf;
	ep = (urb->pipe & 0x80 ? dev->ep_in : dev->ep_out)[num];
	if (!ep)
		return -ENOENT;
	if ((urb->pipe >> 30) == PIPE_CONTROL && !urb->setup_packet)
		return -ENOEXEC;
	if (atomic_get(&urb->reject))
		return -EPERM;
	hcd = umod_usb_hcd_of(dev);
	p = hcd ? calloc(1, sizeof(*p)) : NULL;
	if (!p)
		return hcd ? -ENOMEM : -ENODEV;
	urb->ep = ep;
	urb->status = -EINPROGRESS;
	urb->actual_length = 0;
	urb->transfer_flags &= ~URB_DIR_IN;
	if ((urb->pipe >> 30) == PIPE_CONTROL ? (urb->setup_packet[0] & 0x80) : (urb->pipe & 0x80))
		urb->transfer_flags |= URB_DIR_IN;
	*p = (struct umod_urb_priv){ .hcd = hcd, .owner = owner, .urb = urb };
	kapi_usb_get_urb(urb);
	atomic_add(&urb->use_count, 1);
	pthread_mutex_lock(&hcd->lock);
	urb->hcpriv = p;
	umod_list_add(&p->node, hcd->queue.prev);
	hcd->kicked = true;
	pthread_cond_broadcast(&hcd->wake);
	pthread_mutex_unlock(&hcd->lock);
	return 0;
}

void umod_usb_kill(struct urb *urb)
{
	struct umod_usb_hcd *hcd;
	struct umod_urb_priv *p;

	if (!urb || !urb->dev || !urb->ep || !(hcd = umod_usb_hcd_of(urb->dev)))
		return;
	atomic_add(&urb->reject, 1);
	pthread_mutex_lock(&hcd->lock);
	p = take(hcd, NULL, urb);
	if (p) {
		pthread_mutex_unlock(&hcd->lock);
		giveback(p, -ENOENT);
		pthread_mutex_lock(&hcd->lock);
	}
	while (atomic_get(&urb->use_count) > 0)
		pthread_cond_wait(&hcd->done, &hcd->lock);
	pthread_mutex_unlock(&hcd->lock);
	atomic_add(&urb->reject, -1);
}

static int kapi_usb_submit_urb(struct urb *urb, unsigned int mem_flags)
{
	return submit(urb, umod_caller_module());
}

/* a URB of the host's own (usb_bulk_msg()): its complete() is host code */
int umod_usb_submit(struct urb *urb)
{
	return submit(urb, NULL);
}

static void kapi_usb_kill_urb(struct urb *urb)
{
	umod_usb_kill(urb);
}

/* usb_unlink_urb(): as a kill that does not wait (the giveback happens now here) */
static int kapi_usb_unlink_urb(struct urb *urb)
{
	struct umod_usb_hcd *hcd;
	struct umod_urb_priv *p;

	if (!urb || !urb->dev || !(hcd = umod_usb_hcd_of(urb->dev)))
		return -EINVAL;
	pthread_mutex_lock(&hcd->lock);
	p = take(hcd, NULL, urb);
	pthread_mutex_unlock(&hcd->lock);
	if (!p)
		return -EIDRM;
	giveback(p, -ECONNRESET);
	return -EINPROGRESS;
}

/* usb_poison_urb(): killed, and refused from now on until unpoisoned */
static void kapi_usb_poison_urb(struct urb *urb)
{
	if (!urb)
		return;
	atomic_add(&urb->reject, 1);
	umod_usb_kill(urb);
}

static void kapi_usb_unpoison_urb(struct urb *urb)
{
	if (urb)
		atomic_add(&urb->reject, -1);
}

/* usb_kill_anchored_urbs(): newest first, until the anchor is empty */
static void kapi_usb_kill_anchored_urbs(struct usb_anchor *anchor)
{
	for (;;) {
		struct urb *urb = NULL;

		pthread_mutex_lock(&anchor_lock);
		if (anchor->urb_list.prev != &anchor->urb_list)
			urb = kapi_usb_get_urb(umod_container_of(anchor->urb_list.prev, struct urb,
								 anchor_list));
		pthread_mutex_unlock(&anchor_lock);
		if (!urb)
			return;
		umod_usb_kill(urb);
		/* a URB never submitted stays anchored: take it off */
		if (urb->anchor == anchor)
			kapi_usb_unanchor_urb(urb);
		kapi_usb_free_urb(urb);
	}
}

struct urb *umod_usb_alloc_urb(int iso_packets, unsigned int flags)
{
	return kapi_usb_alloc_urb(iso_packets, flags);
}

void umod_usb_free_urb(struct urb *urb)
{
	kapi_usb_free_urb(urb);
}

static const struct umod_kapi_export urb_exports[] = {
	UMOD_KAPI_GPL("usb_alloc_urb", kapi_usb_alloc_urb),
	UMOD_KAPI_GPL("usb_free_urb", kapi_usb_free_urb),
	UMOD_KAPI_GPL("usb_get_urb", kapi_usb_get_urb),
	UMOD_KAPI_GPL("usb_submit_urb", kapi_usb_submit_urb),
	UMOD_KAPI_GPL("usb_kill_urb", kapi_usb_kill_urb),
	UMOD_KAPI_GPL("usb_unlink_urb", kapi_usb_unlink_urb),
	UMOD_KAPI_GPL("usb_poison_urb", kapi_usb_poison_urb),
	UMOD_KAPI_GPL("usb_unpoison_urb", kapi_usb_unpoison_urb),
	UMOD_KAPI_GPL("usb_anchor_urb", kapi_usb_anchor_urb),
	UMOD_KAPI_GPL("usb_unanchor_urb", kapi_usb_unanchor_urb),
	UMOD_KAPI_GPL("usb_kill_anchored_urbs", kapi_usb_kill_anchored_urbs),
	UMOD_KAPI_GPL("usb_wait_anchor_empty_timeout", kapi_usb_wait_anchor_empty_timeout),
};

const struct umod_kapi_table umod_kapi_usb_urb = UMOD_KAPI_TABLE(urb_exports);
