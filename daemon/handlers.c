// SPDX-License-Identifier: MIT
/*
 * What each request does to the host. Every handler starts its reply with
 * the status and adds its fields after it; a reply that would outgrow the
 * limit is replaced by a bare -EMSGSIZE.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <umod/umod.h>

#include "daemon.h"

/* a dmesg reply stops growing here; the client asks again from its cursor */
#define LOG_REPLY_BUDGET	(256u << 10)
#define LOG_LINE_MAX		1024

/* /proc/modules' word for a state, which the LIST reply carries too */
const char *umod_daemon_state_name(enum umod_module_state state)
{
	switch (state) {
	case UMOD_MODULE_LIVE:
		return "Live";
	case UMOD_MODULE_COMING:
	case UMOD_MODULE_UNFORMED:
		return "Loading";
	default:
		return "Unloading";
	}
}

/* "a,b,...": as many holders as there are, as /proc/modules lists them */
struct holders {
	char *list;		/* malloc'd, NUL-terminated */
	size_t len, cap;
};

static int add_holder(struct umod_module *holder, void *data)
{
	struct holders *h = data;
	const char *name = umod_module_get_name(holder);
	size_t need = h->len + 1 + strlen(name) + 1;

	if (need > h->cap) {
		size_t cap = need > 2 * h->cap ? need : 2 * h->cap;
		char *list = realloc(h->list, cap);

		if (!list)
			return -ENOMEM;
		h->list = list;
		h->cap = cap;
	}
	h->len += (size_t)sprintf(h->list + h->len, "%s%s", h->len ? "," : "", name);
	return 0;
}

static int put_module(struct umod_module *mod, void *data)
{
	struct umod_proto_buf *b = data;
	struct holders h = { NULL, 0, 0 };
	char taint[32];
	int err = umod_module_for_each_holder(mod, add_holder, &h);

	if (err) {
		free(h.list);
		return err;
	}
	umod_module_get_taint(mod, taint, sizeof(taint));
	umod_proto_put_str(b, umod_module_get_name(mod));
	umod_proto_put_int(b, (int64_t)(umod_module_get_core_size(mod) +
					umod_module_get_init_size(mod)));
	umod_proto_put_int(b, umod_module_get_refcnt(mod));
	umod_proto_put_str(b, umod_daemon_state_name(umod_module_get_state(mod)));
	umod_proto_put_str(b, h.list ? h.list : "");
	umod_proto_put_str(b, taint);
	free(h.list);
	return b->err;
}

static int list_modules(struct umod_daemon *d, struct umod_proto_buf *b)
{
	umod_proto_put_int(b, 0);
	return umod_host_for_each_module(d->host, put_module, b);
}

/*
 * The records from *@seq on that fit in one reply; *@seq moves past them.
 * Returns how many were added; *@drained says the ring had no more.
 */
static int put_records(struct umod_daemon *d, uint64_t *seq, struct umod_proto_buf *b,
		       bool *drained)
{
	char text[LOG_LINE_MAX];
	int count = 0;

	*drained = false;
	while (b->len < LOG_REPLY_BUDGET) {
		uint64_t ts;
		int level;

		if (umod_log_read(d->host, seq, &level, &ts, text, sizeof(text)) < 0) {
			*drained = true;
			break;
		}
		umod_proto_put_int(b, (int64_t)(*seq - 1));
		umod_proto_put_int(b, level);
		umod_proto_put_int(b, (int64_t)ts);
		umod_proto_put_str(b, text);
		count++;
	}
	return count;
}

/*
 * dmesg: the records from the client's cursor (it resumes after the last
 * one it got, and stops at an empty reply). With UMOD_LOG_WAIT at least
 * one, waiting for it; with UMOD_LOG_CLEAR the ring is cleared once a
 * reply has reached its end.
 */
static int read_log(struct umod_daemon *d, int fd, const struct umod_request *req,
		    struct umod_proto_buf *b)
{
	uint64_t cursor = req->log.seq;
	bool drained;
	int err;

	umod_proto_put_int(b, 0);
	for (;;) {
		uint64_t next = umod_messages_next(d);
		int count = put_records(d, &cursor, b, &drained);

		if (drained && (req->log.flags & UMOD_LOG_CLEAR))
			umod_log_clear(d->host);
		if (count || !(req->log.flags & UMOD_LOG_WAIT))
			return b->err;
		/* nothing readable below next: cleared, or never there */
		if (cursor < next)
			cursor = next;
		err = umod_messages_wait(d, cursor, fd);
		if (err)
			return err;
	}
}

/* ---- sysfs ---------------------------------------------------------------- */

struct ls_walk {
	struct umod_daemon *d;
	const char *dir;	/* "" for the root */
	struct umod_proto_buf *b;
};

/* one entry: name, mode, and where a symlink (holders/) points */
static void put_entry(struct umod_daemon *d, struct umod_proto_buf *b, const char *path,
		      const char *name, mode_t mode)
{
	char target[4096] = "";
	ssize_t n = S_ISLNK(mode) ? umod_view_readlink(d, path, target, sizeof(target) - 1) : 0;

	target[n > 0 ? n : 0] = '\0';
	umod_proto_put_str(b, name);
	umod_proto_put_int(b, mode);
	umod_proto_put_str(b, target);
}

static int put_child(void *data, const char *name, mode_t mode)
{
	struct ls_walk *w = data;
	char path[4096];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", w->dir, name) >= sizeof(path))
		return -ENAMETOOLONG;
	put_entry(w->d, w->b, path, name, mode);
	return w->b->err;
}

/* a directory lists its entries; anything else, itself (as ls does) */
static int sysfs_ls(struct umod_daemon *d, const char *path, struct umod_proto_buf *b)
{
	struct ls_walk w = { d, strcmp(path, "/") ? path : "", b };
	mode_t mode;
	int err = umod_view_stat(d, path, &mode);

	if (err)
		return err;
	umod_proto_put_int(b, 0);
	if (S_ISDIR(mode))
		return umod_view_list(d, path, put_child, &w);
	put_entry(d, b, path, "", mode);	/* "": the path itself */
	return b->err;
}

/* /proc/modules grows with the modules (a line each); a sysfs file is a page */
#define PROC_READ_MAX	(256u << 10)

static int sysfs_read(struct umod_daemon *d, const char *path, struct umod_proto_buf *b)
{
	size_t size = umod_proc_is(path) ? PROC_READ_MAX : UMOD_SYSFS_PAGE_SIZE + 1;
	char *value = malloc(size);
	ssize_t n = value ? umod_view_read(d, path, value, size) : -ENOMEM;

	if (n >= 0) {
		umod_proto_put_int(b, 0);
		umod_proto_put_bytes(b, value, (size_t)n);
		n = b->err;
	}
	free(value);
	return (int)n;
}

static int sysfs_write(struct umod_daemon *d, const char *path, const char *value)
{
	ssize_t n = umod_view_write(d, path, value, strlen(value));

	return n < 0 ? (int)n : 0;
}

struct module_call {
	struct umod_daemon *d;
	const struct umod_request *req;
};

/* the two requests that run module code (init, exit) */
static int call_module(void *arg)
{
	const struct module_call *c = arg;
	const struct umod_request *req = c->req;

	if (req->op == UMOD_OP_INSERT)
		return umod_module_insert_image(c->d->host, req->insert.image, req->insert.len,
						req->insert.args, req->insert.flags, NULL);
	return umod_module_remove(c->d->host, req->remove.name, req->remove.flags);
}

static int dispatch(struct umod_daemon *d, int fd, const struct umod_request *req,
		    struct umod_proto_buf *b)
{
	struct module_call c = { d, req };

	switch (req->op) {
	case UMOD_OP_INSERT:
	case UMOD_OP_REMOVE:
		return umod_daemon_watch_hangup(fd, call_module, &c);
	case UMOD_OP_LIST:
		return list_modules(d, b);
	case UMOD_OP_LOG_READ:
		return read_log(d, fd, req, b);
	case UMOD_OP_SYSFS_LS:
		return sysfs_ls(d, req->sysfs.path, b);
	case UMOD_OP_SYSFS_READ:
		return sysfs_read(d, req->sysfs.path, b);
	case UMOD_OP_SYSFS_WRITE:
		return sysfs_write(d, req->sysfs.path, req->sysfs.value);
	default:
		return -ENOSYS;
	}
}

void umod_daemon_handle(struct umod_daemon *d, int fd, const struct umod_request *req,
			struct umod_proto_buf *reply)
{
	uint16_t op = req->op | UMOD_OP_REPLY;
	int err;

	umod_proto_begin(reply, op, UMOD_PROTO_MAX_REPLY);
	err = dispatch(d, fd, req, reply);
	if (err || reply->len == UMOD_PROTO_HDR_SIZE) {
		/* a failure, or a handler with nothing but a status to say */
		umod_proto_begin(reply, op, UMOD_PROTO_MAX_REPLY);
		umod_proto_put_int(reply, err > 0 ? 0 : err);
		/* module code oopsed: how Linux would have ended the client */
		if (err == -ENOTRECOVERABLE && umod_task_oops_signal())
			umod_proto_put_int(reply, umod_task_oops_signal());
	}
}
