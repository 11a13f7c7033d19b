// SPDX-License-Identifier: MIT
/*
 * The hung-task detector, as the kernel's khungtaskd: a task that has
 * slept uninterruptibly (TASK_UNINTERRUPTIBLE, "D") in module code for
 * hung_task_timeout_secs (120 by default; 0 turns the check off) is
 * reported in 6.1's words ("INFO: task cat:PID blocked for more than N
 * seconds.", the taint and release, how to silence it, then the task's
 * line and stack), at each check while it stays blocked, at most
 * hung_task_warnings (10) times per host. Nothing wakes or stops it: an
 * uninterruptible sleep cannot be ended from outside, in Linux either.
 *
 * The checks run on the host's watchdog thread (kernel/watchdog.c), one
 * every hung_task_timeout_secs (hung_task_check_interval_secs' default);
 * a blocked thread's stack can only be read on that thread, so it is
 * sent the watchdog's signal and captures its part of the report there
 * (kernel/oops.c), as for a soft lockup.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>

#include <umod/umod.h>

#include "kernel/hung_task.h"
#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timekeeping.h"
#include "kernel/watchdog.h"

#define TASK_UNINTERRUPTIBLE	0x0002u
#define HUNG_TASK_WARNINGS	10	/* sysctl_hung_task_warnings' default */

UMOD_API int umod_host_set_hung_task_timeout(struct umod_host *host, unsigned long secs)
{
	/* proc_dohung_task_timeout_secs' bound */
	if (!host || secs > LONG_MAX / UMOD_HZ)
		return -EINVAL;
	atomic_store(&host->hung_task_timeout, secs);
	/* as the sysctl's handler wakes khungtaskd: the new interval counts now */
	pthread_mutex_lock(&host->calls_lock);
	pthread_cond_broadcast(&host->watchdog_wake);
	pthread_mutex_unlock(&host->calls_lock);
	return 0;
}

UMOD_API unsigned long umod_host_get_hung_task_timeout(const struct umod_host *host)
{
	return host ? atomic_load(&host->hung_task_timeout) : 0;
}

/*
 * With calls_lock held: the first task blocked for @timeout_ns that this
 * check (@now) has not reported yet is sent the watchdog's signal with
 * how long it has been blocked. Only the innermost call of a task is
 * its state, and only a plain TASK_UNINTERRUPTIBLE counts: a killable
 * sleep does not (6.1 compares with "==" for NFS's sake).
 */
static bool ask_blocked(struct umod_host *host, uint64_t now, uint64_t timeout_ns)
{
	for (struct umod_list *n = host->calls.next; n != &host->calls; n = n->next) {
		struct umod_call *c = umod_container_of(n, struct umod_call, node);
		uint64_t since = atomic_load(&c->task->switch_ns);

		if (__atomic_load_n(&c->task->call, __ATOMIC_ACQUIRE) != c ||
		    __atomic_load_n(&c->task->task.__state, __ATOMIC_RELAXED) != TASK_UNINTERRUPTIBLE ||
		    now - since < timeout_ns || c->hung_checked_ns == now)
			continue;
		c->hung_checked_ns = now;
		atomic_store(&c->hung_secs, (unsigned int)((now - since) / 1000000000ull));
		return pthread_kill(c->thread, SIGXCPU) == 0;
	}
	return false;
}

/*
 * The watchdog thread's part: a check when its interval has passed, each
 * blocked task's report logged in turn. Returns the milliseconds until
 * the next check is due.
 */
uint64_t umod_hung_task_check(struct umod_host *host)
{
	uint64_t timeout_ms = 1000ull * atomic_load(&host->hung_task_timeout);
	uint64_t now = umod_ns_since_boot(), due;
	bool asked;

	if (!timeout_ms)
		return 4000;	/* off: look again later, it may be turned on */
	due = host->hung_task_checked_ns + timeout_ms * 1000000ull;
	if (host->hung_task_checked_ns && now < due)
		return (due - now) / 1000000ull + 1;
	host->hung_task_checked_ns = now;
	while (host->hung_task_warnings < HUNG_TASK_WARNINGS) {
		pthread_mutex_lock(&host->calls_lock);
		asked = ask_blocked(host, now, timeout_ms * 1000000ull);
		pthread_mutex_unlock(&host->calls_lock);
		if (!asked)
			break;
		if (umod_watchdog_log_captured(host))
			host->hung_task_warnings++;
	}
	return timeout_ms;
}
