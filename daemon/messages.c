// SPDX-License-Identifier: MIT
/*
 * The system logfile, <state-dir>/messages: every printk record is
 * appended as dmesg prints it, one write(2) per line, so what a module
 * said before a crash is on disk. A line is written whole or not at all:
 * when the disk is full, a partial write is cut off again and the line
 * counted; once space returns, the count goes first in the same write,
 * as the kernel's console prepends "** N printk messages dropped **".
 * The ring keeps every record meanwhile (dmesg still shows them), and the
 * failure is said once on stderr. SIGHUP reopens the file
 * (logrotate renames it first) onto the same descriptor, so the oops
 * handler's copy of it stays valid.
 *
 * The file is bounded (--messages-max, 16 MiB by default), as a syslog
 * daemon's size limit: a line that would take it past the bound first
 * moves it to messages.1, dropping the one before, and the new file
 * starts with a line saying so and how much was dropped. So a module
 * that floods the log costs twice the bound on disk, no more.
 *
 * The same sink wakes readers that follow the log (dmesg -w). It runs
 * with the ring's lock held, so it never calls back into the host, and
 * readers never hold log_lock while reading it.
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

/* the whole of @buf at the end of the file, or nothing of it */
static bool write_whole(int fd, const char *buf, size_t len)
{
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) < 0)
		return false;
	do
		n = write(fd, buf, len);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)len)
		return true;
	if (n > 0 && ftruncate(fd, st.st_size) < 0)
		return false;
	return false;
}

static int open_logfile(const char *dir);
static void log_record_text(struct umod_daemon *d, uint64_t ts_nsec, const char *text);

/* <state-dir>/@name, or NULL if the path does not fit */
static const char *state_path(struct umod_daemon *d, const char *name, char *buf, size_t size)
{
	return (size_t)snprintf(buf, size, "%s/%s", d->opts->state_dir, name) < size ? buf : NULL;
}

/* the first line of the new file: why it is new, and what went */
static void rotated_note(struct umod_daemon *d, uint64_t ts_nsec, uint64_t old_size,
			 uint64_t old_lines)
{
	char text[256];

	if (!old_size)
		snprintf(text, sizeof(text), "umod: messages reached %llu bytes (--messages-max): moved to messages.1",
			 d->opts->messages_max);
	else if (old_lines)
		snprintf(text, sizeof(text), "umod: messages reached %llu bytes (--messages-max): moved to messages.1; the one before was dropped: %llu lines, %llu bytes",
			 d->opts->messages_max, (unsigned long long)old_lines,
			 (unsigned long long)old_size);
	else
		snprintf(text, sizeof(text), "umod: messages reached %llu bytes (--messages-max): moved to messages.1; the one before was dropped: %llu bytes",
			 d->opts->messages_max, (unsigned long long)old_size);
	log_record_text(d, ts_nsec, text);
}

/*
 * messages -> messages.1 (the old one goes), a new messages on the same
 * descriptor. The state directory is the daemon's own (owner-only), so
 * the names cannot be planted; rename() moves a link, never its target.
 */
static void rotate(struct umod_daemon *d, uint64_t ts_nsec)
{
	char cur[4096], old[4096];
	uint64_t old_size = 0, old_lines = d->rotated_lines;
	struct stat st;

	if (!state_path(d, "messages", cur, sizeof(cur)) ||
	    !state_path(d, "messages.1", old, sizeof(old)))
		return;
	if (lstat(old, &st) == 0 && S_ISREG(st.st_mode))
		old_size = (uint64_t)st.st_size;
	if (old_size != d->rotated_size)
		old_lines = 0;		/* not the one this daemon made: lines unknown */
	if (rename(cur, old) < 0)
		return;
	d->rotated_size = d->messages_size;
	d->rotated_lines = d->messages_lines;
	if (umod_messages_reopen(d) < 0)
		return;
	rotated_note(d, ts_nsec, old_size, old_lines);
}

/* the line, after the count of those dropped before it: whole, or not at all */
static void write_line(struct umod_daemon *d, const char *buf, size_t len)
{
	char *out = (char *)buf;
	int n = 0;

	if (d->messages_dropped) {
		n = asprintf(&out, "** %llu printk messages dropped **\n%.*s",
			     (unsigned long long)d->messages_dropped, (int)len, buf);
		if (n < 0)
			return;
	}
	if (write_whole(d->messages_fd, out, n ? (size_t)n : len)) {
		d->messages_size += n ? (size_t)n : len;
		d->messages_lines += 1 + (d->messages_dropped != 0);
		d->messages_dropped = 0;
	}
	else if (!d->messages_dropped++)
		fprintf(stderr, "umod: %s/messages: %s: lines are counted, the ring keeps them\n",
			d->opts->state_dir, strerror(errno ? errno : ENOSPC));
	if (out != buf)
		free(out);
}

/* a line as dmesg prints it, in one piece, with no bound */
static void log_record_text(struct umod_daemon *d, uint64_t ts_nsec, const char *text)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return;
	umod_tool_print_record(f, ts_nsec, text);
	if (fclose(f) == 0)
		write_line(d, buf, len);
	free(buf);
}

/* a record, once the file has room for it (a printed line is ~text + 15) */
static void log_record(struct umod_daemon *d, uint64_t ts_nsec, const char *text)
{
	unsigned long long max = d->opts->messages_max;

	if (max && d->messages_size && d->messages_size + strlen(text) + 16 > max)
		rotate(d, ts_nsec);
	log_record_text(d, ts_nsec, text);
}

static void sink(void *data, uint64_t seq, int level, uint64_t ts_nsec,
		 const char *text, size_t len)
{
	struct umod_daemon *d = data;

	if (d->messages_fd >= 0)
		log_record(d, ts_nsec, text);
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

/* owner-only, never through a link; an old file keeps its lines */
static int open_logfile(const char *dir)
{
	char path[4096];
	struct stat st;
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/messages", dir) >= sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return errno == ELOOP ? -ELOOP : -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	if (umod_check_private(&st, false) || (fchmod(fd, 0600) < 0 && (st.st_mode & 0077))) {
		close(fd);
		return -EPERM;
	}
	return fd;
}

int umod_messages_open(struct umod_daemon *d)
{
	struct stat st;
	int err = make_dirs(d->opts->state_dir);

	if (err)
		return err;
	if (lstat(d->opts->state_dir, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode) || umod_check_private(&st, true))
		return -EPERM;
	d->messages_fd = open_logfile(d->opts->state_dir);
	if (d->messages_fd < 0)
		return d->messages_fd;
	if (fstat(d->messages_fd, &st) == 0)
		d->messages_size = (uint64_t)st.st_size;
	umod_host_set_log_fn(d->host, sink, d);
	return 0;
}

/* <state-dir>/@name, a private directory of ours (made if missing), into @buf */
int umod_state_subdir(struct umod_daemon *d, const char *name, char *buf, size_t size)
{
	struct stat st;

	if (!state_path(d, name, buf, size))
		return -ENAMETOOLONG;
	if (mkdir(buf, 0700) < 0 && errno != EEXIST)
		return -errno;
	if (lstat(buf, &st) < 0)
		return -errno;
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	if (!S_ISDIR(st.st_mode) || umod_check_private(&st, true))
		return -EPERM;
	return 0;
}

/*
 * SIGHUP: the file at the path is ours from now on (a rotated one has been
 * renamed away). The new file takes the old descriptor's number, so the
 * sink and the oops handler carry on writing without a lock.
 */
int umod_messages_reopen(struct umod_daemon *d)
{
	int fd = open_logfile(d->opts->state_dir);
	struct stat st;

	if (fd < 0)
		return fd;
	if (dup3(fd, d->messages_fd, O_CLOEXEC) < 0) {
		close(fd);
		return -errno;
	}
	close(fd);
	/* a file renamed away by logrotate: its successor's lines are unknown */
	d->messages_size = fstat(d->messages_fd, &st) == 0 ? (uint64_t)st.st_size : 0;
	d->messages_lines = 0;
	return 0;
}

/* after the host is gone: its last exit lines are in the file by now */
void umod_messages_close(struct umod_daemon *d)
{
	if (d->messages_fd >= 0)
		close(d->messages_fd);
	d->messages_fd = -1;
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
