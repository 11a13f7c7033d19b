// SPDX-License-Identifier: MIT
/*
 * tapnet's floor: TAP devices sn0 and sn1 joined by a plain program, doing
 * what the umsnull driver does to a frame (the peer's MAC as destination,
 * the IPv4 addresses' third octet flipped, the header checksum again) and
 * nothing else: the cost of the TAP bridge alone. Runs until killed.
 */
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

struct side {
	int fd, peer_fd;
	unsigned char peer_mac[6];
};

static int tap(const char *name, unsigned char mac[6])
{
	struct ifreq ifr = { .ifr_flags = IFF_TAP | IFF_NO_PI };
	int fd = open("/dev/net/tun", O_RDWR), s;

	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	if (fd < 0 || ioctl(fd, TUNSETIFF, &ifr)) {
		perror(name);
		return -1;
	}
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0 || ioctl(s, SIOCGIFHWADDR, &ifr))
		return -1;
	memcpy(mac, ifr.ifr_hwaddr.sa_data, 6);
	close(s);
	return fd;
}

static void flip(unsigned char *f, ssize_t len)
{
	unsigned char *ip = f + 14;
	uint32_t sum = 0;
	int ihl;

	if (len < 34 || f[12] != 0x08 || f[13] != 0)
		return;
	ihl = (ip[0] & 0x0f) * 4;
	if (ihl < 20 || len < 14 + ihl)
		return;
	ip[14] ^= 1;
	ip[18] ^= 1;
	ip[10] = ip[11] = 0;
	for (int i = 0; i < ihl; i += 2)
		sum += (uint32_t)(ip[i] << 8 | ip[i + 1]);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	ip[10] = (unsigned char)(~sum >> 8);
	ip[11] = (unsigned char)~sum;
}

static void *forward(void *arg)
{
	struct side *s = arg;
	static __thread unsigned char f[65536];
	ssize_t n;

	while ((n = read(s->fd, f, sizeof(f))) > 0) {
		if (n >= 14)
			memcpy(f, s->peer_mac, 6);
		flip(f, n);
		if (write(s->peer_fd, f, (size_t)n) < 0)
			continue;	/* a full queue drops */
	}
	return NULL;
}

int main(void)
{
	unsigned char mac0[6], mac1[6];
	int fd0 = tap("sn0", mac0), fd1 = tap("sn1", mac1);
	struct side a = { fd0, fd1, { 0 } }, b = { fd1, fd0, { 0 } };
	pthread_t t;

	if (fd0 < 0 || fd1 < 0)
		return 1;
	memcpy(a.peer_mac, mac1, 6);
	memcpy(b.peer_mac, mac0, 6);
	pthread_create(&t, NULL, forward, &a);
	forward(&b);
	return 0;
}
