// SPDX-License-Identifier: MIT
/*
 * The KUnit runner, as Linux 6.1's lib/kunit/test.c does for a module:
 * once the module's init has run, the suites its .kunit_test_suites
 * section points to run, printing KTAP version 1 to the kernel log.
 *
 * Each case (each parameter of one) runs on a thread of its own, as
 * KUnit's try-catch runs it in a kthread: a failed KUNIT_ASSERT or
 * kunit_skip() ends the case (a jump back to the thread's entry), a fault
 * in it is an oops of that call (umod_call()), reported `not ok` as "try
 * faulted", and a case running past the timeout (300 s, KUnit's) is
 * failed and left running detached. What the case got from kunit_kmalloc()
 * is freed when it ends. The suite's own init/exit run on the loader's
 * thread, inside umod_call() too.
 */
#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/kunit/kunit.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "lib/vsprintf.h"
#include "mm/internal.h"

#include <umod/kabi/kunit.h>
#include <umod/kunit.h>

#define INDENT	"    "

static struct {
	pthread_mutex_t lock;
	umod_kunit_line_fn out;
	void *out_data;
	char *filter;		/* "suite_glob" or "suite_glob.case_glob" */
	unsigned int timeout_s;
} cfg = { PTHREAD_MUTEX_INITIALIZER, NULL, NULL, NULL, 300 };

/* one run of one case (one parameter): shared by the runner and the case's thread */
struct kunit_run {
	struct umod_module *mod;
	struct kunit_suite *suite;
	struct kunit_case *tc;
	struct kunit test;
	sigjmp_buf abort;
	void **allocs;
	size_t nallocs, cap;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done, oopsed, timed_out;
	atomic_int refs;	/* the runner's and the thread's */
};

static __thread struct kunit_run *current_run;

UMOD_API void umod_kunit_set_output(umod_kunit_line_fn fn, void *data)
{
	pthread_mutex_lock(&cfg.lock);
	cfg.out = fn;
	cfg.out_data = data;
	pthread_mutex_unlock(&cfg.lock);
}

UMOD_API int umod_kunit_set_filter(const char *glob)
{
	char *copy = glob ? strdup(glob) : NULL;

	if (glob && !copy)
		return -ENOMEM;
	pthread_mutex_lock(&cfg.lock);
	free(cfg.filter);
	cfg.filter = copy;
	pthread_mutex_unlock(&cfg.lock);
	return 0;
}

UMOD_API void umod_kunit_set_timeout(unsigned int seconds)
{
	cfg.timeout_s = seconds ? seconds : 300;
}

/* each line of @text to the output sink */
static void emit_lines(const char *text)
{
	pthread_mutex_lock(&cfg.lock);
	while (cfg.out && *text) {
		const char *nl = strchrnul(text, '\n');
		char line[1024];
		size_t n = (size_t)(nl - text);

		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, text, n);
		line[n] = '\0';
		if (n)	/* kunit_log() adds a newline to the caller's own */
			cfg.out(cfg.out_data, line);
		text = *nl ? nl + 1 : nl;
	}
	pthread_mutex_unlock(&cfg.lock);
}

/* a line of the runner's: to the log at @level and to the sink */
static void ktap(struct umod_module *mod, int level, const char *fmt, ...)
	__attribute__((__format__(printf, 3, 4)));
static void ktap(struct umod_module *mod, int level, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	umod_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* one record per line, as printk() makes of each line */
	for (char *line = buf, *nl; line; line = nl) {
		nl = strchr(line, '\n');
		if (nl)
			*nl++ = '\0';
		umod_log_printk(mod->host->log, "\001%c%s\n", '0' + level, line);
		emit_lines(line);
	}
}

/* ---- what module code calls ---------------------------------------------- */

/* the module's kunit_info() & co. printk themselves; this feeds the sink */
static void kapi_kunit_log_append(char *log, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	(void)log;	/* Linux's debugfs copy: none here */
	va_start(ap, fmt);
	umod_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	emit_lines(buf);
}

static void kapi_kunit_abort(struct kunit *test)
{
	struct kunit_run *r = current_run;

	if (!r || &r->test != test)
		__builtin_trap();	/* outside its case: an oops of the caller */
	siglongjmp(r->abort, 1);
}

struct va_format {
	const char *fmt;
	va_list *va;
};

static void kapi_do_failed_assertion(struct kunit *test, const struct kunit_loc *loc,
				     enum kunit_assert_type type,
				     const struct kunit_assert *assert,
				     assert_format_t format, const char *fmt, ...)
{
	struct kunit_run *r = current_run;
	struct string_stream s = { 0 };
	struct va_format msg = { .fmt = fmt };
	va_list ap;

	test->status = KUNIT_FAILURE;
	va_start(ap, fmt);
	msg.va = &ap;
	umod_string_stream_add(&s, "%s FAILED at %s:%d\n",
			       type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION",
			       loc->file, loc->line);
	format(assert, &msg, &s);
	va_end(ap);
	if (s.buf) {
		if (s.len && s.buf[s.len - 1] == '\n')
			s.buf[--s.len] = '\0';
		if (r)
			ktap(r->mod, 3, INDENT "# %s: %s", test->name, s.buf);
	}
	free(s.buf);
}

/* @p joins the case's list; false if the list cannot grow */
static bool track(struct kunit_run *r, void *p)
{
	bool ok = true;

	pthread_mutex_lock(&r->lock);	/* the case may allocate from several threads */
	if (r->nallocs == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 8;
		void **v = realloc(r->allocs, cap * sizeof(*v));

		if (v) {
			r->allocs = v;
			r->cap = cap;
		}
		ok = v != NULL;
	}
	if (ok)
		r->allocs[r->nallocs++] = p;
	pthread_mutex_unlock(&r->lock);
	return ok;
}

static void *kapi_kunit_kmalloc_array(struct kunit *test, size_t n, size_t size,
				      unsigned int gfp)
{
	struct kunit_run *r = test->umod_run;
	const void *caller = __builtin_return_address(0);
	void *p;

	if (!r || (size && n > SIZE_MAX / size))
		return NULL;
	p = umod_kmalloc_caller(r->mod->kmod, n * size, gfp, caller);
	if (p && !track(r, p)) {
		umod_kfree_caller(p, caller);
		p = NULL;
	}
	return p;
}

static void kapi_kunit_kfree(struct kunit *test, const void *ptr)
{
	struct kunit_run *r = test->umod_run;
	bool found = false;

	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	for (size_t i = 0; i < r->nallocs && !found; i++) {
		if (r->allocs[i] == ptr) {
			r->allocs[i] = r->allocs[--r->nallocs];
			found = true;
		}
	}
	pthread_mutex_unlock(&r->lock);
	if (found)
		umod_kfree_caller(ptr, __builtin_return_address(0));
}

static const struct umod_kapi_export kunit_exports[] = {
	UMOD_KAPI_GPL("kunit_log_append", kapi_kunit_log_append),
	UMOD_KAPI_GPL("__kunit_abort", kapi_kunit_abort),
	UMOD_KAPI_GPL("__kunit_do_failed_assertion", kapi_do_failed_assertion),
	UMOD_KAPI_GPL("kunit_kmalloc_array", kapi_kunit_kmalloc_array),
	UMOD_KAPI_GPL("kunit_kfree", kapi_kunit_kfree),
};

const struct umod_kapi_table umod_kapi_kunit = UMOD_KAPI_TABLE(kunit_exports);

/* ---- running a case on its own thread ------------------------------------ */

static void run_put(struct kunit_run *r)
{
	if (atomic_fetch_sub(&r->refs, 1) != 1)
		return;
	pthread_mutex_destroy(&r->lock);
	pthread_cond_destroy(&r->cond);
	free(r->allocs);
	free(r);
}

/* init, then the case: an abort (failed ASSERT, kunit_skip()) jumps back here */
static long call_case(void *arg)
{
	struct kunit_run *r = arg;

	current_run = r;
	if (!sigsetjmp(r->abort, 0)) {
		int err = r->suite->init ? r->suite->init(&r->test) : 0;

		if (err) {
			ktap(r->mod, 3, INDENT "# %s: failed to initialize: %d", r->test.name, err);
			r->test.status = KUNIT_FAILURE;
		} else {
			r->tc->run_case(&r->test);
		}
	}
	current_run = NULL;
	return 0;
}

static long call_exit(void *arg)
{
	struct kunit_run *r = arg;

	current_run = r;
	if (!sigsetjmp(r->abort, 0))
		r->suite->exit(&r->test);
	current_run = NULL;
	return 0;
}

static void *case_thread(void *arg)
{
	struct kunit_run *r = arg;
	struct umod_task *t = NULL;
	bool late;
	long ret;

	if (!umod_task_new(&t, "kunit_try_catch", true))
		umod_task_set_current(t);
	umod_oops_thread_init();
	if (umod_call(r->mod, call_case, r, &ret) == UMOD_OOPSED)
		r->oopsed = true;
	if (r->suite->exit)
		umod_call(r->mod, call_exit, r, &ret);
	/* what the case kunit_kmalloc()ed goes with it */
	while (r->nallocs)
		umod_kfree_caller(r->allocs[--r->nallocs], NULL);
	pthread_mutex_lock(&r->lock);
	r->done = true;
	pthread_cond_signal(&r->cond);
	late = r->timed_out;
	pthread_mutex_unlock(&r->lock);
	if (late)	/* out of the module's code now: it may go */
		umod_refcount_put(r->mod);
	umod_task_set_current(NULL);
	if (t)
		umod_task_put(t);
	run_put(r);
	return NULL;
}

/* false: the case was still running at the deadline */
static bool wait_case(struct kunit_run *r)
{
	struct timespec dl;
	unsigned int state = umod_task_sleep_begin();
	int err = 0;

	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += cfg.timeout_s;
	pthread_mutex_lock(&r->lock);
	while (!r->done && err != ETIMEDOUT)
		err = pthread_cond_timedwait(&r->cond, &r->lock, &dl);
	/* still in the module's code: a reference keeps the module mapped */
	r->timed_out = !r->done;
	if (r->timed_out)
		umod_refcount_get(r->mod);
	pthread_mutex_unlock(&r->lock);
	umod_task_sleep_end(state);
	return !r->timed_out;
}

static bool starts_report(const char *text)
{
	static const char *const heads[] = {
		"BUG: ", "general protection fault", "invalid opcode", "kernel BUG at",
		"divide error", "Oops: ",
	};

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(heads); i++)
		if (!strncmp(text, heads[i], strlen(heads[i])))
			return true;
	return false;
}

/*
 * The oops of the case, in its KTAP diagnostics: the report's first line
 * and its RIP line (the full report is in the log). The latest report is
 * the case's: the runner reads the log right after the case's oops.
 */
static void oops_summary(struct umod_module *mod, const char *name)
{
	char text[256], head[256] = "", rip[256] = "";
	bool in_report = false;
	uint64_t seq = 0;

	while (umod_log_read_record(mod->host->log, &seq, NULL, NULL, text, sizeof(text)) >= 0) {
		if (!strncmp(text, "---[ end trace", 14)) {
			in_report = false;
		} else if (!in_report && starts_report(text)) {
			in_report = true;
			snprintf(head, sizeof(head), "%s", text);
			rip[0] = '\0';
		} else if (in_report && !strncmp(text, "RIP: ", 5)) {
			snprintf(rip, sizeof(rip), "%s", text);
		}
	}
	if (head[0])
		ktap(mod, 3, INDENT "# %s: %s", name, head);
	if (rip[0])
		ktap(mod, 3, INDENT "# %s: %s", name, rip);
}

/* one run of @tc (with @param): its status, as 6.1's try-catch leaves it */
static enum kunit_status run_one(struct umod_module *mod, struct kunit_suite *suite,
				 struct kunit_case *tc, const void *param, int index,
				 char *comment, size_t comment_size)
{
	struct kunit_run *r = calloc(1, sizeof(*r));
	enum kunit_status status;
	pthread_t th;

	if (!r)
		return KUNIT_FAILURE;
	*r = (struct kunit_run){ .mod = mod, .suite = suite, .tc = tc };
	r->test.name = tc->name;
	r->test.umod_run = r;
	r->test.param_value = param;
	r->test.param_index = index;
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->cond, NULL);
	atomic_store(&r->refs, 2);
	if (umod_thread_spawn(&th, case_thread, r)) {
		atomic_store(&r->refs, 1);
		run_put(r);
		return KUNIT_FAILURE;
	}
	if (!wait_case(r)) {
		ktap(mod, 3, INDENT "# %s: try timed out", tc->name);
		r->test.status = KUNIT_FAILURE;
		pthread_detach(th);	/* it keeps its reference to @r */
	} else {
		pthread_join(th, NULL);
	}
	if (r->oopsed) {
		oops_summary(mod, tc->name);
		ktap(mod, 3, INDENT "# %s: try faulted", tc->name);
		r->test.status = KUNIT_FAILURE;
	}
	status = r->test.status;
	snprintf(comment, comment_size, "%s", r->test.status_comment);
	run_put(r);
	return status;
}

/* ---- suites ---------------------------------------------------------------- */

struct kunit_stats {
	unsigned long pass, fail, skip, total;
};

static void stats_add(struct kunit_stats *s, enum kunit_status status)
{
	s->total++;
	if (status == KUNIT_SUCCESS)
		s->pass++;
	else if (status == KUNIT_FAILURE)
		s->fail++;
	else
		s->skip++;
}

static const char *ok_not_ok(enum kunit_status status)
{
	return status == KUNIT_FAILURE ? "not ok" : "ok";
}

/* the filter's verdict on SUITE (@tc NULL: any of its cases) */
static bool selected(const struct kunit_suite *suite, const struct kunit_case *tc)
{
	const char *f = cfg.filter, *dot;
	char sglob[256];

	if (!f)
		return true;
	dot = strchr(f, '.');
	snprintf(sglob, sizeof(sglob), "%.*s", dot ? (int)(dot - f) : (int)strlen(f), f);
	if (fnmatch(sglob, suite->name, 0))
		return false;
	if (!tc) {
		for (tc = suite->test_cases; tc->run_case; tc++)
			if (selected(suite, tc))
				return true;
		return false;
	}
	return !dot || !fnmatch(dot + 1, tc->name, 0);
}

/* a parameterised case: a nested subtest with one result per parameter */
static void run_params(struct umod_module *mod, struct kunit_suite *suite,
		       struct kunit_case *tc, struct kunit_stats *total)
{
	struct kunit_stats stats = { 0 };
	char desc[KUNIT_PARAM_DESC_SIZE] = "", comment[KUNIT_STATUS_COMMENT_SIZE];
	const void *param = tc->generate_params(NULL, desc);

	ktap(mod, 6, INDENT INDENT "KTAP version 1");
	ktap(mod, 6, INDENT INDENT "# Subtest: %s", tc->name);
	for (int i = 0; param; i++) {
		enum kunit_status st = run_one(mod, suite, tc, param, i, comment, sizeof(comment));

		if (!desc[0])
			snprintf(desc, sizeof(desc), "param-%d", i);
		ktap(mod, 6, INDENT INDENT "%s %d - %s", ok_not_ok(st), i + 1, desc);
		if (st == KUNIT_FAILURE)
			tc->status = KUNIT_FAILURE;
		else if (tc->status != KUNIT_FAILURE && st == KUNIT_SUCCESS)
			tc->status = KUNIT_SUCCESS;
		stats_add(&stats, st);
		stats_add(total, st);
		desc[0] = '\0';
		param = tc->generate_params(param, desc);
	}
	if (stats.total > 1)
		ktap(mod, 6, INDENT "# %s: pass:%lu fail:%lu skip:%lu total:%lu", tc->name,
		     stats.pass, stats.fail, stats.skip, stats.total);
}

static void run_case(struct umod_module *mod, struct kunit_suite *suite,
		     struct kunit_case *tc, int number, struct kunit_stats *total)
{
	char comment[KUNIT_STATUS_COMMENT_SIZE] = "";

	tc->status = KUNIT_SKIPPED;
	if (tc->generate_params)
		run_params(mod, suite, tc, total);
	else {
		tc->status = run_one(mod, suite, tc, NULL, 0, comment, sizeof(comment));
		stats_add(total, tc->status);
	}
	ktap(mod, 6, INDENT "%s %d - %s%s%s", ok_not_ok(tc->status), number, tc->name,
	     tc->status == KUNIT_SKIPPED ? " # SKIP " : "",
	     tc->status == KUNIT_SKIPPED ? comment : "");
}

static long call_suite_init(void *arg)
{
	struct kunit_suite *suite = arg;

	return suite->suite_init(suite);
}

static long call_suite_exit(void *arg)
{
	struct kunit_suite *suite = arg;

	suite->suite_exit(suite);
	return 0;
}

static int count_cases(const struct kunit_suite *suite)
{
	int n = 0;

	for (const struct kunit_case *tc = suite->test_cases; tc->run_case; tc++)
		n += selected(suite, tc);
	return n;
}

static void run_suite(struct umod_module *mod, struct kunit_suite *suite, int number)
{
	struct kunit_stats cases = { 0 }, total = { 0 };
	enum kunit_status status = KUNIT_SKIPPED;
	int n = 0;
	long ret = 0;

	ktap(mod, 6, INDENT "KTAP version 1");
	ktap(mod, 6, INDENT "# Subtest: %s", suite->name);
	ktap(mod, 6, INDENT "1..%d", count_cases(suite));
	suite->suite_init_err = 0;
	if (suite->suite_init && umod_call(mod, call_suite_init, suite, &ret))
		ret = -EINTR;	/* it oopsed */
	if (ret) {
		suite->suite_init_err = (int)ret;
		ktap(mod, 3, INDENT "# %s: failed to initialize (%d)", suite->name, (int)ret);
		status = KUNIT_FAILURE;
		goto end;
	}
	for (struct kunit_case *tc = suite->test_cases; tc->run_case; tc++) {
		if (!selected(suite, tc))
			continue;
		run_case(mod, suite, tc, ++n, &total);
		stats_add(&cases, tc->status);
		if (tc->status == KUNIT_FAILURE)
			status = KUNIT_FAILURE;
		else if (tc->status == KUNIT_SUCCESS && status != KUNIT_FAILURE)
			status = KUNIT_SUCCESS;
	}
	if (suite->suite_exit)
		umod_call(mod, call_suite_exit, suite, &ret);
	if (cases.total > 1) {
		ktap(mod, 6, "# %s: pass:%lu fail:%lu skip:%lu total:%lu", suite->name,
		     cases.pass, cases.fail, cases.skip, cases.total);
		ktap(mod, 6, "# Totals: pass:%lu fail:%lu skip:%lu total:%lu",
		     total.pass, total.fail, total.skip, total.total);
	}
end:
	ktap(mod, 6, "%s %d - %s%s%s", ok_not_ok(status), number, suite->name,
	     status == KUNIT_SKIPPED ? " # SKIP " : "",
	     status == KUNIT_SKIPPED ? suite->status_comment : "");
}

/*
 * After @mod's init, as 6.1's kunit_module_notify() at MODULE_STATE_LIVE:
 * its suites, under a KTAP header of their own (the one the kernel's
 * executor prints for built-in suites), so that each module's output is
 * a whole KTAP document.
 */
void umod_kunit_module_run(struct umod_module *mod)
{
	const struct umod_section *sec = umod_module_find_section(mod, ".kunit_test_suites");
	struct kunit_suite **suites;
	size_t n;
	int count = 0, number = 0;

	if (!sec || !sec->size)
		return;
	suites = sec->addr;
	n = sec->size / sizeof(*suites);
	for (size_t i = 0; i < n; i++)
		count += suites[i] && selected(suites[i], NULL);
	if (!count)
		return;
	ktap(mod, 6, "KTAP version 1");
	ktap(mod, 6, "1..%d", count);
	for (size_t i = 0; i < n; i++)
		if (suites[i] && selected(suites[i], NULL))
			run_suite(mod, suites[i], ++number);
}
