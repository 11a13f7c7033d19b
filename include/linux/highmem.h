/* SPDX-License-Identifier: MIT */
/*
 * kmap and friends: every page is mapped (64-bit, no highmem), so a map is
 * page_address(), as on x86-64 Linux; the local and atomic forms keep
 * their preemption and page-fault rules (kmap_atomic() disables both).
 */
#ifndef _LINUX_HIGHMEM_H
#define _LINUX_HIGHMEM_H

#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/uaccess.h>
#include <linux/hardirq.h>
#include <linux/string.h>
#include <linux/preempt.h>
/* what 6.1's brings in through headers umod does not ship */
#include <linux/dma-direction.h>

#ifndef VM_BUG_ON
/* mmdebug.h without CONFIG_DEBUG_VM (Debian's): checked by the compiler only */
#define VM_BUG_ON(cond)	((void)sizeof(!!(cond)))
#endif

static inline void *kmap(struct page *page)
{
	might_sleep();
	return page_address(page);
}

static inline void kunmap(struct page *page)
{
}

static inline void *kmap_local_page(struct page *page)
{
	return page_address(page);
}

static inline void *kmap_local_folio(void *folio, size_t offset)
{
	return (char *)folio + offset;
}

#define kunmap_local(addr)	((void)(addr))

static inline void *kmap_atomic(struct page *page)
{
	preempt_disable();
	pagefault_disable();
	return page_address(page);
}

#define kunmap_atomic(addr)			\
do {						\
	(void)(addr);				\
	pagefault_enable();			\
	preempt_enable();			\
} while (0)

static inline void clear_highpage(struct page *page)
{
	memset(page_address(page), 0, PAGE_SIZE);
}

static inline void zero_user_segments(struct page *page, unsigned int start1,
				      unsigned int end1, unsigned int start2,
				      unsigned int end2)
{
	char *addr = page_address(page);

	if (end1 > start1)
		memset(addr + start1, 0, end1 - start1);
	if (end2 > start2)
		memset(addr + start2, 0, end2 - start2);
}

static inline void zero_user(struct page *page, unsigned int start, unsigned int size)
{
	zero_user_segments(page, start, start + size, 0, 0);
}

static inline void copy_highpage(struct page *to, struct page *from)
{
	memcpy(page_address(to), page_address(from), PAGE_SIZE);
}

static inline void memcpy_page(struct page *dst_page, size_t dst_off,
			       struct page *src_page, size_t src_off, size_t len)
{
	VM_BUG_ON(dst_off + len > PAGE_SIZE || src_off + len > PAGE_SIZE);
	memcpy((char *)page_address(dst_page) + dst_off,
	       (char *)page_address(src_page) + src_off, len);
}

static inline void memset_page(struct page *page, size_t offset, int val, size_t len)
{
	VM_BUG_ON(offset + len > PAGE_SIZE);
	memset((char *)page_address(page) + offset, val, len);
}

static inline void memcpy_from_page(char *to, struct page *page, size_t offset, size_t len)
{
	VM_BUG_ON(offset + len > PAGE_SIZE);
	memcpy(to, (char *)page_address(page) + offset, len);
}

static inline void memcpy_to_page(struct page *page, size_t offset, const char *from,
				  size_t len)
{
	VM_BUG_ON(offset + len > PAGE_SIZE);
	memcpy((char *)page_address(page) + offset, from, len);
}

static inline void memzero_page(struct page *page, size_t offset, size_t len)
{
	memset_page(page, offset, 0, len);
}

#endif /* _LINUX_HIGHMEM_H */
