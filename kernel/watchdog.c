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

#include "kernel/hung_task.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timekeeping.h"
#include "kernel/watchdog.h"

#define LOCKUP_SIGNAL		SIGXCPU
#define REAP_MS			1000	/* umod_calls_reap()'s period */

/* set by the stuck thread's handler once its report is captured: which one */
enum { CAPTURED_NONE, CAPTURED_LOCKUP, CAPTURED_HUNG };
static atomic_int captured;
/* the report asked for is a hard lockup's */
static atomic_bool lockup_hard;

/* a task in hard-IRQ context: a handler that does not return locks its CPU up */
static bool hard_irq(const struct umod_task *t)
{
	return t->preempt_count & UMOD_HARDIRQ_MASK;
}

/*
 * On the stuck or blocked thread: its call frame says which report is
 * asked for (a soft lockup, or a hung task: kernel/hung_task.c) and for
 * how long it has been stuck.
 */
static void lockup_handler(int sig, siginfo_t *si, void *uc)
{
	struct umod_task *t = umod_task_peek();
	struct umod_call *c = t ? t->call : NULL;
	unsigned int secs = c ? atomic_exchange(&c->lockup_secs, 0) : 0;
	unsigned int hung = c ? atomic_exchange(&c->hung_secs, 0) : 0;

	(void)sig;
	(void)si;
	if (secs && umod_oops_capture_lockup(uc, secs, hard_irq(t)))
		atomic_store(&captured, CAPTURED_LOCKUP);
	else if (hung && umod_oops_capture_hung(uc, hung))
		atomic_store(&captured, CAPTURED_HUNG);
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

/* has a stuck call? Then its thread is asked for its report (calls_lock held) */
static bool ask_stuck(struct umod_host *host, uint64_t now, uint64_t thresh_ns)
{
	for (struct umod_list *n = host->calls.next; n != &host->calls; n = n->next) {
		struct umod_call *c = umod_container_of(n, struct umod_call, node);

		if (!stuck(c, now, thresh_ns))
			continue;
		c->reported_ns = now;
		atomic_store(&lockup_hard, hard_irq(c->task));
		/* read by the handler on that thread: set before the signal goes */
		atomic_store(&c->lockup_secs, (unsigned int)((now - atomic_load(&c->task->switch_ns)) /
							   1000000000ull));
		return pthread_kill(c->thread, LOCKUP_SIGNAL) == 0;
	}
	return false;
}

/*
 * Waits a little for the signalled thread's handler, then logs its
 * report; false if none came (the thread had moved on).
 */
bool umod_watchdog_log_captured(struct umod_host *host)
{
	int what = CAPTURED_NONE;

	for (int i = 0; i < 100 && !(what = atomic_load(&captured)); i++)
		nanosleep(&(struct timespec){ .tv_nsec = 10 * 1000000L }, NULL);
	atomic_store(&captured, CAPTURED_NONE);
	if (what == CAPTURED_LOCKUP)
		umod_oops_log_lockup(host, atomic_load(&lockup_hard));
	else if (what == CAPTURED_HUNG)
		umod_oops_log_hung(host);
	return what != CAPTURED_NONE;
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
		uint64_t thresh_ns, next_ms, hung_ms;

		pthread_mutex_unlock(&host->calls_lock);
		/* 2 * watchdog_thresh, read each time: the command line may change */
		thresh_ns = 2000000000ull * umod_cmdline_watchdog_thresh(host);
		pthread_mutex_lock(&host->calls_lock);
		asked = thresh_ns && ask_stuck(host, umod_ns_since_boot(), thresh_ns);
		pthread_mutex_unlock(&host->calls_lock);
		if (asked)
			umod_watchdog_log_captured(host);
		umod_calls_reap(host);
		next_ms = thresh_ns ? thresh_ns / 1000000 * 2 / 5 : 4000;
		/* khungtaskd's checks share the thread (kernel/hung_task.c) */
		hung_ms = umod_hung_task_check(host);
		if (hung_ms < next_ms)
			next_ms = hung_ms;
		/* threads that ended inside module code are looked for each second */
		deadline_in(&until, next_ms < REAP_MS ? next_ms : REAP_MS);
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
