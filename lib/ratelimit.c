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

static struct umod_log *mod_log(struct module *mod)
{
	const struct umod_module *m = mod ? mod->umod : NULL;

	return m && m->host ? m->host->log : NULL;
}

static int kapi___ratelimit(struct module *mod, struct ratelimit_state *rs, const char *func)
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
			umod_log_printk(mod_log(mod), KERN_WARNING "%s: %d callbacks suppressed\n",
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

static const struct umod_kapi_export ratelimit_exports[] = {
	UMOD_KAPI("___ratelimit", kapi___ratelimit),
};

const struct umod_kapi_table umod_kapi_ratelimit = UMOD_KAPI_TABLE(ratelimit_exports);
