// SPDX-License-Identifier: MIT
/*
 * The client end: find the socket, connect, read the server's greeting,
 * then one reply per request. The tools use nothing else of daemon/.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "daemon.h"

const char *umod_socket_default(char *buf, size_t size)
{
	const char *env = getenv("UMOD_SOCKET");

	if (env && *env)
		return env;
	env = getenv("XDG_RUNTIME_DIR");
	if (env && *env && (size_t)snprintf(buf, size, "%s/umod.sock", env) < size)
		return buf;
	return UMOD_SOCKET_FALLBACK;
}

int umod_socket_addr(const char *path, struct sockaddr_un *sun)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun->sun_path))
		return -ENAMETOOLONG;
	strcpy(sun->sun_path, path);
	return 0;
}

/* the reply must answer @op; its status field comes first */
static int take_reply(struct umod_client *c, uint16_t op, int *status)
{
	int64_t v;

	if (c->hdr.op != (op | UMOD_OP_REPLY) && c->hdr.op != UMOD_OP_REPLY)
		return -EPROTO;
	umod_proto_cursor_init(&c->cur, c->payload, c->hdr.len);
	if (umod_proto_get_int(&c->cur, &v) || v > 0 || v < INT32_MIN)
		return -EPROTO;
	*status = (int)v;
	return 0;
}

static int receive(struct umod_client *c, uint16_t op, int *status)
{
	int err;

	free(c->payload);
	c->payload = NULL;
	err = umod_io_recv(c->fd, UMOD_PROTO_MAX_REPLY, 0, &c->hdr, &c->payload);
	if (err)
		return err;
	return take_reply(c, op, status);
}

int umod_client_oops_signal(struct umod_client *c)
{
	int64_t sig;

	if (umod_proto_get_int(&c->cur, &sig) || sig <= 0 || sig >= 65)
		return 0;
	return (int)sig;
}

int umod_client_open(struct umod_client *c, const char *path)
{
	struct sockaddr_un sun;
	int err, status;

	memset(c, 0, sizeof(*c));
	c->fd = -1;
	err = umod_socket_addr(path, &sun);
	if (err)
		return err;
	c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0)
		return -errno;
	if (connect(c->fd, (struct sockaddr *)&sun, sizeof(sun)) < 0) {
		/* a socket we may not open is the daemon saying no */
		err = errno == EACCES ? -EPERM : -errno;
		goto fail;
	}
	err = receive(c, UMOD_OP_HELLO, &status);
	if (!err)
		err = status;
	if (err)
		goto fail;
	return 0;
fail:
	umod_client_close(c);
	return err;
}

int umod_client_call(struct umod_client *c, struct umod_proto_buf *req, int *status)
{
	int err = umod_proto_finish(req);

	if (!err)
		err = umod_io_send(c->fd, req);
	if (!err)
		err = receive(c, req->op, status);
	return err;
}

/* ---- the requests, one function each ------------------------------------- */

static int call(struct umod_client *c, struct umod_proto_buf *req, int *status)
{
	int err = umod_client_call(c, req, status);

	umod_proto_buf_free(req);
	return err;
}

int umod_client_insert(struct umod_client *c, const void *image, size_t len,
		       const char *args, unsigned int flags, int *status)
{
	struct umod_proto_buf b = { 0 };

	umod_proto_begin(&b, UMOD_OP_INSERT, UMOD_PROTO_MAX_REQUEST);
	umod_proto_put_bytes(&b, image, len);
	umod_proto_put_str(&b, args ? args : "");
	umod_proto_put_int(&b, flags);
	return call(c, &b, status);
}

int umod_client_remove(struct umod_client *c, const char *name, unsigned int flags,
		       int *status)
{
	struct umod_proto_buf b = { 0 };

	umod_proto_begin(&b, UMOD_OP_REMOVE, UMOD_PROTO_MAX_REQUEST);
	umod_proto_put_str(&b, name);
	umod_proto_put_int(&b, flags);
	return call(c, &b, status);
}

int umod_client_list(struct umod_client *c, int *status)
{
	struct umod_proto_buf b = { 0 };

	umod_proto_begin(&b, UMOD_OP_LIST, UMOD_PROTO_MAX_REQUEST);
	return call(c, &b, status);
}

int umod_client_log_read(struct umod_client *c, uint64_t seq, unsigned int flags,
			 int *status)
{
	struct umod_proto_buf b = { 0 };

	umod_proto_begin(&b, UMOD_OP_LOG_READ, UMOD_PROTO_MAX_REQUEST);
	umod_proto_put_int(&b, (int64_t)seq);
	umod_proto_put_int(&b, flags);
	return call(c, &b, status);
}

int umod_client_sysfs(struct umod_client *c, uint16_t op, const char *path,
		      const char *value, int *status)
{
	struct umod_proto_buf b = { 0 };

	umod_proto_begin(&b, op, UMOD_PROTO_MAX_REQUEST);
	umod_proto_put_str(&b, path);
	if (value)
		umod_proto_put_str(&b, value);
	return call(c, &b, status);
}

/* ---- the replies' records ------------------------------------------------ */

/* 1 and the next record, 0 at the end, -EPROTO for a malformed one */
int umod_client_next_module(struct umod_client *c, struct umod_listed *m)
{
	struct umod_proto_cursor *cur = &c->cur;

	if (umod_proto_at_end(cur))
		return 0;
	if (umod_proto_get_str(cur, &m->name) || umod_proto_get_int(cur, &m->size) ||
	    umod_proto_get_int(cur, &m->refcnt) || umod_proto_get_str(cur, &m->state) ||
	    umod_proto_get_str(cur, &m->holders) || umod_proto_get_str(cur, &m->taint))
		return -EPROTO;
	return 1;
}

int umod_client_next_record(struct umod_client *c, struct umod_logrec *r)
{
	struct umod_proto_cursor *cur = &c->cur;
	int64_t seq, level, ts;

	if (umod_proto_at_end(cur))
		return 0;
	if (umod_proto_get_int(cur, &seq) || umod_proto_get_int(cur, &level) ||
	    umod_proto_get_int(cur, &ts) || umod_proto_get_str(cur, &r->text) ||
	    seq < 0 || level < 0 || level > 7 || ts < 0)
		return -EPROTO;
	r->seq = (uint64_t)seq;
	r->level = (int)level;
	r->ts_nsec = (uint64_t)ts;
	return 1;
}

int umod_client_next_entry(struct umod_client *c, struct umod_dirent *e)
{
	struct umod_proto_cursor *cur = &c->cur;
	int64_t mode;

	if (umod_proto_at_end(cur))
		return 0;
	if (umod_proto_get_str(cur, &e->name) || umod_proto_get_int(cur, &mode) ||
	    umod_proto_get_str(cur, &e->target) || mode < 0 || mode > 0177777)
		return -EPROTO;
	e->mode = (unsigned int)mode;
	return 1;
}

int umod_client_value(struct umod_client *c, const void **value, size_t *len)
{
	if (umod_proto_get_bytes(&c->cur, value, len) || !umod_proto_at_end(&c->cur))
		return -EPROTO;
	return 0;
}

void umod_client_close(struct umod_client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	free(c->payload);
	c->payload = NULL;
}
