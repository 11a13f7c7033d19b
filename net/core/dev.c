// SPDX-License-Identifier: MIT
/*
 * Network devices (Linux's net/core/dev.c, 6.1): allocation and
 * registration ("%d" names, ifindex), opening and closing, the transmit
 * queue's state, the receive calls, NAPI and /proc/net/dev. The stack is
 * the host's port (port.c, drivers/net/tap.c): what a driver receives is
 * handed to it, what it sends enters ndo_start_xmit. NAPI polls run on
 * one thread per host in softirq context (the NET_RX softirq), with the
 * weight as budget; a poll that used its whole budget is polled again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drivers/base/base.h"
#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/time/tick-internal.h"
#include "net/core/dev.h"

#define IFF_UP			0x1
#define LINK_STATE_START	0
#define LINK_STATE_PRESENT	1
#define LINK_STATE_NOCARRIER	2
#define QUEUE_STATE_DRV_XOFF	0
#define NAPI_STATE_SCHED	0
#define NAPI_STATE_MISSED	1
#define NAPI_STATE_DISABLE	2
#define NETDEV_TX_BUSY		0x10
#define IF_OPER_DOWN		2
#define IF_OPER_UP		6
#define NETDEV_ALIGN_UP(x)	(((x) + UMOD_NETDEV_ALIGN - 1) & ~(size_t)(UMOD_NETDEV_ALIGN - 1))

static struct umod_list registry = { &registry, &registry };
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t rtnl = PTHREAD_MUTEX_INITIALIZER;

#define net_list_for_each(pos, head) \
	for (struct umod_list *pos = (head)->next; pos != (head); pos = pos->next)

struct umod_net *umod_net_of(struct umod_host *host)
{
	struct umod_net *found = NULL;

	pthread_mutex_lock(&registry_lock);
	net_list_for_each(l, &registry) {
		struct umod_net *n = umod_container_of(l, struct umod_net, link);

		if (n->host == host)
			found = n;
	}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

static bool bit(const unsigned long *w, int nr)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE) & (1ul << nr);
}

static bool set_bit_was(unsigned long *w, int nr, bool on)
{
	unsigned long old = on ? __atomic_fetch_or(w, 1ul << nr, __ATOMIC_SEQ_CST) :
			   __atomic_fetch_and(w, ~(1ul << nr), __ATOMIC_SEQ_CST);

	return old & (1ul << nr);
}

/* module code the core runs: in process context (open, stop, ...) */
struct nd_call {
	struct net_device *dev;
	int op;
	struct sk_buff *skb;
	struct napi_struct *napi;
	struct rtnl_link_stats64 *stats;
};

enum { NDO_OPEN, NDO_STOP, NDO_XMIT, NDO_INIT, NDO_UNINIT, NDO_STATS, NAPI_POLL };

static long nd_thunk(void *arg)
{
	struct nd_call *c = arg;
	const struct net_device_ops *ops = c->dev->netdev_ops;

	switch (c->op) {
	case NDO_OPEN:
		return ops && ops->ndo_open ? ops->ndo_open(c->dev) : 0;
	case NDO_STOP:
		return ops && ops->ndo_stop ? ops->ndo_stop(c->dev) : 0;
	case NDO_XMIT:
		return ops->ndo_start_xmit(c->skb, c->dev);
	case NDO_INIT:
		return ops && ops->ndo_init ? ops->ndo_init(c->dev) : 0;
	case NDO_UNINIT:
		if (ops && ops->ndo_uninit)
			ops->ndo_uninit(c->dev);
		return 0;
	case NAPI_POLL:
		return c->napi->poll(c->napi, c->napi->weight);
	case NDO_STATS:
		if (ops && ops->ndo_get_stats64) {
			ops->ndo_get_stats64(c->dev, c->stats);
			return 1;
		}
		if (ops && ops->ndo_get_stats)
			c->skb = (struct sk_buff *)ops->ndo_get_stats(c->dev);
		return 0;
	}
	return -EINVAL;
}

static long nd_run(struct umod_netdev *nd, int op, struct sk_buff *skb, struct napi_struct *napi,
		   bool softirq)
{
	struct nd_call c = { nd->dev, op, skb, napi, NULL };
	long ret = -EIO;

	if (softirq) {
		if (umod_softirq_call(nd->owner ? nd->owner->kmod : NULL, nd_thunk, &c, &ret))
			ret = -EIO;
		return ret;
	}
	if (!nd->owner)
		return nd_thunk(&c);
	return umod_call(nd->owner, nd_thunk, &c, &ret) ? -EIO : ret;
}

/* ---- NAPI ---------------------------------------------------------------------------- */

static struct umod_netdev *napi_nd(struct napi_struct *n)
{
	return umod_netdev_of(n->dev);
}

static void napi_queue(struct umod_net *net, struct napi_struct *n)
{
	pthread_mutex_lock(&net->lock);
	n->poll_next = NULL;
	if (net->rx_tail)
		net->rx_tail->poll_next = n;
	else
		net->rx_head = n;
	net->rx_tail = n;
	pthread_cond_signal(&net->rx_wake);
	pthread_mutex_unlock(&net->lock);
}

static struct napi_struct *napi_next(struct umod_net *net)
{
	struct napi_struct *n;

	pthread_mutex_lock(&net->lock);
	while (!net->rx_head && !net->rx_stop)
		pthread_cond_wait(&net->rx_wake, &net->lock);
	n = net->rx_head;
	if (n) {
		net->rx_head = n->poll_next;
		if (!net->rx_head)
			net->rx_tail = NULL;
		n->poll_next = NULL;
		n->__host[0] = 1;	/* being polled */
	}
	pthread_mutex_unlock(&net->lock);
	return n;
}

/* net_rx_action(): each scheduled context polled with its weight as budget */
static void *rx_thread(void *arg)
{
	struct umod_net *net = arg;
	struct napi_struct *n;

	while ((n = napi_next(net))) {
		long work = nd_run(napi_nd(n), NAPI_POLL, NULL, n, true);

		pthread_mutex_lock(&net->lock);
		n->__host[0] = 0;
		pthread_mutex_unlock(&net->lock);
		/* the whole budget used: still scheduled, polled again */
		if (work >= n->weight && bit(&n->state, NAPI_STATE_SCHED))
			napi_queue(net, n);
	}
	return NULL;
}

static void kapi_netif_napi_add_weight(struct net_device *dev, struct napi_struct *n,
				       int (*poll)(struct napi_struct *, int), int weight)
{
	n->dev = dev;
	n->poll = poll;
	n->weight = weight;
	n->poll_next = NULL;
	n->__host[0] = 0;
	n->state = 1ul << NAPI_STATE_SCHED;	/* disabled until napi_enable() */
}

/* off the list, and not being polled */
static void napi_unqueue(struct umod_net *net, struct napi_struct *n)
{
	struct timespec ms = { 0, 1000000 };

	pthread_mutex_lock(&net->lock);
	for (struct napi_struct **p = &net->rx_head; *p; p = &(*p)->poll_next)
		if (*p == n) {
			*p = n->poll_next;
			break;
		}
	net->rx_tail = NULL;
	for (struct napi_struct *i = net->rx_head; i; i = i->poll_next)
		net->rx_tail = i;
	while (n->__host[0]) {
		pthread_mutex_unlock(&net->lock);
		nanosleep(&ms, NULL);
		pthread_mutex_lock(&net->lock);
	}
	pthread_mutex_unlock(&net->lock);
}

static void kapi_netif_napi_del(struct napi_struct *n)
{
	if (n->dev && napi_nd(n))
		napi_unqueue(napi_nd(n)->net, n);
}

static void kapi_napi_enable(struct napi_struct *n)
{
	set_bit_was(&n->state, NAPI_STATE_SCHED, false);
}

static void kapi_napi_disable(struct napi_struct *n)
{
	struct timespec ms = { 0, 1000000 };

	set_bit_was(&n->state, NAPI_STATE_DISABLE, true);
	while (set_bit_was(&n->state, NAPI_STATE_SCHED, true))
		nanosleep(&ms, NULL);
	if (n->dev && napi_nd(n))
		napi_unqueue(napi_nd(n)->net, n);
	set_bit_was(&n->state, NAPI_STATE_DISABLE, false);
}

static bool kapi_napi_schedule_prep(struct napi_struct *n)
{
	if (bit(&n->state, NAPI_STATE_DISABLE))
		return false;
	if (set_bit_was(&n->state, NAPI_STATE_SCHED, true)) {
		set_bit_was(&n->state, NAPI_STATE_MISSED, true);
		return false;
	}
	return true;
}

static void kapi___napi_schedule(struct napi_struct *n)
{
	struct umod_netdev *nd = napi_nd(n);

	if (nd && nd->net->rx_running)
		napi_queue(nd->net, n);
}

static bool kapi_napi_complete_done(struct napi_struct *n, int work_done)
{
	if (set_bit_was(&n->state, NAPI_STATE_MISSED, false)) {
		__atomic_store_n(&n->state, n->state | (1ul << NAPI_STATE_SCHED), __ATOMIC_SEQ_CST);
		napi_queue(napi_nd(n)->net, n);
		return false;
	}
	set_bit_was(&n->state, NAPI_STATE_SCHED, false);
	return true;
}

/* ---- allocating ------------------------------------------------------------------------ */

struct net_device *umod_alloc_netdev(struct module *owner, int sizeof_priv, const char *name,
				     unsigned char assign, void (*setup)(struct net_device *),
				     unsigned int txqs, unsigned int rxqs)
{
	struct umod_module *mod = owner ? owner->umod : NULL;
	size_t size = NETDEV_ALIGN_UP(sizeof(struct net_device)) + (size_t)(sizeof_priv > 0 ? sizeof_priv : 0);
	struct net_device *dev;
	struct umod_netdev *nd;

	if (!name || strlen(name) >= UMOD_IFNAMSIZ || !txqs || !rxqs)
		return NULL;
	dev = aligned_alloc(UMOD_NETDEV_ALIGN, NETDEV_ALIGN_UP(size));
	nd = calloc(1, sizeof(*nd));
	if (!dev || !nd || !(dev->_tx = NULL, 1)) {
		free(dev);
		free(nd);
		return NULL;
	}
	memset(dev, 0, NETDEV_ALIGN_UP(size));
	if (!(dev->_tx = calloc(txqs, sizeof(*dev->_tx)))) {
		free(dev);
		free(nd);
		return NULL;
	}
	for (unsigned int i = 0; i < txqs; i++)
		dev->_tx[i].dev = dev;
	dev->num_tx_queues = dev->real_num_tx_queues = txqs;
	dev->num_rx_queues = rxqs;
	snprintf(dev->name, sizeof(dev->name), "%s", name);
	dev->name_assign_type = assign;
	dev->dev_addr = dev->__dev_addr;
	dev->gso_max_size = 65536;
	dev->state = 1ul << LINK_STATE_PRESENT;
	dev->__host[0] = (unsigned long)nd;
	nd->dev = dev;
	nd->owner = umod_module_made(mod, UMOD_MADE_NET);
	nd->net = mod ? umod_net_of(mod->host) : NULL;
	nd->bridge_fd = -1;
	pthread_mutex_init(&nd->lock, NULL);
	pthread_cond_init(&nd->woken, NULL);
	umod_list_init(&nd->link);
	if (setup)
		setup(dev);	/* the caller's code already: alloc_netdev runs in it */
	return dev;
}

static struct net_device *kapi_alloc_netdev_mqs(int sizeof_priv, const char *name,
						unsigned char assign,
						void (*setup)(struct net_device *),
						unsigned int txqs, unsigned int rxqs)
{
	return umod_alloc_netdev(UMOD_CALLER(), sizeof_priv, name, assign, setup, txqs, rxqs);
}

static void kapi_free_netdev(struct net_device *dev)
{
	struct umod_netdev *nd;

	if (!dev)
		return;
	nd = umod_netdev_of(dev);
	for (unsigned int i = 0; i < nd->cap_count; i++)
		free(nd->capture[(nd->cap_head + i) % UMOD_NET_CAPTURE_MAX]);
	pthread_mutex_destroy(&nd->lock);
	pthread_cond_destroy(&nd->woken);
	free(nd);
	free(dev->_tx);
	free(dev);
}

static void kapi_dev_addr_set(struct net_device *dev, const unsigned char *addr)
{
	memcpy(dev->__dev_addr, addr, dev->addr_len <= UMOD_MAX_ADDR_LEN ? dev->addr_len : 0);
}

static void kapi_dev_addr_mod(struct net_device *dev, unsigned int off, const void *addr,
			      size_t len)
{
	if (off + len <= UMOD_MAX_ADDR_LEN)
		memcpy(dev->__dev_addr + off, addr, len);
}

/* ---- registering --------------------------------------------------------------------------- */

/* net->lock held: is @name taken? */
static bool name_taken(struct umod_net *net, const char *name)
{
	net_list_for_each(l, &net->devs)
		if (!strcmp(umod_container_of(l, struct umod_netdev, link)->dev->name, name))
			return true;
	return false;
}

/* net->lock held: dev_alloc_name(): "eth%d" -> the first free eth<N> */
static int name_pick(struct umod_net *net, struct net_device *dev)
{
	char fmt[UMOD_IFNAMSIZ], name[UMOD_IFNAMSIZ + 8];
	const char *p = strchr(dev->name, '%');

	if (!p)
		return name_taken(net, dev->name) ? -EEXIST : 0;
	if (p[1] != 'd' || strchr(p + 2, '%'))
		return -EINVAL;
	snprintf(fmt, sizeof(fmt), "%s", dev->name);
	for (int i = 0; i < 32768; i++) {
		snprintf(name, sizeof(name), fmt, i);
		if (strlen(name) < UMOD_IFNAMSIZ && !name_taken(net, name)) {
			snprintf(dev->name, sizeof(dev->name), "%s", name);
			return 0;
		}
	}
	return -ENFILE;
}

static int kapi_register_netdevice(struct net_device *dev)
{
	struct umod_netdev *nd = umod_netdev_of(dev);
	struct umod_net *net = nd->net;
	int err;

	if (!net || nd->registered)
		return -EINVAL;
	pthread_mutex_lock(&net->lock);
	err = name_pick(net, dev);
	if (!err) {
		dev->ifindex = net->next_ifindex++;
		umod_list_add(&nd->link, net->devs.prev);
		nd->registered = true;
	}
	pthread_mutex_unlock(&net->lock);
	if (err)
		return err;
	err = (int)nd_run(nd, NDO_INIT, NULL, NULL, false);
	if (!err)
		err = umod_net_sysfs_add(nd);
	if (!err)
		err = umod_net_port_add(nd);
	if (err) {
		pthread_mutex_lock(&net->lock);
		umod_list_del(&nd->link);
		nd->registered = false;
		pthread_mutex_unlock(&net->lock);
		return err;
	}
	/* the bus where the TAP cannot be had (or was not asked for) */
	if (!net->tap || umod_tap_open(nd))
		umod_bus_attach(nd);
	return 0;
}

static int kapi_register_netdev(struct net_device *dev)
{
	int err;

	pthread_mutex_lock(&rtnl);
	err = kapi_register_netdevice(dev);
	pthread_mutex_unlock(&rtnl);
	return err;
}

static void netdev_unregister(struct umod_netdev *nd)
{
	struct umod_net *net = nd->net;

	if (!nd->registered)
		return;
	umod_net_close(nd);
	umod_net_bridge_stop(nd);
	umod_net_port_del(nd);
	if (nd->cdev) {
		umod_device_del(nd->cdev);
		umod_put_device(nd->cdev);
		nd->cdev = NULL;
	}
	nd_run(nd, NDO_UNINIT, NULL, NULL, false);
	pthread_mutex_lock(&net->lock);
	umod_list_del(&nd->link);
	nd->registered = false;
	pthread_mutex_unlock(&net->lock);
}

static void kapi_unregister_netdevice_queue(struct net_device *dev, void *head)
{
	netdev_unregister(umod_netdev_of(dev));
}

static void kapi_unregister_netdev(struct net_device *dev)
{
	pthread_mutex_lock(&rtnl);
	netdev_unregister(umod_netdev_of(dev));
	pthread_mutex_unlock(&rtnl);
}

static void kapi_rtnl_lock(void)
{
	pthread_mutex_lock(&rtnl);
}

static void kapi_rtnl_unlock(void)
{
	pthread_mutex_unlock(&rtnl);
}

/* ---- up and down ----------------------------------------------------------------------------- */

/* __dev_open(): ndo_open, then up (IFF_RUNNING is dev_get_flags()'s, never dev->flags') */
int umod_net_open(struct umod_netdev *nd)
{
	struct net_device *dev = nd->dev;
	int err;

	if (bit(&dev->state, LINK_STATE_START))
		return 0;
	set_bit_was(&dev->state, LINK_STATE_START, true);
	err = (int)nd_run(nd, NDO_OPEN, NULL, NULL, false);
	if (err) {
		set_bit_was(&dev->state, LINK_STATE_START, false);
		return err;
	}
	dev->flags |= IFF_UP;
	umod_net_bridge_set_up(nd, true);
	return 0;
}

void umod_net_close(struct umod_netdev *nd)
{
	struct net_device *dev = nd->dev;

	if (!bit(&dev->state, LINK_STATE_START))
		return;
	set_bit_was(&dev->state, LINK_STATE_START, false);
	nd_run(nd, NDO_STOP, NULL, NULL, false);
	dev->flags &= ~(unsigned int)IFF_UP;
	pthread_cond_broadcast(&nd->woken);
	umod_net_bridge_set_up(nd, false);
}

static void kapi_netif_carrier_on(struct net_device *dev)
{
	if (set_bit_was(&dev->state, LINK_STATE_NOCARRIER, false) || dev->operstate != IF_OPER_UP)
		dev->operstate = IF_OPER_UP;
}

static void kapi_netif_carrier_off(struct net_device *dev)
{
	set_bit_was(&dev->state, LINK_STATE_NOCARRIER, true);
	dev->operstate = IF_OPER_DOWN;
}

static void kapi_netif_device_detach(struct net_device *dev)
{
	set_bit_was(&dev->state, LINK_STATE_PRESENT, false);
}

static void kapi_netif_device_attach(struct net_device *dev)
{
	set_bit_was(&dev->state, LINK_STATE_PRESENT, true);
}

static int kapi_dev_set_mtu(struct net_device *dev, int mtu)
{
	const struct net_device_ops *ops = dev->netdev_ops;

	if (mtu < 0 || (unsigned int)mtu < dev->min_mtu ||
	    (dev->max_mtu && (unsigned int)mtu > dev->max_mtu))
		return -EINVAL;
	if (ops && ops->ndo_change_mtu)
		return ops->ndo_change_mtu(dev, mtu);
	dev->mtu = (unsigned int)mtu;
	return 0;
}

/* ---- transmitting ---------------------------------------------------------------------------- */

/* wait (at most 1 s) for netif_wake_queue(); false when it stays stopped */
static bool queue_wait(struct umod_netdev *nd)
{
	struct netdev_queue *q = &nd->dev->_tx[0];
	struct timespec until;
	bool ok = true;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 1;
	pthread_mutex_lock(&nd->lock);
	while (ok && bit(&q->state, QUEUE_STATE_DRV_XOFF) && bit(&nd->dev->state, LINK_STATE_START))
		ok = pthread_cond_timedwait(&nd->woken, &nd->lock, &until) == 0;
	pthread_mutex_unlock(&nd->lock);
	return !bit(&q->state, QUEUE_STATE_DRV_XOFF);
}

/*
 * dev_queue_xmit() of a frame from the port: ndo_start_xmit with bottom
 * halves off (softirq context here); a stopped queue is waited for, and
 * NETDEV_TX_BUSY retried after the wake, as the qdisc would.
 */
int umod_net_xmit(struct umod_netdev *nd, const void *frame, unsigned int len)
{
	struct net_device *dev = nd->dev;
	struct sk_buff *skb;
	long ret;

	if (!bit(&dev->state, LINK_STATE_START) || !dev->netdev_ops ||
	    !dev->netdev_ops->ndo_start_xmit)
		return -ENETDOWN;
	if (len < 14 || len > dev->mtu + dev->hard_header_len + 4u)
		return -EMSGSIZE;
	if (!(skb = umod_skb_alloc(nd->owner, len + 64)))
		return -ENOBUFS;
	skb->data += 64;
	skb->tail = skb->data + len;
	skb->len = len;
	memcpy(skb->data, frame, len);
	skb->dev = dev;
	skb->protocol = (unsigned short)(((const unsigned char *)frame)[12] |
					 ((const unsigned char *)frame)[13] << 8);
	skb->mac_header = (unsigned short)(skb->data - skb->head);
	skb->network_header = (unsigned short)(skb->mac_header + 14);
	for (int tries = 0; tries < 100; tries++) {
		if (!queue_wait(nd))
			break;
		ret = nd_run(nd, NDO_XMIT, skb, NULL, true);
		if (ret != NETDEV_TX_BUSY)
			return ret == 0 ? 0 : -EIO;
		set_bit_was(&dev->_tx[0].state, QUEUE_STATE_DRV_XOFF, true);
	}
	umod_skb_free(skb);
	return -ENOBUFS;
}

static void kapi_netif_tx_wake_queue(struct netdev_queue *q)
{
	struct umod_netdev *nd = umod_netdev_of(q->dev);

	set_bit_was(&q->state, QUEUE_STATE_DRV_XOFF, false);
	pthread_mutex_lock(&nd->lock);
	pthread_cond_broadcast(&nd->woken);
	pthread_mutex_unlock(&nd->lock);
}

/* ---- receiving --------------------------------------------------------------------------------- */

/* the frame from its MAC header (eth_type_trans() pulled it), to the port */
static int deliver(struct sk_buff *skb)
{
	struct net_device *dev = skb->dev;
	const unsigned char *from = skb->data;
	unsigned int len = skb->len;

	if (!dev) {
		umod_skb_free(skb);
		return 1;	/* NET_RX_DROP */
	}
	if (skb->mac_header != 0xffff && skb->head + skb->mac_header <= skb->data) {
		from = skb->head + skb->mac_header;
		len += (unsigned int)(skb->data - from);
	}
	if (bit(&dev->state, LINK_STATE_START))
		umod_net_port_deliver(umod_netdev_of(dev), from, len);
	umod_skb_free(skb);
	return 0;	/* NET_RX_SUCCESS */
}

static int kapi_netif_rx(struct sk_buff *skb)
{
	return deliver(skb);
}

static int kapi_netif_receive_skb(struct sk_buff *skb)
{
	return deliver(skb);
}

static int kapi_napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb)
{
	deliver(skb);
	return 3;	/* GRO_NORMAL */
}

static void kapi_dev_kfree_skb_any_reason(struct sk_buff *skb, int reason)
{
	umod_skb_free(skb);
}

/* ---- statistics and /proc/net/dev ---------------------------------------------------------------- */

void umod_net_stats(struct umod_netdev *nd, struct rtnl_link_stats64 *s)
{
	struct nd_call c = { nd->dev, NDO_STATS, NULL, NULL, s };
	const struct net_device_stats *l = &nd->dev->stats;
	long ret = 0;

	memset(s, 0, sizeof(*s));
	if (nd->owner && umod_call(nd->owner, nd_thunk, &c, &ret))
		return;		/* it oopsed: zeros */
	if (!nd->owner)
		ret = nd_thunk(&c);
	if (ret == 1)
		return;
	if (c.skb)
		l = (const struct net_device_stats *)c.skb;
	s->rx_packets = l->rx_packets; s->tx_packets = l->tx_packets;
	s->rx_bytes = l->rx_bytes; s->tx_bytes = l->tx_bytes;
	s->rx_errors = l->rx_errors; s->tx_errors = l->tx_errors;
	s->rx_dropped = l->rx_dropped; s->tx_dropped = l->tx_dropped;
	s->multicast = l->multicast; s->collisions = l->collisions;
	s->rx_length_errors = l->rx_length_errors; s->rx_over_errors = l->rx_over_errors;
	s->rx_crc_errors = l->rx_crc_errors; s->rx_frame_errors = l->rx_frame_errors;
	s->rx_fifo_errors = l->rx_fifo_errors; s->rx_missed_errors = l->rx_missed_errors;
	s->tx_aborted_errors = l->tx_aborted_errors; s->tx_carrier_errors = l->tx_carrier_errors;
	s->tx_fifo_errors = l->tx_fifo_errors; s->tx_heartbeat_errors = l->tx_heartbeat_errors;
	s->tx_window_errors = l->tx_window_errors;
	s->rx_compressed = l->rx_compressed; s->tx_compressed = l->tx_compressed;
}

/* dev_seq_printf_stats() */
static int net_dev_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct umod_net *net = node->text_data;
	size_t len = (size_t)snprintf(buf, size, "%s%s",
		"Inter-|   Receive                            "
		"                    |  Transmit\n",
		" face |bytes    packets errs drop fifo frame "
		"compressed multicast|bytes    packets errs "
		"drop fifo colls carrier compressed\n");

	pthread_mutex_lock(&net->lock);
	net_list_for_each(l, &net->devs) {
		struct umod_netdev *nd = umod_container_of(l, struct umod_netdev, link);
		struct rtnl_link_stats64 s;

		umod_net_stats(nd, &s);
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0,
			"%6s: %7llu %7llu %4llu %4llu %4llu %5llu %10llu %9llu %8llu %7llu %4llu %4llu %4llu %5llu %7llu %10llu\n",
			nd->dev->name, s.rx_bytes, s.rx_packets, s.rx_errors,
			s.rx_dropped + s.rx_missed_errors, s.rx_fifo_errors,
			s.rx_length_errors + s.rx_over_errors + s.rx_crc_errors + s.rx_frame_errors,
			s.rx_compressed, s.multicast, s.tx_bytes, s.tx_packets, s.tx_errors,
			s.tx_dropped, s.tx_fifo_errors, s.collisions,
			s.tx_carrier_errors + s.tx_aborted_errors + s.tx_window_errors +
			s.tx_heartbeat_errors, s.tx_compressed);
	}
	pthread_mutex_unlock(&net->lock);
	return (int)len;
}

/* ---- the host's network core ------------------------------------------------------------------- */

int umod_net_init(struct umod_host *host)
{
	struct umod_net *net = calloc(1, sizeof(*net));
	int err;

	if (!net || !(net->net_class = calloc(1, sizeof(*net->net_class)))) {
		free(net);
		return -ENOMEM;
	}
	net->host = host;
	net->next_ifindex = 1;
	net->bus_dirfd = -1;
	pthread_mutex_init(&net->lock, NULL);
	pthread_mutex_init(&net->bus_lock, NULL);
	pthread_cond_init(&net->rx_wake, NULL);
	umod_list_init(&net->devs);
	net->net_class->name = "net";
	err = umod_class_register(umod_driver_core(host), net->net_class, NULL);
	if (!err && !umod_proc_text(host, "net/dev", 0444, net_dev_show, net))
		err = -ENOMEM;
	if (!err)
		err = umod_thread_spawn(&net->rx_thread, rx_thread, net) ? -EAGAIN : 0;
	net->rx_running = !err;
	if (err) {
		free(net->net_class);
		free(net);
		return err;
	}
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&net->link, registry.prev);
	pthread_mutex_unlock(&registry_lock);
	return 0;
}

void umod_net_exit(struct umod_host *host)
{
	struct umod_net *net = umod_net_of(host);

	if (!net)
		return;
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&net->link);
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_lock(&net->lock);
	net->rx_stop = true;
	pthread_cond_signal(&net->rx_wake);
	pthread_mutex_unlock(&net->lock);
	if (net->rx_running)
		pthread_join(net->rx_thread, NULL);
	umod_proc_text_remove(host, "net/dev");
	umod_class_unregister(umod_driver_core(host), net->net_class);
	umod_bus_release(net);
	free(net->net_class);
	free(net);
}

/* what a module's exit left registered: unregistered and freed (its free_netdev() is gone) */
void umod_net_leftovers(struct umod_module *mod)
{
	struct umod_net *net;
	struct umod_netdev *nd;

	if (!umod_module_has_made(mod, UMOD_MADE_NET))
		return;
	net = umod_net_of(mod->host);
	while (net) {
		nd = NULL;
		pthread_mutex_lock(&net->lock);
		net_list_for_each(l, &net->devs)
			if (umod_container_of(l, struct umod_netdev, link)->owner == mod)
				nd = umod_container_of(l, struct umod_netdev, link);
		pthread_mutex_unlock(&net->lock);
		if (!nd)
			break;
		umod_log_printk(net->host->log, KERN_WARNING "%s: exit left network device %s registered: unregistered\n",
				mod->name, nd->dev->name);
		pthread_mutex_lock(&rtnl);
		netdev_unregister(nd);
		pthread_mutex_unlock(&rtnl);
		/* its free_netdev() went with the module: nobody else can free it */
		kapi_free_netdev(nd->dev);
	}
}

void umod_host_set_net_tap(struct umod_host *host, int on)
{
	struct umod_net *net = umod_net_of(host);

	if (net)
		net->tap = on;
}

static const struct umod_kapi_export dev_exports[] = {
	UMOD_KAPI("alloc_netdev_mqs", kapi_alloc_netdev_mqs),
	UMOD_KAPI("free_netdev", kapi_free_netdev),
	UMOD_KAPI("register_netdev", kapi_register_netdev),
	UMOD_KAPI("register_netdevice", kapi_register_netdevice),
	UMOD_KAPI("unregister_netdev", kapi_unregister_netdev),
	UMOD_KAPI("unregister_netdevice_queue", kapi_unregister_netdevice_queue),
	UMOD_KAPI("rtnl_lock", kapi_rtnl_lock),
	UMOD_KAPI("rtnl_unlock", kapi_rtnl_unlock),
	UMOD_KAPI("dev_addr_set", kapi_dev_addr_set),
	UMOD_KAPI("dev_addr_mod", kapi_dev_addr_mod),
	UMOD_KAPI("dev_set_mtu", kapi_dev_set_mtu),
	UMOD_KAPI("netif_tx_wake_queue", kapi_netif_tx_wake_queue),
	UMOD_KAPI("netif_carrier_on", kapi_netif_carrier_on),
	UMOD_KAPI("netif_carrier_off", kapi_netif_carrier_off),
	UMOD_KAPI("netif_device_detach", kapi_netif_device_detach),
	UMOD_KAPI("netif_device_attach", kapi_netif_device_attach),
	UMOD_KAPI("netif_rx", kapi_netif_rx),
	UMOD_KAPI("netif_receive_skb", kapi_netif_receive_skb),
	UMOD_KAPI("napi_gro_receive", kapi_napi_gro_receive),
	UMOD_KAPI("dev_kfree_skb_any_reason", kapi_dev_kfree_skb_any_reason),
	UMOD_KAPI("dev_kfree_skb_irq_reason", kapi_dev_kfree_skb_any_reason),
	UMOD_KAPI("netif_napi_add_weight", kapi_netif_napi_add_weight),
	UMOD_KAPI("netif_napi_del", kapi_netif_napi_del),
	UMOD_KAPI("napi_enable", kapi_napi_enable),
	UMOD_KAPI("napi_disable", kapi_napi_disable),
	UMOD_KAPI("napi_schedule_prep", kapi_napi_schedule_prep),
	UMOD_KAPI("__napi_schedule", kapi___napi_schedule),
	UMOD_KAPI("napi_complete_done", kapi_napi_complete_done),
};

const struct umod_kapi_table umod_kapi_netdev = UMOD_KAPI_TABLE(dev_exports);
