/* SPDX-License-Identifier: MIT */
/*
 * PCI class codes, vendor and device IDs (Linux 6.1's
 * include/linux/pci_ids.h): the classes, and the vendors and devices the
 * board's functions and the driver book's examples name. 6.1's file is
 * thousands of IDs of hardware no umod board has; a driver needing
 * another defines it, as drivers do for IDs not yet in the kernel.
 */
#ifndef _LINUX_PCI_IDS_H
#define _LINUX_PCI_IDS_H

#define PCI_CLASS_NOT_DEFINED		0x0000
#define PCI_BASE_CLASS_STORAGE		0x01
#define PCI_CLASS_STORAGE_IDE		0x0101
#define PCI_BASE_CLASS_NETWORK		0x02
#define PCI_CLASS_NETWORK_ETHERNET	0x0200
#define PCI_BASE_CLASS_DISPLAY		0x03
#define PCI_CLASS_DISPLAY_VGA		0x0300
#define PCI_BASE_CLASS_MULTIMEDIA	0x04
#define PCI_CLASS_MULTIMEDIA_VIDEO	0x0400
#define PCI_CLASS_MULTIMEDIA_AUDIO	0x0401
#define PCI_BASE_CLASS_BRIDGE		0x06
#define PCI_CLASS_BRIDGE_HOST		0x0600
#define PCI_CLASS_BRIDGE_ISA		0x0601
#define PCI_CLASS_BRIDGE_PCI		0x0604
#define PCI_BASE_CLASS_COMMUNICATION	0x07
#define PCI_CLASS_COMMUNICATION_SERIAL	0x0700
#define PCI_CLASS_COMMUNICATION_PARALLEL 0x0701
#define PCI_BASE_CLASS_SYSTEM		0x08
#define PCI_CLASS_SYSTEM_OTHER		0x0880
#define PCI_BASE_CLASS_SERIAL		0x0c
#define PCI_CLASS_SERIAL_USB		0x0c03
#define PCI_CLASS_OTHERS		0xff

#define PCI_VENDOR_ID_REDHAT_QUMRANET	0x1af4
#define PCI_SUBVENDOR_ID_REDHAT_QUMRANET 0x1af4
#define PCI_SUBDEVICE_ID_QEMU		0x1100
#define PCI_VENDOR_ID_REDHAT		0x1b36
#define PCI_VENDOR_ID_INTEL		0x8086
#define PCI_DEVICE_ID_INTEL_82801AA_0	0x2410
#define PCI_DEVICE_ID_INTEL_82801AA_1	0x2411
#define PCI_DEVICE_ID_INTEL_82801AA_3	0x2413
#define PCI_DEVICE_ID_INTEL_82801AA_5	0x2415
#define PCI_DEVICE_ID_INTEL_82801AA_6	0x2416
#define PCI_DEVICE_ID_INTEL_82801AA_8	0x2418

#endif /* _LINUX_PCI_IDS_H */
