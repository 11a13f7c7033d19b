// SPDX-License-Identifier: MIT
/*
 * The wording of a failed check, as Linux 6.1's lib/kunit/assert.c: the
 * module passes one of these functions with its check's values; the
 * runner (test.c) puts the location in front and prints the lines.
 * A value whose source text is the value itself ("3", "\"abc\"") is not
 * repeated, as in Linux.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/kunit/kunit.h"
#include "lib/vsprintf.h"

#include <umod/kabi/kunit.h>

/* <linux/printk.h>'s %pV argument, as the module passes it */
struct va_format {
	const char *fmt;
	va_list *va;
};

#define SUBTEST		"    "
#define SUBSUBTEST	"        "

void umod_string_stream_vadd(struct string_stream *s, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = umod_vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if (s->len + (size_t)n + 1 > s->cap) {
		size_t cap = (s->len + (size_t)n + 1) * 2;
		char *p = realloc(s->buf, cap);

		if (!p)
			return;
		s->buf = p;
		s->cap = cap;
	}
	umod_vsnprintf(s->buf + s->len, s->cap - s->len, fmt, ap);
	s->len += (size_t)n;
}

void umod_string_stream_add(struct string_stream *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umod_string_stream_vadd(s, fmt, ap);
	va_end(ap);
}

bool umod_kunit_is_literal(const char *text, long long value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", value);
	return !strcmp(buf, text);
}

bool umod_kunit_is_str_literal(const char *text, const char *value)
{
	size_t len = strlen(text);

	if (len < 2 || text[0] != '"' || text[len - 1] != '"')
		return false;
	return strlen(value) == len - 2 && !strncmp(text + 1, value, len - 2);
}

/* the _MSG text, on a line of its own */
static void print_msg(const struct va_format *message, struct string_stream *s)
{
	va_list ap;

	if (!message || !message->fmt)
		return;
	va_copy(ap, *message->va);
	umod_string_stream_add(s, SUBSUBTEST);
	umod_string_stream_vadd(s, message->fmt, ap);
	umod_string_stream_add(s, "\n");
	va_end(ap);
}

static void kapi_fail_format(const struct kunit_assert *assert,
			     const struct va_format *message, struct string_stream *s)
{
	print_msg(message, s);
}

static void kapi_unary_format(const struct kunit_assert *assert,
			      const struct va_format *message, struct string_stream *s)
{
	const struct kunit_unary_assert *a = (const void *)assert;

	umod_string_stream_add(s, SUBTEST "Expected %s to be %s, but is %s\n",
			       a->condition, a->expected_true ? "true" : "false",
			       a->expected_true ? "false" : "true");
	print_msg(message, s);
}

static void kapi_ptr_not_err_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *s)
{
	const struct kunit_ptr_not_err_assert *a = (const void *)assert;
	uintptr_t v = (uintptr_t)a->value;

	if (v >= (uintptr_t)-4095)
		umod_string_stream_add(s, SUBTEST "Expected %s is not error, but is: %ld\n",
				       a->text, (long)v);
	else
		umod_string_stream_add(s, SUBTEST "Expected %s is not null, but is\n", a->text);
	print_msg(message, s);
}

static void expected(struct string_stream *s, const struct kunit_binary_assert_text *t)
{
	umod_string_stream_add(s, SUBTEST "Expected %s %s %s, but\n",
			       t->left_text, t->operation, t->right_text);
}

static void kapi_binary_format(const struct kunit_assert *assert,
			       const struct va_format *message, struct string_stream *s)
{
	const struct kunit_binary_assert *a = (const void *)assert;

	expected(s, a->text);
	if (!umod_kunit_is_literal(a->text->left_text, a->left_value))
		umod_string_stream_add(s, SUBSUBTEST "%s == %lld (0x%llx)\n", a->text->left_text,
				       a->left_value, (unsigned long long)a->left_value);
	if (!umod_kunit_is_literal(a->text->right_text, a->right_value))
		umod_string_stream_add(s, SUBSUBTEST "%s == %lld (0x%llx)\n", a->text->right_text,
				       a->right_value, (unsigned long long)a->right_value);
	print_msg(message, s);
}

static void kapi_binary_ptr_format(const struct kunit_assert *assert,
				   const struct va_format *message,
				   struct string_stream *s)
{
	const struct kunit_binary_ptr_assert *a = (const void *)assert;

	expected(s, a->text);
	umod_string_stream_add(s, SUBSUBTEST "%s == %px\n", a->text->left_text, a->left_value);
	umod_string_stream_add(s, SUBSUBTEST "%s == %px\n", a->text->right_text, a->right_value);
	print_msg(message, s);
}

static void kapi_binary_str_format(const struct kunit_assert *assert,
				   const struct va_format *message,
				   struct string_stream *s)
{
	const struct kunit_binary_str_assert *a = (const void *)assert;

	expected(s, a->text);
	if (!umod_kunit_is_str_literal(a->text->left_text, a->left_value))
		umod_string_stream_add(s, SUBSUBTEST "%s == \"%s\"\n", a->text->left_text,
				       a->left_value);
	if (!umod_kunit_is_str_literal(a->text->right_text, a->right_value))
		umod_string_stream_add(s, SUBSUBTEST "%s == \"%s\"\n", a->text->right_text,
				       a->right_value);
	print_msg(message, s);
}

static const struct umod_kapi_export kunit_assert_exports[] = {
	UMOD_KAPI_GPL("kunit_fail_assert_format", kapi_fail_format),
	UMOD_KAPI_GPL("kunit_unary_assert_format", kapi_unary_format),
	UMOD_KAPI_GPL("kunit_ptr_not_err_assert_format", kapi_ptr_not_err_format),
	UMOD_KAPI_GPL("kunit_binary_assert_format", kapi_binary_format),
	UMOD_KAPI_GPL("kunit_binary_ptr_assert_format", kapi_binary_ptr_format),
	UMOD_KAPI_GPL("kunit_binary_str_assert_format", kapi_binary_str_format),
};

const struct umod_kapi_table umod_kapi_kunit_assert = UMOD_KAPI_TABLE(kunit_assert_exports);
