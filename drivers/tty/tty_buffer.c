// SPDX-License-Identifier: MIT
/*
 * The flip buffer (Linux's drivers/tty/tty_buffer.c): what a driver
 * receives waits in its port until tty_flip_buffer_push() hands it to the
 * line discipline, which here is the host pty's: the bytes are written to
 * the line's pty master, and the slave's n_tty does the rest (echo,
 * canonical mode, signals). A port holds at most 64 KiB, 6.1's
 * TTYB_DEFAULT_MEM_LIMIT; beyond it an insert takes fewer bytes, as 6.1's
 * does. Bytes pushed while the line is closed wait for the next open; the
 * master's own buffer full, the rest waits for the bridge thread.
 * Character flags other than TTY_NORMAL are not carried: a pty carries
 * bytes only (driver-api/tty.rst).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drivers/tty/tty.h"
#include "kernel/kapi.h"

#define TTYB_DEFAULT_MEM_LIMIT	65536

struct tty_flip {
	pthread_mutex_t lock;
	int limit;
	size_t len;			/* bytes held, not yet pushed */
	size_t pushed;			/* of those, how many were pushed */
	size_t cap;			/* grows to the limit as bytes come */
	unsigned char *buf;
};

static struct tty_flip *flip_of(struct tty_port *port)
{
	return port ? port->buf.umod : NULL;
}

int umod_tty_buffer_init(struct tty_port *port)
{
	struct tty_flip *f = calloc(1, sizeof(*f));

	if (!f)
		return -ENOMEM;
	pthread_mutex_init(&f->lock, NULL);
	f->limit = TTYB_DEFAULT_MEM_LIMIT;
	port->buf.umod = f;
	return 0;
}

void umod_tty_buffer_free(struct tty_port *port)
{
	struct tty_flip *f = flip_of(port);

	if (!f)
		return;
	pthread_mutex_destroy(&f->lock);
	free(f->buf);
	free(f);
	port->buf.umod = NULL;
}

static int kapi_tty_buffer_set_limit(struct tty_port *port, int limit)
{
	struct tty_flip *f = flip_of(port);

	if (!f || limit < 2048)
		return -EINVAL;
	f->limit = limit < TTYB_DEFAULT_MEM_LIMIT ? limit : TTYB_DEFAULT_MEM_LIMIT;
	return 0;
}

static unsigned int kapi_tty_buffer_space_avail(struct tty_port *port)
{
	struct tty_flip *f = flip_of(port);
	unsigned int room;

	if (!f)
		return 0;
	pthread_mutex_lock(&f->lock);
	room = f->len < (size_t)f->limit ? (unsigned int)(f->limit - (int)f->len) : 0;
	pthread_mutex_unlock(&f->lock);
	return room;
}

static int kapi_tty_buffer_request_room(struct tty_port *port, size_t size)
{
	unsigned int room = kapi_tty_buffer_space_avail(port);

	return (int)(size < room ? size : room);
}

/* f->lock held: room for @size more bytes, up to the limit; how many fit */
static size_t flip_room(struct tty_flip *f, size_t size)
{
	size_t n = (size_t)f->limit > f->len ? (size_t)f->limit - f->len : 0;

	if (n > size)
		n = size;
	if (f->len + n > f->cap) {
		size_t cap = f->cap ? f->cap : 256;
		unsigned char *p;

		while (cap < f->len + n)
			cap *= 2;
		if (!(p = realloc(f->buf, cap)))
			return f->cap - f->len;
		f->buf = p;
		f->cap = cap;
	}
	return n;
}

/* copies what fits; the count copied */
static int flip_insert(struct tty_port *port, const unsigned char *chars, size_t size)
{
	struct tty_flip *f = flip_of(port);
	size_t n;

	if (!f || !chars)
		return 0;
	pthread_mutex_lock(&f->lock);
	n = flip_room(f, size);
	memcpy(f->buf + f->len, chars, n);
	f->len += n;
	pthread_mutex_unlock(&f->lock);
	return (int)n;
}

static int kapi_tty_insert_flip_string_fixed_flag(struct tty_port *port,
						  const unsigned char *chars, char flag,
						  size_t size)
{
	return flip_insert(port, chars, size);
}

static int kapi_tty_insert_flip_string_flags(struct tty_port *port, const unsigned char *chars,
					     const char *flags, size_t size)
{
	return flip_insert(port, chars, size);
}

int umod_tty_insert_flip_char(struct tty_port *port, unsigned char ch, char flag)
{
	return flip_insert(port, &ch, 1);
}

/* room for @size bytes the driver fills itself; they count as inserted */
static int kapi_tty_prepare_flip_string(struct tty_port *port, unsigned char **chars,
					size_t size)
{
	struct tty_flip *f = flip_of(port);
	size_t n;

	if (!f)
		return 0;
	pthread_mutex_lock(&f->lock);
	n = flip_room(f, size);
	*chars = f->buf + f->len;
	f->len += n;
	pthread_mutex_unlock(&f->lock);
	return (int)n;
}

bool umod_tty_buffer_flush(struct tty_port *port, int fd)
{
	struct tty_flip *f = flip_of(port);
	bool left;

	if (!f)
		return false;
	pthread_mutex_lock(&f->lock);
	while (fd >= 0 && f->pushed) {
		ssize_t n = write(fd, f->buf, f->pushed);

		if (n <= 0)
			break;
		memmove(f->buf, f->buf + n, f->len - (size_t)n);
		f->len -= (size_t)n;
		f->pushed -= (size_t)n;
	}
	left = f->pushed > 0;
	pthread_mutex_unlock(&f->lock);
	return left;
}

/* to the line's master, if it is open (port->itty is set while it is) */
void umod_tty_flip_buffer_push(struct tty_port *port)
{
	struct tty_flip *f = flip_of(port);
	struct tty_struct *tty = port ? port->itty : NULL;
	struct umod_tty_line *line = tty ? tty->umod : NULL;

	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	f->pushed = f->len;
	pthread_mutex_unlock(&f->lock);
	if (line && umod_tty_buffer_flush(port, line->master))
		umod_pty_kick(line->drv);
}

static const struct umod_kapi_export tty_buffer_exports[] = {
	UMOD_KAPI_GPL("tty_buffer_set_limit", kapi_tty_buffer_set_limit),
	UMOD_KAPI_GPL("tty_buffer_space_avail", kapi_tty_buffer_space_avail),
	UMOD_KAPI_GPL("tty_buffer_request_room", kapi_tty_buffer_request_room),
	UMOD_KAPI("tty_insert_flip_string_fixed_flag", kapi_tty_insert_flip_string_fixed_flag),
	UMOD_KAPI("tty_insert_flip_string_flags", kapi_tty_insert_flip_string_flags),
	UMOD_KAPI("__tty_insert_flip_char", umod_tty_insert_flip_char),
	UMOD_KAPI_GPL("tty_prepare_flip_string", kapi_tty_prepare_flip_string),
	UMOD_KAPI("tty_flip_buffer_push", umod_tty_flip_buffer_push),
};

const struct umod_kapi_table umod_kapi_tty_buffer = UMOD_KAPI_TABLE(tty_buffer_exports);
