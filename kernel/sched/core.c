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
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <generated/utsrelease.h>

#include "drivers/firmware/dmi.h"
#include "arch/arch.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timekeeping.h"

/* a stand-in for the user process a non-kernel task acts for */
static struct { int unused; } user_mm;

__thread struct umod_task *umod_current_tls __attribute__((tls_model("initial-exec")));
#define current_task umod_current_tls
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
	/* a kernel thread has init_cred's root; others the process's own */
	umod_cred_init(&t->cred, kthread ? 0 : (unsigned int)geteuid(),
		       kthread ? 0 : (unsigned int)getegid());
	t->task.cred = t->task.real_cred = &t->cred;
	t->task.signal = &umod_signal_struct;
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

/*
 * Kernel threads are processes on Linux (/proc/PID, ps): the threads that
 * run as one are listed while they run, from their first
 * umod_task_set_current() until the thread ends (a thread-specific key's
 * destructor), for umod_for_each_kthread().
 */
static struct umod_list kthread_tasks = { &kthread_tasks, &kthread_tasks };
static pthread_mutex_t kthread_tasks_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t kthread_key;
static pthread_once_t kthread_once = PTHREAD_ONCE_INIT;

static void kthread_gone(void *arg)
{
	struct umod_task *t = arg;

	pthread_mutex_lock(&kthread_tasks_lock);
	umod_list_del(&t->kthread_node);
	pthread_mutex_unlock(&kthread_tasks_lock);
	umod_task_put(t);
}

static void kthread_key_init(void)
{
	pthread_key_create(&kthread_key, kthread_gone);
}

static void kthread_listed(struct umod_task *t)
{
	pthread_once(&kthread_once, kthread_key_init);
	if (pthread_getspecific(kthread_key) || pthread_setspecific(kthread_key, umod_task_get(t)))
		return;
	pthread_mutex_lock(&kthread_tasks_lock);
	umod_list_add(&t->kthread_node, &kthread_tasks);
	pthread_mutex_unlock(&kthread_tasks_lock);
}

void umod_task_set_current(struct umod_task *t)
{
	if (t && !t->task.pid) {
		t->task.pid = t->task.tgid = (int)gettid();
		if (t->task.flags & UMOD_PF_KTHREAD)
			kthread_listed(t);
	}
	current_task = t;
	umod_arch_set_current(t ? &t->task : NULL);
}

UMOD_API int umod_for_each_kthread(int (*fn)(void *data, struct umod_task *t), void *data)
{
	int ret = 0;

	if (!fn)
		return -EINVAL;
	pthread_mutex_lock(&kthread_tasks_lock);
	for (struct umod_list *n = kthread_tasks.next; !ret && n != &kthread_tasks; n = n->next)
		ret = fn(data, umod_container_of(n, struct umod_task, kthread_node));
	pthread_mutex_unlock(&kthread_tasks_lock);
	return ret;
}

UMOD_API int umod_task_get_pid(const struct umod_task *t)
{
	return t ? t->task.pid : 0;
}

UMOD_API const char *umod_task_get_comm(const struct umod_task *t)
{
	return t ? t->task.comm : "";
}

UMOD_API unsigned int umod_task_get_flags(const struct umod_task *t)
{
	return t ? t->task.flags : 0;
}

/* fs/proc/array.c's letter for task_state_index(): R S D T t X Z P I */
UMOD_API char umod_task_get_state(const struct umod_task *t)
{
	unsigned int state = t ? __atomic_load_n(&t->task.__state, __ATOMIC_RELAXED) : 0;

	if ((state & 0x0402u) == 0x0402u)	/* TASK_IDLE */
		return 'I';
	if (state & 0x0040u)			/* TASK_PARKED */
		return 'P';
	if (state & 0x0080u)			/* TASK_DEAD */
		return 'X';
	if (state & 0x0004u)			/* __TASK_STOPPED */
		return 'T';
	if (state & 0x0002u)			/* TASK_UNINTERRUPTIBLE */
		return 'D';
	return state & 0x0001u ? 'S' : 'R';	/* TASK_INTERRUPTIBLE, or running */
}

/* a lazily made task goes with its thread */
static void lazy_task_gone(void *t)
{
	if (current_task == t) {
		current_task = NULL;
		umod_arch_set_current(NULL);
	}
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
	static struct umod_task fallback = {
		.task = { .comm = "umod", .cred = &fallback.cred, .real_cred = &fallback.cred,
			  .signal = &umod_signal_struct },
	};
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
	umod_arch_set_current(&t->task);
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
unsigned int umod_task_sleep_state(unsigned int state)
{
	struct umod_task *t = umod_task_current();
	unsigned int old = t->task.__state;

	t->task.__state = state;
	atomic_store(&t->switch_ns, umod_ns_since_boot());
	return old;
}

unsigned int umod_task_sleep_begin(void)
{
	return umod_task_sleep_state(0x2);	/* TASK_UNINTERRUPTIBLE */
}

void umod_task_sleep_end(unsigned int state)
{
	struct umod_task *t = umod_task_current();

	t->task.__state = state;
	atomic_store(&t->switch_ns, umod_ns_since_boot());
}

UMOD_API void umod_task_set_cred(unsigned int uid, unsigned int gid)
{
	umod_cred_init(&umod_task_current()->cred, uid, gid);
}

UMOD_API void umod_task_set_identity(int pid, const char *comm)
{
	struct umod_task *t = umod_task_current();

	t->task.pid = t->task.tgid = pid;
	/* a new client: the signal meant for the one before is not its */
	umod_task_clear_signals(t);
	memset(t->task.comm, 0, sizeof(t->task.comm));
	if (comm)
		strncpy(t->task.comm, comm, sizeof(t->task.comm) - 1);
}

/* ---- sleeping and waking ------------------------------------------------- */

/*
 * A task sleeps on its own state word: schedule() waits on the futex at
 * &task.__state while it holds the sleeping state it set, and a waker
 * changes the word to TASK_RUNNING before waking the futex. A wake that
 * comes between set_current_state() and the wait changes the word, so
 * the wait does not start: no wake is lost, and no lock is shared by
 * sleeper and waker.
 */
#define TASK_RUNNING		0x0000u
#define TASK_INTERRUPTIBLE	0x0001u
#define TASK_UNINTERRUPTIBLE	0x0002u
#define TASK_WAKEKILL		0x0100u
#define MAX_SCHEDULE_TIMEOUT	LONG_MAX
#define FOREVER_JIFFIES		(1L << 40)	/* 139 years at HZ=250 */

static long futex(volatile unsigned int *uaddr, int op, unsigned int val,
		  const struct timespec *ts, unsigned int val3)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, val3);
}

/* the kernel's signal_pending_state(): may a signal end a sleep in @state? */
bool umod_signal_ends(const struct umod_task *t, unsigned int state)
{
	if (!(state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)) || !umod_task_sigpending(t))
		return false;
	return (state & TASK_INTERRUPTIBLE) || umod_task_fatal_pending(t);
}

/* signal_pending(): TIF_SIGPENDING, as 6.1's test_tsk_thread_flag() */
bool umod_task_sigpending(const struct umod_task *t)
{
	return __atomic_load_n(&t->task.thread_info.flags, __ATOMIC_ACQUIRE) &
	       (1UL << UMOD_TIF_SIGPENDING);
}

/* __fatal_signal_pending(): SIGKILL queued in pending.signal */
bool umod_task_fatal_pending(const struct umod_task *t)
{
	return __atomic_load_n(&t->task.pending.signal.sig[0], __ATOMIC_ACQUIRE) &
	       UMOD_SIGKILL_MASK;
}

/* a new system call or a new client: nothing pending any more */
void umod_task_clear_signals(struct umod_task *t)
{
	__atomic_store_n(&t->task.pending.signal.sig[0], 0, __ATOMIC_SEQ_CST);
	__atomic_and_fetch(&t->task.thread_info.flags, ~(1UL << UMOD_TIF_SIGPENDING),
			   __ATOMIC_SEQ_CST);
}

int umod_task_wake(struct task_struct *p, unsigned int state)
{
	unsigned int cur = __atomic_load_n(&p->__state, __ATOMIC_ACQUIRE);

	do {
		if (!(cur & state))
			return 0;
	} while (!__atomic_compare_exchange_n(&p->__state, &cur, TASK_RUNNING, false,
					      __ATOMIC_SEQ_CST, __ATOMIC_ACQUIRE));
	futex(&p->__state, FUTEX_WAKE_PRIVATE, 1, NULL, 0);
	return 1;
}

/*
 * Sleeps until the task is TASK_RUNNING again, a signal ends the sleep
 * or CLOCK_MONOTONIC reaches @deadline (NULL: never). Returns false on
 * the deadline, the state still set; the caller decides what that means.
 */
static bool task_sleep(struct umod_task *t, const struct timespec *deadline)
{
	bool woken = true;

	atomic_store(&t->switch_ns, umod_ns_since_boot());
	for (;;) {
		unsigned int state = __atomic_load_n(&t->task.__state, __ATOMIC_SEQ_CST);

		if (state == TASK_RUNNING)
			break;
		if (umod_signal_ends(t, state)) {
			__atomic_store_n(&t->task.__state, TASK_RUNNING, __ATOMIC_SEQ_CST);
			break;
		}
		/* WAIT_BITSET: an absolute CLOCK_MONOTONIC deadline, no drift */
		if (futex(&t->task.__state, FUTEX_WAIT_BITSET_PRIVATE, state, deadline,
			  FUTEX_BITSET_MATCH_ANY) < 0 && errno == ETIMEDOUT) {
			woken = false;
			break;
		}
	}
	atomic_store(&t->switch_ns, umod_ns_since_boot());
	return woken;
}

void umod_schedule(void)
{
	task_sleep(umod_task_fast(), NULL);
}

/* CLOCK_MONOTONIC when jiffy @j begins */
static struct timespec jiffy_deadline(uint64_t j)
{
	const uint64_t ns_per_jiffy = 1000000000u / UMOD_HZ;
	uint64_t since = umod_ns_since_boot(), at = (j - UMOD_INITIAL_JIFFIES) * ns_per_jiffy;
	struct timespec now;
	uint64_t ns;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
	ns += at > since ? at - since : 0;
	return (struct timespec){ .tv_sec = (time_t)(ns / 1000000000u),
				  .tv_nsec = (long)(ns % 1000000000u) };
}

/*
 * The kernel's: sleeps in the state the caller set, at most @timeout
 * jiffies; the jiffies left (0 when it ran out). At the deadline the task
 * is woken as the kernel's timer would, so it returns TASK_RUNNING.
 */
long umod_schedule_timeout(long timeout)
{
	struct umod_task *t = umod_task_fast();
	uint64_t expire;
	struct timespec deadline;
	long left;

	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		umod_schedule();
		return MAX_SCHEDULE_TIMEOUT;
	}
	if (timeout < 0) {
		struct umod_host *host = t->call ? t->call->mod->host : NULL;

		if (host)
			umod_log_printk(host->log, KERN_ERR "schedule_timeout: wrong timeout value %lx\n",
					(unsigned long)timeout);
		__atomic_store_n(&t->task.__state, TASK_RUNNING, __ATOMIC_SEQ_CST);
		return 0;
	}
	expire = umod_jiffies64() + (uint64_t)timeout;
	/* beyond a century (MAX_JIFFY_OFFSET...): no deadline, nor its overflow */
	if (timeout < FOREVER_JIFFIES)
		deadline = jiffy_deadline(expire);
	if (!task_sleep(t, timeout < FOREVER_JIFFIES ? &deadline : NULL))
		__atomic_store_n(&t->task.__state, TASK_RUNNING, __ATOMIC_SEQ_CST);
	left = (long)(expire - umod_jiffies64());
	if (left > 0)
		return left;
	umod_jiffies_sync();
	return 0;
}

static void set_state(unsigned int state)
{
	__atomic_store_n(&umod_task_fast()->task.__state, state, __ATOMIC_SEQ_CST);
}

UMOD_KEEP_FRAME
static void kapi_schedule(void)
{
	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	umod_schedule();
}

UMOD_KEEP_FRAME
static long kapi_schedule_timeout(long timeout)
{
	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	return umod_schedule_timeout(timeout);
}

UMOD_KEEP_FRAME
static long kapi_schedule_timeout_interruptible(long timeout)
{
	set_state(TASK_INTERRUPTIBLE);
	return kapi_schedule_timeout(timeout);
}

UMOD_KEEP_FRAME
static long kapi_schedule_timeout_killable(long timeout)
{
	set_state(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE);
	return kapi_schedule_timeout(timeout);
}

UMOD_KEEP_FRAME
static long kapi_schedule_timeout_uninterruptible(long timeout)
{
	set_state(TASK_UNINTERRUPTIBLE);
	return kapi_schedule_timeout(timeout);
}

UMOD_KEEP_FRAME
static long kapi_schedule_timeout_idle(long timeout)
{
	set_state(TASK_UNINTERRUPTIBLE | 0x0400u);	/* TASK_IDLE */
	return kapi_schedule_timeout(timeout);
}

static int kapi_wake_up_process(struct task_struct *p)
{
	return umod_task_wake(p, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE);
}

void umod_task_signal(struct umod_task *t)
{
	__atomic_fetch_or(&t->task.pending.signal.sig[0], UMOD_SIGKILL_MASK, __ATOMIC_SEQ_CST);
	__atomic_fetch_or(&t->task.thread_info.flags, 1UL << UMOD_TIF_SIGPENDING,
			  __ATOMIC_SEQ_CST);
	umod_task_wake(&t->task, TASK_INTERRUPTIBLE | TASK_WAKEKILL);
}

UMOD_API struct umod_task *umod_task_get_current(void)
{
	return umod_task_get(umod_task_current());
}

UMOD_API void umod_task_interrupt(struct umod_task *t)
{
	if (t)
		umod_task_signal(t);
}

UMOD_API void umod_task_unref(struct umod_task *t)
{
	umod_task_put(t);
}

/* the CPU is the OS scheduler's to give: a voluntary point is a yield */
static int kapi_cond_resched(void)
{
	return 0;
}

static void kapi_yield(void)
{
	set_state(TASK_RUNNING);
	sched_yield();
}

/* ---- contexts: preempt_count(), interrupts, bottom halves ----------------- */

static int kapi_preempt_count(void)
{
	return (int)umod_task_fast()->preempt_count;
}

static void kapi_preempt_count_add(int val)
{
	umod_task_fast()->preempt_count += (unsigned int)val;
}

static void kapi_preempt_count_sub(int val)
{
	umod_task_fast()->preempt_count -= (unsigned int)val;
}

static unsigned long kapi_arch_local_save_flags(void)
{
	return umod_task_fast()->irqs_disabled ? 0 : UMOD_ARCH_IRQ_ENABLED;
}

static unsigned long kapi_arch_local_irq_save(void)
{
	return umod_irq_save(umod_task_fast());
}

static void kapi_arch_local_irq_restore(unsigned long flags)
{
	umod_irq_restore(umod_task_fast(), flags);
}

static void kapi_local_bh_disable_ip(unsigned long ip, unsigned int cnt)
{
	umod_task_fast()->preempt_count += cnt;
}

static void kapi_local_bh_enable_ip(unsigned long ip, unsigned int cnt)
{
	umod_task_fast()->preempt_count -= cnt;
}

/* ---- might_sleep(): sleeping in atomic context is reported ---------------- */

#define MIGHT_RESCHED_RCU_SHIFT		8
#define MIGHT_RESCHED_PREEMPT_MASK	((1u << MIGHT_RESCHED_RCU_SHIFT) - 1)
#define SCHED_TAINT_WARN		9	/* W */
#define TRACE_MAX_FRAMES		32

/* the kernel's: one report per HZ jiffies, whichever the site */
static _Atomic uint64_t might_sleep_prev_jiffy;

void umod_might_sleep_reset_ratelimit(void)
{
	atomic_store(&might_sleep_prev_jiffy, 0);
}

static bool might_sleep_ratelimited(void)
{
	uint64_t now = umod_jiffies64(), prev = atomic_load(&might_sleep_prev_jiffy);

	if (prev && now - prev < UMOD_HZ)
		return true;
	return !atomic_compare_exchange_strong(&might_sleep_prev_jiffy, &prev, now);
}

/* "CPU: 0 PID: 42 Comm: insmod Tainted: G           O       6.1.0 #1" and
 * "Hardware name: ...", as dump_stack_print_info() */
static void report_cpu_line(struct umod_host *host, const struct umod_task *t)
{
	unsigned long taints = atomic_load(&host->taints);
	char cols[32] = "";
	int cpu = sched_getcpu();

	if (taints)
		umod_taint_columns(taints, cols);
	umod_log_printk(host->log, KERN_DEFAULT "CPU: %d PID: %d Comm: %.20s %s%s %s #1\n",
			cpu < 0 ? 0 : cpu, t->task.pid, t->task.comm,
			taints ? "Tainted: " : "Not tainted", cols, UTS_RELEASE);
	umod_dmi_setup();
	umod_log_printk(host->log, KERN_DEFAULT "Hardware name: %s\n", umod_dump_stack_arch_desc());
}

/* one line of the trace, if @ret returns into a module; true if so */
static bool trace_entry(struct umod_host *host, uint64_t ret, bool reliable)
{
	const char *name, *modname;
	uint64_t off, size;

	if (!umod_kallsyms_lookup_nolock(host, ret - 1, &name, &modname, &off, &size))
		return false;
	if (name)
		umod_log_printk(host->log, KERN_DEFAULT " %s%s+0x%llx/0x%llx [%s]\n",
				reliable ? "" : "? ", name, (unsigned long long)off + 1,
				(unsigned long long)size, modname);
	else
		umod_log_printk(host->log, KERN_DEFAULT " %s0x%llx\n", reliable ? "" : "? ",
				(unsigned long long)ret);
	return true;
}

/*
 * The frame-pointer chain from here (module code keeps frame pointers,
 * and so do the host functions it calls that sleep), up to the first
 * return into the host after the module's frames. Returns how many
 * module frames it listed.
 */
static int trace_chain(struct umod_host *host, uint64_t fp)
{
	uint64_t lo = fp, hi = fp + UMOD_OOPS_SCAN_WORDS * 8, frame[2];
	int listed = 0;

	for (int n = 0; n < TRACE_MAX_FRAMES; n++) {
		if (fp < lo || fp >= hi || (fp & 7) || !umod_oops_read(fp, frame, sizeof(frame)))
			break;
		if (trace_entry(host, frame[1], true))
			listed++;
		else if (listed)
			break;
		if (frame[0] <= fp)
			break;
		fp = frame[0];
	}
	return listed;
}

/* a chain broken by a host frame: every module text address on the stack */
static void trace_scan(struct umod_host *host, const uint64_t *sp)
{
	int listed = 0;

	for (int i = 0; i < UMOD_OOPS_SCAN_WORDS && listed < TRACE_MAX_FRAMES; i++) {
		uint64_t word;

		if (!umod_oops_read((uint64_t)(uintptr_t)(sp + i), &word, sizeof(word)))
			break;
		listed += trace_entry(host, word, false);
	}
}

/* dump_stack()'s "Call Trace:", the module frames named through kallsyms */
UMOD_KEEP_FRAME
static void report_trace(struct umod_host *host)
{
	uint64_t fp = (uint64_t)(uintptr_t)__builtin_frame_address(0);

	umod_log_printk(host->log, KERN_DEFAULT "Call Trace:\n");
	umod_log_printk(host->log, KERN_DEFAULT " <TASK>\n");
	if (!trace_chain(host, fp))
		trace_scan(host, (const uint64_t *)(uintptr_t)fp);
	umod_log_printk(host->log, KERN_DEFAULT " </TASK>\n");
}

UMOD_KEEP_FRAME
static void might_resched_report(struct umod_task *t, const char *file, int line,
				 unsigned int offsets)
{
	struct umod_host *host = t->call && t->call->mod ? t->call->mod->host : NULL;
	struct umod_log *log = host ? host->log : NULL;

	if (!log)
		return;
	umod_log_printk(log, KERN_ERR "BUG: sleeping function called from invalid context at %s:%d\n",
			file, line);
	umod_log_printk(log, KERN_ERR "in_atomic(): %d, irqs_disabled(): %d, non_block: %d, pid: %d, name: %s\n",
			t->preempt_count != 0, t->irqs_disabled ? 1 : 0, 0, t->task.pid, t->task.comm);
	umod_log_printk(log, KERN_ERR "preempt_count: %x, expected: %x\n", t->preempt_count,
			offsets & MIGHT_RESCHED_PREEMPT_MASK);
	umod_log_printk(log, KERN_ERR "RCU nest depth: %u, expected: %u\n", t->rcu_read_depth,
			offsets >> MIGHT_RESCHED_RCU_SHIFT);
	report_cpu_line(host, t);
	report_trace(host);
	umod_host_add_taint(host, SCHED_TAINT_WARN, false);
}

UMOD_KEEP_FRAME
void umod_might_resched(const char *file, int line, unsigned int offsets)
{
	struct umod_task *t = umod_task_fast();
	unsigned int nested = t->preempt_count + (t->rcu_read_depth << MIGHT_RESCHED_RCU_SHIFT);

	if (nested == offsets && !t->irqs_disabled)
		return;
	if (might_sleep_ratelimited())
		return;
	might_resched_report(t, file, line, offsets);
}

UMOD_KEEP_FRAME
static void kapi_might_resched(const char *file, int line, unsigned int offsets)
{
	umod_might_resched(file, line, offsets);
}

UMOD_KEEP_FRAME
static void kapi_might_sleep(const char *file, int line)
{
	umod_might_resched(file, line, 0);
}

static struct task_struct *kapi_get_current(void)
{
	return &umod_task_current()->task;
}

/* a task's reference (6.1's inline refcount on task->usage) */
static struct task_struct *kapi_get_task_struct(struct task_struct *t)
{
	umod_task_get((struct umod_task *)t);
	return t;
}

static void kapi_put_task_struct(struct task_struct *t)
{
	umod_task_put((struct umod_task *)t);
}

static const struct umod_kapi_export sched_exports[] = {
	UMOD_KAPI("get_task_struct", kapi_get_task_struct),
	UMOD_KAPI("put_task_struct", kapi_put_task_struct),
	UMOD_KAPI("get_current", kapi_get_current),
	UMOD_KAPI("schedule", kapi_schedule),
	UMOD_KAPI("io_schedule", kapi_schedule),
	UMOD_KAPI("schedule_timeout", kapi_schedule_timeout),
	UMOD_KAPI("io_schedule_timeout", kapi_schedule_timeout),
	UMOD_KAPI("schedule_timeout_interruptible", kapi_schedule_timeout_interruptible),
	UMOD_KAPI("schedule_timeout_killable", kapi_schedule_timeout_killable),
	UMOD_KAPI("schedule_timeout_uninterruptible", kapi_schedule_timeout_uninterruptible),
	UMOD_KAPI("schedule_timeout_idle", kapi_schedule_timeout_idle),
	UMOD_KAPI("wake_up_process", kapi_wake_up_process),
	UMOD_KAPI("wake_up_state", umod_task_wake),
	UMOD_KAPI("yield", kapi_yield),
	UMOD_KAPI("__cond_resched", kapi_cond_resched),
	UMOD_KAPI("__might_resched", kapi_might_resched),
	UMOD_KAPI("__might_sleep", kapi_might_sleep),
	UMOD_KAPI("preempt_count", kapi_preempt_count),
	UMOD_KAPI("preempt_count_add", kapi_preempt_count_add),
	UMOD_KAPI("preempt_count_sub", kapi_preempt_count_sub),
	UMOD_KAPI("arch_local_save_flags", kapi_arch_local_save_flags),
	UMOD_KAPI("arch_local_irq_save", kapi_arch_local_irq_save),
	UMOD_KAPI("arch_local_irq_restore", kapi_arch_local_irq_restore),
	UMOD_KAPI("__local_bh_disable_ip", kapi_local_bh_disable_ip),
	UMOD_KAPI("__local_bh_enable_ip", kapi_local_bh_enable_ip),
};

const struct umod_kapi_table umod_kapi_sched = UMOD_KAPI_TABLE(sched_exports);
