// SPDX-License-Identifier: MIT
/*
 * The NBD export of disks (umod_host_set_blk_nbd(), `umod daemon --nbd`):
 * each added disk is served with the NBD protocol (nbd-server.c) on an
 * owner-only unix socket, DIR/<disk>.sock, for any NBD client (nbdinfo,
 * nbdcopy, qemu-img, nbd-client); and where the host's nbd driver can be
 * had (root, the nbd module loaded) it is connected to a free /dev/nbdN
 * too, as nbd-client connects one, so the disk is a block device of the
 * host. Without it one line says what is missing and the socket serves
 * alone. Every request goes through the disk's own file, dev/<disk>
 * (block/fops.c), opened for the client as a program opens it; so a
 * connected client pins the driver as an open file does.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/nbd.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "block/blk.h"
#include "drivers/block/nbd-server.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "kernel/time/tick-internal.h"

#define NBD_DEVICES	16	/* /dev/nbd0.. looked at for a free one */

/* an export: its socket, its clients, its /dev/nbdN */
struct umod_nbd {
	struct umod_host *host;
	struct umod_nbd_export e;
	char name[32];			/* the disk's */
	char sock[80];			/* /proc/self/fd/DIR/<disk>.sock */
	int lfd, stop[2];
	pthread_t listener;
	pthread_mutex_t lock;		/* clients, nclients */
	pthread_cond_t gone;
	struct umod_list clients;
	bool stopping;
	int nbdfd;			/* the host's /dev/nbdN, or -1 */
	pthread_t do_it;
};

/* one connection, served on its own thread */
struct nbd_client {
	struct umod_list link;
	struct umod_nbd *x;
	int fd;
	bool kernel;			/* the other end is /dev/nbdN's socket */
	struct umod_file *f;		/* dev/<disk>, while past the handshake */
};

/* ---- the export's calls: the disk's file -------------------------------- */

static int file_open(void *priv)
{
	struct nbd_client *c = priv;
	char path[48];

	snprintf(path, sizeof(path), "dev/%s", c->x->name);
	return umod_fs_open(c->x->host, path, c->x->e.read_only ? O_RDONLY : O_RDWR, &c->f);
}

static void file_close(void *priv)
{
	struct nbd_client *c = priv;

	umod_fs_release(c->f);
	c->f = NULL;
}

static int file_read(void *priv, void *buf, uint32_t len, uint64_t off)
{
	int64_t pos = (int64_t)off;
	uint32_t done = 0;

	while (done < len) {
		ssize_t n = umod_fs_read(((struct nbd_client *)priv)->f, (char *)buf + done,
					 len - done, &pos);

		if (n <= 0)
			return n ? (int)n : -EIO;
		done += (uint32_t)n;
	}
	return 0;
}

static int file_write(void *priv, const void *buf, uint32_t len, uint64_t off)
{
	int64_t pos = (int64_t)off;
	uint32_t done = 0;

	while (done < len) {
		ssize_t n = umod_fs_write(((struct nbd_client *)priv)->f, (const char *)buf + done,
					  len - done, &pos);

		if (n <= 0)
			return n ? (int)n : -ENOSPC;
		done += (uint32_t)n;
	}
	return 0;
}

static int file_flush(void *priv)
{
	return umod_fs_fsync(((struct nbd_client *)priv)->f, 0);
}

/* a discard of the whole blocks within the range: TRIM is advisory */
static int file_trim(void *priv, uint64_t off, uint32_t len)
{
	struct nbd_client *c = priv;
	uint64_t lbs = c->x->e.block, start = (off + lbs - 1) / lbs * lbs;
	uint64_t end = (off + len) / lbs * lbs;

	if (end <= start)
		return 0;
	return umod_fs_fallocate(c->f, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				 (int64_t)start, (int64_t)(end - start));
}

/* write-zeroes: the disk's when aligned, else zeroes written */
static int file_zero(void *priv, uint64_t off, uint32_t len)
{
	struct nbd_client *c = priv;
	uint32_t chunk = len < 65536 ? len : 65536;
	void *zeroes;
	int err = -EINVAL;

	if (!((off | len) % c->x->e.block))
		err = umod_fs_fallocate(c->f, FALLOC_FL_ZERO_RANGE, (int64_t)off, len);
	if (err != -EINVAL && err != -EOPNOTSUPP)
		return err;
	if (!(zeroes = calloc(1, chunk)))
		return -ENOMEM;
	for (err = 0; len && !err; off += chunk, len -= chunk) {
		chunk = len < chunk ? len : chunk;
		err = file_write(c, zeroes, chunk, off);
	}
	free(zeroes);
	return err;
}

static const struct umod_nbd_export_ops file_ops = {
	.open = file_open,
	.close = file_close,
	.read = file_read,
	.write = file_write,
	.flush = file_flush,
	.trim = file_trim,
	.zero = file_zero,
};

/* ---- connections ---------------------------------------------------------- */

static void *serve_client(void *arg)
{
	struct nbd_client *c = arg;
	struct umod_nbd *x = c->x;
	struct umod_nbd_export e = x->e;

	e.priv = c;
	umod_nbd_serve(c->fd, c->fd, &e, !c->kernel);
	pthread_mutex_lock(&x->lock);
	umod_list_del(&c->link);
	close(c->fd);
	free(c);
	pthread_cond_broadcast(&x->gone);
	pthread_mutex_unlock(&x->lock);
	return NULL;
}

/* a thread for the connection @fd (taken: closed on failure) */
static int client_start(struct umod_nbd *x, int fd, bool kernel)
{
	struct nbd_client *c = calloc(1, sizeof(*c));
	pthread_t t;
	int err = -ENOMEM;

	pthread_mutex_lock(&x->lock);
	if (c && !x->stopping) {
		*c = (struct nbd_client){ .x = x, .fd = fd, .kernel = kernel };
		blk_list_add_tail(&c->link, &x->clients);
		err = umod_thread_spawn(&t, serve_client, c);
		if (err)
			umod_list_del(&c->link);
		else
			pthread_detach(t);
	}
	pthread_mutex_unlock(&x->lock);
	if (err) {
		close(fd);
		free(c);
	}
	return err;
}

/* the socket's owner (the daemon's user) and root only, as the daemon's socket */
static bool peer_allowed(int fd)
{
	struct ucred cr;
	socklen_t len = sizeof(cr);

	return !getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) &&
	       (cr.uid == geteuid() || cr.uid == 0);
}

static void *listener(void *arg)
{
	struct umod_nbd *x = arg;
	struct pollfd p[2] = { { x->lfd, POLLIN, 0 }, { x->stop[0], POLLIN, 0 } };

	while (poll(p, 2, -1) >= 0 || errno == EINTR) {
		int fd;

		if (p[1].revents)
			break;
		if (!(p[0].revents & POLLIN))
			continue;
		fd = accept4(x->lfd, NULL, NULL, SOCK_CLOEXEC);
		if (fd >= 0 && !peer_allowed(fd))
			close(fd);
		else if (fd >= 0)
			client_start(x, fd, false);
	}
	return NULL;
}

/* DIR/<disk>.sock, created owner-only (DIR is the daemon's private state) */
static int listen_on(struct umod_nbd *x, int dirfd)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	char leaf[40];

	snprintf(leaf, sizeof(leaf), "%s.sock", x->name);
	snprintf(x->sock, sizeof(x->sock), "/proc/self/fd/%d/%s", dirfd, leaf);
	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", x->sock);
	/* a socket left by a daemon that died: the disk is ours now */
	unlinkat(dirfd, leaf, 0);
	x->lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (x->lfd < 0)
		return -errno;
	if (bind(x->lfd, (struct sockaddr *)&sun, sizeof(sun)) || fchmodat(dirfd, leaf, 0600, 0) ||
	    listen(x->lfd, 16)) {
		int err = -errno;

		close(x->lfd);
		x->lfd = -1;
		return err;
	}
	return 0;
}

/* ---- the host's /dev/nbdN ------------------------------------------------- */

static void *nbd_do_it(void *arg)
{
	struct umod_nbd *x = arg;

	/* returns once the device is disconnected (ours or nbd-client -d) */
	ioctl(x->nbdfd, NBD_DO_IT);
	return NULL;
}

/* a free /dev/nbdN given one end of a socket pair: 0, or -errno with *what set */
static int nbd_attach(struct umod_nbd *x, int sock, const char **what)
{
	const struct umod_nbd_export *e = &x->e;
	char path[24];
	int err = -ENOENT;

	for (int i = 0; i < NBD_DEVICES && err; i++) {
		snprintf(path, sizeof(path), "/dev/nbd%d", i);
		x->nbdfd = open(path, O_RDWR | O_CLOEXEC);
		if (x->nbdfd < 0 && i) {
			*what = "every /dev/nbdN";	/* all the others were busy */
			return -EBUSY;
		}
		if (x->nbdfd < 0)
			return -errno;
		err = ioctl(x->nbdfd, NBD_SET_SOCK, sock) ? -errno : 0;
		if (err) {
			*what = "NBD_SET_SOCK";
			close(x->nbdfd);
			x->nbdfd = -1;
		}
	}
	if (err)
		return err;
	if (ioctl(x->nbdfd, NBD_SET_BLKSIZE, (unsigned long)e->block) ||
	    ioctl(x->nbdfd, NBD_SET_SIZE_BLOCKS, (unsigned long)(e->size / e->block)) ||
	    ioctl(x->nbdfd, NBD_SET_FLAGS, (unsigned long)umod_nbd_tx_flags(e)) ||
	    umod_thread_spawn(&x->do_it, nbd_do_it, x)) {
		*what = "NBD_SET_SIZE_BLOCKS";
		err = -errno;
		ioctl(x->nbdfd, NBD_CLEAR_SOCK);
		close(x->nbdfd);
		x->nbdfd = -1;
	}
	return err;
}

static void nbd_connect(struct umod_nbd *x)
{
	const char *what = "/dev/nbd0";
	int sv[2], err;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return;
	err = nbd_attach(x, sv[0], &what);
	/* the kernel holds its end now */
	close(sv[0]);
	if (err) {
		close(sv[1]);
		umod_log_printk(x->host->log, KERN_NOTICE "%s: no /dev/nbdN (%s: %s%s): served on nbd/%s.sock only\n",
				x->name, what, strerror(-err),
				err == -ENOENT ? ": the nbd module is not loaded" :
				err == -EACCES || err == -EPERM ? ": needs root" : "", x->name);
		return;
	}
	client_start(x, sv[1], true);
}

static void nbd_disconnect(struct umod_nbd *x)
{
	if (x->nbdfd < 0)
		return;
	ioctl(x->nbdfd, NBD_DISCONNECT);
	ioctl(x->nbdfd, NBD_CLEAR_SOCK);
	pthread_join(x->do_it, NULL);
	close(x->nbdfd);
	x->nbdfd = -1;
}

/* ---- an added disk's export ----------------------------------------------- */

void umod_nbd_add(struct umod_disk *d)
{
	const struct queue_limits *l = &d->disk.queue->limits;
	struct umod_nbd *x;
	int dirfd = d->blk->nbd_dir, err;

	if (dirfd < 0 || strlen(d->disk.disk_name) >= sizeof(x->name) ||
	    !(x = calloc(1, sizeof(*x))))
		return;
	x->host = d->blk->host;
	snprintf(x->name, sizeof(x->name), "%s", d->disk.disk_name);
	x->e = (struct umod_nbd_export){
		.name = x->name, .size = d->part0.bd_nr_sectors << UMOD_SECTOR_SHIFT,
		.block = l->logical_block_size, .read_only = d->part0.bd_read_only,
		.trim = l->max_discard_sectors, .zero = true, .ops = &file_ops,
	};
	x->nbdfd = -1;
	pthread_mutex_init(&x->lock, NULL);
	pthread_cond_init(&x->gone, NULL);
	umod_list_init(&x->clients);
	err = listen_on(x, dirfd);
	if (!err && pipe2(x->stop, O_CLOEXEC))
		err = -errno;
	if (!err && (err = umod_thread_spawn(&x->listener, listener, x))) {
		close(x->stop[0]);
		close(x->stop[1]);
	}
	if (err) {
		umod_log_printk(x->host->log, KERN_WARNING "%s: cannot serve it on nbd/%s.sock: %s\n",
				x->name, x->name, strerror(-err));
		if (x->lfd >= 0)
			close(x->lfd);
		free(x);
		return;
	}
	d->nbd = x;
	nbd_connect(x);
}

/* del_gendisk(): the socket goes, /dev/nbdN is disconnected, clients are cut */
void umod_nbd_del(struct umod_disk *d)
{
	struct umod_nbd *x = d->nbd;
	char leaf[40];

	if (!x)
		return;
	d->nbd = NULL;
	if (write(x->stop[1], "", 1) == 1)
		pthread_join(x->listener, NULL);
	snprintf(leaf, sizeof(leaf), "%s.sock", x->name);
	unlinkat(d->blk->nbd_dir, leaf, 0);
	close(x->lfd);
	close(x->stop[0]);
	close(x->stop[1]);
	nbd_disconnect(x);
	pthread_mutex_lock(&x->lock);
	x->stopping = true;
	blk_list_for_each(l, &x->clients)
		shutdown(umod_container_of(l, struct nbd_client, link)->fd, SHUT_RDWR);
	while (!blk_list_empty(&x->clients))
		pthread_cond_wait(&x->gone, &x->lock);
	pthread_mutex_unlock(&x->lock);
	pthread_cond_destroy(&x->gone);
	pthread_mutex_destroy(&x->lock);
	free(x);
}

int umod_host_set_blk_nbd(struct umod_host *host, const char *dir)
{
	struct umod_block *b = umod_block_of(host);
	int fd = -1;

	if (!b)
		return -ENODEV;
	if (dir && (fd = open(dir, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return -errno;
	if (b->nbd_dir >= 0)
		close(b->nbd_dir);
	b->nbd_dir = fd;
	return 0;
}
