// SPDX-License-Identifier: MIT
/*
 * jiffies (kernel/time/jiffies.c, kernel/time/tick-common.c): ticks of HZ
 * since the process started, plus the kernel's INITIAL_JIFFIES. Time is a
 * fact of the process, as the printk clock is, so all hosts in one process
 * share it. Modules read `jiffies` and `jiffies_64`, one exported variable
 * under both names as on 64-bit Linux; a tick thread stores the count at
 * each tick boundary while a loaded module references it (DESIGN.md
 * "Time"). The host's own code computes the count from the clock. A
 * genuine host's modules read a low mirror of it (kernel/module/genuine.c),
 * which every store to the variable also stores to.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

#define TICK_NS		(1000000000u / UMOD_HZ)

static uint64_t boot_ns;

/* what modules read; aligned alone on its line, as __cacheline_aligned */
static volatile uint64_t jiffies_var __attribute__((aligned(64)));
/* genuine modules' copy, where their 32-bit relocations reach; NULL before */
static volatile uint64_t *_Atomic jiffies_low;

static pthread_mutex_t tick_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int tick_users;		/* under tick_lock */
static pthread_t tick_thread;		/* running while tick_users > 0 */
static _Atomic bool tick_stop;

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* "boot" is when libumod starts: before any module can read the clock */
__attribute__((constructor)) static void jiffies_boot(void)
{
	boot_ns = monotonic_ns();
	jiffies_var = UMOD_INITIAL_JIFFIES;
}

uint64_t umod_ns_since_boot(void)
{
	return monotonic_ns() - boot_ns;
}

uint64_t umod_jiffies64(void)
{
	return UMOD_INITIAL_JIFFIES + umod_ns_since_boot() / TICK_NS;
}

/*
 * The variable brought up to the clock now (never back): a sleep that
 * timed out sees its deadline passed, as Linux's jiffies has reached the
 * expiry when schedule_timeout() returns, however late the tick runs.
 */
static void advance(volatile uint64_t *v, uint64_t now)
{
	uint64_t cur = __atomic_load_n(v, __ATOMIC_ACQUIRE);

	while (cur < now && !__atomic_compare_exchange_n(v, &cur, now, false,
							 __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
		;
}

/* the variable, and its low mirror, to @now (never back: two writers may race) */
static void jiffies_store(uint64_t now)
{
	volatile uint64_t *low = atomic_load(&jiffies_low);

	advance(&jiffies_var, now);
	if (low)
		advance(low, now);
}

void umod_jiffies_sync(void)
{
	jiffies_store(umod_jiffies64());
}

void umod_jiffies_mirror(volatile uint64_t *low)
{
	atomic_store(&jiffies_low, low);
	jiffies_store(umod_jiffies64());
}

bool umod_is_jiffies(uintptr_t addr)
{
	volatile uint64_t *low = atomic_load(&jiffies_low);

	return addr == (uintptr_t)&jiffies_var || (low && addr == (uintptr_t)low);
}

/* sleeps to each tick boundary of the monotonic clock and stores the count */
static void *tick_main(void *arg)
{
	(void)arg;
	while (!atomic_load(&tick_stop)) {
		uint64_t next = boot_ns + (umod_ns_since_boot() / TICK_NS + 1) * TICK_NS;
		struct timespec ts = { (time_t)(next / 1000000000u), (long)(next % 1000000000u) };

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
		jiffies_store(umod_jiffies64());
	}
	return NULL;
}

void umod_jiffies_tick_get(void)
{
	pthread_mutex_lock(&tick_lock);
	if (tick_users++ == 0) {
		jiffies_store(umod_jiffies64());
		atomic_store(&tick_stop, false);
		/* no thread (out of resources): jiffies stands still, as a stopped tick */
		if (umod_thread_spawn(&tick_thread, tick_main, NULL))
			tick_users = 0;
	}
	pthread_mutex_unlock(&tick_lock);
}

void umod_jiffies_tick_put(void)
{
	pthread_mutex_lock(&tick_lock);
	if (tick_users && --tick_users == 0) {
		atomic_store(&tick_stop, true);
		pthread_join(tick_thread, NULL);	/* within one tick */
	}
	pthread_mutex_unlock(&tick_lock);
}

static const struct umod_kapi_export jiffies_exports[] = {
	UMOD_KAPI("jiffies", &jiffies_var),
	UMOD_KAPI("jiffies_64", &jiffies_var),
};

const struct umod_kapi_table umod_kapi_jiffies = UMOD_KAPI_TABLE(jiffies_exports);
