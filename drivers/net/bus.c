// SPDX-License-Identifier: MIT
/*
 * The packet bus (umod_host_set_net_bus(), `umod daemon --net-bus DIR`):
 * hosts without CAP_NET_ADMIN meet on a directory, as rump kernels' shmif
 * interfaces meet on a shared file. Each attached interface is a member:
 * a unix datagram socket DIR/PID.N.NAME. A frame the driver passes up is
 * sent to every other member's socket (a hub, as a host bridge would
 * flood it), and what a member's socket receives is sent down through its
 * driver, as a TAP's frames are (port.c's reader). Nobody owns the bus: a
 * member that died leaves a socket nobody reads, which the next sender
 * finds refused and removes. The directory is the owner's alone (0700),
 * so only the owner's hosts can join; it is reached through its open fd
 * (/proc/self/fd/N), so a rename or a planted link can't redirect frames.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "net/core/dev.h"

/* false when the name is too long for a socket address (not a member) */
static bool bus_addr(const struct umod_net *net, const char *name, struct sockaddr_un *sa)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	return (size_t)snprintf(sa->sun_path, sizeof(sa->sun_path), "/proc/self/fd/%d/%s",
				net->bus_dirfd, name) < sizeof(sa->sun_path);
}

bool umod_bus_wants(const struct umod_net *net, const char *name)
{
	size_t len = strlen(name);

	if (!net || net->bus_dirfd < 0)
		return false;
	if (!net->bus_ifs)
		return true;
	for (const char *p = net->bus_ifs; *p; p += strcspn(p, ","), p += *p == ',') {
		if (strncmp(p, name, len) == 0 && (p[len] == ',' || !p[len]))
			return true;
	}
	return false;
}

static bool is_socket(const struct umod_net *net, const struct dirent *de)
{
	struct stat st;

	if (de->d_type != DT_UNKNOWN)
		return de->d_type == DT_SOCK;
	return !fstatat(net->bus_dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) && S_ISSOCK(st.st_mode);
}

/* to every other member; a full member drops it, as a full receive ring would */
static void bus_write(struct umod_netdev *nd, const void *data, unsigned int len)
{
	struct umod_net *net = nd->net;
	struct sockaddr_un sa;
	struct dirent *de;

	pthread_mutex_lock(&net->bus_lock);
	rewinddir(net->bus_dir);
	while ((de = readdir(net->bus_dir))) {
		if (!strcmp(de->d_name, nd->bus_name) || !is_socket(net, de) ||
		    !bus_addr(net, de->d_name, &sa))
			continue;
		if (sendto(nd->bridge_fd, data, len, MSG_DONTWAIT | MSG_NOSIGNAL,
			   (struct sockaddr *)&sa, sizeof(sa)) < 0 && errno == ECONNREFUSED)
			unlinkat(net->bus_dirfd, de->d_name, 0);	/* its host died */
	}
	pthread_mutex_unlock(&net->bus_lock);
}

static void bus_detach(struct umod_netdev *nd)
{
	unlinkat(nd->net->bus_dirfd, nd->bus_name, 0);
	free(nd->bus_name);
	nd->bus_name = NULL;
}

static const struct umod_net_bridge bus_bridge = {
	.write = bus_write,
	.detach = bus_detach,
};

/* a socket bound at DIR/NAME; a leftover of a dead process of our pid is replaced */
static int bus_bind(struct umod_netdev *nd)
{
	struct umod_net *net = nd->net;
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0), err;
	struct sockaddr_un sa;

	if (fd < 0)
		return -errno;
	if (!bus_addr(net, nd->bus_name, &sa)) {
		close(fd);
		return -ENAMETOOLONG;
	}
	err = bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ? -errno : 0;
	if (err == -EADDRINUSE && !unlinkat(net->bus_dirfd, nd->bus_name, 0))
		err = bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ? -errno : 0;
	if (!err && fchmodat(net->bus_dirfd, nd->bus_name, 0600, 0))
		err = -errno;
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

int umod_bus_attach(struct umod_netdev *nd)
{
	static unsigned int members;	/* the process's: names stay unique across hosts */
	struct net_device *dev = nd->dev;
	int fd;

	if (!umod_bus_wants(nd->net, dev->name))
		return -ENOENT;
	if (asprintf(&nd->bus_name, "%d.%u.%s", (int)getpid(),
		     __atomic_fetch_add(&members, 1, __ATOMIC_RELAXED), dev->name) < 0) {
		nd->bus_name = NULL;
		return -ENOMEM;
	}
	fd = bus_bind(nd);
	if (fd >= 0 && umod_net_bridge_start(nd, &bus_bridge, fd)) {
		close(fd);
		unlinkat(nd->net->bus_dirfd, nd->bus_name, 0);
		fd = -EAGAIN;
	}
	if (fd < 0) {
		umod_log_printk(nd->net->host->log, KERN_NOTICE "%s: not on the packet bus (%s): its frames go through dev/net/%s only\n",
				dev->name, strerror(-fd), dev->name);
		free(nd->bus_name);
		nd->bus_name = NULL;
		return fd;
	}
	return 0;
}

/* DIR, made if missing; it must be the caller's and nobody else's */
static int bus_dir_open(const char *dir)
{
	struct stat st;
	int fd;

	if (mkdir(dir, 0700) && errno != EEXIST)
		return -errno;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || st.st_uid != geteuid() || (st.st_mode & 077)) {
		close(fd);
		return -EACCES;
	}
	return fd;
}

int umod_host_set_net_bus(struct umod_host *host, const char *dir, const char *ifnames)
{
	struct umod_net *net = umod_net_of(host);
	int fd, fd2;
	DIR *d;

	if (!net || net->bus_dirfd >= 0)
		return -EINVAL;
	fd = bus_dir_open(dir);
	if (fd < 0)
		return fd;
	fd2 = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	d = fd2 >= 0 ? fdopendir(fd2) : NULL;
	if (!d || (ifnames && !(net->bus_ifs = strdup(ifnames)))) {
		if (d)
			closedir(d);
		else if (fd2 >= 0)
			close(fd2);
		close(fd);
		return -ENOMEM;
	}
	net->bus_dir = d;
	net->bus_dirfd = fd;
	return 0;
}

void umod_bus_release(struct umod_net *net)
{
	if (net->bus_dirfd < 0)
		return;
	closedir(net->bus_dir);
	close(net->bus_dirfd);
	free(net->bus_ifs);
	net->bus_dirfd = -1;
}
