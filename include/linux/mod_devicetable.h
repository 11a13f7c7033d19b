/* SPDX-License-Identifier: MIT */
/*
 * Device match tables (Linux 6.1's include/linux/mod_devicetable.h). A
 * module names its table with MODULE_DEVICE_TABLE(type, name); modpost
 * reads it and writes the aliases (of:N*T*C..., platform:...) that load
 * the module when such a device appears. The layouts are shared with the
 * host and modpost (umod/kabi/device.h); later buses add theirs here.
 */
#ifndef LINUX_MOD_DEVICETABLE_H
#define LINUX_MOD_DEVICETABLE_H

#include <linux/types.h>
#include <umod/kabi/device.h>
#include <linux/uuid.h>
#include <umod/kabi/usb.h>
#include <umod/kabi/pci.h>		/* struct pci_device_id, PCI_ANY_ID */

#endif /* LINUX_MOD_DEVICETABLE_H */
