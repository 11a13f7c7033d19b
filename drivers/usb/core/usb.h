/* SPDX-License-Identifier: MIT */
/*
 * What drivers/usb/'s files share (Linux's drivers/usb/core/usb.h): the
 * host controllers of a host (the board's, usb-sim.c), their buses and
 * ports, the devices and interfaces enumerated on them, and the URB
 * engine that runs submitted URBs against the device models.
 */
#ifndef _UMOD_DRIVERS_USB_CORE_USB_H
#define _UMOD_DRIVERS_USB_CORE_USB_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <umod/kabi/usb.h>

#include "kernel/module/module.h"
#include "util/list.h"

#define UMOD_USB_PORTS	8

struct device_node;

/* one simulated host controller: bus @busnum, its root hub and ports */
struct umod_usb_hcd {
	struct umod_host *host;
	const struct device_node *np;	/* the controller's node */
	struct device *parent;		/* its platform device */
	int busnum;
	struct usb_device *root;	/* usbN */
	struct usb_device *port[UMOD_USB_PORTS + 1];	/* N-P, by port */
	int next_devnum;
	/* the URB engine: one thread takes the queue in order */
	pthread_mutex_t lock;
	pthread_cond_t wake, done;
	struct umod_list queue;		/* struct umod_urb_priv.node */
	pthread_t thread;
	bool running, stop, kicked;
	struct umod_list link;		/* on the registry */
};

/* urb->hcpriv while the URB is in flight */
struct umod_urb_priv {
	struct umod_usb_hcd *hcd;
	struct umod_module *owner;	/* whose code complete() is */
	struct urb *urb;
	struct umod_list node;
};

extern struct bus_type umod_usb_bus_type;
extern struct device_type umod_usb_device_type, umod_usb_if_device_type;

/* ---- usb.c: devices, interfaces, drivers ------------------------------------------- */

struct umod_usb_hcd *umod_usb_hcd_of(struct usb_device *udev);
/* usbN and its interface N-0:1.0 */
int umod_usb_add_root(struct umod_usb_hcd *hcd);
/* a device on port @port: enumerated from its model's descriptors, configured */
int umod_usb_connect(struct umod_usb_hcd *hcd, unsigned int port);
/* unplugged: URBs flushed with -ESHUTDOWN, drivers disconnected, devices gone */
void umod_usb_disconnect(struct umod_usb_hcd *hcd, unsigned int port);
void umod_usb_remove_root(struct umod_usb_hcd *hcd);
int umod_usb_init(struct umod_host *host);
void umod_usb_host_gone(struct umod_host *host);

/* ---- urb.c: the engine -------------------------------------------------------------- */

int umod_usb_hcd_start(struct umod_usb_hcd *hcd);
void umod_usb_hcd_stop(struct umod_usb_hcd *hcd);
/* the engine looks at its queue again (a model has IN data, a kill) */
void umod_usb_hcd_kick(struct umod_usb_hcd *hcd);
/* every URB queued for @udev completes with @status */
void umod_usb_flush_device(struct umod_usb_hcd *hcd, struct usb_device *udev, int status);
int umod_usb_submit(struct urb *urb);
struct urb *umod_usb_alloc_urb(int iso_packets, unsigned int flags);
void umod_usb_free_urb(struct urb *urb);
void umod_usb_kill(struct urb *urb);

/* ---- file.c: usb_register_dev() ------------------------------------------------------- */

int umod_usb_file_init(struct umod_host *host);
void umod_usb_file_exit(struct umod_host *host);

/* ---- host/usb-sim.c ---------------------------------------------------------------------- */

int umod_usb_sim_register(struct umod_host *host);
void umod_usb_sim_unregister(struct umod_host *host);
/* boards/bus.c: a model on @ctrl's port @port was plugged in (1) or out (0) */
void umod_usb_sim_port_change(struct umod_host *host, const struct device_node *ctrl,
			      unsigned int port, int connected);
/* boards/bus.c: a model on @ctrl has data for an IN endpoint */
void umod_usb_sim_kick(struct umod_host *host, const struct device_node *ctrl);

#endif /* _UMOD_DRIVERS_USB_CORE_USB_H */
