// SPDX-License-Identifier: MIT
/*
 * A client that goes away while its request runs module code (an init or
 * exit sleeping in wait_event_interruptible(), say) interrupts it, as the
 * kernel's fatal signal does when insmod is killed: a watcher thread
 * polls the client's socket for its hang-up while the request runs and
 * then interrupts the task serving it, whose sleep ends with -ERESTARTSYS.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include <umod/umod.h>

#include "daemon.h"

struct hangup_watch {
	int fd;			/* the client's socket: borrowed */
	int done[2];		/* a pipe: the request has returned */
	struct umod_task *task;	/* the task serving it: a reference */
	pthread_t thread;
};

static void *watch_main(void *arg)
{
	struct hangup_watch *w = arg;
	struct pollfd p[2] = {
		{ .fd = w->fd, .events = POLLRDHUP },
		{ .fd = w->done[0], .events = POLLIN },
	};

	while (poll(p, 2, -1) < 0 && errno == EINTR)
		;
	if (!p[1].revents && (p[0].revents & (POLLRDHUP | POLLHUP | POLLERR)))
		umod_task_interrupt(w->task);
	return NULL;
}

/* runs @fn(@arg) watched; unwatched if the watcher cannot start */
int umod_daemon_watch_hangup(int fd, int (*fn)(void *arg), void *arg)
{
	struct hangup_watch w = { .fd = fd };
	int ret;

	if (pipe2(w.done, O_CLOEXEC))
		return fn(arg);
	w.task = umod_task_get_current();
	if (pthread_create(&w.thread, NULL, watch_main, &w)) {
		umod_task_unref(w.task);
		close(w.done[0]);
		close(w.done[1]);
		return fn(arg);
	}
	ret = fn(arg);
	(void)!write(w.done[1], "", 1);
	pthread_join(w.thread, NULL);
	umod_task_unref(w.task);
	close(w.done[0]);
	close(w.done[1]);
	return ret;
}
