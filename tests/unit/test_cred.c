// SPDX-License-Identifier: MIT
/*
 * kernel/cred.c: a task acting for root holds every capability, one
 * acting for another user none; kernel threads are root; ids map to
 * themselves, (uid_t)-1 to the overflow id when munged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/printk/internal.h"
#include "fs/internal.h"
#include "kapi_lookup.h"

#define CAP_SYS_ADMIN	21
#define CAP_CHECKPOINT_RESTORE	40

typedef bool (*capable_fn)(int);
typedef unsigned int (*from_kuid_fn)(struct user_namespace *, kuid_t);

static void test_capable_follows_the_client(void **state)
{
	capable_fn capable = kapi_in(&umod_kapi_cred, "capable");

	umod_task_set_cred(0, 0);
	assert_true(capable(CAP_SYS_ADMIN));
	assert_true(capable(CAP_CHECKPOINT_RESTORE));
	assert_false(capable(41));
	assert_false(capable(-1));
	umod_task_set_cred(1000, 1000);
	assert_false(capable(CAP_SYS_ADMIN));
	assert_int_equal(umod_task_current()->task.cred->euid.val, 1000);
	assert_int_equal(umod_task_current()->task.cred->fsgid.val, 1000);
	umod_task_set_cred(geteuid(), getegid());
}

static void test_kthreads_are_root(void **state)
{
	struct umod_task *t;

	assert_int_equal(umod_task_new(&t, "kworker", true), 0);
	assert_int_equal(t->task.cred->uid.val, 0);
	assert_true(t->task.cred->cap_effective.cap[0] & (1u << CAP_SYS_ADMIN));
	assert_ptr_equal(t->task.real_cred, t->task.cred);
	assert_non_null(t->task.signal);
	umod_task_put(t);
}

static void test_mappings(void **state)
{
	struct user_namespace *ns = kapi_in(&umod_kapi_cred, "init_user_ns");
	from_kuid_fn from_kuid = kapi_in(&umod_kapi_cred, "from_kuid");
	from_kuid_fn munged = kapi_in(&umod_kapi_cred, "from_kuid_munged");

	assert_int_equal(from_kuid(ns, (kuid_t){ 4321 }), 4321);
	assert_int_equal(from_kuid(ns, (kuid_t){ (unsigned int)-1 }), (unsigned int)-1);
	assert_int_equal(munged(ns, (kuid_t){ (unsigned int)-1 }), 65534);
	assert_int_equal(munged(ns, (kuid_t){ 7 }), 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capable_follows_the_client),
		cmocka_unit_test(test_kthreads_are_root),
		cmocka_unit_test(test_mappings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
