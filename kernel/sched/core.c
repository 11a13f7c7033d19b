// SPDX-License-Identifier: MIT
/*
 * Tasks, as the kernel's: every thread that runs module code has a
 * struct task_struct, which `current` finds. A thread the host starts
 * (a kernel thread, a worker, the timer thread) makes its task and says
 * so with umod_task_set_current(). Any other thread (an application's, a
 * daemon's client thread) gets one on its first use of `current`, named
 * as the thread is (prctl's comm, its tid), and freed when the thread
 * ends; the daemon then gives it the identity of the client it serves
 * (umod_task_set_identity()), as an insmod process is `current` for the
 * kernel while its init_module() runs.
 *
 * Which task a thread runs as is a fact about the thread, not about a
 * host (a thread may call into modules of two hosts), so the pointer is
 * thread-local; the tasks themselves are reference-counted.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "kernel/module/internal.h"

/* a stand-in for the user process a non-kernel task acts for */
static struct { int unused; } user_mm;

static __thread struct umod_task *current_task;
static pthread_key_t lazy_key;
static pthread_once_t lazy_once = PTHREAD_ONCE_INIT;

int umod_task_new(struct umod_task **tp, const char *comm, bool kthread)
{
	struct umod_task *t = calloc(1, sizeof(*t));

	if (!t)
		return -ENOMEM;
	atomic_init(&t->usage, 1);
	t->task.__state = 0;	/* TASK_RUNNING */
	/* a kernel thread learns its pid when it starts: umod_task_set_current() */
	t->task.pid = kthread ? 0 : (int)gettid();
	t->task.tgid = kthread ? 0 : (int)getpid();
	t->task.mm = kthread ? NULL : (struct mm_struct *)&user_mm;
	if (kthread)
		t->task.flags |= UMOD_PF_KTHREAD;
	strncpy(t->task.comm, comm, sizeof(t->task.comm) - 1);
	*tp = t;
	return 0;
}

struct umod_task *umod_task_get(struct umod_task *t)
{
	if (t)
		atomic_fetch_add(&t->usage, 1);
	return t;
}

void umod_task_put(struct umod_task *t)
{
	if (t && atomic_fetch_sub(&t->usage, 1) == 1)
		free(t);
}

void umod_task_set_current(struct umod_task *t)
{
	if (t && !t->task.pid)
		t->task.pid = t->task.tgid = (int)gettid();
	current_task = t;
}

/* a lazily made task goes with its thread */
static void lazy_task_gone(void *t)
{
	if (current_task == t)
		current_task = NULL;
	umod_task_put(t);
}

static void lazy_key_init(void)
{
	pthread_key_create(&lazy_key, lazy_task_gone);
}

/*
 * The task of a thread the host did not start. Without memory for it the
 * thread runs as a shared, static task: `current` is never NULL.
 */
static struct umod_task *lazy_task(void)
{
	static struct umod_task fallback = { .task = { .comm = "umod" } };
	char comm[UMOD_TASK_COMM_LEN] = "";
	struct umod_task *t;

	pthread_once(&lazy_once, lazy_key_init);
	prctl(PR_GET_NAME, comm, 0, 0, 0);
	if (umod_task_new(&t, comm, false))
		return &fallback;
	if (pthread_setspecific(lazy_key, t)) {
		umod_task_put(t);
		return &fallback;
	}
	current_task = t;
	return t;
}

struct umod_task *umod_task_peek(void)
{
	return current_task;
}

struct umod_task *umod_task_current(void)
{
	struct umod_task *t = current_task;

	return t ? t : lazy_task();
}

/*
 * Host code that waits on its own primitives while it runs for module
 * code (a load waiting for another, from an init's request_module()) says
 * so: the task is asleep, as the kernel's would be in schedule(), and the
 * soft-lockup watchdog leaves it alone.
 */
unsigned int umod_task_sleep_begin(void)
{
	struct umod_task *t = umod_task_current();
	unsigned int old = t->task.__state;

	t->task.__state = 0x2;	/* TASK_UNINTERRUPTIBLE */
	atomic_store(&t->switch_ns, umod_ns_since_boot());
	return old;
}

void umod_task_sleep_end(unsigned int state)
{
	struct umod_task *t = umod_task_current();

	t->task.__state = state;
	atomic_store(&t->switch_ns, umod_ns_since_boot());
}

UMOD_API void umod_task_set_identity(int pid, const char *comm)
{
	struct umod_task *t = umod_task_current();

	t->task.pid = t->task.tgid = pid;
	memset(t->task.comm, 0, sizeof(t->task.comm));
	if (comm)
		strncpy(t->task.comm, comm, sizeof(t->task.comm) - 1);
}

static struct task_struct *kapi_get_current(void)
{
	return &umod_task_current()->task;
}

static const struct umod_kapi_export sched_exports[] = {
	UMOD_KAPI("get_current", kapi_get_current),
};

const struct umod_kapi_table umod_kapi_sched = UMOD_KAPI_TABLE(sched_exports);
