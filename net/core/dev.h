/* SPDX-License-Identifier: MIT */
/*
 * What net/ shares (Linux's net/core/dev.h): one registry per host, the
 * host's record of each net_device, and its port to the host: the frames
 * the driver passes up (netif_rx, NAPI) go to the port (a TAP device, and
 * the capture dev/net/NAME serves), the frames the port sends go down
 * through ndo_start_xmit.
 */
#ifndef _UMOD_NET_CORE_DEV_H
#define _UMOD_NET_CORE_DEV_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <umod/kabi/netdevice.h>

#include "util/list.h"

struct umod_host;
struct umod_module;
struct class;
struct kernfs_node;

#define UMOD_NET_CAPTURE_MAX	512	/* frames kept for dev/net/NAME */

struct umod_net {
	struct umod_host *host;
	struct umod_list link;
	pthread_mutex_t lock;		/* devs, names */
	struct class *net_class;
	struct umod_list devs;		/* registered, oldest first */
	int next_ifindex;
	bool tap;			/* umod_host_set_net_tap(): interfaces get TAP devices */
	/* umod_host_set_net_bus(): the bus directory (-1: none), the interfaces
	 * attached (a comma-separated list; NULL: all), a reader of the
	 * directory (under bus_lock) */
	int bus_dirfd;
	char *bus_ifs;
	pthread_mutex_t bus_lock;
	void *bus_dir;			/* DIR * */
	/* the NET_RX "softirq": a thread running scheduled NAPI polls */
	pthread_t rx_thread;
	bool rx_running, rx_stop;
	pthread_cond_t rx_wake;
	struct napi_struct *rx_head, *rx_tail;
};

struct umod_frame {
	struct timespec ts;
	unsigned int len;
	unsigned char data[];
};

struct umod_netdev;

/* what a bridge does beside its fd's reads, which port.c's reader sends down */
struct umod_net_bridge {
	/* a frame the driver passed up, out to the host */
	void (*write)(struct umod_netdev *nd, const void *data, unsigned int len);
	/* the interface went up or down (optional) */
	void (*set_up)(struct umod_netdev *nd, bool up);
	/* a second fd the reader watches (optional; -1 for none), and its event */
	int (*watch_open)(struct umod_netdev *nd);
	void (*watch)(struct umod_netdev *nd, int fd);
	/* the reader has stopped; the fd is closed next (optional) */
	void (*detach)(struct umod_netdev *nd);
};

/* a sysfs file of a device's: its priv */
struct umod_net_attr {
	struct umod_netdev *nd;
	int attr;
};

#define UMOD_NET_ATTRS		48

/* the host's record of a net_device (dev->__host[0]) */
struct umod_netdev {
	struct net_device *dev;
	struct umod_module *owner;
	struct umod_net *net;
	struct umod_list link;		/* on net->devs while registered */
	struct device *cdev;		/* /sys/class/net/NAME's device */
	struct kernfs_node *stats_dir;
	bool registered;
	pthread_mutex_t lock;		/* the capture; xmit waiters */
	pthread_cond_t woken;		/* netif_tx_wake_queue() */
	struct umod_frame *capture[UMOD_NET_CAPTURE_MAX];
	unsigned int cap_head, cap_count;
	uint64_t cap_seq;		/* frames captured so far */
	/* the bridge to the host (a TAP, the bus): each read of its fd is one
	 * frame the host sends through the interface */
	const struct umod_net_bridge *bridge;	/* NULL: none */
	int bridge_fd;
	pthread_t bridge_thread;
	bool bridge_running;
	int bridge_stop[2];		/* a pipe: the reader's stop */
	char *bus_name;			/* the bus member's socket, in the bus directory */
	struct umod_net_attr attrs[UMOD_NET_ATTRS];
	unsigned int nattrs;
};

static inline struct umod_netdev *umod_netdev_of(const struct net_device *dev)
{
	return (struct umod_netdev *)dev->__host[0];
}

/* dev.c: alloc_netdev_mqs() for @owner (NULL: the host's) */
struct net_device *umod_alloc_netdev(struct module *owner, int sizeof_priv, const char *name,
				     unsigned char assign, void (*setup)(struct net_device *),
				     unsigned int txqs, unsigned int rxqs);
struct umod_net *umod_net_of(struct umod_host *host);
int umod_net_init(struct umod_host *host);
void umod_net_exit(struct umod_host *host);
void umod_net_leftovers(struct umod_module *mod);
/* the stack's side: send @len bytes of frame through @dev (ndo_start_xmit) */
int umod_net_xmit(struct umod_netdev *nd, const void *frame, unsigned int len);
/* dev_open() / dev_close() (a flags store, the TAP going up or down) */
int umod_net_open(struct umod_netdev *nd);
void umod_net_close(struct umod_netdev *nd);
/* the driver's stats, as dev_get_stats() merges them */
void umod_net_stats(struct umod_netdev *nd, struct rtnl_link_stats64 *s);

/* net-sysfs.c: /sys/class/net/NAME's files */
int umod_net_sysfs_add(struct umod_netdev *nd);
/* port.c: what a driver passes up reaches the port */
void umod_net_port_deliver(struct umod_netdev *nd, const void *data, unsigned int len);
int umod_net_port_add(struct umod_netdev *nd);
void umod_net_port_del(struct umod_netdev *nd);
/* port.c: @nd's bridge is @b on @fd (a reader thread sends what it reads
 * down through the driver); stopped, and told of up and down */
int umod_net_bridge_start(struct umod_netdev *nd, const struct umod_net_bridge *b, int fd);
void umod_net_bridge_stop(struct umod_netdev *nd);
void umod_net_bridge_set_up(struct umod_netdev *nd, bool up);
/* drivers/net/tap.c: the TAP bridge */
int umod_tap_open(struct umod_netdev *nd);
/* drivers/net/bus.c: the packet bus (0, or -ENOENT when @nd is not to be attached) */
int umod_bus_attach(struct umod_netdev *nd);
bool umod_bus_wants(const struct umod_net *net, const char *name);
void umod_bus_release(struct umod_net *net);

/* skbuff.c: the host's own skbs */
struct sk_buff *umod_skb_alloc(struct umod_module *owner, unsigned int size);
void umod_skb_free(struct sk_buff *skb);

#endif /* _UMOD_NET_CORE_DEV_H */
