// SPDX-License-Identifier: MIT
/*
 * ___ratelimit() (lib/ratelimit.c): at most @burst passes per @interval
 * jiffies; when a new interval starts after some were refused, the
 * caller's log gets "<func>: N callbacks suppressed", as in Linux. The
 * state is the module's struct; its lock is a flag the host spins on (a
 * busy state refuses instead, as the kernel's trylock does).
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

#include <umod/kabi/ratelimit.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

#define RL_HZ			250
#define RATELIMIT_MSG_ON_RELEASE	1ul

static unsigned long now_jiffies(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long)ts.tv_sec * RL_HZ + (unsigned long)ts.tv_nsec / (1000000000 / RL_HZ);
}

/* ___ratelimit() for @mod, whose log gets "callbacks suppressed" */
static int ratelimit(struct module *mod, struct ratelimit_state *rs, const char *func)
{
	_Atomic int *lock = (_Atomic int *)&rs->lock;
	unsigned long now = now_jiffies();
	int expected = 0, ret;

	if (!rs->interval)
		return 1;
	if (!atomic_compare_exchange_strong(lock, &expected, 1))
		return 0;
	if (!rs->begin)
		rs->begin = now;
	if ((long)(rs->begin + (unsigned long)rs->interval - now) < 0) {
		if (rs->missed && !(rs->flags & RATELIMIT_MSG_ON_RELEASE)) {
			umod_log_printk(umod_module_log(mod), KERN_WARNING "%s: %d callbacks suppressed\n",
					func, rs->missed);
			rs->missed = 0;
		}
		rs->begin = now;
		rs->printed = 0;
	}
	if (rs->burst && rs->burst > rs->printed) {
		rs->printed++;
		ret = 1;
	} else {
		rs->missed++;
		ret = 0;
	}
	atomic_store(lock, 0);
	return ret;
}

/* printk_ratelimit(): one state for every caller, 10 per 5 s (6.1's sysctls) */
static struct ratelimit_state printk_ratelimit_state = {
	.interval = 5 * RL_HZ,
	.burst = 10,
};

static int kapi___ratelimit(struct ratelimit_state *rs, const char *func)
{
	return ratelimit(UMOD_CALLER(), rs, func);
}

static int kapi___printk_ratelimit(const char *func)
{
	return ratelimit(UMOD_CALLER(), &printk_ratelimit_state, func);
}

/* true when @interval_msec have passed since the last true (*@caller_jiffies) */
static bool kapi_printk_timed_ratelimit(unsigned long *caller_jiffies, unsigned int interval_msec)
{
	unsigned long now = now_jiffies();
	unsigned long interval = ((unsigned long)interval_msec * RL_HZ + 999) / 1000;

	if (*caller_jiffies == 0 || (long)(*caller_jiffies + interval - now) < 0) {
		*caller_jiffies = now;
		return true;
	}
	return false;
}

static const struct umod_kapi_export ratelimit_exports[] = {
	UMOD_KAPI("___ratelimit", kapi___ratelimit),
	UMOD_KAPI("__printk_ratelimit", kapi___printk_ratelimit),
	UMOD_KAPI("printk_timed_ratelimit", kapi_printk_timed_ratelimit),
};

const struct umod_kapi_table umod_kapi_ratelimit = UMOD_KAPI_TABLE(ratelimit_exports);
