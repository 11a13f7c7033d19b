// SPDX-License-Identifier: GPL-2.0
/*
 * umsnull: a pair of Ethernet interfaces for Linux 6.1 in the spirit of
 * the driver book's snull. A frame sent on sn0 arrives on sn1 and back;
 * an IPv4 packet has the third octet of both addresses flipped on the way
 * (192.168.0.x <-> 192.168.1.x), so that two addresses of one host can
 * ping each other through the driver. Receiving is NAPI (weight 4).
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>

#define UMSNULL_RXQ	64

struct umsnull_priv {
	struct net_device *dev;
	struct napi_struct napi;
	spinlock_t lock;
	struct sk_buff *rxq[UMSNULL_RXQ];
	unsigned int rx_head, rx_count;
	u64 rx_packets, rx_bytes, tx_packets, tx_bytes, tx_dropped;
	unsigned long polls;
};

static struct net_device *umsnull_devs[2];

static u16 umsnull_csum(const u8 *hdr, unsigned int len)
{
	u32 sum = 0;
	unsigned int i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (hdr[i] << 8) | hdr[i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

/* 192.168.0.x <-> 192.168.1.x in both addresses, and the header checksum again */
static void umsnull_flip(u8 *frame, unsigned int len)
{
	u8 *ip = frame + ETH_HLEN;
	unsigned int ihl;
	u16 sum;

	if (len < ETH_HLEN + 20 || frame[12] != 0x08 || frame[13] != 0x00)
		return;
	ihl = (ip[0] & 0x0f) * 4;
	if (ihl < 20 || len < ETH_HLEN + ihl)
		return;
	ip[14] ^= 1;
	ip[18] ^= 1;
	ip[10] = ip[11] = 0;
	sum = umsnull_csum(ip, ihl);
	ip[10] = sum >> 8;
	ip[11] = sum & 0xff;
}

static netdev_tx_t umsnull_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct umsnull_priv *priv = netdev_priv(dev);
	struct net_device *peer = umsnull_devs[dev == umsnull_devs[0]];
	struct umsnull_priv *ppriv = netdev_priv(peer);
	struct sk_buff *rx;
	struct ethhdr *eth;

	netif_trans_update(dev);
	rx = netdev_alloc_skb(peer, skb->len + NET_IP_ALIGN);
	if (!rx) {
		priv->tx_dropped++;
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	skb_reserve(rx, NET_IP_ALIGN);
	skb_put_data(rx, skb->data, skb->len);
	eth = (struct ethhdr *)rx->data;
	ether_addr_copy(eth->h_dest, peer->dev_addr);
	ether_addr_copy(eth->h_source, dev->dev_addr);
	umsnull_flip(rx->data, rx->len);

	spin_lock(&ppriv->lock);
	if (ppriv->rx_count == UMSNULL_RXQ || !netif_running(peer)) {
		spin_unlock(&ppriv->lock);
		priv->tx_dropped++;
		dev_kfree_skb_any(rx);
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	ppriv->rxq[(ppriv->rx_head + ppriv->rx_count++) % UMSNULL_RXQ] = rx;
	spin_unlock(&ppriv->lock);
	priv->tx_packets++;
	priv->tx_bytes += skb->len;
	consume_skb(skb);
	napi_schedule(&ppriv->napi);
	return NETDEV_TX_OK;
}

static int umsnull_poll(struct napi_struct *napi, int budget)
{
	struct umsnull_priv *priv = container_of(napi, struct umsnull_priv, napi);
	int done = 0;

	priv->polls++;
	while (done < budget) {
		struct sk_buff *skb;

		spin_lock(&priv->lock);
		if (!priv->rx_count) {
			spin_unlock(&priv->lock);
			break;
		}
		skb = priv->rxq[priv->rx_head];
		priv->rx_head = (priv->rx_head + 1) % UMSNULL_RXQ;
		priv->rx_count--;
		spin_unlock(&priv->lock);
		priv->rx_packets++;
		priv->rx_bytes += skb->len;
		skb->protocol = eth_type_trans(skb, priv->dev);
		netif_receive_skb(skb);
		done++;
	}
	if (done < budget)
		napi_complete_done(napi, done);
	return done;
}

static int umsnull_open(struct net_device *dev)
{
	struct umsnull_priv *priv = netdev_priv(dev);

	napi_enable(&priv->napi);
	netif_carrier_on(dev);
	netif_start_queue(dev);
	return 0;
}

static int umsnull_stop(struct net_device *dev)
{
	struct umsnull_priv *priv = netdev_priv(dev);

	netif_stop_queue(dev);
	napi_disable(&priv->napi);
	return 0;
}

static void umsnull_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *stats)
{
	struct umsnull_priv *priv = netdev_priv(dev);

	stats->rx_packets = priv->rx_packets;
	stats->rx_bytes = priv->rx_bytes;
	stats->tx_packets = priv->tx_packets;
	stats->tx_bytes = priv->tx_bytes;
	stats->tx_dropped = priv->tx_dropped;
}

static int umsnull_change_mtu(struct net_device *dev, int new_mtu)
{
	dev->mtu = new_mtu;
	return 0;
}

static void umsnull_tx_timeout(struct net_device *dev, unsigned int txqueue)
{
	netdev_warn(dev, "transmit timeout on queue %u\n", txqueue);
	netif_wake_queue(dev);
}

static const struct net_device_ops umsnull_netdev_ops = {
	.ndo_open = umsnull_open,
	.ndo_stop = umsnull_stop,
	.ndo_start_xmit = umsnull_xmit,
	.ndo_get_stats64 = umsnull_get_stats64,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_validate_addr = eth_validate_addr,
	.ndo_change_mtu = umsnull_change_mtu,
	.ndo_tx_timeout = umsnull_tx_timeout,
};

static void umsnull_get_drvinfo(struct net_device *dev, struct ethtool_drvinfo *info)
{
	strscpy(info->driver, "umsnull", sizeof(info->driver));
}

static const struct ethtool_ops umsnull_ethtool_ops = {
	.get_drvinfo = umsnull_get_drvinfo,
	.get_link = ethtool_op_get_link,
};

static void umsnull_setup(struct net_device *dev)
{
	struct umsnull_priv *priv = netdev_priv(dev);

	ether_setup(dev);
	dev->netdev_ops = &umsnull_netdev_ops;
	dev->ethtool_ops = &umsnull_ethtool_ops;
	dev->watchdog_timeo = 5 * HZ;
	dev->flags |= IFF_NOARP;
	memset(priv, 0, sizeof(*priv));
	priv->dev = dev;
	spin_lock_init(&priv->lock);
}

static void umsnull_free(int n)
{
	while (n-- > 0) {
		struct umsnull_priv *priv = netdev_priv(umsnull_devs[n]);

		unregister_netdev(umsnull_devs[n]);
		netif_napi_del(&priv->napi);
		while (priv->rx_count--) {
			dev_kfree_skb_any(priv->rxq[priv->rx_head]);
			priv->rx_head = (priv->rx_head + 1) % UMSNULL_RXQ;
		}
		free_netdev(umsnull_devs[n]);
	}
}

static int __init umsnull_init(void)
{
	static const u8 mac[2][ETH_ALEN] = {
		{ 0x00, 'S', 'N', 'U', 'L', '0' }, { 0x00, 'S', 'N', 'U', 'L', '1' },
	};
	int i, err;

	for (i = 0; i < 2; i++) {
		struct umsnull_priv *priv;

		umsnull_devs[i] = alloc_netdev(sizeof(struct umsnull_priv), "sn%d",
					       NET_NAME_UNKNOWN, umsnull_setup);
		if (!umsnull_devs[i]) {
			err = -ENOMEM;
			goto fail;
		}
		priv = netdev_priv(umsnull_devs[i]);
		eth_hw_addr_set(umsnull_devs[i], mac[i]);
		netif_napi_add_weight(umsnull_devs[i], &priv->napi, umsnull_poll, 4);
		err = register_netdev(umsnull_devs[i]);
		if (err) {
			netif_napi_del(&priv->napi);
			free_netdev(umsnull_devs[i]);
			goto fail;
		}
		netdev_info(umsnull_devs[i], "umsnull interface, MAC %pM\n",
			    umsnull_devs[i]->dev_addr);
	}
	return 0;
fail:
	umsnull_free(i);
	return err;
}

static void __exit umsnull_exit(void)
{
	struct umsnull_priv *p0 = netdev_priv(umsnull_devs[0]);
	struct umsnull_priv *p1 = netdev_priv(umsnull_devs[1]);

	pr_info("umsnull: sn0 polled %s, sn1 polled %s\n", p0->polls ? "yes" : "no",
		p1->polls ? "yes" : "no");
	umsnull_free(2);
}

module_init(umsnull_init);
module_exit(umsnull_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("a pair of interfaces that talk to each other (snull's idea)");
