/* SPDX-License-Identifier: MIT */
/*
 * The network structures, shared by the host (net/) and modules
 * (linux/netdevice.h, skbuff.h, ethtool.h): 6.1's field names for what
 * drivers touch; the host's state is in the __host words. A device's
 * private area (netdev_priv()) follows the net_device, 32-byte aligned.
 * Builtin types only.
 */
#ifndef _UMOD_KABI_NETDEVICE_H
#define _UMOD_KABI_NETDEVICE_H

#include <umod/kabi/device.h>

#define UMOD_IFNAMSIZ		16
#define UMOD_MAX_ADDR_LEN	32
#define UMOD_NETDEV_ALIGN	32

struct net_device;
struct napi_struct;
struct ethtool_ops;
struct header_ops;

struct sk_buff {
	struct sk_buff *next;
	struct sk_buff *prev;
	struct net_device *dev;
	unsigned int len;		/* bytes of data */
	unsigned int data_len;		/* of which in fragments: always 0 here */
	unsigned short mac_len;
	unsigned short queue_mapping;
	unsigned char pkt_type;		/* PACKET_HOST ... */
	unsigned char ip_summed;	/* CHECKSUM_NONE ... */
	unsigned short protocol;	/* __be16 ETH_P_* */
	unsigned short transport_header;
	unsigned short network_header;
	unsigned short mac_header;
	unsigned int priority;
	unsigned int mark;
	unsigned int hash;
	char cb[48];			/* the layer's own scratch space */
	unsigned char *head;
	unsigned char *data;
	unsigned char *tail;
	unsigned char *end;
	unsigned int truesize;
	int users;
	unsigned long __host[2];
};

struct rtnl_link_stats64 {
	unsigned long long rx_packets, tx_packets, rx_bytes, tx_bytes;
	unsigned long long rx_errors, tx_errors, rx_dropped, tx_dropped;
	unsigned long long multicast, collisions;
	unsigned long long rx_length_errors, rx_over_errors, rx_crc_errors;
	unsigned long long rx_frame_errors, rx_fifo_errors, rx_missed_errors;
	unsigned long long tx_aborted_errors, tx_carrier_errors, tx_fifo_errors;
	unsigned long long tx_heartbeat_errors, tx_window_errors;
	unsigned long long rx_compressed, tx_compressed, rx_nohandler;
};

/* the legacy counters a driver may bump in dev->stats */
struct net_device_stats {
	unsigned long rx_packets, tx_packets, rx_bytes, tx_bytes;
	unsigned long rx_errors, tx_errors, rx_dropped, tx_dropped;
	unsigned long multicast, collisions;
	unsigned long rx_length_errors, rx_over_errors, rx_crc_errors;
	unsigned long rx_frame_errors, rx_fifo_errors, rx_missed_errors;
	unsigned long tx_aborted_errors, tx_carrier_errors, tx_fifo_errors;
	unsigned long tx_heartbeat_errors, tx_window_errors;
	unsigned long rx_compressed, tx_compressed;
};

struct netdev_queue {
	struct net_device *dev;
	unsigned long state;		/* __QUEUE_STATE_DRV_XOFF ... */
	unsigned long trans_start;
};

struct napi_struct {
	struct napi_struct *poll_next;	/* the host's list of scheduled contexts */
	unsigned long state;		/* NAPI_STATE_* */
	int weight;
	int (*poll)(struct napi_struct *napi, int budget);
	struct net_device *dev;
	unsigned long __host[2];
};

struct net_device_ops {
	int (*ndo_init)(struct net_device *dev);
	void (*ndo_uninit)(struct net_device *dev);
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_stop)(struct net_device *dev);
	int (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	void *ndo_features_check;
	unsigned short (*ndo_select_queue)(struct net_device *dev, struct sk_buff *skb,
					   struct net_device *sb_dev);
	void (*ndo_change_rx_flags)(struct net_device *dev, int flags);
	void (*ndo_set_rx_mode)(struct net_device *dev);
	int (*ndo_set_mac_address)(struct net_device *dev, void *addr);
	int (*ndo_validate_addr)(struct net_device *dev);
	int (*ndo_do_ioctl)(struct net_device *dev, void *ifr, int cmd);
	int (*ndo_eth_ioctl)(struct net_device *dev, void *ifr, int cmd);
	int (*ndo_siocdevprivate)(struct net_device *dev, void *ifr, void *data, int cmd);
	int (*ndo_set_config)(struct net_device *dev, void *map);
	int (*ndo_change_mtu)(struct net_device *dev, int new_mtu);
	void (*ndo_tx_timeout)(struct net_device *dev, unsigned int txqueue);
	void (*ndo_get_stats64)(struct net_device *dev, struct rtnl_link_stats64 *storage);
	struct net_device_stats *(*ndo_get_stats)(struct net_device *dev);
	int (*ndo_vlan_rx_add_vid)(struct net_device *dev, unsigned short proto,
				   unsigned short vid);
	int (*ndo_vlan_rx_kill_vid)(struct net_device *dev, unsigned short proto,
				    unsigned short vid);
	int (*ndo_set_features)(struct net_device *dev, unsigned long long features);
	int (*ndo_get_iflink)(const struct net_device *dev);
};

struct net_device {
	char name[UMOD_IFNAMSIZ];
	unsigned long mem_end, mem_start, base_addr;
	int irq;
	unsigned long state;		/* __LINK_STATE_* */
	unsigned long long features, hw_features, wanted_features;
	int ifindex;
	struct net_device_stats stats;
	const struct net_device_ops *netdev_ops;
	const struct ethtool_ops *ethtool_ops;
	const struct header_ops *header_ops;
	unsigned int flags;		/* IFF_* */
	unsigned int priv_flags;
	unsigned char operstate;
	unsigned char link_mode;
	unsigned char if_port;
	unsigned char dma;
	unsigned int mtu, min_mtu, max_mtu;
	unsigned short type;		/* ARPHRD_* */
	unsigned short hard_header_len;
	unsigned char min_header_len;
	unsigned char name_assign_type;
	unsigned short needed_headroom, needed_tailroom;
	unsigned char perm_addr[UMOD_MAX_ADDR_LEN];
	unsigned char addr_assign_type;
	unsigned char addr_len;
	const unsigned char *dev_addr;	/* write with dev_addr_set() / eth_hw_addr_set() */
	unsigned char broadcast[UMOD_MAX_ADDR_LEN];
	struct netdev_queue *_tx;
	unsigned int num_tx_queues, real_num_tx_queues;
	unsigned long tx_queue_len;
	int watchdog_timeo;		/* jiffies */
	unsigned int num_rx_queues;
	unsigned int gso_max_size;
	struct device dev;		/* /sys/class/net/NAME */
	unsigned char __dev_addr[UMOD_MAX_ADDR_LEN];
	unsigned long __host[8];
};

#endif /* _UMOD_KABI_NETDEVICE_H */
