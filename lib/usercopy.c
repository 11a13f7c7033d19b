// SPDX-License-Identifier: MIT
/*
 * copy_to_user() and friends against the calling thread's user window
 * (usercopy.h). A copy that runs past the window's end copies what fits
 * and returns the rest, as a fault part-way does in Linux; a pointer
 * outside it copies nothing. Outside any operation there is no user
 * memory at all: every copy fails.
 */
#include <stdint.h>
#include <string.h>

#include "lib/usercopy.h"

static _Thread_local struct umod_uwindow uwin;

void umod_uaccess_enter(struct umod_uwindow *save, void *base, size_t len)
{
	*save = uwin;
	uwin.base = base;
	uwin.len = base ? len : 0;
}

void umod_uaccess_leave(const struct umod_uwindow *save)
{
	uwin = *save;
}

/* how many bytes from @p on are user memory (0: @p is not) */
static size_t room(const void *p)
{
	uintptr_t a = (uintptr_t)p, b = (uintptr_t)uwin.base;

	if (!uwin.base || a < b || a - b >= uwin.len)
		return 0;
	return uwin.len - (a - b);
}

bool umod_access_ok(const void *p, unsigned long n)
{
	return n == 0 || room(p) >= n;
}

unsigned long umod_copy_to_user(void *to, const void *from, unsigned long n)
{
	size_t k = room(to);

	if (k > n)
		k = n;
	memcpy(to, from, k);
	return n - k;
}

/* as Linux's: the part that could not be copied is zeroed in @to */
unsigned long umod_copy_from_user(void *to, const void *from, unsigned long n)
{
	size_t k = room(from);

	if (k > n)
		k = n;
	memcpy(to, from, k);
	memset((char *)to + k, 0, n - k);
	return n - k;
}

unsigned long umod_clear_user(void *to, unsigned long n)
{
	size_t k = room(to);

	if (k > n)
		k = n;
	memset(to, 0, k);
	return n - k;
}

/* the string's length (without NUL), @count if it fills @count, or -EFAULT */
long umod_strncpy_from_user(char *dst, const char *src, long count)
{
	size_t k = room(src);

	if (count <= 0)
		return 0;
	if (!k)
		return -14;	/* -EFAULT */
	for (long i = 0; i < count; i++) {
		if ((size_t)i >= k)
			return -14;
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	return count;
}

/* the string's size with its NUL, 0 on a fault, n + 1 when longer than @n */
long umod_strnlen_user(const char *src, long n)
{
	size_t k = room(src);

	for (long i = 0; i < n; i++) {
		if ((size_t)i >= k)
			return 0;
		if (!src[i])
			return i + 1;
	}
	return n + 1;
}
