// SPDX-License-Identifier: MIT
/*
 * jiffies from the monotonic clock: ticks of HZ since the process
 * started, plus the kernel's INITIAL_JIFFIES. Time is a fact of the
 * process, as the printk clock is, so all hosts in one process share it;
 * nothing ticks, each read computes the value.
 */
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/time/timekeeping.h"

static uint64_t boot_ns;

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
}

uint64_t umod_ns_since_boot(void)
{
	return monotonic_ns() - boot_ns;
}

uint64_t umod_jiffies64(void)
{
	return UMOD_INITIAL_JIFFIES + umod_ns_since_boot() / (1000000000u / UMOD_HZ);
}

static const struct umod_kapi_export jiffies_exports[] = {
	UMOD_KAPI("get_jiffies_64", umod_jiffies64),
};

const struct umod_kapi_table umod_kapi_jiffies = UMOD_KAPI_TABLE(jiffies_exports);
