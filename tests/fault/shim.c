// SPDX-License-Identifier: MIT
/*
 * LD_PRELOAD fault injection: once armed, the N-th call of one family
 * fails as the system would (NULL or MAP_FAILED or -1, errno ENOMEM):
 *   FAULT_ALLOC     malloc, calloc, realloc, strdup, aligned_alloc (and
 *                   libc's own calls to malloc, e.g. from strndup)
 *   FAULT_MMAP      mmap
 *   FAULT_MPROTECT  mprotect
 * With N == 0 it only counts. It also tracks the blocks allocated while
 * armed, so a test can ask how many are still live (a leak check that
 * needs no LSan). Single-threaded tests only; the shim itself never
 * allocates. The control functions are found by the test through weak
 * references, so they exist only when the shim is preloaded.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

#include "fault.h"

#define LIVE_SLOTS	(1u << 16)	/* a power of two */
#define TOMBSTONE	((void *)1)

/* glibc's own allocator entry points: no dlsym() (which allocates) needed */
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void __libc_free(void *p);
void *__libc_memalign(size_t align, size_t size);

static struct {
	int armed;
	int kind;		/* which family fails */
	long fail_at;		/* 0: count only */
	long calls[FAULT_KINDS];
	long live;
	void *slots[LIVE_SLOTS];
} st;

static size_t slot_of(const void *p)
{
	return ((uintptr_t)p >> 4) * 2654435761u & (LIVE_SLOTS - 1);
}

static void live_add(void *p)
{
	size_t i = slot_of(p);

	for (size_t n = 0; n < LIVE_SLOTS; n++, i = (i + 1) & (LIVE_SLOTS - 1)) {
		if (!st.slots[i] || st.slots[i] == TOMBSTONE) {
			st.slots[i] = p;
			st.live++;
			return;
		}
	}
	fputs("fault shim: live table full\n", stderr);
	abort();
}

static void live_del(void *p)
{
	size_t i = slot_of(p);

	for (size_t n = 0; n < LIVE_SLOTS && st.slots[i]; n++, i = (i + 1) & (LIVE_SLOTS - 1)) {
		if (st.slots[i] == p) {
			st.slots[i] = TOMBSTONE;
			st.live--;
			return;
		}
	}
}

/* counts one call of @kind; true if it must fail */
static int fail_now(int kind)
{
	if (!st.armed)
		return 0;
	st.calls[kind]++;
	if (kind == st.kind && st.fail_at && st.calls[kind] == st.fail_at) {
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

static void *track(void *p)
{
	if (p && st.armed)
		live_add(p);
	return p;
}

void *malloc(size_t size)
{
	return fail_now(FAULT_ALLOC) ? NULL : track(__libc_malloc(size));
}

void *calloc(size_t n, size_t size)
{
	return fail_now(FAULT_ALLOC) ? NULL : track(__libc_calloc(n, size));
}

void *realloc(void *p, size_t size)
{
	void *q;

	if (fail_now(FAULT_ALLOC))
		return NULL;
	q = __libc_realloc(p, size);
	if (q || !size) {
		if (p)
			live_del(p);
		track(q);
	}
	return q;
}

void free(void *p)
{
	if (p)
		live_del(p);
	__libc_free(p);
}

/* module handles are cache-line aligned (kernel/module/handle.c) */
void *aligned_alloc(size_t align, size_t size)
{
	return fail_now(FAULT_ALLOC) ? NULL : track(__libc_memalign(align, size));
}

char *strdup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *d;

	if (fail_now(FAULT_ALLOC))
		return NULL;
	d = track(__libc_malloc(len));
	return d ? memcpy(d, s, len) : NULL;
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*real)(void *, size_t, int, int, int, off_t);

	if (!real)
		real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
	return fail_now(FAULT_MMAP) ? MAP_FAILED : real(addr, len, prot, flags, fd, off);
}

int mprotect(void *addr, size_t len, int prot)
{
	static int (*real)(void *, size_t, int);

	if (!real)
		real = (int (*)(void *, size_t, int))dlsym(RTLD_NEXT, "mprotect");
	return fail_now(FAULT_MPROTECT) ? -1 : real(addr, len, prot);
}

void umod_fault_arm(int kind, long n)
{
	memset(st.calls, 0, sizeof(st.calls));
	memset(st.slots, 0, sizeof(st.slots));
	st.live = 0;
	st.kind = kind;
	st.fail_at = n;
	st.armed = 1;
}

void umod_fault_disarm(void)
{
	st.armed = 0;
}

long umod_fault_calls(int kind)
{
	return kind >= 0 && kind < FAULT_KINDS ? st.calls[kind] : -1;
}

long umod_fault_live(void)
{
	return st.live;
}
