// SPDX-License-Identifier: MIT
/*
 * A tty line's user side is a host pseudo-terminal: its slave (/dev/pts/N)
 * is what dev/NAMEn links to, so echo, cat, stty and terminal programs use
 * the host's own tty layer and line discipline; the master is the
 * driver's side. One thread per registered driver serves its lines:
 *   - inotify tells it when the slave is opened and closed: each open is
 *     the driver's ops->open (the tty made at the first, with the port
 *     its install gives), each close ops->close (the tty released at the
 *     last), as tty_open()/tty_release() call them; the master's hang-up
 *     (no file has the slave open) closes what inotify's merged events hid;
 *   - what the user writes (after the slave's output processing, as the
 *     line discipline hands it to a driver on Linux) is read from the
 *     master and offered to ops->write, no more than write_room() says;
 *     what the driver does not take waits for tty_wakeup();
 *   - the slave's termios is read through the master (TCGETS2 on a
 *     master answers its slave's), and a change is the driver's
 *     set_termios(tty, old), checked before any data and every 50 ms
 *     while a line is open: stty gives no event a master could wait for.
 * What a driver receives goes the other way through tty_buffer.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "drivers/base/base.h"
#include "drivers/tty/tty.h"
#include "kernel/locking/mutex.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"

#define TERMIOS_POLL_MS	50

void umod_pty_kick(struct umod_tty_drv *drv)
{
	uint64_t one = 1;

	if (drv->event >= 0 && write(drv->event, &one, sizeof(one)) < 0)
		return;	/* the counter is full: a wake-up is pending anyway */
}

/* ---- calls into the driver ----------------------------------------------------------- */

struct tty_call {
	struct umod_tty_line *line;
	struct tty_struct *tty;
	const unsigned char *buf;
	int count;
	struct ktermios old;
};

static long call_install(void *arg)
{
	struct tty_call *c = arg;
	struct tty_driver *d = c->line->drv->driver;

	if (d->ops->install)
		return d->ops->install(d, c->tty);
	c->tty->port = d->ports ? d->ports[c->tty->index] : NULL;
	if (d->ttys)
		d->ttys[c->tty->index] = c->tty;
	return 0;
}

static long call_open(void *arg)
{
	struct tty_call *c = arg;

	return c->tty->ops->open ? c->tty->ops->open(c->tty, &c->line->filp) : -ENODEV;
}

static long call_close(void *arg)
{
	struct tty_call *c = arg;

	if (c->tty->ops->close)
		c->tty->ops->close(c->tty, &c->line->filp);
	return 0;
}

/* release_tty(): shutdown, cleanup, the driver's table slot */
static long call_release(void *arg)
{
	struct tty_call *c = arg;
	struct tty_driver *d = c->tty->driver;

	if (c->tty->ops->shutdown)
		c->tty->ops->shutdown(c->tty);
	if (c->tty->ops->cleanup)
		c->tty->ops->cleanup(c->tty);
	if (c->tty->ops->remove)
		c->tty->ops->remove(d, c->tty);
	else if (d->ttys)
		d->ttys[c->tty->index] = NULL;
	return 0;
}

static long call_write(void *arg)
{
	struct tty_call *c = arg;
	const struct tty_operations *ops = c->tty->ops;
	long room = ops->write_room ? (long)ops->write_room(c->tty) : 2048;

	if (room <= 0 || room > 0x7fffffff)
		return 0;
	return ops->write(c->tty, c->buf, c->count < room ? c->count : (int)room);
}

static long call_set_termios(void *arg)
{
	struct tty_call *c = arg;

	if (c->tty->ops->set_termios)
		c->tty->ops->set_termios(c->tty, &c->old);
	return 0;
}

/* ---- a line's tty, from the first open to the last close ---------------------------- */

static struct tty_struct *tty_new(struct umod_tty_line *line)
{
	struct tty_driver *d = line->drv->driver;
	struct tty_struct *tty = calloc(1, sizeof(*tty));

	if (!tty)
		return NULL;
	tty->kref.refcount.refs.counter = 1;
	tty->driver = d;
	tty->ops = d->ops;
	tty->index = (int)line->index;
	tty->termios = line->termios;
	tty->umod = line;
	umod_mutex_init(&tty->atomic_write_lock);
	umod_mutex_init(&tty->legacy_mutex);
	umod_mutex_init(&tty->throttle_mutex);
	umod_mutex_init(&tty->winsize_mutex);
	umod_wq_init(&tty->termios_rwsem.wait);
	umod_wq_init(&tty->write_wait);
	umod_wq_init(&tty->read_wait);
	if (d->flags & 0x0080)	/* TTY_DRIVER_UNNUMBERED_NODE */
		snprintf(tty->name, sizeof(tty->name), "%s", d->name);
	else
		snprintf(tty->name, sizeof(tty->name), "%s%d", d->name,
			 (int)line->index + d->name_base);
	return tty;
}

/* the host's reference goes; the driver may hold more (tty_port_tty_get) */
static void tty_drop(struct tty_struct *tty)
{
	tty->umod = NULL;
	if (tty->port && tty->port->itty == tty)
		tty->port->itty = NULL;
	if (!__atomic_sub_fetch(&tty->kref.refcount.refs.counter, 1, __ATOMIC_ACQ_REL))
		free(tty);
}

static int tty_install(struct umod_tty_line *line)
{
	struct tty_call c = { .line = line };
	struct umod_tty_drv *drv = line->drv;
	long err;

	if (!(c.tty = tty_new(line)))
		return -ENOMEM;
	err = umod_tty_call(drv, call_install, &c);
	if (!err && !c.tty->port) {
		umod_log_printk(drv->host->log, KERN_WARNING "tty_init_dev: %s driver does not set tty->port. This would crash the kernel. Fix the driver!\n",
				drv->driver->name);
		err = -EINVAL;
	}
	if (err) {
		tty_drop(c.tty);
		return (int)err;
	}
	c.tty->port->itty = c.tty;
	line->tty = c.tty;
	return 0;
}

static void line_release(struct umod_tty_line *line, bool call_driver)
{
	struct tty_call c = { .line = line, .tty = line->tty };

	if (call_driver)
		umod_tty_call(line->drv, call_release, &c);
	line->termios = line->tty->termios;
	tty_drop(line->tty);
	line->tty = NULL;
	line->tx_len = line->tx_off = 0;
}

/* tty_open(): a failed open leaves the tty as it was (Documentation: the slave stays open) */
static void line_open(struct umod_tty_line *line)
{
	struct umod_tty_drv *drv = line->drv;
	struct tty_call c = { .line = line };

	if (drv->owner && !umod_refcount_try_get(drv->owner))
		return;
	if (!line->tty && tty_install(line)) {
		if (drv->owner)
			umod_refcount_put(drv->owner);
		return;
	}
	c.tty = line->tty;
	line->opens++;
	if (umod_tty_call(drv, call_open, &c)) {
		line->opens--;
		if (!line->opens)
			line_release(line, true);
		if (drv->owner)
			umod_refcount_put(drv->owner);
		return;
	}
	if (umod_tty_buffer_flush(line->tty->port, line->master))
		umod_pty_kick(drv);
}

static void line_close(struct umod_tty_line *line)
{
	struct tty_call c = { .line = line, .tty = line->tty };

	if (!line->opens)
		return;		/* an open the driver refused */
	umod_tty_call(line->drv, call_close, &c);
	if (!--line->opens)
		line_release(line, true);
	if (line->drv->owner)
		umod_refcount_put(line->drv->owner);
}

/* ---- data and termios ------------------------------------------------------------------- */

static void line_termios(struct umod_tty_line *line)
{
	struct tty_call c = { .line = line, .tty = line->tty };
	struct ktermios now;

	if (ioctl(line->master, UMOD_TCGETS2, &now) ||
	    !memcmp(&now, &line->tty->termios, sizeof(now)))
		return;
	c.old = line->tty->termios;
	line->tty->termios = now;
	umod_tty_call(line->drv, call_set_termios, &c);
}

/* what the driver takes of tx; an error drops the rest, as write(2) would fail */
static void line_offer(struct umod_tty_line *line)
{
	struct tty_call c = { .line = line, .tty = line->tty };

	line->wakeup = false;
	while (line->tx_off < line->tx_len) {
		long n;

		c.buf = line->tx + line->tx_off;
		c.count = (int)(line->tx_len - line->tx_off);
		n = line->tty->ops->write ? umod_tty_call(line->drv, call_write, &c) : -EINVAL;
		if (n < 0)
			line->tx_off = line->tx_len;
		if (n <= 0)
			break;
		line->tx_off += (size_t)n < line->tx_len - line->tx_off ?
				(size_t)n : line->tx_len - line->tx_off;
	}
	if (line->tx_off == line->tx_len)
		line->tx_off = line->tx_len = 0;
}

/* the master's bytes while the driver takes them; false when it has no more */
static bool line_read(struct umod_tty_line *line)
{
	ssize_t n;

	if (line->tx_len)
		return true;
	n = read(line->master, line->tx, sizeof(line->tx));
	if (n <= 0)
		return false;
	line->tx_len = (size_t)n;
	line_offer(line);
	return true;
}

/* ---- the thread ------------------------------------------------------------------------- */

static struct umod_tty_line *line_by_wd(struct umod_tty_drv *drv, int wd)
{
	for (unsigned int i = 0; i < drv->driver->num; i++)
		if (drv->lines[i] && drv->lines[i]->wd == wd)
			return drv->lines[i];
	return NULL;
}

/* opens and closes in the order they came; a writer's close first hands on what was written */
static void handle_events(struct umod_tty_drv *drv)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t len;

	while ((len = read(drv->inotify, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + len;) {
			struct inotify_event *ev = (struct inotify_event *)p;
			struct umod_tty_line *line = line_by_wd(drv, ev->wd);

			p += sizeof(*ev) + ev->len;
			if (!line)
				continue;
			if (ev->mask & IN_OPEN) {
				line_open(line);
			} else if (ev->mask & IN_CLOSE && line->tty) {
				line_termios(line);
				/* only a writer's bytes can be its own; a reader's (stty's)
				 * close must leave a later opener's bytes to that open */
				while (ev->mask & IN_CLOSE_WRITE && line_read(line) &&
				       !line->tx_len)
					;
				line_close(line);
			}
		}
	}
}

/* no file has the slave open: the master reads as hung up (TTY_OTHER_CLOSED) */
static bool slave_gone(const struct umod_tty_line *line)
{
	struct pollfd p = { .fd = line->master };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLHUP);
}

/*
 * inotify merges an event into an identical one still queued: two closes
 * in a row are one IN_CLOSE. Once the slave is closed by all, every open
 * the driver saw is closed, after what was written is handed on.
 */
static void line_hangup(struct umod_tty_line *line)
{
	while (line->tty && line->opens)
		line_close(line);
}

static void serve_lines(struct umod_tty_drv *drv)
{
	for (unsigned int i = 0; i < drv->driver->num; i++) {
		struct umod_tty_line *line = drv->lines[i];

		if (!line || !line->tty)
			continue;
		line_termios(line);
		if (line->tx_len && line->wakeup)
			line_offer(line);
		while (!line->tx_len && line_read(line))
			;
		if (line->tty && line->tty->port &&
		    umod_tty_buffer_flush(line->tty->port, line->master))
			line->wakeup = true;
		if (line->tty && slave_gone(line))
			line_hangup(line);
	}
}

/* the fds to wait on: the wake-ups, the slaves' events, open lines' masters */
static nfds_t poll_set(struct umod_tty_drv *drv, struct pollfd *pfd, nfds_t max, bool *open)
{
	nfds_t n = 2;

	pfd[0] = (struct pollfd){ .fd = drv->event, .events = POLLIN };
	pfd[1] = (struct pollfd){ .fd = drv->inotify, .events = POLLIN };
	*open = false;
	for (unsigned int i = 0; i < drv->driver->num && n < max; i++) {
		struct umod_tty_line *line = drv->lines[i];

		if (!line || !line->tty)
			continue;
		*open = true;
		pfd[n++] = (struct pollfd){ .fd = line->master,
			.events = (short)((line->tx_len ? 0 : POLLIN) | (line->wakeup ? POLLOUT : 0)) };
	}
	return n;
}

static void *bridge_main(void *arg)
{
	struct umod_tty_drv *drv = arg;
	struct pollfd pfd[64];
	struct umod_task *task;
	uint64_t count;

	if (umod_task_new(&task, "tty_bridge", false))
		return NULL;
	umod_task_set_current(task);
	umod_oops_thread_init();
	pthread_mutex_lock(&drv->lock);
	while (!drv->stop) {
		bool open;
		nfds_t n = poll_set(drv, pfd, UMOD_ARRAY_SIZE(pfd), &open);

		pthread_mutex_unlock(&drv->lock);
		poll(pfd, n, open ? TERMIOS_POLL_MS : -1);
		pthread_mutex_lock(&drv->lock);
		if (read(drv->event, &count, sizeof(count)) < 0 && errno != EAGAIN)
			break;
		handle_events(drv);
		serve_lines(drv);
	}
	pthread_mutex_unlock(&drv->lock);
	umod_task_set_current(NULL);
	umod_task_put(task);
	return NULL;
}

int umod_pty_start(struct umod_tty_drv *drv)
{
	drv->inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	drv->event = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (drv->inotify < 0 || drv->event < 0 ||
	    umod_thread_spawn(&drv->thread, bridge_main, drv)) {
		umod_pty_stop(drv);
		return -EMFILE;
	}
	drv->running = true;
	return 0;
}

void umod_pty_stop(struct umod_tty_drv *drv)
{
	pthread_mutex_lock(&drv->lock);
	drv->stop = true;
	pthread_mutex_unlock(&drv->lock);
	umod_pty_kick(drv);
	if (drv->running)
		pthread_join(drv->thread, NULL);
	drv->running = false;
	if (drv->inotify >= 0)
		close(drv->inotify);
	if (drv->event >= 0)
		close(drv->event);
	drv->inotify = drv->event = -1;
}

/* ---- a line's pty --------------------------------------------------------------------------- */

int umod_pty_line_create(struct umod_tty_line *line)
{
	struct umod_tty_drv *drv = line->drv;
	int fd = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	int err = -errno;

	if (fd < 0)
		return err;
	if (grantpt(fd) || unlockpt(fd) || ptsname_r(fd, line->slave, sizeof(line->slave)) ||
	    ioctl(fd, UMOD_TCSETS2, &line->termios)) {
		err = -errno;
		goto out_close;
	}
	line->wd = inotify_add_watch(drv->inotify, line->slave, IN_OPEN | IN_CLOSE);
	if (line->wd < 0) {
		err = -errno;
		goto out_close;
	}
	err = umod_devtmpfs_link(line->dev, line->slave);
	if (err)
		goto out_unwatch;
	line->master = fd;
	line->filp.f_flags = O_RDWR;
	line->filp.f_mode = 0x3;	/* FMODE_READ | FMODE_WRITE */
	umod_pty_kick(drv);
	return 0;
out_unwatch:
	inotify_rm_watch(drv->inotify, line->wd);
out_close:
	close(fd);
	return err;
}

/* a line going while open: the host lets go without calling the driver again */
void umod_pty_line_destroy(struct umod_tty_line *line)
{
	struct umod_tty_drv *drv = line->drv;

	if (line->tty) {
		for (; line->opens; line->opens--)
			if (drv->owner)
				umod_refcount_put(drv->owner);
		line_release(line, false);
	}
	inotify_rm_watch(drv->inotify, line->wd);
	close(line->master);
	line->master = -1;
}
