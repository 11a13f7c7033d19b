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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/module/internal.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
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

/* sigsetjmp()'s value when umod_call_exit_thread() comes back (an oops: 1) */
#define CALL_EXITED	2

static void call_leave(struct umod_task *t, struct umod_call *c)
{
	__atomic_store_n(&t->call, c->outer, __ATOMIC_RELEASE);	/* read by the watchdog */
	calls_del(c->mod->host, c);
}

int umod_call(struct umod_module *mod, long (*fn)(void *arg), void *arg, long *retp)
{
	struct umod_task *t = umod_task_current();
	struct umod_call c = { .outer = t->call, .mod = mod, .task = t,
			       .thread = pthread_self() };

	int jumped;

	umod_oops_thread_init();	/* any thread: its overflow is reported */
	c.alive = umod_oops_thread_alive();
	atomic_store(&t->switch_ns, umod_ns_since_boot());
	if (mod->host->genuine)
		umod_arch_genuine_thread();	/* genuine code reads %gs */
	calls_add(mod->host, &c);
	/* no signal mask saved: the common path stays free of system calls */
	jumped = sigsetjmp(c.recover, 0);
	if (jumped == CALL_EXITED) {
		call_leave(t, &c);
		*retp = c.exit_code;
		return 0;
	}
	if (jumped) {
		call_leave(t, &c);
		unblock_fault_signals();
		umod_oops_log_report(mod->host);
		return UMOD_OOPSED;
	}
	__atomic_store_n(&t->call, &c, __ATOMIC_RELEASE);
	*retp = fn(arg);
	call_leave(t, &c);
	return 0;
}

/*
 * A thread that ends inside module code (an exit system call: there is
 * no do_exit() to call, but module code can make any system call) never
 * comes back to umod_call(): its frame would stay on the list for good,
 * the module "running" and whoever waits for the call (a client's
 * insmod) waiting for ever. Its robust mutex says EOWNERDEAD once it is
 * gone; its frames leave the list (the stack they are on is never freed,
 * since the thread did not clean up) and the module stays as the call
 * left it, as after an oops.
 */
static bool thread_gone(const struct umod_call *c)
{
	int err = c->alive ? pthread_mutex_trylock(c->alive) : EBUSY;

	if (!err)
		pthread_mutex_unlock(c->alive);	/* not held: nothing to say */
	return err == EOWNERDEAD;
}

/* calls_lock held: the frames of the thread whose mutex @alive is */
static void drop_thread_calls(struct umod_host *host, pthread_mutex_t *alive)
{
	for (struct umod_list *n = host->calls.next, *next; n != &host->calls; n = next) {
		struct umod_call *c = umod_container_of(n, struct umod_call, node);

		next = n->next;
		if (c->alive == alive)
			umod_list_del(&c->node);
	}
}

unsigned int umod_calls_reap(struct umod_host *host)
{
	char name[UMOD_MODULE_NAME_LEN];
	unsigned int n = 0;
	bool found;

	do {
		found = false;
		pthread_mutex_lock(&host->calls_lock);
		for (struct umod_list *i = host->calls.next; i != &host->calls && !found;
		     i = i->next) {
			struct umod_call *c = umod_container_of(i, struct umod_call, node);

			if (!thread_gone(c))
				continue;
			strcpy(name, c->mod->name);
			drop_thread_calls(host, c->alive);
			found = true;
		}
		pthread_mutex_unlock(&host->calls_lock);
		if (found) {
			umod_log_printk(host->log, KERN_ERR "%s: a thread ended inside its code (an exit system call from module code): its call is abandoned\n",
					name);
			n++;
		}
	} while (found);
	return n;
}

void umod_call_exit_thread(long code)
{
	struct umod_task *t = umod_task_current();
	struct umod_call *c = t->call;

	if (!c) {
		fprintf(stderr, "umod: kthread_exit() outside module code\n");
		abort();
	}
	while (c->outer) {
		call_leave(t, c);
		c = t->call;
	}
	c->exit_code = code;
	siglongjmp(c->recover, CALL_EXITED);
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

struct module *umod_caller(const void *ret)
{
	struct umod_task *t = umod_task_peek();
	struct umod_module *running = t && t->call ? t->call->mod : NULL;
	struct umod_module *m;

	if (!running)
		return NULL;
	m = umod_area_owner(running->host, (uint64_t)(uintptr_t)ret);
	if (!m)
		m = running;
	return m->kmod;
}
