// SPDX-License-Identifier: MIT
/*
 * mm/util.c's helpers over kmalloc: copies of memory and strings, printf
 * into a new buffer, and kvmalloc(), which takes kmalloc() memory when it
 * can and vmalloc() above KMALLOC_MAX_SIZE. Each records its caller, the
 * module's code, as the allocation's site.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "mm/internal.h"

static void *dup_mem(struct module *mod, const void *src, size_t len, unsigned int gfp,
		     const void *caller)
{
	char *p = umod_kmalloc_caller(mod, len, gfp, caller);

	if (p && !UMOD_ZERO_OR_NULL_PTR(p))
		memcpy(p, src, len);
	return p;
}

static void *kapi_kmemdup(const void *src, size_t len, unsigned int gfp)
{
	return dup_mem(UMOD_CALLER(), src, len, gfp, __builtin_return_address(0));
}

static char *kapi_kstrdup(const char *s, unsigned int gfp)
{
	return s ? dup_mem(UMOD_CALLER(), s, strlen(s) + 1, gfp, __builtin_return_address(0)) : NULL;
}

static char *kapi_kstrndup(const char *s, size_t max, unsigned int gfp)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = umod_kmalloc_caller(UMOD_CALLER(), len + 1, gfp, __builtin_return_address(0));
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/* @len bytes, NULs and all, and one more */
static char *kapi_kmemdup_nul(const char *s, size_t len, unsigned int gfp)
{
	char *p;

	if (!s)
		return NULL;
	p = umod_kmalloc_caller(UMOD_CALLER(), len + 1, gfp, __builtin_return_address(0));
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/*
 * The kernel keeps a string of its own .rodata; a module's strings are not
 * the kernel's, so they are always copied, as on Linux.
 */
static const char *kapi_kstrdup_const(const char *s, unsigned int gfp)
{
	return s ? dup_mem(UMOD_CALLER(), s, strlen(s) + 1, gfp, __builtin_return_address(0)) : NULL;
}

static void kapi_kfree_const(const void *x)
{
	umod_kfree_caller(x, __builtin_return_address(0));
}

/* formats twice, as the kernel's: once to size the buffer */
static char *vasprintf_caller(struct module *mod, unsigned int gfp, const char *fmt, va_list ap,
			      const void *caller)
{
	va_list aq;
	int len;
	char *p;

	va_copy(aq, ap);
	len = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (len < 0)
		return NULL;
	p = umod_kmalloc_caller(mod, (size_t)len + 1, gfp, caller);
	if (p)
		vsnprintf(p, (size_t)len + 1, fmt, ap);
	return p;
}

static char *kapi_kvasprintf(unsigned int gfp, const char *fmt, va_list ap)
{
	return vasprintf_caller(UMOD_CALLER(), gfp, fmt, ap, __builtin_return_address(0));
}

static char *kapi_kasprintf(unsigned int gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = vasprintf_caller(UMOD_CALLER(), gfp, fmt, ap, __builtin_return_address(0));
	va_end(ap);
	return p;
}

static void *kvmalloc_caller(struct module *mod, size_t size, unsigned int gfp, const void *caller)
{
	if (size <= UMOD_KMALLOC_MAX_SIZE)
		return umod_kmalloc_caller(mod, size, gfp, caller);
	if (size > 0x7fffffff) {
		/* 6.1: WARN_ON_ONCE(!(flags & __GFP_NOWARN)) above INT_MAX */
		if (!(gfp & UMOD_GFP_NOWARN))
			umod_mm_warn(umod_mm_host(mod), "mm/util.c:596 kvmalloc_node", NULL);
		return NULL;
	}
	return umod_pages_alloc(mod, size, caller, true);
}

static void *kapi_kvmalloc_node(size_t size, unsigned int gfp, int node)
{
	return kvmalloc_caller(UMOD_CALLER(), size, gfp, __builtin_return_address(0));
}

/* vmalloc areas start on a page; kmalloc objects are told by their header */
static void kvfree_caller(const void *addr, const void *caller)
{
	if (!((uintptr_t)addr & (PAGE_SIZE - 1)) && addr && umod_pages_free(addr, true, caller))
		return;
	umod_kfree_caller(addr, caller);
}

static void kapi_kvfree(const void *addr)
{
	kvfree_caller(addr, __builtin_return_address(0));
}

static void kapi_kvfree_sensitive(const void *addr, size_t len)
{
	if (addr) {
		memset((void *)addr, 0, len);
		__asm__ __volatile__("" : : "r"(addr) : "memory");
		kvfree_caller(addr, __builtin_return_address(0));
	}
}

/* 6.1: the same memory if it is big enough, else a copy of @oldsize bytes */
static void *kapi_kvrealloc(const void *p, size_t oldsize, size_t newsize, unsigned int gfp)
{
	const void *caller = __builtin_return_address(0);
	struct module *mod = umod_caller(caller);
	void *n;

	if (oldsize >= newsize)
		return (void *)p;
	n = kvmalloc_caller(mod, newsize, gfp, caller);
	if (!n)
		return NULL;
	if (p)
		memcpy(n, p, oldsize);
	kvfree_caller(p, caller);
	return n;
}

static const struct umod_kapi_export util_exports[] = {
	UMOD_KAPI("kmemdup", kapi_kmemdup),
	UMOD_KAPI("kstrdup", kapi_kstrdup),
	UMOD_KAPI("kstrndup", kapi_kstrndup),
	UMOD_KAPI("kmemdup_nul", kapi_kmemdup_nul),
	UMOD_KAPI("kstrdup_const", kapi_kstrdup_const),
	UMOD_KAPI("kfree_const", kapi_kfree_const),
	UMOD_KAPI("kasprintf", kapi_kasprintf),
	UMOD_KAPI("kvasprintf", kapi_kvasprintf),
	UMOD_KAPI("kvmalloc_node", kapi_kvmalloc_node),
	UMOD_KAPI("kvfree", kapi_kvfree),
	UMOD_KAPI("kvfree_sensitive", kapi_kvfree_sensitive),
	UMOD_KAPI("kvrealloc", kapi_kvrealloc),
};

const struct umod_kapi_table umod_kapi_mm_util = UMOD_KAPI_TABLE(util_exports);
