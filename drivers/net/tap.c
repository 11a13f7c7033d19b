// SPDX-License-Identifier: MIT
/*
 * The TAP bridge (umod_host_set_net_tap(), `umod daemon --tap`): each
 * registered interface is a TAP device of the host with the same name and
 * MAC, so ip, ping and tcpdump on the host use it. What the host sends on
 * the TAP (a reader thread per device) is transmitted through the driver;
 * what the driver receives is written to the TAP. The interface goes up
 * and down with the TAP (a netlink socket watches it) and the other way
 * round. Without /dev/net/tun or CAP_NET_ADMIN one line says so and the
 * interface keeps its dev/net/NAME port only.
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

void umod_tap_set_up(struct umod_netdev *nd, bool up)
{
	struct ifreq ifr;

	if (nd->tapfd < 0)
		return;
	name_ifreq(nd, &ifr);
	if (ifreq_ioctl(SIOCGIFFLAGS, &ifr))
		return;
	if (!!(ifr.ifr_flags & IFF_UP) == up)
		return;
	ifr.ifr_flags = (short)(up ? ifr.ifr_flags | IFF_UP : ifr.ifr_flags & ~IFF_UP);
	ifreq_ioctl(SIOCSIFFLAGS, &ifr);
}

void umod_tap_write(struct umod_netdev *nd, const void *data, unsigned int len)
{
	/* a full TAP queue drops, as a full receive ring would */
	if (write(nd->tapfd, data, len) < 0)
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

static int link_socket(void)
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
static void link_event(struct umod_netdev *nd, int s, int ifindex)
{
	char buf[8192];
	ssize_t n;

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

static void *tap_reader(void *arg)
{
	struct umod_netdev *nd = arg;
	unsigned char *frame = malloc(TAP_FRAME_MAX);
	int ls = link_socket(), ifindex = 0;
	struct ifreq ifr;

	name_ifreq(nd, &ifr);
	if (!ifreq_ioctl(SIOCGIFINDEX, &ifr))
		ifindex = ifr.ifr_ifindex;
	while (frame) {
		struct pollfd p[3] = {
			{ nd->tapfd, POLLIN, 0 }, { nd->tap_stop[0], POLLIN, 0 }, { ls, POLLIN, 0 },
		};
		ssize_t n;

		if (poll(p, ls >= 0 ? 3 : 2, -1) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			break;
		if (p[2].revents)
			link_event(nd, ls, ifindex);
		if (!(p[0].revents & POLLIN))
			continue;
		n = read(nd->tapfd, frame, TAP_FRAME_MAX);
		if (n > 0)
			umod_net_xmit(nd, frame, (unsigned int)n);
	}
	if (ls >= 0)
		close(ls);
	free(frame);
	return NULL;
}

int umod_tap_open(struct umod_netdev *nd)
{
	struct umod_log *log = nd->net->host->log;
	struct ifreq ifr;
	int fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);

	name_ifreq(nd, &ifr);
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	if (fd < 0 || ioctl(fd, TUNSETIFF, &ifr)) {
		umod_log_printk(log, KERN_NOTICE "%s: no TAP device (%s: %s): its frames go through dev/net/%s only\n",
				nd->dev->name, fd < 0 ? "/dev/net/tun" : "TUNSETIFF",
				strerror(errno), nd->dev->name);
		if (fd >= 0)
			close(fd);
		return -errno;
	}
	nd->tapfd = fd;
	if (pipe2(nd->tap_stop, O_CLOEXEC) || umod_thread_spawn(&nd->tap_thread, tap_reader, nd)) {
		close(fd);
		nd->tapfd = -1;
		return -EAGAIN;
	}
	nd->tap_running = true;
	tap_mirror(nd);
	return 0;
}

void umod_tap_close(struct umod_netdev *nd)
{
	if (nd->tapfd < 0)
		return;
	if (nd->tap_running) {
		if (write(nd->tap_stop[1], "x", 1) < 0)
			return;
		pthread_join(nd->tap_thread, NULL);
		close(nd->tap_stop[0]);
		close(nd->tap_stop[1]);
		nd->tap_running = false;
	}
	close(nd->tapfd);
	nd->tapfd = -1;
}
