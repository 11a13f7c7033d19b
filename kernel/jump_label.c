// SPDX-License-Identifier: MIT
/*
 * Static keys (kernel/jump_label.c). The kernel patches every branch on
 * a key into a jump or a no-op when the key flips; umod patches no code,
 * so a branch reads the key's count (linux/jump_label.h) and these
 * functions only keep the count as 6.1 keeps it: slow_inc/slow_dec
 * count users, enable/disable set it to 1 or 0, and the misuses 6.1
 * warns about are warned about here.
 */
#include <stdatomic.h>
#include <stdbool.h>

#include <umod/kabi/jump_label.h>

#include "kernel/kapi.h"
#include "kernel/panic.h"

/* WARN_ON_ONCE()'s: once per process, which is the kernel here */
static atomic_bool warned_enable, warned_disable;

static atomic_int *count_of(struct static_key *key)
{
	return (atomic_int *)&key->enabled.counter;
}

static void kapi_static_key_slow_inc(struct static_key *key)
{
	atomic_int *n = count_of(key);
	int v = atomic_load(n);

	/* the first user turns it on (0 becomes 1); a negative count is only counted up */
	while (v > 0)
		if (atomic_compare_exchange_weak(n, &v, v + 1))
			return;
	if (!atomic_compare_exchange_strong(n, &(int){ 0 }, 1))
		atomic_fetch_add(n, 1);
}

static void kapi_static_key_slow_dec(struct static_key *key)
{
	atomic_int *n = count_of(key);
	int v = atomic_load(n);

	/* atomic_fetch_add_unless(-1, unless 1): the last user goes below */
	while (v != 1 && !atomic_compare_exchange_weak(n, &v, v - 1))
		;
	if (v == 1)
		atomic_fetch_sub(n, 1);
	else if (v < 0)
		umod_warn_host("kernel/jump_label.c", 257, "static_key_slow_try_dec",
			       "jump label: negative count!\n");
}

static void kapi_static_key_enable(struct static_key *key)
{
	atomic_int *n = count_of(key);
	int v = atomic_load(n);

	if (v > 0) {
		if (v != 1 && !atomic_exchange(&warned_enable, true))
			umod_warn_host("kernel/jump_label.c", 177, "static_key_enable_cpuslocked",
				       NULL);
		return;
	}
	/* from 0 only: a negative count is a first slow_inc() still at work in 6.1 */
	atomic_compare_exchange_strong(n, &(int){ 0 }, 1);
}

static void kapi_static_key_disable(struct static_key *key)
{
	atomic_int *n = count_of(key);
	int v = atomic_load(n);

	if (v != 1) {
		if (v != 0 && !atomic_exchange(&warned_disable, true))
			umod_warn_host("kernel/jump_label.c", 204, "static_key_disable_cpuslocked",
				       NULL);
		return;
	}
	atomic_compare_exchange_strong(n, &v, 0);
}

static const struct umod_kapi_export jump_label_exports[] = {
	UMOD_KAPI_GPL("static_key_slow_inc", kapi_static_key_slow_inc),
	UMOD_KAPI_GPL("static_key_slow_dec", kapi_static_key_slow_dec),
	UMOD_KAPI_GPL("static_key_slow_inc_cpuslocked", kapi_static_key_slow_inc),
	UMOD_KAPI_GPL("static_key_slow_dec_cpuslocked", kapi_static_key_slow_dec),
	UMOD_KAPI_GPL("static_key_enable", kapi_static_key_enable),
	UMOD_KAPI_GPL("static_key_disable", kapi_static_key_disable),
	UMOD_KAPI_GPL("static_key_enable_cpuslocked", kapi_static_key_enable),
	UMOD_KAPI_GPL("static_key_disable_cpuslocked", kapi_static_key_disable),
};

const struct umod_kapi_table umod_kapi_jump_label = UMOD_KAPI_TABLE(jump_label_exports);
