// SPDX-License-Identifier: MIT
/*
 * lib/protect.c on a real module (tests/modules/roafterinit.ko): its
 * __ro_after_init variable is written by init, then sealed; a later write
 * must fault. The write runs in a forked child, whose signal is asserted.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"
#include "internal.h"

#define ROAFTERINIT UMOD_TEST_MODULES "/roafterinit.ko"

/* loads the module; returns its __ro_after_init section */
static const struct umod_section *load(struct umod_host **hostp, struct capture *cap,
				       struct umod_module **modp)
{
	*hostp = test_host_new(cap);
	if (!*hostp || umod_module_insert_file(*hostp, ROAFTERINIT, NULL, 0, modp))
		return NULL;
	return umod_module_find_section(*modp, ".data..ro_after_init");
}

static void written_by_init_then_read_only(void **state)
{
	const struct umod_section *s;
	struct umod_module *mod;
	struct umod_host *host;
	struct capture cap;
	char perms[5];

	s = load(&host, &cap, &mod);
	assert_non_null(s);
	assert_true(capture_has(&cap, "roafterinit: setting 42"));
	assert_int_equal(*(volatile int *)s->addr, 42);
	assert_string_equal(mapping_perms(s->addr, perms), "r--p");
	assert_int_equal(umod_module_remove(host, "roafterinit", 0), 0);
	assert_true(capture_has(&cap, "roafterinit: setting still 42"));
	umod_module_unref(mod);
	umod_host_unref(host);
}

/* the child exits 0 only if the write went through: it must die of SIGSEGV */
static void later_write_faults(void **state)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		const struct umod_section *s;
		struct umod_module *mod;
		struct umod_host *host;
		struct capture cap;

		signal(SIGSEGV, SIG_DFL);
		s = load(&host, &cap, &mod);
		if (!s)
			_exit(2);
		*(volatile int *)s->addr = 7;
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGSEGV);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(written_by_init_then_read_only),
		cmocka_unit_test(later_write_faults),
	};

	return cmocka_run_group_tests_name("protect", tests, NULL, NULL);
}
