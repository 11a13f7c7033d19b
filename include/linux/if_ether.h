/* SPDX-License-Identifier: MIT */
/* Ethernet's numbers and header (6.1's uapi linux/if_ether.h, the part drivers use) */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/if_ether.h>
#elif !defined(_LINUX_IF_ETHER_H)
#define _LINUX_IF_ETHER_H

#include <linux/types.h>
#include <linux/skbuff.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/io.h>
#include <linux/dev_printk.h>
#include <linux/device.h>
#include <linux/device/bus.h>
#include <linux/device/class.h>
#include <linux/device/driver.h>
#include <linux/dma-direction.h>
#include <linux/dma-mapping.h>
#include <linux/idr.h>
#include <linux/kernfs.h>
#include <linux/kmod.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pm.h>
#include <linux/scatterlist.h>
#include <linux/siphash.h>
#include <linux/sysfs.h>
#include <linux/uio.h>
#include <linux/vmalloc.h>

#define ETH_ALEN	6
#define ETH_TLEN	2
#define ETH_HLEN	14
#define ETH_ZLEN	60
#define ETH_DATA_LEN	1500
#define ETH_FRAME_LEN	1514
#define ETH_FCS_LEN	4
#define ETH_MIN_MTU	68
#define ETH_MAX_MTU	0xFFFFU

#define ETH_P_LOOP	0x0060
#define ETH_P_IP	0x0800
#define ETH_P_ARP	0x0806
#define ETH_P_8021Q	0x8100
#define ETH_P_IPV6	0x86DD
#define ETH_P_802_3_MIN	0x0600
#define ETH_P_802_3	0x0001
#define ETH_P_ALL	0x0003
#define ETH_P_802_2	0x0004

struct ethhdr {
	unsigned char h_dest[ETH_ALEN];
	unsigned char h_source[ETH_ALEN];
	__be16 h_proto;
} __attribute__((packed));

static inline struct ethhdr *eth_hdr(const struct sk_buff *skb)
{
	return (struct ethhdr *)skb_mac_header(skb);
}

#endif /* _LINUX_IF_ETHER_H */
