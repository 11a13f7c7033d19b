// SPDX-License-Identifier: MIT
/*
 * Ethernet (Linux's net/ethernet/eth.c): eth_type_trans(), ether_setup()
 * and alloc_etherdev_mqs(), the address helpers drivers point their ops at.
 */
#include <errno.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "net/core/dev.h"

#define ETH_ALEN		6
#define ETH_HLEN		14
#define ETH_P_802_3_MIN		0x0600
#define ETH_P_802_3		0x0001
#define ETH_P_802_2		0x0004
#define PACKET_BROADCAST	1
#define PACKET_MULTICAST	2
#define PACKET_OTHERHOST	3
#define IFF_BROADCAST		0x2
#define IFF_MULTICAST		0x1000
#define IFF_TX_SKB_SHARING	(1u << 17)
#define IFF_LIVE_ADDR_CHANGE	(1u << 20)
#define ARPHRD_ETHER		1
#define LINK_STATE_START	0
#define LINK_STATE_NOCARRIER	2

static unsigned short be16(unsigned int v)
{
	return (unsigned short)(((v & 0xff) << 8) | ((v >> 8) & 0xff));
}

static unsigned short kapi_eth_type_trans(struct sk_buff *skb, struct net_device *dev)
{
	const unsigned char *eth = skb->data, *dst = eth;
	unsigned short proto;

	skb->dev = dev;
	skb->mac_header = (unsigned short)(skb->data - skb->head);
	skb->data += ETH_HLEN;
	skb->len = skb->len > ETH_HLEN ? skb->len - ETH_HLEN : 0;
	if (dst[0] & 1) {
		static const unsigned char bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

		skb->pkt_type = memcmp(dst, bcast, ETH_ALEN) ? PACKET_MULTICAST : PACKET_BROADCAST;
	} else if (memcmp(dst, dev->dev_addr, ETH_ALEN)) {
		skb->pkt_type = PACKET_OTHERHOST;
	}
	memcpy(&proto, eth + 12, 2);
	if (be16(proto) >= ETH_P_802_3_MIN)
		return proto;
	/* raw 802.3 (Novell's 0xFFFF) or 802.2 LLC */
	if (skb->len >= 2 && skb->data[0] == 0xff && skb->data[1] == 0xff)
		return be16(ETH_P_802_3);
	return be16(ETH_P_802_2);
}

static void kapi_ether_setup(struct net_device *dev)
{
	dev->type = ARPHRD_ETHER;
	dev->hard_header_len = ETH_HLEN;
	dev->min_header_len = ETH_HLEN;
	dev->mtu = 1500;
	dev->min_mtu = 68;
	dev->max_mtu = 1500;
	dev->addr_len = ETH_ALEN;
	dev->tx_queue_len = 1000;
	dev->flags = IFF_BROADCAST | IFF_MULTICAST;
	dev->priv_flags |= IFF_TX_SKB_SHARING;
	memset(dev->broadcast, 0xff, ETH_ALEN);
}

static struct net_device *kapi_alloc_etherdev_mqs(int sizeof_priv, unsigned int txqs,
						  unsigned int rxqs)
{
	return umod_alloc_netdev(UMOD_CALLER(), sizeof_priv, "eth%d", 1 /* NET_NAME_ENUM */,
				 kapi_ether_setup, txqs, rxqs);
}

static bool valid_ether_addr(const unsigned char *a)
{
	static const unsigned char zero[ETH_ALEN];

	return !(a[0] & 1) && memcmp(a, zero, ETH_ALEN);
}

static int kapi_eth_mac_addr(struct net_device *dev, void *p)
{
	const unsigned char *sa_data = (const unsigned char *)p + 2;	/* struct sockaddr */

	if (!(dev->priv_flags & IFF_LIVE_ADDR_CHANGE) && (dev->state & (1ul << LINK_STATE_START)))
		return -EBUSY;
	if (!valid_ether_addr(sa_data))
		return -EADDRNOTAVAIL;
	memcpy(dev->__dev_addr, sa_data, ETH_ALEN);
	return 0;
}

static int kapi_eth_validate_addr(struct net_device *dev)
{
	return valid_ether_addr(dev->dev_addr) ? 0 : -EADDRNOTAVAIL;
}

static int kapi_eth_change_mtu(struct net_device *dev, int new_mtu)
{
	dev->mtu = (unsigned int)new_mtu;
	return 0;
}

static unsigned int kapi_ethtool_op_get_link(struct net_device *dev)
{
	return !(dev->state & (1ul << LINK_STATE_NOCARRIER));
}

static const struct umod_kapi_export eth_exports[] = {
	UMOD_KAPI("eth_type_trans", kapi_eth_type_trans),
	UMOD_KAPI("ether_setup", kapi_ether_setup),
	UMOD_KAPI("alloc_etherdev_mqs", kapi_alloc_etherdev_mqs),
	UMOD_KAPI("eth_mac_addr", kapi_eth_mac_addr),
	UMOD_KAPI("eth_validate_addr", kapi_eth_validate_addr),
	UMOD_KAPI("eth_change_mtu", kapi_eth_change_mtu),
	UMOD_KAPI("ethtool_op_get_link", kapi_ethtool_op_get_link),
};

const struct umod_kapi_table umod_kapi_eth = UMOD_KAPI_TABLE(eth_exports);
