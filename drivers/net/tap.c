// SPDX-License-Identifier: MIT
/*
 * The TAP bridge (umod_host_set_net_tap(), `umod daemon --tap`): each
 * registered interface is a TAP device of the host with the same name and
 * MAC, so ip, ping and tcpdump on the host use it. What the host sends on
 * the TAP (a reader thread per device) is transmitted through the driver;
 * what the driver receives is written to the TAP. The interface goes up
 * and down with the TAP (a netlink socket watches it) and the other way
 * round. Without /dev/net/tun or CAP_NET_ADMIN one line says so and the
 * interface keeps its dev/net/NAME port, and the packet bus (bus.c) when
 * the daemon has one. The reader thread is port.c's, as the bus's.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <linux/netlink.h>
#include <net/if_arp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/time/tick-internal.h"
#include "net/core/dev.h"

#define TAP_FRAME_MAX	65536
/* linux/rtnetlink.h's, which cannot come in beside the kabi's rtnl_link_stats64 */
#define RTMGRP_LINK	1
#define RTM_NEWLINK	16

struct tap_ifinfomsg {
	unsigned char ifi_family, pad;
	unsigned short ifi_type;
	int ifi_index;
	unsigned int ifi_flags, ifi_change;
};

/* SIOCGIFFLAGS/SIOCSIFFLAGS and friends on an ordinary socket */
static int ifreq_ioctl(unsigned long req, struct ifreq *ifr)
{
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), err;

	if (s < 0)
		return -errno;
	err = ioctl(s, req, ifr) ? -errno : 0;
	close(s);
	return err;
}

static void name_ifreq(struct umod_netdev *nd, struct ifreq *ifr)
{
	memset(ifr, 0, sizeof(*ifr));
	snprintf(ifr->ifr_name, sizeof(ifr->ifr_name), "%s", nd->dev->name);
}

static void tap_set_up(struct umod_netdev *nd, bool up)
{
	struct ifreq ifr;

	name_ifreq(nd, &ifr);
	if (ifreq_ioctl(SIOCGIFFLAGS, &ifr))
		return;
	if (!!(ifr.ifr_flags & IFF_UP) == up)
		return;
	ifr.ifr_flags = (short)(up ? ifr.ifr_flags | IFF_UP : ifr.ifr_flags & ~IFF_UP);
	ifreq_ioctl(SIOCSIFFLAGS, &ifr);
}

static void tap_write(struct umod_netdev *nd, const void *data, unsigned int len)
{
	/* a full TAP queue drops, as a full receive ring would */
	if (write(nd->bridge_fd, data, len) < 0)
		return;
}

/* the MAC, the MTU and IFF_NOARP the driver set, onto the TAP */
static void tap_mirror(struct umod_netdev *nd)
{
	struct net_device *dev = nd->dev;
	struct ifreq ifr;

	name_ifreq(nd, &ifr);
	ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
	memcpy(ifr.ifr_hwaddr.sa_data, dev->dev_addr, 6);
	ifreq_ioctl(SIOCSIFHWADDR, &ifr);
	name_ifreq(nd, &ifr);
	ifr.ifr_mtu = (int)dev->mtu;
	ifreq_ioctl(SIOCSIFMTU, &ifr);
	name_ifreq(nd, &ifr);
	if (!ifreq_ioctl(SIOCGIFFLAGS, &ifr)) {
		ifr.ifr_flags = (short)((ifr.ifr_flags & ~IFF_NOARP) | (dev->flags & IFF_NOARP));
		ifreq_ioctl(SIOCSIFFLAGS, &ifr);
	}
}

/* the TAP's link events: up and down set from the host */
static int link_socket(struct umod_netdev *nd)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = RTMGRP_LINK };
	int s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_ROUTE);

	if (s >= 0 && bind(s, (struct sockaddr *)&sa, sizeof(sa))) {
		close(s);
		s = -1;
	}
	return s;
}

/* RTM_NEWLINK of our TAP: the host set it up or down */
static void link_event(struct umod_netdev *nd, int s)
{
	char buf[8192];
	struct ifreq ifr;
	int ifindex = -1;
	ssize_t n;

	name_ifreq(nd, &ifr);
	if (!ifreq_ioctl(SIOCGIFINDEX, &ifr))
		ifindex = ifr.ifr_ifindex;
	while ((n = recv(s, buf, sizeof(buf), 0)) > 0) {
		for (struct nlmsghdr *h = (struct nlmsghdr *)buf; NLMSG_OK(h, (size_t)n);
		     h = NLMSG_NEXT(h, n)) {
			struct tap_ifinfomsg *ifi = NLMSG_DATA(h);

			if (h->nlmsg_type != RTM_NEWLINK || ifi->ifi_index != ifindex)
				continue;
			if (ifi->ifi_flags & IFF_UP)
				umod_net_open(nd);
			else
				umod_net_close(nd);
		}
	}
}

static const struct umod_net_bridge tap_bridge = {
	.write = tap_write,
	.set_up = tap_set_up,
	.watch_open = link_socket,
	.watch = link_event,
};

int umod_tap_open(struct umod_netdev *nd)
{
	struct umod_log *log = nd->net->host->log;
	struct ifreq ifr;
	int fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);

	name_ifreq(nd, &ifr);
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	if (fd < 0 || ioctl(fd, TUNSETIFF, &ifr)) {
		int err = errno;

		umod_log_printk(log, KERN_NOTICE "%s: no TAP device (%s: %s): its frames go through %sdev/net/%s only\n",
				nd->dev->name, fd < 0 ? "/dev/net/tun" : "TUNSETIFF", strerror(err),
				umod_bus_wants(nd->net, nd->dev->name) ? "the packet bus and " : "",
				nd->dev->name);
		if (fd >= 0)
			close(fd);
		return -err;
	}
	if (umod_net_bridge_start(nd, &tap_bridge, fd)) {
		close(fd);
		return -EAGAIN;
	}
	tap_mirror(nd);
	return 0;
}
