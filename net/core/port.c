// SPDX-License-Identifier: MIT
/*
 * The interface's port to the host: what the driver passes up is kept
 * (the newest UMOD_NET_CAPTURE_MAX frames) and written to the bridge (a
 * TAP device, the packet bus) when there is one; what the bridge's fd
 * reads is sent down through the driver, by one reader thread per
 * interface whichever the bridge. dev/net/NAME in the tree is the port as a file, for
 * a user without CAP_NET_ADMIN: a read is a pcap stream (tcpdump -r) of
 * the frames received so far, ending where the capture ends; each write
 * is one Ethernet frame sent through the interface (ndo_start_xmit).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fs/internal.h"
#include "kernel/time/tick-internal.h"
#include "net/core/dev.h"

#define BRIDGE_FRAME_MAX	65536

#define PCAP_MAGIC	0xa1b2c3d4u
#define LINKTYPE_ETHERNET	1

void umod_net_port_deliver(struct umod_netdev *nd, const void *data, unsigned int len)
{
	struct umod_frame *f = malloc(sizeof(*f) + len);

	if (nd->bridge)
		nd->bridge->write(nd, data, len);
	if (!f)
		return;
	clock_gettime(CLOCK_REALTIME, &f->ts);
	f->len = len;
	memcpy(f->data, data, len);
	pthread_mutex_lock(&nd->lock);
	if (nd->cap_count == UMOD_NET_CAPTURE_MAX) {
		free(nd->capture[nd->cap_head]);
		nd->cap_head = (nd->cap_head + 1) % UMOD_NET_CAPTURE_MAX;
		nd->cap_count--;
	}
	nd->capture[(nd->cap_head + nd->cap_count++) % UMOD_NET_CAPTURE_MAX] = f;
	nd->cap_seq++;
	pthread_mutex_unlock(&nd->lock);
}

/* the bridge's reader: each read is one frame the host sends through the interface */
static void *bridge_reader(void *arg)
{
	struct umod_netdev *nd = arg;
	unsigned char *frame = malloc(BRIDGE_FRAME_MAX);
	int ws = nd->bridge->watch_open ? nd->bridge->watch_open(nd) : -1;

	while (frame) {
		struct pollfd p[3] = {
			{ nd->bridge_fd, POLLIN, 0 }, { nd->bridge_stop[0], POLLIN, 0 }, { ws, POLLIN, 0 },
		};
		ssize_t n;

		if (poll(p, ws >= 0 ? 3 : 2, -1) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			break;
		if (p[2].revents)
			nd->bridge->watch(nd, ws);
		if (!(p[0].revents & POLLIN))
			continue;
		n = read(nd->bridge_fd, frame, BRIDGE_FRAME_MAX);
		if (n > 0)
			umod_net_xmit(nd, frame, (unsigned int)n);
	}
	if (ws >= 0)
		close(ws);
	free(frame);
	return NULL;
}

int umod_net_bridge_start(struct umod_netdev *nd, const struct umod_net_bridge *b, int fd)
{
	nd->bridge = b;
	nd->bridge_fd = fd;
	if (pipe2(nd->bridge_stop, O_CLOEXEC) == 0) {
		if (!umod_thread_spawn(&nd->bridge_thread, bridge_reader, nd)) {
			nd->bridge_running = true;
			return 0;
		}
		close(nd->bridge_stop[0]);
		close(nd->bridge_stop[1]);
	}
	nd->bridge = NULL;
	nd->bridge_fd = -1;
	return -EAGAIN;
}

void umod_net_bridge_stop(struct umod_netdev *nd)
{
	if (!nd->bridge)
		return;
	if (nd->bridge_running) {
		if (write(nd->bridge_stop[1], "x", 1) < 0)
			return;
		pthread_join(nd->bridge_thread, NULL);
		close(nd->bridge_stop[0]);
		close(nd->bridge_stop[1]);
		nd->bridge_running = false;
	}
	if (nd->bridge->detach)
		nd->bridge->detach(nd);
	close(nd->bridge_fd);
	nd->bridge_fd = -1;
	nd->bridge = NULL;
}

void umod_net_bridge_set_up(struct umod_netdev *nd, bool up)
{
	if (nd->bridge && nd->bridge->set_up)
		nd->bridge->set_up(nd, up);
}

/* an open port: the next frame to send, and what is left of the record being read */
struct port_file {
	struct umod_netdev *nd;
	uint64_t next;			/* capture sequence number */
	unsigned char *rec;
	size_t rec_len, rec_off;
	bool header_done;
};

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);	/* pcap in the writer's byte order, which its magic says */
}

static int port_open(struct inode *inode, struct file *file)
{
	struct port_file *pf = calloc(1, sizeof(*pf));

	if (!pf)
		return -ENOMEM;
	pf->nd = inode->i_private;
	pthread_mutex_lock(&pf->nd->lock);
	pf->next = pf->nd->cap_seq - pf->nd->cap_count;
	pthread_mutex_unlock(&pf->nd->lock);
	file->private_data = pf;
	return 0;
}

static int port_release(struct inode *inode, struct file *file)
{
	struct port_file *pf = file->private_data;

	free(pf->rec);
	free(pf);
	return 0;
}

/* the next record (or the file header) into pf->rec; false at the end */
static bool next_record(struct port_file *pf)
{
	struct umod_netdev *nd = pf->nd;
	struct umod_frame *f;
	uint64_t first;

	free(pf->rec);
	pf->rec = NULL;
	pf->rec_off = 0;
	if (!pf->header_done) {
		if (!(pf->rec = calloc(1, 24)))
			return false;
		put32(pf->rec, PCAP_MAGIC);
		pf->rec[4] = 2;		/* version 2.4, little-endian on x86 and arm64 */
		pf->rec[6] = 4;
		put32(pf->rec + 16, 65535);
		put32(pf->rec + 20, LINKTYPE_ETHERNET);
		pf->rec_len = 24;
		pf->header_done = true;
		return true;
	}
	pthread_mutex_lock(&nd->lock);
	first = nd->cap_seq - nd->cap_count;
	if (pf->next < first)
		pf->next = first;	/* the oldest were dropped meanwhile */
	f = pf->next < nd->cap_seq ?
	    nd->capture[(nd->cap_head + (pf->next - first)) % UMOD_NET_CAPTURE_MAX] : NULL;
	if (f && (pf->rec = malloc(16 + f->len))) {
		put32(pf->rec, (uint32_t)f->ts.tv_sec);
		put32(pf->rec + 4, (uint32_t)(f->ts.tv_nsec / 1000));
		put32(pf->rec + 8, f->len);
		put32(pf->rec + 12, f->len);
		memcpy(pf->rec + 16, f->data, f->len);
		pf->rec_len = 16 + f->len;
		pf->next++;
	}
	pthread_mutex_unlock(&nd->lock);
	return pf->rec != NULL;
}

static long port_read(struct file *file, char *buf, unsigned long n, long long *pos)
{
	struct port_file *pf = file->private_data;
	unsigned long done = 0;

	while (done < n) {
		size_t take;

		if (!pf->rec || pf->rec_off == pf->rec_len) {
			if (!next_record(pf))
				break;
		}
		take = pf->rec_len - pf->rec_off < n - done ? pf->rec_len - pf->rec_off : n - done;
		memcpy(buf + done, pf->rec + pf->rec_off, take);
		pf->rec_off += take;
		done += take;
	}
	return (long)done;
}

static long port_write(struct file *file, const char *buf, unsigned long n, long long *pos)
{
	struct port_file *pf = file->private_data;
	int err;

	if (n > 65535)
		return -EMSGSIZE;
	err = umod_net_xmit(pf->nd, buf, (unsigned int)n);
	return err ? err : (long)n;
}

static const struct file_operations port_fops = {
	.open = port_open,
	.release = port_release,
	.read = port_read,
	.write = port_write,
};

int umod_net_port_add(struct umod_netdev *nd)
{
	struct umod_fs *fs = umod_fs_of(nd->net->host);
	struct umod_fs_node *dir, *node = NULL;

	if (!fs)
		return -ENOMEM;
	pthread_mutex_lock(&fs->lock);
	dir = umod_fs_child(fs->dev, "net");
	if (!dir)
		dir = umod_fs_node_add(fs->dev, "net", UMOD_FS_DIR, S_IFDIR | 0755, NULL);
	if (dir && !umod_fs_child(dir, nd->dev->name))
		node = umod_fs_node_add(dir, nd->dev->name, UMOD_FS_DEV, S_IFCHR | 0600, NULL);
	if (node) {
		node->host_fops = &port_fops;
		node->inode.i_private = nd;
	}
	pthread_mutex_unlock(&fs->lock);
	return node ? 0 : -EEXIST;
}

void umod_net_port_del(struct umod_netdev *nd)
{
	struct umod_fs *fs = umod_fs_of(nd->net->host);
	struct umod_fs_node *dir, *node;

	if (!fs)
		return;
	pthread_mutex_lock(&fs->lock);
	dir = umod_fs_child(fs->dev, "net");
	node = dir ? umod_fs_child(dir, nd->dev->name) : NULL;
	if (node && node->host_fops == &port_fops)
		umod_fs_node_remove(node);
	if (dir && dir->children.next == &dir->children)
		umod_fs_node_remove(dir);
	pthread_mutex_unlock(&fs->lock);
}
