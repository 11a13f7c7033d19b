// SPDX-License-Identifier: MIT
/*
 * Asynchronous notification (fs/fcntl.c): fasync_helper() keeps a list of
 * the files that asked for SIGIO, kill_fasync() signals each one's owner.
 * Linux signals the owner F_SETOWN named; in umod the owner is the
 * process the registering task acts for (the FUSE or socket client:
 * current->tgid), the owner user space names with F_SETOWN(getpid()).
 * The daemon's FUSE tree cannot call ->fasync itself: Linux's FUSE client
 * answers FIOASYNC and O_ASYNC without asking the file system
 * (Documentation/driver-api/headers.rst).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "fs/internal.h"
#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

#define FASYNC_MAGIC	0x4601

/* 6.1's struct fasync_struct, fa_lock and fa_rcu replaced by one host lock */
struct fasync_struct {
	int magic;
	int fa_fd;
	struct fasync_struct *fa_next;
	struct file *fa_file;
	int fa_pid;			/* whom kill_fasync() signals */
};

static pthread_mutex_t fasync_lock = PTHREAD_MUTEX_INITIALIZER;

static int fasync_remove(struct file *filp, struct fasync_struct **fapp)
{
	for (struct fasync_struct **fp = fapp; *fp; fp = &(*fp)->fa_next) {
		struct fasync_struct *fa = *fp;

		if (fa->fa_file == filp) {
			*fp = fa->fa_next;
			free(fa);
			filp->f_flags &= ~(unsigned int)UMOD_FASYNC;
			return 1;
		}
	}
	return 0;
}

/* an existing entry for @filp takes the new fd; else a new one goes first */
static int fasync_add(int fd, struct file *filp, struct fasync_struct **fapp)
{
	struct fasync_struct *fa;

	for (fa = *fapp; fa; fa = fa->fa_next) {
		if (fa->fa_file == filp) {
			fa->fa_fd = fd;
			fa->fa_pid = umod_task_current()->task.tgid;
			return 0;
		}
	}
	fa = calloc(1, sizeof(*fa));
	if (!fa)
		return -ENOMEM;
	fa->magic = FASYNC_MAGIC;
	fa->fa_fd = fd;
	fa->fa_file = filp;
	fa->fa_pid = umod_task_current()->task.tgid;
	fa->fa_next = *fapp;
	*fapp = fa;
	filp->f_flags |= UMOD_FASYNC;
	return 1;
}

/* 0: nothing changed, 1: added or removed, <0: an error (6.1's values) */
static int kapi_fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp)
{
	int ret;

	pthread_mutex_lock(&fasync_lock);
	ret = on ? fasync_add(fd, filp, fapp) : fasync_remove(filp, fapp);
	pthread_mutex_unlock(&fasync_lock);
	return ret;
}

/* @band (POLL_IN, POLL_OUT ...) would go in si_band with F_SETSIG; SIGIO carries none */
static void kapi_kill_fasync(struct fasync_struct **fp, int sig, int band)
{
	(void)band;
	if (!*fp)
		return;
	pthread_mutex_lock(&fasync_lock);
	for (struct fasync_struct *fa = *fp; fa; fa = fa->fa_next) {
		/* the host itself is no client: a signal there would hit the daemon */
		if (fa->magic == FASYNC_MAGIC && fa->fa_pid > 0 && fa->fa_pid != getpid())
			kill(fa->fa_pid, sig);
	}
	pthread_mutex_unlock(&fasync_lock);
}

static const struct umod_kapi_export fcntl_exports[] = {
	UMOD_KAPI("fasync_helper", kapi_fasync_helper),
	UMOD_KAPI("kill_fasync", kapi_kill_fasync),
};

const struct umod_kapi_table umod_kapi_fcntl = UMOD_KAPI_TABLE(fcntl_exports);
