// SPDX-License-Identifier: MIT
/*
 * fs/fcntl.c: fasync_helper() adds a file once (1), updates it after (0),
 * removes it (1) and keeps FASYNC in f_flags in step; kill_fasync()
 * sends the signal to the process the registering task acts for (a child
 * here, which must receive SIGIO), never to the host itself.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"
#include "kernel/printk/internal.h"
#include "fs/internal.h"
#include "kapi_lookup.h"

struct fasync_struct;

typedef int (*fasync_helper_fn)(int, struct file *, int, struct fasync_struct **);
typedef void (*kill_fasync_fn)(struct fasync_struct **, int, int);

/* the child: waits up to 5 s for SIGIO; exit 0 when it came */
static void child_wait(int ready)
{
	struct timespec ts = { 5, 0 };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGIO);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (write(ready, "r", 1) != 1)
		_exit(2);
	_exit(sigtimedwait(&set, NULL, &ts) == SIGIO ? 0 : 1);
}

static void test_sigio_to_the_client(void **state)
{
	fasync_helper_fn helper = kapi_in(&umod_kapi_fcntl, "fasync_helper");
	kill_fasync_fn kill_fa = kapi_in(&umod_kapi_fcntl, "kill_fasync");
	struct fasync_struct *list = NULL;
	struct file file;
	int fds[2], status;
	pid_t child;
	char c;

	memset(&file, 0, sizeof(file));
	assert_int_equal(pipe(fds), 0);
	child = fork();
	assert_true(child >= 0);
	if (!child)
		child_wait(fds[1]);
	assert_int_equal(read(fds[0], &c, 1), 1);
	umod_task_set_identity(child, "client");
	assert_int_equal(helper(3, &file, 1, &list), 1);
	assert_true(file.f_flags & UMOD_FASYNC);
	assert_int_equal(helper(4, &file, 1, &list), 0);	/* already there */
	kill_fa(&list, SIGIO, 1 /* POLL_IN */);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(helper(4, &file, 0, &list), 1);
	assert_null(list);
	assert_false(file.f_flags & UMOD_FASYNC);
	assert_int_equal(helper(4, &file, 0, &list), 0);
	umod_task_set_identity(getpid(), "test_fcntl");
	close(fds[0]);
	close(fds[1]);
}

/* the host's own task registered: no signal to the host (the daemon) */
static void test_not_to_the_host(void **state)
{
	fasync_helper_fn helper = kapi_in(&umod_kapi_fcntl, "fasync_helper");
	kill_fasync_fn kill_fa = kapi_in(&umod_kapi_fcntl, "kill_fasync");
	struct fasync_struct *list = NULL;
	struct file file;
	sigset_t set, pending;

	memset(&file, 0, sizeof(file));
	sigemptyset(&set);
	sigaddset(&set, SIGIO);
	sigprocmask(SIG_BLOCK, &set, NULL);
	umod_task_set_identity(getpid(), "test_fcntl");
	assert_int_equal(helper(5, &file, 1, &list), 1);
	kill_fa(&list, SIGIO, 1);
	sigpending(&pending);
	assert_false(sigismember(&pending, SIGIO));
	assert_int_equal(helper(5, &file, 0, &list), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sigio_to_the_client),
		cmocka_unit_test(test_not_to_the_host),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
