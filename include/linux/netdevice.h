/* SPDX-License-Identifier: MIT */
/*
 * Network devices (6.1's netdevice.h): alloc_netdev(), register_netdev(),
 * net_device_ops, the transmit queue's state, the receive calls
 * (netif_rx, netif_receive_skb, napi_gro_receive) and NAPI. The host's
 * side is net/core/dev.c; what is received goes to the interface's host
 * port (a TAP device, or the capture the umod tree serves), what that port
 * sends comes in through ndo_start_xmit().
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/netdevice.h>
#elif !defined(_LINUX_NETDEVICE_H)
#define _LINUX_NETDEVICE_H

#include <linux/timer.h>
#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/atomic.h>
#include <linux/prefetch.h>
#include <linux/kernel.h>
#include <linux/device.h>
#include <linux/rculist.h>
#include <linux/workqueue.h>
#include <linux/ethtool.h>
#include <linux/if_ether.h>
#include <linux/skbuff.h>
#include <linux/bitops.h>
#include <umod/kabi/netdevice.h>
/* what 6.1's brings in through headers umod does not ship */
#include <asm/io.h>
#include <asm/irq.h>
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

#define IFNAMSIZ	UMOD_IFNAMSIZ
#define MAX_ADDR_LEN	UMOD_MAX_ADDR_LEN
#define NETDEV_ALIGN	UMOD_NETDEV_ALIGN

/* uapi linux/if.h's interface flags */
#define IFF_UP		0x1
#define IFF_BROADCAST	0x2
#define IFF_DEBUG	0x4
#define IFF_LOOPBACK	0x8
#define IFF_POINTOPOINT	0x10
#define IFF_NOTRAILERS	0x20
#define IFF_RUNNING	0x40
#define IFF_NOARP	0x80
#define IFF_PROMISC	0x100
#define IFF_ALLMULTI	0x200
#define IFF_MASTER	0x400
#define IFF_SLAVE	0x800
#define IFF_MULTICAST	0x1000
#define IFF_PORTSEL	0x2000
#define IFF_AUTOMEDIA	0x4000
#define IFF_DYNAMIC	0x8000

/* priv_flags */
#define IFF_TX_SKB_SHARING	(1 << 17)
#define IFF_LIVE_ADDR_CHANGE	(1 << 20)

/* uapi linux/if_arp.h */
#define ARPHRD_ETHER	1
#define ARPHRD_LOOPBACK	772
#define ARPHRD_NONE	0xFFFE

#define NET_NAME_UNKNOWN	0
#define NET_NAME_ENUM		1
#define NET_NAME_PREDICTABLE	2
#define NET_NAME_USER		3

#define NET_ADDR_PERM		0
#define NET_ADDR_RANDOM		1
#define NET_ADDR_STOLEN		2
#define NET_ADDR_SET		3

enum netdev_tx {
	__NETDEV_TX_MIN	 = INT_MIN,
	NETDEV_TX_OK	 = 0x00,
	NETDEV_TX_BUSY	 = 0x10,
};
typedef enum netdev_tx netdev_tx_t;

#define NET_RX_SUCCESS	0
#define NET_RX_DROP	1

enum gro_result {
	GRO_MERGED,
	GRO_MERGED_FREE,
	GRO_HELD,
	GRO_NORMAL,
	GRO_CONSUMED,
};
typedef enum gro_result gro_result_t;

enum netdev_state_t {
	__LINK_STATE_START,
	__LINK_STATE_PRESENT,
	__LINK_STATE_NOCARRIER,
	__LINK_STATE_LINKWATCH_PENDING,
	__LINK_STATE_DORMANT,
	__LINK_STATE_TESTING,
};

enum netdev_queue_state_t {
	__QUEUE_STATE_DRV_XOFF,
	__QUEUE_STATE_STACK_XOFF,
	__QUEUE_STATE_FROZEN,
};

enum {
	NAPI_STATE_SCHED,
	NAPI_STATE_MISSED,
	NAPI_STATE_DISABLE,
	NAPI_STATE_NPSVC,
	NAPI_STATE_LISTED,
};

#define NAPI_POLL_WEIGHT 64

enum {
	IF_OPER_UNKNOWN,
	IF_OPER_NOTPRESENT,
	IF_OPER_DOWN,
	IF_OPER_LOWERLAYERDOWN,
	IF_OPER_TESTING,
	IF_OPER_DORMANT,
	IF_OPER_UP,
};

static inline void *netdev_priv(const struct net_device *dev)
{
	return (char *)dev + ALIGN(sizeof(struct net_device), NETDEV_ALIGN);
}

#define SET_NETDEV_DEV(net, pdev)	((net)->dev.parent = (pdev))

/* ---- allocating and registering (net/core/dev.c) ---- */
struct net_device *alloc_netdev_mqs(int sizeof_priv, const char *name,
				    unsigned char name_assign_type,
				    void (*setup)(struct net_device *),
				    unsigned int txqs, unsigned int rxqs);
#define alloc_netdev(sizeof_priv, name, name_assign_type, setup) \
	alloc_netdev_mqs(sizeof_priv, name, name_assign_type, setup, 1, 1)

#define alloc_netdev_mq(sizeof_priv, name, name_assign_type, setup, count) \
	alloc_netdev_mqs(sizeof_priv, name, name_assign_type, setup, count, \
			 count)
void free_netdev(struct net_device *dev);
int register_netdev(struct net_device *dev);
void unregister_netdev(struct net_device *dev);
int register_netdevice(struct net_device *dev);
void unregister_netdevice_queue(struct net_device *dev, struct list_head *head);
static inline void unregister_netdevice(struct net_device *dev)
{
	unregister_netdevice_queue(dev, NULL);
}
void rtnl_lock(void);
void rtnl_unlock(void);
int dev_set_mtu(struct net_device *dev, int new_mtu);
struct net_device_stats *dev_get_stats_legacy(struct net_device *dev);
void dev_addr_set(struct net_device *dev, const u8 *addr);
void dev_addr_mod(struct net_device *dev, unsigned int offset, const void *addr, size_t len);

static inline const char *netdev_name(const struct net_device *dev)
{
	return dev->name;
}

/* ---- the transmit queue ---- */
static inline struct netdev_queue *netdev_get_tx_queue(const struct net_device *dev,
						       unsigned int index)
{
	return &dev->_tx[index];
}

static inline void netif_tx_start_queue(struct netdev_queue *q)
{
	clear_bit(__QUEUE_STATE_DRV_XOFF, &q->state);
}

static inline void netif_tx_stop_queue(struct netdev_queue *q)
{
	set_bit(__QUEUE_STATE_DRV_XOFF, &q->state);
}

void netif_tx_wake_queue(struct netdev_queue *q);

static inline void netif_start_queue(struct net_device *dev)
{
	netif_tx_start_queue(netdev_get_tx_queue(dev, 0));
}

static inline void netif_stop_queue(struct net_device *dev)
{
	netif_tx_stop_queue(netdev_get_tx_queue(dev, 0));
}

static inline void netif_wake_queue(struct net_device *dev)
{
	netif_tx_wake_queue(netdev_get_tx_queue(dev, 0));
}

static inline bool netif_tx_queue_stopped(const struct netdev_queue *q)
{
	return test_bit(__QUEUE_STATE_DRV_XOFF, &q->state);
}

static inline bool netif_queue_stopped(const struct net_device *dev)
{
	return netif_tx_queue_stopped(netdev_get_tx_queue(dev, 0));
}

static inline void netif_trans_update(struct net_device *dev)
{
	netdev_get_tx_queue(dev, 0)->trans_start = jiffies;
}

static inline bool netif_running(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_START, &dev->state);
}

static inline bool netif_carrier_ok(const struct net_device *dev)
{
	return !test_bit(__LINK_STATE_NOCARRIER, &dev->state);
}

static inline bool netif_device_present(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_PRESENT, &dev->state);
}

void netif_carrier_on(struct net_device *dev);
void netif_carrier_off(struct net_device *dev);
void netif_device_detach(struct net_device *dev);
void netif_device_attach(struct net_device *dev);

/* ---- receiving ---- */
int netif_rx(struct sk_buff *skb);
int netif_receive_skb(struct sk_buff *skb);
gro_result_t napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb);
void dev_kfree_skb_any_reason(struct sk_buff *skb, enum skb_drop_reason reason);
void dev_kfree_skb_irq_reason(struct sk_buff *skb, enum skb_drop_reason reason);

static inline void dev_kfree_skb_any(struct sk_buff *skb)
{
	dev_kfree_skb_any_reason(skb, SKB_DROP_REASON_NOT_SPECIFIED);
}

static inline void dev_kfree_skb_irq(struct sk_buff *skb)
{
	dev_kfree_skb_irq_reason(skb, SKB_DROP_REASON_NOT_SPECIFIED);
}

static inline void dev_consume_skb_any(struct sk_buff *skb)
{
	dev_kfree_skb_any_reason(skb, SKB_CONSUMED);
}

#define dev_kfree_skb(a)	consume_skb(a)

/* ---- NAPI ---- */
void netif_napi_add_weight(struct net_device *dev, struct napi_struct *napi,
			   int (*poll)(struct napi_struct *, int), int weight);
static inline void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
				  int (*poll)(struct napi_struct *, int))
{
	netif_napi_add_weight(dev, napi, poll, NAPI_POLL_WEIGHT);
}
void netif_napi_del(struct napi_struct *napi);
void napi_enable(struct napi_struct *n);
void napi_disable(struct napi_struct *n);
bool napi_schedule_prep(struct napi_struct *n);
void __napi_schedule(struct napi_struct *n);
bool napi_complete_done(struct napi_struct *n, int work_done);

static inline bool napi_schedule(struct napi_struct *n)
{
	if (napi_schedule_prep(n)) {
		__napi_schedule(n);
		return true;
	}
	return false;
}

static inline void __napi_schedule_irqoff(struct napi_struct *n)
{
	__napi_schedule(n);
}

static inline bool napi_complete(struct napi_struct *n)
{
	return napi_complete_done(n, 0);
}

/* ---- printing ---- */
#define netdev_printk(level, dev, fmt, ...) \
	printk(level "%s: " fmt, netdev_name(dev), ##__VA_ARGS__)
#define netdev_emerg(dev, fmt, ...)	netdev_printk(KERN_EMERG, dev, fmt, ##__VA_ARGS__)
#define netdev_alert(dev, fmt, ...)	netdev_printk(KERN_ALERT, dev, fmt, ##__VA_ARGS__)
#define netdev_crit(dev, fmt, ...)	netdev_printk(KERN_CRIT, dev, fmt, ##__VA_ARGS__)
#define netdev_err(dev, fmt, ...)	netdev_printk(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define netdev_warn(dev, fmt, ...)	netdev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define netdev_notice(dev, fmt, ...)	netdev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define netdev_info(dev, fmt, ...)	netdev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#define netdev_dbg(dev, fmt, ...)	no_printk(KERN_DEBUG "%s: " fmt, netdev_name(dev), ##__VA_ARGS__)

#endif /* _LINUX_NETDEVICE_H */
