// SPDX-License-Identifier: MIT
/*
 * /sys/class/net/NAME (Linux's net/core/net-sysfs.c): the device's files
 * as 6.1 prints them, statistics/ from the driver's counters, and flags
 * writable (IFF_UP there is `ip link set NAME up`: ndo_open).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "net/core/dev.h"

#define IFF_UP			0x1
#define LINK_STATE_START	0
#define LINK_STATE_NOCARRIER	2

enum { N_ADDRESS, N_ADDR_LEN, N_BROADCAST, N_CARRIER, N_FLAGS, N_IFINDEX, N_IFLINK, N_MTU,
       N_OPERSTATE, N_TX_QUEUE_LEN, N_TYPE, N_ADDR_ASSIGN, N_NAME_ASSIGN, N_DEV_ID, N_STATS };

static const char *const names[] = {
	[N_ADDRESS] = "address", [N_ADDR_LEN] = "addr_len", [N_BROADCAST] = "broadcast",
	[N_CARRIER] = "carrier", [N_FLAGS] = "flags", [N_IFINDEX] = "ifindex",
	[N_IFLINK] = "iflink", [N_MTU] = "mtu", [N_OPERSTATE] = "operstate",
	[N_TX_QUEUE_LEN] = "tx_queue_len", [N_TYPE] = "type",
	[N_ADDR_ASSIGN] = "addr_assign_type", [N_NAME_ASSIGN] = "name_assign_type",
	[N_DEV_ID] = "dev_id",
};

static const char *const stat_names[] = {
	"rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors", "tx_errors",
	"rx_dropped", "tx_dropped", "multicast", "collisions", "rx_length_errors",
	"rx_over_errors", "rx_crc_errors", "rx_frame_errors", "rx_fifo_errors",
	"rx_missed_errors", "tx_aborted_errors", "tx_carrier_errors", "tx_fifo_errors",
	"tx_heartbeat_errors", "tx_window_errors", "rx_compressed", "tx_compressed",
	"rx_nohandler",
};

static const char *const operstates[] = {
	"unknown", "notpresent", "down", "lowerlayerdown", "testing", "dormant", "up",
};

static long hwaddr(char *page, const unsigned char *a, unsigned int len)
{
	long n = 0;

	for (unsigned int i = 0; i < len; i++)
		n += snprintf(page + n, 4096 - (size_t)n, i ? ":%02x" : "%02x", a[i]);
	return n + snprintf(page + n, 4096 - (size_t)n, "\n");
}

static long net_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct umod_net_attr *a = priv;
	struct net_device *dev = a->nd->dev;
	bool running = dev->state & (1ul << LINK_STATE_START);

	if (a->attr >= N_STATS) {
		struct rtnl_link_stats64 s;

		umod_net_stats(a->nd, &s);
		return snprintf(page, 4096, "%llu\n",
				((unsigned long long *)&s)[a->attr - N_STATS]);
	}
	switch (a->attr) {
	case N_ADDRESS: return hwaddr(page, dev->dev_addr, dev->addr_len);
	case N_BROADCAST: return hwaddr(page, dev->broadcast, dev->addr_len);
	case N_ADDR_LEN: return snprintf(page, 4096, "%d\n", dev->addr_len);
	case N_CARRIER:
		if (!running)
			return -EINVAL;
		return snprintf(page, 4096, "%d\n", !(dev->state & (1ul << LINK_STATE_NOCARRIER)));
	case N_FLAGS: return snprintf(page, 4096, "%#x\n", dev->flags);
	case N_IFINDEX: case N_IFLINK: return snprintf(page, 4096, "%d\n", dev->ifindex);
	case N_MTU: return snprintf(page, 4096, "%u\n", dev->mtu);
	case N_OPERSTATE:
		return snprintf(page, 4096, "%s\n", !running ? "down" :
				operstates[dev->operstate < 7 ? dev->operstate : 0]);
	case N_TX_QUEUE_LEN: return snprintf(page, 4096, "%lu\n", dev->tx_queue_len);
	case N_TYPE: return snprintf(page, 4096, "%d\n", dev->type);
	case N_ADDR_ASSIGN: return snprintf(page, 4096, "%d\n", dev->addr_assign_type);
	case N_NAME_ASSIGN:
		if (!dev->name_assign_type)
			return -EINVAL;
		return snprintf(page, 4096, "%d\n", dev->name_assign_type);
	case N_DEV_ID: return snprintf(page, 4096, "0x0\n");
	}
	return -EIO;
}

/* dev_change_flags(): only IFF_UP means something to a device here */
static long flags_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct umod_net_attr *a = priv;
	char *end;
	unsigned long v = strtoul(buf, &end, 0);
	int err = 0;

	if (end == buf || (*end && *end != '\n'))
		return -EINVAL;
	if ((v & IFF_UP) && !(a->nd->dev->flags & IFF_UP))
		err = umod_net_open(a->nd);
	else if (!(v & IFF_UP) && (a->nd->dev->flags & IFF_UP))
		umod_net_close(a->nd);
	return err ? err : (long)len;
}

static const struct umod_kernfs_ops show_ops = { net_show, NULL };
static const struct umod_kernfs_ops flags_ops = { net_show, flags_store };

static int file(struct umod_netdev *nd, struct kernfs_node *dir, const char *name, int attr,
		unsigned int mode, const struct umod_kernfs_ops *ops)
{
	struct umod_kernfs_new nw = {
		.parent = dir, .host = nd->net->host, .name = name, .type = UMOD_SYSFS_FILE,
		.kind = UMOD_KN_PLAIN, .mode = mode, .ops = ops,
	};

	if (nd->nattrs == UMOD_NET_ATTRS)
		return -ENOSPC;
	nd->attrs[nd->nattrs] = (struct umod_net_attr){ nd, attr };
	nw.priv = &nd->attrs[nd->nattrs++];
	return umod_kernfs_create(&nw, NULL);
}

int umod_net_sysfs_add(struct umod_netdev *nd)
{
	struct net_device *dev = nd->dev;
	struct kernfs_node *dir;
	struct device *cdev;
	int err = 0;

	cdev = umod_device_create(umod_driver_core(nd->net->host), nd->net->net_class,
				  dev->dev.parent, 0, dev, NULL, dev->name);
	if ((uintptr_t)cdev >= (uintptr_t)-4095)
		return (int)(intptr_t)cdev;
	nd->cdev = cdev;
	nd->nattrs = 0;
	dir = umod_kobject_dir(&cdev->kobj);
	for (int i = 0; !err && i < N_STATS; i++)
		err = file(nd, dir, names[i], i, i == N_FLAGS ? 0644 : 0444,
			   i == N_FLAGS ? &flags_ops : &show_ops);
	if (!err) {
		struct umod_kernfs_new nw = {
			.parent = dir, .host = nd->net->host, .name = "statistics",
			.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_PLAIN, .mode = 0755,
		};

		err = umod_kernfs_create(&nw, &nd->stats_dir);
	}
	for (size_t i = 0; !err && i < sizeof(stat_names) / sizeof(stat_names[0]); i++)
		err = file(nd, nd->stats_dir, stat_names[i], N_STATS + (int)i, 0444, &show_ops);
	return err;
}
