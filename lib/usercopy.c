// SPDX-License-Identifier: MIT
/*
 * copy_to_user() and friends against the calling thread's user memory
 * (usercopy.h): a window of ours, and/or the calling process's memory.
 *
 * In the window, a copy that runs past its end copies what fits and
 * returns the rest, as a fault part-way does in Linux. The caller's memory
 * is reached with process_vm_readv()/process_vm_writev(), split at its page
 * boundaries so that a copy stops at the first page that faults, as the
 * kernel's copy does: the bytes before it are copied. Outside any
 * operation there is no user memory at all: every copy fails.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

#include "lib/usercopy.h"

#define UPAGE		4096UL
#define UIO_CHUNK	64	/* remote pieces per system call */

/* TASK_SIZE_MAX: the end of user space, what access_ok() checks against */
#if defined(__aarch64__)
#define USER_END	(1UL << 48)
#else
#define USER_END	((1UL << 47) - UPAGE)
#endif

static _Thread_local struct umod_uwindow uwin;

void umod_uaccess_enter(struct umod_uwindow *save, void *base, size_t len)
{
	*save = uwin;
	uwin.base = base;
	uwin.len = base ? len : 0;
	uwin.pid = 0;
}

void umod_uaccess_enter_process(struct umod_uwindow *save, int pid)
{
	*save = uwin;
	uwin.base = NULL;
	uwin.len = 0;
	uwin.pid = pid > 0 ? pid : 0;
}

void umod_uaccess_leave(const struct umod_uwindow *save)
{
	uwin = *save;
}

/* how many bytes from @p on are in the window (0: @p is not) */
static size_t room(const void *p)
{
	uintptr_t a = (uintptr_t)p, b = (uintptr_t)uwin.base;

	if (!uwin.base || a < b || a - b >= uwin.len)
		return 0;
	return uwin.len - (a - b);
}

/* how many of @n bytes at @p may be the caller's: up to the end of user space */
static size_t user_span(uintptr_t p, size_t n)
{
	if (p >= USER_END)
		return 0;
	return n > USER_END - p ? USER_END - p : n;
}

/* bytes moved between @local and @remote of @pid, up to the first page that faults */
static size_t remote_rw(int pid, void *local, uintptr_t remote, size_t n, bool write)
{
	size_t done = 0;

	n = user_span(remote, n);
	while (done < n) {
		struct iovec l, r[UIO_CHUNK];
		size_t want = 0;
		unsigned long cnt = 0;
		ssize_t got;

		while (cnt < UIO_CHUNK && done + want < n) {
			uintptr_t at = remote + done + want;
			size_t len = UPAGE - (at & (UPAGE - 1));

			if (len > n - done - want)
				len = n - done - want;
			r[cnt].iov_base = (void *)at;
			r[cnt++].iov_len = len;
			want += len;
		}
		l.iov_base = (char *)local + done;
		l.iov_len = want;
		got = write ? process_vm_writev(pid, &l, 1, r, cnt, 0) :
			      process_vm_readv(pid, &l, 1, r, cnt, 0);
		if (got <= 0)
			break;
		done += (size_t)got;
		if ((size_t)got < want)
			break;
	}
	return done;
}

int umod_uaccess_reachable(int pid)
{
	struct iovec l, r = { NULL, 1 };	/* page 0: never mapped, so it faults */
	char c;

	if (pid <= 0)
		return -ESRCH;
	l.iov_base = &c;
	l.iov_len = 1;
	if (process_vm_readv(pid, &l, 1, &r, 1, 0) >= 0 || errno == EFAULT)
		return 1;
	return errno == EPERM ? 0 : -errno;
}

/* the caller's memory is user memory for @p (not ours in the window) */
static bool remote(const void *p)
{
	return uwin.pid && !room(p);
}

bool umod_access_ok(const void *p, unsigned long n)
{
	if (n == 0)
		return true;
	if (remote(p))
		return (uintptr_t)p < USER_END && n <= USER_END - (uintptr_t)p;
	return room(p) >= n;
}

unsigned long umod_copy_to_user(void *to, const void *from, unsigned long n)
{
	size_t k = room(to);

	if (remote(to))
		return n - remote_rw(uwin.pid, (void *)from, (uintptr_t)to, n, true);
	if (k > n)
		k = n;
	memcpy(to, from, k);
	return n - k;
}

/* as Linux's: the part that could not be copied is zeroed in @to */
unsigned long umod_copy_from_user(void *to, const void *from, unsigned long n)
{
	size_t k;

	if (remote(from)) {
		k = remote_rw(uwin.pid, to, (uintptr_t)from, n, false);
	} else {
		k = room(from);
		if (k > n)
			k = n;
		memcpy(to, from, k);
	}
	memset((char *)to + k, 0, n - k);
	return n - k;
}

unsigned long umod_clear_user(void *to, unsigned long n)
{
	static const char zeros[UPAGE];
	size_t k = room(to), done = 0;

	if (!remote(to)) {
		if (k > n)
			k = n;
		memset(to, 0, k);
		return n - k;
	}
	while (done < n) {
		size_t len = n - done > UPAGE ? UPAGE : n - done;
		size_t got = remote_rw(uwin.pid, (void *)zeros, (uintptr_t)to + done, len, true);

		done += got;
		if (got < len)
			break;
	}
	return n - done;
}

/*
 * The caller's string at @src, a page piece at a time into @dst (up to
 * @count bytes): its length, @count when no NUL came, or -EFAULT.
 */
static long remote_strncpy(char *dst, uintptr_t src, long count)
{
	long i = 0;

	while (i < count) {
		uintptr_t at = src + (uintptr_t)i;
		size_t len = UPAGE - (at & (UPAGE - 1)), got;
		char *nul;

		if (len > (size_t)(count - i))
			len = (size_t)(count - i);
		got = remote_rw(uwin.pid, dst + i, at, len, false);
		nul = memchr(dst + i, 0, got);
		if (nul)
			return nul - dst;
		i += (long)got;
		if (got < len)
			return -EFAULT;
	}
	return count;
}

/* the string's length (without NUL), @count if it fills @count, or -EFAULT */
long umod_strncpy_from_user(char *dst, const char *src, long count)
{
	size_t k = room(src);

	if (count <= 0)
		return 0;
	if (remote(src))
		return remote_strncpy(dst, (uintptr_t)src, count);
	if (!k)
		return -EFAULT;
	for (long i = 0; i < count; i++) {
		if ((size_t)i >= k)
			return -EFAULT;
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	return count;
}

/* the caller's string's size with its NUL, 0 on a fault, @n + 1 when longer */
static long remote_strnlen(uintptr_t src, long n)
{
	char buf[256];
	long i = 0;

	while (i < n) {
		size_t len = n - i > (long)sizeof(buf) ? sizeof(buf) : (size_t)(n - i);
		size_t got = remote_rw(uwin.pid, buf, src + (uintptr_t)i, len, false);
		char *nul = memchr(buf, 0, got);

		if (nul)
			return i + (nul - buf) + 1;
		i += (long)got;
		if (got < len)
			return 0;
	}
	return n + 1;
}

/* the string's size with its NUL, 0 on a fault, n + 1 when longer than @n */
long umod_strnlen_user(const char *src, long n)
{
	size_t k = room(src);

	if (remote(src))
		return remote_strnlen((uintptr_t)src, n);
	for (long i = 0; i < n; i++) {
		if ((size_t)i >= k)
			return 0;
		if (!src[i])
			return i + 1;
	}
	return n + 1;
}
