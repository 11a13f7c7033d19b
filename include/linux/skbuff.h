/* SPDX-License-Identifier: MIT */
/*
 * Socket buffers (6.1's skbuff.h): one linear buffer each (no fragments:
 * data_len is 0), head <= data <= tail <= end; skb_put/push/pull move the
 * edges and warn as skb_over_panic()/skb_under_panic() would.
 */
#ifndef _LINUX_SKBUFF_H
#define _LINUX_SKBUFF_H

#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/time.h>
#include <linux/bug.h>
#include <linux/bvec.h>
#include <linux/cache.h>
#include <linux/atomic.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/refcount.h>
#include <linux/hrtimer.h>
#include <umod/kabi/netdevice.h>
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

#define CHECKSUM_NONE		0
#define CHECKSUM_UNNECESSARY	1
#define CHECKSUM_COMPLETE	2
#define CHECKSUM_PARTIAL	3

#define PACKET_HOST		0
#define PACKET_BROADCAST	1
#define PACKET_MULTICAST	2
#define PACKET_OTHERHOST	3
#define PACKET_OUTGOING		4
#define PACKET_LOOPBACK		5

#define NET_SKB_PAD		64
#define NET_IP_ALIGN		0

enum skb_drop_reason {
	SKB_NOT_DROPPED_YET = 0,
	SKB_CONSUMED,
	SKB_DROP_REASON_NOT_SPECIFIED,
};

struct sk_buff *__alloc_skb(unsigned int size, gfp_t priority, int flags, int node);
static inline struct sk_buff *alloc_skb(unsigned int size, gfp_t priority)
{
	return __alloc_skb(size, priority, 0, NUMA_NO_NODE);
}
struct sk_buff *__netdev_alloc_skb(struct net_device *dev, unsigned int length,
				   gfp_t gfp_mask);
static inline struct sk_buff *netdev_alloc_skb(struct net_device *dev, unsigned int length)
{
	return __netdev_alloc_skb(dev, length, GFP_ATOMIC);
}
static inline struct sk_buff *__dev_alloc_skb(unsigned int length, gfp_t gfp_mask)
{
	return __netdev_alloc_skb(NULL, length, gfp_mask);
}
static inline struct sk_buff *dev_alloc_skb(unsigned int length)
{
	return netdev_alloc_skb(NULL, length);
}
/* NET_IP_ALIGN is 0 on x86: no reserve, as 6.1's */
static inline struct sk_buff *__netdev_alloc_skb_ip_align(struct net_device *dev,
							  unsigned int length, gfp_t gfp)
{
	return __netdev_alloc_skb(dev, length + NET_IP_ALIGN, gfp);
}
static inline struct sk_buff *netdev_alloc_skb_ip_align(struct net_device *dev,
							unsigned int length)
{
	return __netdev_alloc_skb_ip_align(dev, length, GFP_ATOMIC);
}

void kfree_skb_reason(struct sk_buff *skb, enum skb_drop_reason reason);
static inline void kfree_skb(struct sk_buff *skb)
{
	kfree_skb_reason(skb, SKB_DROP_REASON_NOT_SPECIFIED);
}
void consume_skb(struct sk_buff *skb);
struct sk_buff *skb_copy(const struct sk_buff *skb, gfp_t priority);
static inline struct sk_buff *skb_get(struct sk_buff *skb)
{
	skb->users++;
	return skb;
}

void *skb_put(struct sk_buff *skb, unsigned int len);
void *skb_push(struct sk_buff *skb, unsigned int len);
void *skb_pull(struct sk_buff *skb, unsigned int len);

static inline void *skb_put_data(struct sk_buff *skb, const void *data, unsigned int len)
{
	void *tmp = skb_put(skb, len);

	memcpy(tmp, data, len);
	return tmp;
}

static inline void *skb_put_zero(struct sk_buff *skb, unsigned int len)
{
	void *tmp = skb_put(skb, len);

	memset(tmp, 0, len);
	return tmp;
}

static inline void *__skb_pull(struct sk_buff *skb, unsigned int len)
{
	skb->len -= len;
	return skb->data += len;
}

static inline void skb_reserve(struct sk_buff *skb, int len)
{
	skb->data += len;
	skb->tail += len;
}

static inline unsigned char *skb_tail_pointer(const struct sk_buff *skb)
{
	return skb->tail;
}

static inline unsigned char *skb_end_pointer(const struct sk_buff *skb)
{
	return skb->end;
}

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return (unsigned int)(skb->data - skb->head);
}

static inline int skb_tailroom(const struct sk_buff *skb)
{
	return (int)(skb->end - skb->tail);
}

static inline unsigned int skb_headlen(const struct sk_buff *skb)
{
	return skb->len - skb->data_len;
}

static inline bool skb_is_nonlinear(const struct sk_buff *skb)
{
	return skb->data_len;
}

static inline void skb_trim(struct sk_buff *skb, unsigned int len)
{
	if (skb->len > len) {
		skb->len = len;
		skb->tail = skb->data + len;
	}
}

static inline int skb_padto(struct sk_buff *skb, unsigned int len)
{
	unsigned int size = skb->len;

	if (likely(size >= len))
		return 0;
	if ((unsigned int)skb_tailroom(skb) < len - size) {
		kfree_skb(skb);
		return -ENOMEM;
	}
	memset(skb_put(skb, len - size), 0, len - size);
	return 0;
}

static inline int skb_put_padto(struct sk_buff *skb, unsigned int len)
{
	return skb_padto(skb, len);
}

static inline unsigned char *skb_mac_header(const struct sk_buff *skb)
{
	return skb->head + skb->mac_header;
}

static inline void skb_reset_mac_header(struct sk_buff *skb)
{
	skb->mac_header = (unsigned short)(skb->data - skb->head);
}

static inline unsigned char *skb_network_header(const struct sk_buff *skb)
{
	return skb->head + skb->network_header;
}

static inline void skb_reset_network_header(struct sk_buff *skb)
{
	skb->network_header = (unsigned short)(skb->data - skb->head);
}

static inline void skb_set_network_header(struct sk_buff *skb, const int offset)
{
	skb->network_header = (unsigned short)(skb->data - skb->head + offset);
}

static inline unsigned char *skb_transport_header(const struct sk_buff *skb)
{
	return skb->head + skb->transport_header;
}

static inline void skb_reset_transport_header(struct sk_buff *skb)
{
	skb->transport_header = (unsigned short)(skb->data - skb->head);
}

static inline void skb_copy_from_linear_data(const struct sk_buff *skb, void *to,
					     const unsigned int len)
{
	memcpy(to, skb->data, len);
}

static inline void skb_copy_to_linear_data(struct sk_buff *skb, const void *from,
					   const unsigned int len)
{
	memcpy(skb->data, from, len);
}

static inline void skb_tx_timestamp(struct sk_buff *skb)
{
}

static inline void skb_record_rx_queue(struct sk_buff *skb, unsigned short rx_queue)
{
	skb->queue_mapping = rx_queue + 1;
}

static inline unsigned short skb_get_queue_mapping(const struct sk_buff *skb)
{
	return skb->queue_mapping;
}

static inline void skb_checksum_none_assert(const struct sk_buff *skb)
{
}

/* 6.1 reaches it through net/flow_dissector.h; its eth_hdr() needs what is above */
#include <linux/if_ether.h>

#endif /* _LINUX_SKBUFF_H */
