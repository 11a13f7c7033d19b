// SPDX-License-Identifier: MIT
/*
 * Every entry from the host into module code (init, exit, a parameter's
 * ops, a sysfs show/store, a timer, a work item, a kernel thread's body, a
 * file operation) goes through umod_call(), which puts a frame on the
 * calling thread's task: its module, where to come back to after an oops,
 * and when the task last ran or slept (for the soft-lockup watchdog).
 *
 * A fault while a frame is active is an oops of that call, as Linux kills
 * the task that oopsed and goes on: the report is logged, the host
 * tainted D, and umod_call() returns UMOD_OOPSED to its caller, which
 * leaves the module in the state it was in (COMING, GOING, ...). Host code
 * acting on a module's data (its parameters, its ops tables) runs inside
 * the frame too, so a fault there is reported the same way. What module
 * code held when it faulted (its locks, its memory) stays held, as in
 * Linux.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/module/internal.h"
#include "kernel/oops.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timekeeping.h"

static void calls_add(struct umod_host *host, struct umod_call *c)
{
	pthread_mutex_lock(&host->calls_lock);
	umod_list_add(&c->node, &host->calls);
	pthread_mutex_unlock(&host->calls_lock);
}

static void calls_del(struct umod_host *host, struct umod_call *c)
{
	pthread_mutex_lock(&host->calls_lock);
	umod_list_del(&c->node);
	pthread_mutex_unlock(&host->calls_lock);
}

/* after an oops: the fault signals the handler left blocked run again */
static void unblock_fault_signals(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	sigaddset(&set, SIGBUS);
	sigaddset(&set, SIGILL);
	sigaddset(&set, SIGFPE);
	sigaddset(&set, SIGABRT);
	sigaddset(&set, SIGTRAP);	/* arm64's brk */
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static void call_leave(struct umod_task *t, struct umod_call *c)
{
	t->call = c->outer;
	calls_del(c->mod->host, c);
}

int umod_call(struct umod_module *mod, long (*fn)(void *arg), void *arg, long *retp)
{
	struct umod_task *t = umod_task_current();
	struct umod_call c = { .outer = t->call, .mod = mod, .task = t,
			       .thread = pthread_self() };

	atomic_store(&t->switch_ns, umod_ns_since_boot());
	if (mod->host->genuine)
		umod_arch_genuine_thread();	/* genuine code reads %gs */
	calls_add(mod->host, &c);
	/* no signal mask saved: the common path stays free of system calls */
	if (sigsetjmp(c.recover, 0)) {
		call_leave(t, &c);
		unblock_fault_signals();
		umod_oops_log_report(mod->host);
		return UMOD_OOPSED;
	}
	t->call = &c;
	*retp = fn(arg);
	call_leave(t, &c);
	return 0;
}

UMOD_API int umod_host_prepare_thread(struct umod_host *host)
{
	if (!host)
		return -EINVAL;
	umod_task_current();
	if (host->genuine)
		umod_arch_genuine_thread();
	return 0;
}

/* the thunks for the two calls every module has */
static long call_init(void *arg)
{
	return ((int (*)(void))arg)();
}

static long call_exit(void *arg)
{
	((void (*)(void))arg)();
	return 0;
}

int umod_call_init(struct umod_module *mod, int (*init)(void), int *retp)
{
	long ret = 0;
	int err = umod_call(mod, call_init, (void *)init, &ret);

	*retp = (int)ret;
	return err;
}

int umod_call_exit(struct umod_module *mod, void (*exit_fn)(void))
{
	long ret;

	return umod_call(mod, call_exit, (void *)exit_fn, &ret);
}
