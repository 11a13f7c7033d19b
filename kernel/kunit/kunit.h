/* SPDX-License-Identifier: MIT */
/* Shared by the files of kernel/kunit: the failure text being built. */
#ifndef _UMOD_KERNEL_KUNIT_H
#define _UMOD_KERNEL_KUNIT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* a growing string; on allocation failure it keeps what it had */
struct string_stream {
	char *buf;
	size_t len, cap;
};

void umod_string_stream_add(struct string_stream *s, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));
void umod_string_stream_vadd(struct string_stream *s, const char *fmt, va_list ap);
/* the text @text of a check is just the value printed (6.1's is_literal) */
bool umod_kunit_is_literal(const char *text, long long value);
bool umod_kunit_is_str_literal(const char *text, const char *value);

struct umod_module;

/* the suites in @mod's .kunit_test_suites, as Linux's kunit_module_notify() */
void umod_kunit_module_run(struct umod_module *mod);

#endif /* _UMOD_KERNEL_KUNIT_H */
