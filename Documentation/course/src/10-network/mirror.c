// SPDX-License-Identifier: GPL-2.0
/*
 * mirror.c: a network interface whose cable ends in a mirror. Every frame
 * the stack transmits through it comes straight back in, as on the
 * loopback interface, but as an answer: its Ethernet source and
 * destination swapped. Transmitting is ndo_start_xmit(); the echo is a
 * new socket buffer, as a network card would fill one from its receive
 * ring, handed to the stack with netif_rx(). dev->stats counts both ways.
 */
#include <linux/etherdevice.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

/* a locally administered address (bit 1 of the first byte) */
static const u8 mirror_mac[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };

static struct net_device *mirror_dev;

static int mirror_open(struct net_device *dev)
{
	netdev_info(dev, "up\n");
	netif_start_queue(dev);
	return 0;
}

static int mirror_stop(struct net_device *dev)
{
	netif_stop_queue(dev);
	netdev_info(dev, "down\n");
	return 0;
}

/* the frame as it comes back: a copy with its addresses swapped */
static void mirror_echo(struct net_device *dev, const struct sk_buff *skb)
{
	struct sk_buff *echo;
	struct ethhdr *eth;

	echo = netdev_alloc_skb_ip_align(dev, skb->len);
	if (!echo) {
		dev->stats.rx_dropped++;
		return;
	}
	eth = skb_put_data(echo, skb->data, skb->len);
	ether_addr_copy(eth->h_dest, eth_hdr(skb)->h_source);
	ether_addr_copy(eth->h_source, eth_hdr(skb)->h_dest);
	/* sets the protocol and pulls the Ethernet header, as the stack wants */
	echo->protocol = eth_type_trans(echo, dev);
	dev->stats.rx_packets++;
	dev->stats.rx_bytes += skb->len;
	netif_rx(echo);
}

static netdev_tx_t mirror_xmit(struct sk_buff *skb, struct net_device *dev)
{
	netdev_info(dev, "xmit %u bytes, protocol 0x%04x\n", skb->len,
		    ntohs(eth_hdr(skb)->h_proto));
	dev->stats.tx_packets++;
	dev->stats.tx_bytes += skb->len;
	mirror_echo(dev, skb);
	dev_consume_skb_any(skb);	/* sent: the stack's buffer is done */
	return NETDEV_TX_OK;
}

static const struct net_device_ops mirror_ops = {
	.ndo_open = mirror_open,
	.ndo_stop = mirror_stop,
	.ndo_start_xmit = mirror_xmit,
	.ndo_validate_addr = eth_validate_addr,
	.ndo_set_mac_address = eth_mac_addr,
};

/* alloc_netdev()'s setup: an Ethernet interface with our operations */
static void mirror_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &mirror_ops;
	eth_hw_addr_set(dev, mirror_mac);
}

static int __init mirror_init(void)
{
	int err;

	mirror_dev = alloc_netdev(0, "mirror%d", NET_NAME_ENUM, mirror_setup);
	if (!mirror_dev)
		return -ENOMEM;
	err = register_netdev(mirror_dev);
	if (err) {
		free_netdev(mirror_dev);
		return err;
	}
	netdev_info(mirror_dev, "registered, MAC %pM\n", mirror_dev->dev_addr);
	return 0;
}

static void __exit mirror_exit(void)
{
	unregister_netdev(mirror_dev);	/* closes it first if it is up */
	free_netdev(mirror_dev);
}

module_init(mirror_init);
module_exit(mirror_exit);

MODULE_LICENSE("GPL");
