// SPDX-License-Identifier: MIT
/*
 * The lockup detectors, as the kernel's watchdog: a task that has run
 * module code for 20 s (2 * watchdog_thresh) without sleeping is reported
 * as `watchdog: BUG: soft lockup - CPU#N stuck for 22s! [insmod:PID]`,
 * with the modules, the CPU line, its registers and its stack, and the
 * host is tainted L. It goes on running: nothing can stop a thread from
 * outside, and the kernel does not stop a CPU either. Another report comes
 * each 20 s it stays stuck.
 *
 * watchdog_thresh=N on the host's command line sets the threshold to 2 * N
 * seconds, as the boot parameter does (0: no reports). One thread per
 * host, started with it, samples the host's entries into module code
 * (umod_call()) every 2/5 of the threshold, as the kernel's sample period.
 * A stuck thread's registers are only readable on that thread, so the
 * watchdog sends it SIGXCPU; the handler captures the report
 * (kernel/oops.c) and the watchdog's thread logs it, as the kernel's
 * hrtimer interrupt runs on the stuck CPU and printk does the rest.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <ucontext.h>

#include "kernel/module/internal.h"

#define LOCKUP_SIGNAL		SIGXCPU

/* set by the stuck thread's handler once its report is captured */
static atomic_int lockup_captured;

/* a task in hard-IRQ context: a handler that does not return locks its CPU up */
static bool hard_irq(const struct umod_task *t)
{
	return t->preempt_count & UMOD_HARDIRQ_MASK;
}

/* on the stuck thread: its call frame says for how long it has been stuck */
static void lockup_handler(int sig, siginfo_t *si, void *uc)
{
	struct umod_task *t = umod_task_peek();
	struct umod_call *c = t ? t->call : NULL;
	unsigned int secs = c ? atomic_exchange(&c->lockup_secs, 0) : 0;

	(void)sig;
	(void)si;
	if (secs && umod_oops_capture_lockup(uc, secs, hard_irq(t)))
		atomic_store(&lockup_captured, 1);
}

static void install_handler(void)
{
	struct sigaction sa = { .sa_sigaction = lockup_handler,
				.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART };

	sigemptyset(&sa.sa_mask);
	sigaction(LOCKUP_SIGNAL, &sa, NULL);
}

/*
 * A task running module code without sleeping for 2 * watchdog_thresh is
 * a soft lockup, reported again each period; one in hard-IRQ context for
 * watchdog_thresh is a hard lockup (the NMI watchdog's period), reported
 * once, as 6.1's hard_watchdog_warn does.
 */
static bool stuck(const struct umod_call *c, uint64_t now, uint64_t thresh_ns)
{
	uint64_t since = atomic_load(&c->task->switch_ns);

	if (hard_irq(c->task)) {
		if (c->reported_ns)
			return false;
		thresh_ns /= 2;
	}
	if (c->reported_ns && now - c->reported_ns < thresh_ns)
		return false;
	/* only the innermost call of a task that is running, not sleeping */
	return __atomic_load_n(&c->task->call, __ATOMIC_ACQUIRE) == c &&
	       !__atomic_load_n(&c->task->task.__state, __ATOMIC_RELAXED) && now - since >= thresh_ns;
}

/* the report asked for is a hard lockup's */
static atomic_bool lockup_hard;

/* has a stuck call? Then its thread is asked for its report (calls_lock held) */
static bool ask_stuck(struct umod_host *host, uint64_t now, uint64_t thresh_ns)
{
	for (struct umod_list *n = host->calls.next; n != &host->calls; n = n->next) {
		struct umod_call *c = umod_container_of(n, struct umod_call, node);

		if (!stuck(c, now, thresh_ns))
			continue;
		c->reported_ns = now;
		atomic_store(&lockup_captured, 0);
		atomic_store(&lockup_hard, hard_irq(c->task));
		/* read by the handler on that thread: set before the signal goes */
		atomic_store(&c->lockup_secs, (unsigned int)((now - atomic_load(&c->task->switch_ns)) /
							   1000000000ull));
		return pthread_kill(c->thread, LOCKUP_SIGNAL) == 0;
	}
	return false;
}

/* waits a little for the stuck thread's handler, then logs its report */
static void log_when_captured(struct umod_host *host)
{
	for (int i = 0; i < 100 && !atomic_load(&lockup_captured); i++)
		nanosleep(&(struct timespec){ .tv_nsec = 10 * 1000000L }, NULL);
	if (atomic_load(&lockup_captured))
		umod_oops_log_lockup(host, atomic_load(&lockup_hard));
}

/* @ms from now on CLOCK_MONOTONIC */
static void deadline_in(struct timespec *ts, uint64_t ms)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += (time_t)(ms / 1000);
	ts->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

static void *watchdog_main(void *arg)
{
	struct umod_host *host = arg;
	struct timespec until;
	bool asked;

	pthread_mutex_lock(&host->calls_lock);
	while (!host->watchdog_stop) {
		uint64_t thresh_ns;

		pthread_mutex_unlock(&host->calls_lock);
		/* 2 * watchdog_thresh, read each time: the command line may change */
		thresh_ns = 2000000000ull * umod_cmdline_watchdog_thresh(host);
		pthread_mutex_lock(&host->calls_lock);
		asked = thresh_ns && ask_stuck(host, umod_ns_since_boot(), thresh_ns);
		pthread_mutex_unlock(&host->calls_lock);
		if (asked)
			log_when_captured(host);
		deadline_in(&until, thresh_ns ? thresh_ns / 1000000 * 2 / 5 : 4000);
		pthread_mutex_lock(&host->calls_lock);
		if (!host->watchdog_stop)
			pthread_cond_timedwait(&host->watchdog_wake, &host->calls_lock, &until);
	}
	pthread_mutex_unlock(&host->calls_lock);
	return NULL;
}

/* with the host, as the kernel's from boot: -errno if it cannot start */
int umod_watchdog_start(struct umod_host *host)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	sigset_t all, old;
	int err;

	pthread_once(&once, install_handler);
	/* signals stay with the threads that run module code */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&host->watchdog, NULL, watchdog_main, host);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	host->watchdog_running = !err;
	return -err;
}

void umod_watchdog_stop(struct umod_host *host)
{
	pthread_mutex_lock(&host->calls_lock);
	host->watchdog_stop = true;
	pthread_cond_broadcast(&host->watchdog_wake);
	pthread_mutex_unlock(&host->calls_lock);
	if (host->watchdog_running)
		pthread_join(host->watchdog, NULL);
	host->watchdog_running = false;
}
