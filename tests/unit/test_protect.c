// SPDX-License-Identifier: MIT
/*
 * kernel/module/strict_rwx.c on real modules: roafterinit.ko's __ro_after_init
 * variable is written by init, then sealed, and a later write must fault;
 * initmap.ko's init region is mapped while init runs and unmapped once it
 * has returned, and its core text is never writable. Writes run in a
 * forked child, whose signal is asserted.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/module/module.h"

#include "../modules/lifereg.h"
#include "helpers.h"

#define ROAFTERINIT UMOD_TEST_MODULES "/roafterinit.ko"
#define INITMAP UMOD_TEST_MODULES "/initmap.ko"

/* what initmap.ko's init said, and how its code was mapped at that moment */
static const void *init_code, *core_code;
static char init_perms[5];

void life_note_addresses(const void *init, const void *core)
{
	init_code = init;
	core_code = core;
	mapping_perms(init, init_perms);
}
UMOD_EXPORT_SYMBOL(life_note_addresses);

/* mincore() of the page holding @addr: 0 if mapped, else -errno */
/* 1 if the page holding @addr has memory behind it, 0 if not, or -errno */
static int page_resident(const void *addr)
{
	uintptr_t page = (uintptr_t)addr & ~(uintptr_t)(UMOD_PAGE_SIZE - 1);
	unsigned char vec;

	return mincore((void *)page, UMOD_PAGE_SIZE, &vec) ? -errno : vec & 1;
}

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

/* the init region is really given back: its pages are no longer mapped */
static void init_region_unmapped(void **state)
{
	struct umod_module *mod;
	struct umod_host *host;
	struct capture cap;
	char perms[5], buf[32];

	host = test_host_new(&cap);
	assert_int_equal(umod_module_insert_file(host, INITMAP, NULL, 0, &mod), 0);
	assert_non_null(init_code);
	assert_string_equal(init_perms, "r-xp");
	/* back in the module area: no access, and no memory behind it */
	assert_string_equal(mapping_perms(init_code, perms), "---p");
	assert_int_equal(page_resident(init_code), 0);
	assert_int_equal(umod_module_get_init_size(mod), 0);
	assert_int_equal(umod_sysfs_read(host, "initmap/initsize", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "0\n");
	/* the core stays, executable and nothing more */
	assert_string_equal(mapping_perms(core_code, perms), "r-xp");
	assert_int_equal(page_resident(core_code), 1);
	umod_module_unref(mod);
	umod_host_unref(host);
}

/* a write to module text kills the writer: SIGSEGV, in a child */
static void text_write_faults(void **state)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		struct umod_module *mod;
		struct umod_host *host;
		struct capture cap;

		signal(SIGSEGV, SIG_DFL);
		host = test_host_new(&cap);
		if (!host || umod_module_insert_file(host, INITMAP, NULL, 0, &mod))
			_exit(2);
		*(volatile unsigned char *)core_code = 0xc3;
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
		cmocka_unit_test(init_region_unmapped),
		cmocka_unit_test(text_write_faults),
	};

	return cmocka_run_group_tests_name("protect", tests, NULL, NULL);
}
