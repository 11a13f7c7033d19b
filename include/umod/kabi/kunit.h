/* SPDX-License-Identifier: MIT */
/*
 * KUnit's structures, as Linux 6.1's: the module's suites and cases, the
 * running case (struct kunit) and a failed check, read by the host's
 * runner (kernel/kunit/) and by <kunit/test.h>, <kunit/assert.h>.
 */
#ifndef _UMOD_KABI_KUNIT_H
#define _UMOD_KABI_KUNIT_H

#define KUNIT_STATUS_COMMENT_SIZE	256
#define KUNIT_PARAM_DESC_SIZE		128

enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

struct kunit;
struct va_format;
struct string_stream;

/* one test: run_case(test), or once per value generate_params gives */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
	/* private: filled in by the runner */
	enum kunit_status status;
	char *log;
};

struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	/* private: filled in by the runner */
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	void *debugfs;
	char *log;
	int suite_init_err;
};

/* the state of the running case; priv is the test's own */
struct kunit {
	void *priv;
	/* private: the runner's */
	const char *name;
	char *log;
	void *umod_run;		/* the host's state of this case */
	const void *param_value;
	int param_index;
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
};

/* where the check is */
struct kunit_loc {
	int line;
	const char *file;
};

/* the common part of every check (empty, as 6.1's) */
struct kunit_assert {};

typedef void (*assert_format_t)(const struct kunit_assert *assert,
				const struct va_format *message,
				struct string_stream *stream);

struct kunit_fail_assert {
	struct kunit_assert assert;
};

struct kunit_unary_assert {
	struct kunit_assert assert;
	const char *condition;
	_Bool expected_true;
};

struct kunit_ptr_not_err_assert {
	struct kunit_assert assert;
	const char *text;
	const void *value;
};

struct kunit_binary_assert_text {
	const char *operation;
	const char *left_text;
	const char *right_text;
};

struct kunit_binary_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	long long left_value;
	long long right_value;
};

struct kunit_binary_ptr_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
};

struct kunit_binary_str_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const char *left_value;
	const char *right_value;
};

#endif /* _UMOD_KABI_KUNIT_H */
