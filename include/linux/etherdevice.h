/* SPDX-License-Identifier: MIT */
/* Ethernet devices (6.1's etherdevice.h): allocation, setup, addresses */
#ifndef _LINUX_ETHERDEVICE_H
#define _LINUX_ETHERDEVICE_H

#include <linux/if_ether.h>
#include <linux/netdevice.h>
#include <linux/random.h>
#include <linux/crc32.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/io.h>
#include <asm/irq.h>
#include <asm/unaligned.h>
#include <linux/ctype.h>
#include <linux/dma-direction.h>
#include <linux/dma-mapping.h>
#include <linux/hashtable.h>
#include <linux/interrupt.h>
#include <linux/irqreturn.h>
#include <linux/kthread.h>
#include <linux/scatterlist.h>
#include <linux/seq_file.h>
#include <linux/siphash.h>
#include <linux/string_helpers.h>
#include <linux/u64_stats_sync.h>
#include <linux/user_namespace.h>
#include <linux/vmalloc.h>

__be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev);
void ether_setup(struct net_device *dev);
int eth_mac_addr(struct net_device *dev, void *p);
int eth_validate_addr(struct net_device *dev);
int eth_change_mtu(struct net_device *dev, int new_mtu);

struct net_device *alloc_etherdev_mqs(int sizeof_priv, unsigned int txqs,
				      unsigned int rxqs);
#define alloc_etherdev(sizeof_priv) alloc_etherdev_mq(sizeof_priv, 1)
#define alloc_etherdev_mq(sizeof_priv, count) alloc_etherdev_mqs(sizeof_priv, count, count)

static inline bool is_zero_ether_addr(const u8 *addr)
{
	return !(addr[0] | addr[1] | addr[2] | addr[3] | addr[4] | addr[5]);
}

static inline bool is_multicast_ether_addr(const u8 *addr)
{
	return addr[0] & 0x01;
}

static inline bool is_local_ether_addr(const u8 *addr)
{
	return addr[0] & 0x02;
}

static inline bool is_broadcast_ether_addr(const u8 *addr)
{
	return (addr[0] & addr[1] & addr[2] & addr[3] & addr[4] & addr[5]) == 0xff;
}

static inline bool is_unicast_ether_addr(const u8 *addr)
{
	return !is_multicast_ether_addr(addr);
}

static inline bool is_valid_ether_addr(const u8 *addr)
{
	return !is_multicast_ether_addr(addr) && !is_zero_ether_addr(addr);
}

static inline void eth_random_addr(u8 *addr)
{
	get_random_bytes(addr, ETH_ALEN);
	addr[0] &= 0xfe;	/* clear multicast bit */
	addr[0] |= 0x02;	/* set local assignment bit (IEEE802) */
}

static inline void eth_broadcast_addr(u8 *addr)
{
	memset(addr, 0xff, ETH_ALEN);
}

static inline void eth_zero_addr(u8 *addr)
{
	memset(addr, 0x00, ETH_ALEN);
}

static inline void ether_addr_copy(u8 *dst, const u8 *src)
{
	memcpy(dst, src, ETH_ALEN);
}

static inline bool ether_addr_equal(const u8 *addr1, const u8 *addr2)
{
	return !memcmp(addr1, addr2, ETH_ALEN);
}

static inline void eth_hw_addr_set(struct net_device *dev, const u8 *addr)
{
	dev_addr_set(dev, addr);
}

static inline void eth_hw_addr_random(struct net_device *dev)
{
	u8 addr[ETH_ALEN];

	eth_random_addr(addr);
	dev->addr_assign_type = NET_ADDR_RANDOM;
	eth_hw_addr_set(dev, addr);
}

static inline int eth_skb_pad(struct sk_buff *skb)
{
	return skb_put_padto(skb, ETH_ZLEN);
}

#endif /* _LINUX_ETHERDEVICE_H */
