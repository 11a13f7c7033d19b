/* SPDX-License-Identifier: MIT */
/*
 * USB as both sides see it (Linux 6.1's include/uapi/linux/usb/ch9.h and
 * include/linux/usb.h): the descriptors, devices, interfaces, drivers,
 * URBs and anchors. Module code reads devices and fills URBs; the host's
 * USB core (drivers/usb/) enumerates the board's devices and runs the
 * URBs. Fields are 6.1's names, in 6.1's order where a module reaches
 * them.
 */
#ifndef _UMOD_KABI_USB_H
#define _UMOD_KABI_USB_H

#include <umod/kabi/device.h>
#include <umod/kabi/kobject.h>
#include <umod/kabi/mutex.h>
#include <umod/kabi/spinlock.h>
#include <umod/kabi/types.h>
#include <umod/kabi/wait.h>

/* ---- ch9.h: the descriptors, packed as on the wire (little-endian) ---------- */

struct usb_ctrlrequest {
	unsigned char bRequestType;
	unsigned char bRequest;
	unsigned short wValue;
	unsigned short wIndex;
	unsigned short wLength;
} __attribute__((packed));

struct usb_device_descriptor {
	unsigned char bLength;
	unsigned char bDescriptorType;
	unsigned short bcdUSB;
	unsigned char bDeviceClass;
	unsigned char bDeviceSubClass;
	unsigned char bDeviceProtocol;
	unsigned char bMaxPacketSize0;
	unsigned short idVendor;
	unsigned short idProduct;
	unsigned short bcdDevice;
	unsigned char iManufacturer;
	unsigned char iProduct;
	unsigned char iSerialNumber;
	unsigned char bNumConfigurations;
} __attribute__((packed));

struct usb_config_descriptor {
	unsigned char bLength;
	unsigned char bDescriptorType;
	unsigned short wTotalLength;
	unsigned char bNumInterfaces;
	unsigned char bConfigurationValue;
	unsigned char iConfiguration;
	unsigned char bmAttributes;
	unsigned char bMaxPower;
} __attribute__((packed));

struct usb_interface_descriptor {
	unsigned char bLength;
	unsigned char bDescriptorType;
	unsigned char bInterfaceNumber;
	unsigned char bAlternateSetting;
	unsigned char bNumEndpoints;
	unsigned char bInterfaceClass;
	unsigned char bInterfaceSubClass;
	unsigned char bInterfaceProtocol;
	unsigned char iInterface;
} __attribute__((packed));

struct usb_endpoint_descriptor {
	unsigned char bLength;
	unsigned char bDescriptorType;
	unsigned char bEndpointAddress;
	unsigned char bmAttributes;
	unsigned short wMaxPacketSize;
	unsigned char bInterval;
	unsigned char bRefresh;		/* audio endpoints only */
	unsigned char bSynchAddress;
} __attribute__((packed));

#define USB_DT_DEVICE_SIZE		18
#define USB_DT_CONFIG_SIZE		9
#define USB_DT_INTERFACE_SIZE		9
#define USB_DT_ENDPOINT_SIZE		7

/* ---- the device tree of a bus ------------------------------------------------ */

struct usb_host_endpoint {
	struct usb_endpoint_descriptor desc;
	unsigned char ss_ep_comp[6];	/* struct usb_ss_ep_comp_descriptor */
	unsigned char ssp_isoc_ep_comp[8];
	struct list_head urb_list;
	void *hcpriv;
	void *ep_dev;
	unsigned char *extra;
	int extralen;
	int enabled;
	int streams;
};

struct usb_host_interface {
	struct usb_interface_descriptor desc;
	int extralen;
	unsigned char *extra;
	struct usb_host_endpoint *endpoint;
	char *string;
};

enum usb_interface_condition {
	USB_INTERFACE_UNBOUND = 0,
	USB_INTERFACE_BINDING,
	USB_INTERFACE_BOUND,
	USB_INTERFACE_UNBINDING,
};

struct usb_interface {
	struct usb_host_interface *altsetting;
	struct usb_host_interface *cur_altsetting;
	unsigned num_altsetting;
	void *intf_assoc;
	int minor;			/* usb_register_dev()'s, or -1 */
	enum usb_interface_condition condition;
	unsigned sysfs_files_created:1;
	unsigned ep_devs_created:1;
	unsigned unregistering:1;
	unsigned needs_remote_wakeup:1;
	unsigned needs_altsetting0:1;
	unsigned needs_binding:1;
	unsigned resetting_device:1;
	unsigned authorized:1;
	struct device dev;
	struct device *usb_dev;		/* the class device usb_register_dev() made */
	struct work_struct *reset_ws_unused;
};

struct usb_host_config {
	struct usb_config_descriptor desc;
	char *string;
	void *intf_assoc[16];
	struct usb_interface *interface[32];
	void *intf_cache[32];
	unsigned char *extra;
	int extralen;
};

enum usb_device_speed {
	USB_SPEED_UNKNOWN = 0,
	USB_SPEED_LOW, USB_SPEED_FULL,
	USB_SPEED_HIGH,
	USB_SPEED_WIRELESS,
	USB_SPEED_SUPER,
	USB_SPEED_SUPER_PLUS,
};

enum usb_device_state {
	USB_STATE_NOTATTACHED = 0,
	USB_STATE_ATTACHED,
	USB_STATE_POWERED,
	USB_STATE_RECONNECTING,
	USB_STATE_UNAUTHENTICATED,
	USB_STATE_DEFAULT,
	USB_STATE_ADDRESS,
	USB_STATE_CONFIGURED,
	USB_STATE_SUSPENDED
};

struct usb_bus;

struct usb_device {
	int devnum;
	char devpath[16];
	unsigned int route;
	enum usb_device_state state;
	enum usb_device_speed speed;
	unsigned int rx_lanes;
	unsigned int tx_lanes;
	unsigned short ssp_rate;
	void *tt;
	int ttport;
	unsigned int toggle[2];
	struct usb_device *parent;
	struct usb_bus *bus;
	struct usb_host_endpoint ep0;
	struct device dev;
	struct usb_device_descriptor descriptor;
	void *bos;
	struct usb_host_config *config;
	struct usb_host_config *actconfig;
	struct usb_host_endpoint *ep_in[16];
	struct usb_host_endpoint *ep_out[16];
	char **rawdescriptors;
	unsigned short bus_mA;
	unsigned char portnum;
	unsigned char level;
	unsigned char devaddr;
	unsigned can_submit:1;
	unsigned persist_enabled:1;
	unsigned reset_in_progress:1;
	unsigned have_langid:1;
	unsigned authorized:1;
	unsigned authenticated:1;
	unsigned lpm_capable:1;
	unsigned lpm_devinit_allow:1;
	int string_langid;
	char *product;
	char *manufacturer;
	char *serial;
	struct list_head filelist;
	int maxchild;
	unsigned int quirks;
	atomic_t urbnum;
};

/* ---- drivers ------------------------------------------------------------------- */

struct usb_device_id {
	unsigned short match_flags;
	unsigned short idVendor;
	unsigned short idProduct;
	unsigned short bcdDevice_lo;
	unsigned short bcdDevice_hi;
	unsigned char bDeviceClass;
	unsigned char bDeviceSubClass;
	unsigned char bDeviceProtocol;
	unsigned char bInterfaceClass;
	unsigned char bInterfaceSubClass;
	unsigned char bInterfaceProtocol;
	unsigned char bInterfaceNumber;
	kernel_ulong_t driver_info;
};

#define USB_DEVICE_ID_MATCH_VENDOR		0x0001
#define USB_DEVICE_ID_MATCH_PRODUCT		0x0002
#define USB_DEVICE_ID_MATCH_DEV_LO		0x0004
#define USB_DEVICE_ID_MATCH_DEV_HI		0x0008
#define USB_DEVICE_ID_MATCH_DEV_CLASS		0x0010
#define USB_DEVICE_ID_MATCH_DEV_SUBCLASS	0x0020
#define USB_DEVICE_ID_MATCH_DEV_PROTOCOL	0x0040
#define USB_DEVICE_ID_MATCH_INT_CLASS		0x0080
#define USB_DEVICE_ID_MATCH_INT_SUBCLASS	0x0100
#define USB_DEVICE_ID_MATCH_INT_PROTOCOL	0x0200
#define USB_DEVICE_ID_MATCH_INT_NUMBER		0x0400

struct usb_dynids {
	spinlock_t lock;
	struct list_head list;
};

struct usbdrv_wrap {
	struct device_driver driver;
	int for_devices;
};

struct usb_driver {
	const char *name;
	int (*probe)(struct usb_interface *intf, const struct usb_device_id *id);
	void (*disconnect)(struct usb_interface *intf);
	int (*unlocked_ioctl)(struct usb_interface *intf, unsigned int code, void *buf);
	int (*suspend)(struct usb_interface *intf, pm_message_t message);
	int (*resume)(struct usb_interface *intf);
	int (*reset_resume)(struct usb_interface *intf);
	int (*pre_reset)(struct usb_interface *intf);
	int (*post_reset)(struct usb_interface *intf);
	const struct usb_device_id *id_table;
	const struct attribute_group **dev_groups;
	struct usb_dynids dynids;
	struct usbdrv_wrap drvwrap;
	unsigned int no_dynamic_id:1;
	unsigned int supports_autosuspend:1;
	unsigned int disable_hub_initiated_lpm:1;
	unsigned int soft_unbind:1;
};

struct file_operations;

struct usb_class_driver {
	char *name;
	char *(*devnode)(struct device *dev, unsigned short *mode);
	const struct file_operations *fops;
	int minor_base;
};

/* ---- URBs ---------------------------------------------------------------------- */

struct urb;
typedef void (*usb_complete_t)(struct urb *);

struct usb_anchor {
	struct list_head urb_list;
	struct wait_queue_head wait;
	spinlock_t lock;
	atomic_t suspend_wakeups;
	unsigned int poisoned:1;
};

struct usb_iso_packet_descriptor {
	unsigned int offset;
	unsigned int length;
	unsigned int actual_length;
	int status;
};

struct urb {
	struct umod_kobj_kref kref;
	int unlinked;
	void *hcpriv;
	atomic_t use_count;
	atomic_t reject;
	struct list_head urb_list;
	struct list_head anchor_list;
	struct usb_anchor *anchor;
	struct usb_device *dev;
	struct usb_host_endpoint *ep;
	unsigned int pipe;
	unsigned int stream_id;
	int status;
	unsigned int transfer_flags;
	void *transfer_buffer;
	unsigned long long transfer_dma;
	void *sg;
	int num_mapped_sgs;
	int num_sgs;
	unsigned int transfer_buffer_length;
	unsigned int actual_length;
	unsigned char *setup_packet;
	unsigned long long setup_dma;
	int start_frame;
	int number_of_packets;
	int interval;
	int error_count;
	void *context;
	usb_complete_t complete;
	struct usb_iso_packet_descriptor iso_frame_desc[];
};

#endif /* _UMOD_KABI_USB_H */
