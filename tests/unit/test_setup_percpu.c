// SPDX-License-Identifier: MIT
/*
 * arch/x86/kernel/setup_percpu.c: once a thread may run genuine code, %gs
 * points at its own per-CPU area: the canary at %gs:40 (NUL first), the
 * preempt count at 6.1's "nothing to schedule" value, this_cpu_off the
 * area itself, current_task what the thread runs as; another thread has
 * another area; the offsets are the ones genuine.c exports.
 */
#include <asm/prctl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "arch/x86/kernel/percpu.h"

static uint64_t offsets[4];

static void collect(const char *name, uint64_t off)
{
	static const char *const names[4] = {
		"current_task", "__preempt_count", "cpu_number", "this_cpu_off"
	};

	for (int i = 0; i < 4; i++)
		if (!strcmp(name, names[i]))
			offsets[i] = off;
}

#define GS_READ(off, out)						\
	__asm__ volatile("movq %%gs:(%1), %0" : "=r"(out) : "r"(off))

static uint64_t gs_base(void)
{
	unsigned long base = 0;

	syscall(SYS_arch_prctl, ARCH_GET_GS, &base);
	return base;
}

static void area_words(void **state)
{
	uint64_t canary, task, pc, self;
	int dummy;

	umod_arch_percpu_syms(collect);
	assert_int_equal(offsets[0], 48);
	umod_arch_genuine_thread();
	umod_arch_genuine_thread();	/* once per thread: nothing changes */
	GS_READ(40ul, canary);
	assert_true(canary != 0 && (canary & 0xff) == 0);
	GS_READ(offsets[1], pc);
	assert_int_equal((uint32_t)pc, 0x80000000u);
	GS_READ(offsets[3], self);
	assert_int_equal(self, gs_base());
	umod_arch_set_current(&dummy);
	GS_READ(offsets[0], task);
	assert_ptr_equal((void *)(uintptr_t)task, &dummy);
	umod_arch_set_current(NULL);
	GS_READ(offsets[0], task);
	assert_int_equal(task, 0);
}

static void *other_thread(void *arg)
{
	uint64_t *base = arg;

	umod_arch_genuine_thread();
	*base = gs_base();
	return NULL;
}

static void an_area_per_thread(void **state)
{
	uint64_t mine, theirs = 0;
	pthread_t t;

	umod_arch_genuine_thread();
	mine = gs_base();
	assert_int_equal(pthread_create(&t, NULL, other_thread, &theirs), 0);
	pthread_join(t, NULL);
	assert_true(theirs && theirs != mine);
	assert_int_equal(gs_base(), mine);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(area_words),
		cmocka_unit_test(an_area_per_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
