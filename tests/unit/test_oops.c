// SPDX-License-Identifier: MIT
/*
 * kernel/oops.c: a fault in module code (tests/modules/nullexit.ko, whose
 * exit writes through NULL) is an oops of the exit call by default: its
 * report goes into the host's log, the host is tainted D and goes on, the
 * module stays GOING, and the next oops is [#2]. With panic_on_oops the
 * report is written to the given descriptors and the process ends with
 * the chosen status or the signal; a fault in host code is left to the
 * handler that was there before; bad arguments are refused. Faults that
 * end the process happen in a forked child.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"

#define NULLEXIT UMOD_TEST_MODULES "/nullexit.ko"

enum fault { IN_MODULE, IN_HOST, KILLED };

/* in the child: load nullexit.ko, install the handler, fault as told */
static void child(int fd, int status, enum fault how)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	signal(SIGSEGV, SIG_DFL);
	if (!host || umod_module_insert_file(host, NULLEXIT, NULL, 0, NULL) ||
	    umod_host_install_oops(host, &fd, 1, status) ||
	    umod_host_set_panic_on_oops(host, 1))
		_exit(3);
	if (how == IN_MODULE) {
		umod_module_remove(host, "nullexit", 0);
	} else if (how == KILLED) {
		kill(getpid(), SIGSEGV);
	} else {
		/* a read-only page, not NULL: UBSan would stop a NULL store first */
		int *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (ro != MAP_FAILED)
			*(volatile int *)ro = 1;
	}
	_exit(4);
}

/* runs child() and returns its wait status; the report lands in @out */
static int run_child(int status, enum fault how, char *out, size_t size)
{
	int p[2], wstatus;
	ssize_t n, got = 0;
	pid_t pid;

	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		child(p[1], status, how);
	}
	close(p[1]);
	while ((n = read(p[0], out + got, size - 1 - (size_t)got)) > 0)
		got += n;
	out[got] = '\0';
	close(p[0]);
	assert_int_equal(waitpid(pid, &wstatus, 0), pid);
	return wstatus;
}

static char report[64 * 1024];

static void module_fault_reported_then_exit_status(void **state)
{
	int ws = run_child(42, IN_MODULE, report, sizeof(report));

	assert_true(WIFEXITED(ws));
	assert_int_equal(WEXITSTATUS(ws), 42);
	assert_non_null(strstr(report, "] BUG: kernel NULL pointer dereference, address: 0000000000000000\n"));
	assert_non_null(strstr(report, "] #PF: supervisor write access in kernel mode\n"));
	assert_non_null(strstr(report, "] Oops: 0002 [#1] PREEMPT SMP NOPTI\n"));
	assert_non_null(strstr(report, "] RIP: 0010:nullexit_exit+0x"));
	assert_non_null(strstr(report, "/0x1000 [nullexit]\n"));
	assert_non_null(strstr(report, "] Modules linked in: nullexit(-)\n"));
	assert_non_null(strstr(report, "] ---[ end trace 0000000000000000 ]---\n"));
}

static void module_fault_without_status_dies_of_signal(void **state)
{
	int ws = run_child(0, IN_MODULE, report, sizeof(report));

	assert_true(WIFSIGNALED(ws));
	assert_int_equal(WTERMSIG(ws), SIGSEGV);
	assert_non_null(strstr(report, "Oops: 0002 [#1]"));
}

static void host_fault_is_not_an_oops(void **state)
{
	int ws = run_child(42, IN_HOST, report, sizeof(report));

	assert_true(WIFSIGNALED(ws));
	assert_int_equal(WTERMSIG(ws), SIGSEGV);
	assert_string_equal(report, "");
}

/* a SIGSEGV sent with kill(2) is no fault of a module's */
static void sent_signal_is_not_an_oops(void **state)
{
	int ws = run_child(42, KILLED, report, sizeof(report));

	assert_true(WIFSIGNALED(ws));
	assert_int_equal(WTERMSIG(ws), SIGSEGV);
	assert_string_equal(report, "");
}

/*
 * The exit oopses, the host goes on: the module stays GOING (a second
 * rmmod is -EBUSY, a second load of it -EEXIST), the report is in the log.
 */
static void module_fault_recovered(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	int fd = 2;

	assert_int_equal(umod_host_install_oops(host, &fd, 1, 0), 0);
	assert_int_equal(umod_module_insert_file(host, NULLEXIT, NULL, 0, NULL), 0);
	assert_int_equal(umod_module_remove(host, "nullexit", 0), -ENOTRECOVERABLE);
	assert_true(capture_has(&cap, "BUG: kernel NULL pointer dereference, address: 0000000000000000"));
	assert_true(capture_has(&cap, "Modules linked in: nullexit(-)"));
	assert_true(capture_has(&cap, "Disabling lock debugging due to kernel taint"));
	assert_true(umod_host_get_taint(host) & (1ul << 7));
	assert_int_equal(umod_module_find(host, "nullexit", &mod), 0);
	assert_int_equal(umod_module_get_state(mod), UMOD_MODULE_GOING);
	umod_module_unref(mod);
	assert_int_equal(umod_module_remove(host, "nullexit", 0), -EBUSY);
	assert_int_equal(umod_module_insert_file(host, NULLEXIT, NULL, 0, NULL), -EEXIST);
	umod_host_unref(host);
}

static void bad_arguments(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	int fds[5] = { 1, 1, 1, 1, 1 };

	assert_int_equal(umod_host_install_oops(NULL, fds, 1, 0), -EINVAL);
	assert_int_equal(umod_host_install_oops(host, NULL, 1, 0), -EINVAL);
	assert_int_equal(umod_host_install_oops(host, fds, 0, 0), -EINVAL);
	assert_int_equal(umod_host_install_oops(host, fds, 5, 0), -EINVAL);
	assert_int_equal(umod_host_install_oops(host, fds, 1, 256), -EINVAL);
	umod_host_unref(host);
}

/* the host's last unref puts back the handler that was there before */
static void unref_restores_handlers(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	struct sigaction before, during, after;
	int fd = 1;

	sigaction(SIGSEGV, NULL, &before);
	assert_int_equal(umod_host_install_oops(host, &fd, 1, 0), 0);
	sigaction(SIGSEGV, NULL, &during);
	assert_true(during.sa_sigaction != before.sa_sigaction);
	umod_host_unref(host);
	sigaction(SIGSEGV, NULL, &after);
	assert_true(after.sa_sigaction == before.sa_sigaction);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(module_fault_reported_then_exit_status),
		cmocka_unit_test(module_fault_without_status_dies_of_signal),
		cmocka_unit_test(module_fault_recovered),
		cmocka_unit_test(host_fault_is_not_an_oops),
		cmocka_unit_test(sent_signal_is_not_an_oops),
		cmocka_unit_test(bad_arguments),
		cmocka_unit_test(unref_restores_handlers),
	};

	return cmocka_run_group_tests_name("oops", tests, NULL, NULL);
}
