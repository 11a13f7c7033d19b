// SPDX-License-Identifier: MIT
/*
 * The system logfile, <state-dir>/messages: every printk record is
 * appended as dmesg prints it and flushed at once, so what a module said
 * before a crash is on disk. The same sink wakes readers that follow the
 * log (dmesg -w). It runs with the ring's lock held, so it never calls
 * back into the host, and readers never hold log_lock while reading it.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <umod/umod.h>

#include "../tools/tools.h"
#include "daemon.h"

#define WAIT_SLICE_MS	500	/* how often a waiting reader checks its peer */

static void sink(void *data, uint64_t seq, int level, uint64_t ts_nsec,
		 const char *text, size_t len)
{
	struct umod_daemon *d = data;

	if (d->messages)
		umod_tool_print_record(d->messages, ts_nsec, text);
	pthread_mutex_lock(&d->log_lock);
	d->log_next = seq + 1;
	pthread_cond_broadcast(&d->log_cond);
	pthread_mutex_unlock(&d->log_lock);
}

/* mkdir -p, for the state directory */
static int make_dirs(const char *path)
{
	char buf[4096];
	size_t len = strlen(path);

	if (len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(buf, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

int umod_messages_open(struct umod_daemon *d)
{
	char path[4096];
	int fd, err;

	err = make_dirs(d->opts->state_dir);
	if (err)
		return err;
	if ((size_t)snprintf(path, sizeof(path), "%s/messages", d->opts->state_dir) >=
	    sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
	if (fd < 0)
		return -errno;
	d->messages = fdopen(fd, "a");
	if (!d->messages) {
		close(fd);
		return -ENOMEM;
	}
	umod_host_set_log_fn(d->host, sink, d);
	return 0;
}

/* after the host is gone: its last exit lines are in the file by now */
void umod_messages_close(struct umod_daemon *d)
{
	if (d->messages)
		fclose(d->messages);
	d->messages = NULL;
}

uint64_t umod_messages_next(struct umod_daemon *d)
{
	uint64_t next;

	pthread_mutex_lock(&d->log_lock);
	next = d->log_next;
	pthread_mutex_unlock(&d->log_lock);
	return next;
}

static bool peer_gone(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLRDHUP };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

static void deadline_in(struct timespec *ts, long ms)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_nsec += ms * 1000000L;
	ts->tv_sec += ts->tv_nsec / 1000000000L;
	ts->tv_nsec %= 1000000000L;
}

int umod_messages_wait(struct umod_daemon *d, uint64_t seq, int fd)
{
	struct timespec until;
	int err = 0;

	pthread_mutex_lock(&d->log_lock);
	while (d->log_next <= seq) {
		if (atomic_load(&d->stopping)) {
			err = -ESHUTDOWN;
			break;
		}
		if (peer_gone(fd)) {
			err = -ECONNRESET;
			break;
		}
		deadline_in(&until, WAIT_SLICE_MS);
		pthread_cond_timedwait(&d->log_cond, &d->log_lock, &until);
	}
	pthread_mutex_unlock(&d->log_lock);
	return err;
}

void umod_messages_wake_all(struct umod_daemon *d)
{
	pthread_mutex_lock(&d->log_lock);
	pthread_cond_broadcast(&d->log_cond);
	pthread_mutex_unlock(&d->log_lock);
}
