/* SPDX-License-Identifier: MIT */
/*
 * ethtool_ops (6.1's ethtool.h, the basics): what a driver fills in. The
 * host answers from them where it shows the device (the TAP bridge's
 * carrier); ethtool(8) itself talks to the host kernel's TAP device.
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/ethtool.h>
#elif !defined(_LINUX_ETHTOOL_H)
#define _LINUX_ETHTOOL_H

#include <linux/types.h>
#include <linux/compat.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/hardirq.h>
#include <asm/io.h>
#include <asm/pgtable.h>
#include <linux/bvec.h>
#include <linux/dev_printk.h>
#include <linux/device.h>
#include <linux/device/bus.h>
#include <linux/device/class.h>
#include <linux/device/driver.h>
#include <linux/dma-direction.h>
#include <linux/dma-mapping.h>
#include <linux/hardirq.h>
#include <linux/highmem.h>
#include <linux/idr.h>
#include <linux/if_ether.h>
#include <linux/ioport.h>
#include <linux/kernfs.h>
#include <linux/kmod.h>
#include <linux/kobject.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pm.h>
#include <linux/scatterlist.h>
#include <linux/siphash.h>
#include <linux/sizes.h>
#include <linux/skbuff.h>
#include <linux/stacktrace.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>

struct net_device;

#define ETHTOOL_FWVERS_LEN	32
#define ETHTOOL_BUSINFO_LEN	32
#define ETHTOOL_EROMVERS_LEN	32

struct ethtool_drvinfo {
	__u32 cmd;
	char driver[32];
	char version[32];
	char fw_version[ETHTOOL_FWVERS_LEN];
	char bus_info[ETHTOOL_BUSINFO_LEN];
	char erom_version[ETHTOOL_EROMVERS_LEN];
	char reserved2[12];
	__u32 n_priv_flags;
	__u32 n_stats;
	__u32 testinfo_len;
	__u32 eedump_len;
	__u32 regdump_len;
};

struct ethtool_ringparam {
	__u32 cmd;
	__u32 rx_max_pending, rx_mini_max_pending, rx_jumbo_max_pending, tx_max_pending;
	__u32 rx_pending, rx_mini_pending, rx_jumbo_pending, tx_pending;
};

struct ethtool_stats {
	__u32 cmd;
	__u32 n_stats;
	__u64 data[];
};

enum ethtool_stringset {
	ETH_SS_TEST = 0,
	ETH_SS_STATS,
	ETH_SS_PRIV_FLAGS,
};

#define ETH_GSTRING_LEN		32

struct ethtool_ops {
	u32 supported_coalesce_params;
	u32 supported_ring_params;
	void (*get_drvinfo)(struct net_device *dev, struct ethtool_drvinfo *info);
	int (*get_regs_len)(struct net_device *dev);
	void (*get_regs)(struct net_device *dev, void *regs, void *p);
	void (*get_wol)(struct net_device *dev, void *wol);
	int (*set_wol)(struct net_device *dev, void *wol);
	u32 (*get_msglevel)(struct net_device *dev);
	void (*set_msglevel)(struct net_device *dev, u32 level);
	int (*nway_reset)(struct net_device *dev);
	u32 (*get_link)(struct net_device *dev);
	int (*get_link_ext_state)(struct net_device *dev, void *info);
	int (*get_eeprom_len)(struct net_device *dev);
	void (*get_ringparam)(struct net_device *dev, struct ethtool_ringparam *ring,
			      void *kernel_ring, void *extack);
	int (*set_ringparam)(struct net_device *dev, struct ethtool_ringparam *ring,
			     void *kernel_ring, void *extack);
	void (*get_strings)(struct net_device *dev, u32 stringset, u8 *data);
	void (*get_ethtool_stats)(struct net_device *dev, struct ethtool_stats *stats,
				  u64 *data);
	int (*get_sset_count)(struct net_device *dev, int sset);
	int (*get_ts_info)(struct net_device *dev, void *info);
};

u32 ethtool_op_get_link(struct net_device *dev);

#endif /* _LINUX_ETHTOOL_H */
