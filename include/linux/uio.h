/* SPDX-License-Identifier: MIT */
/*
 * Memory iterators (struct iov_iter is in umod/kabi/fs.h, shared with the
 * host, which builds an ITER_UBUF over the request's buffer for
 * read_iter/write_iter). User, kernel-vector and discard iterators are
 * walked; page, pipe and xarray ones are never built here.
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/uio.h>
#elif !defined(__LINUX_UIO_H)
#define __LINUX_UIO_H

#include <linux/kernel.h>
#include <linux/thread_info.h>
#include <linux/mm_types.h>
#include <umod/kabi/fs.h>

struct page;

struct iovec {
	void __user *iov_base;
	__kernel_size_t iov_len;
};

struct kvec {
	void *iov_base;
	size_t iov_len;
};

#define UIO_FASTIOV	8
#define UIO_MAXIOV	1024

enum iter_type {
	ITER_IOVEC = UMOD_ITER_IOVEC,
	ITER_KVEC = UMOD_ITER_KVEC,
	ITER_BVEC = UMOD_ITER_BVEC,
	ITER_PIPE = UMOD_ITER_PIPE,
	ITER_XARRAY = UMOD_ITER_XARRAY,
	ITER_DISCARD = UMOD_ITER_DISCARD,
	ITER_UBUF = UMOD_ITER_UBUF,
};

#define ITER_SOURCE	1	/* == WRITE */
#define ITER_DEST	0	/* == READ */

struct iov_iter_state {
	size_t iov_offset;
	size_t count;
	unsigned long nr_segs;
};

static inline enum iter_type iov_iter_type(const struct iov_iter *i)
{
	return (enum iter_type)i->iter_type;
}

static inline void iov_iter_save_state(struct iov_iter *iter, struct iov_iter_state *state)
{
	state->iov_offset = iter->iov_offset;
	state->count = iter->count;
	state->nr_segs = iter->nr_segs;
}

static inline bool iter_is_ubuf(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_UBUF;
}

static inline bool iter_is_iovec(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_IOVEC;
}

static inline bool iov_iter_is_kvec(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_KVEC;
}

static inline bool iov_iter_is_bvec(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_BVEC;
}

static inline bool iov_iter_is_pipe(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_PIPE;
}

static inline bool iov_iter_is_discard(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_DISCARD;
}

static inline bool iov_iter_is_xarray(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_XARRAY;
}

static inline unsigned char iov_iter_rw(const struct iov_iter *i)
{
	return i->data_source ? WRITE : READ;
}

static inline bool user_backed_iter(const struct iov_iter *i)
{
	return i->user_backed;
}

static inline size_t iov_length(const struct iovec *iov, unsigned long nr_segs)
{
	size_t ret = 0;

	for (unsigned long seg = 0; seg < nr_segs; seg++)
		ret += iov[seg].iov_len;
	return ret;
}

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

static inline void iov_iter_truncate(struct iov_iter *i, u64 count)
{
	if (i->count > count)
		i->count = count;
}

static inline void iov_iter_reexpand(struct iov_iter *i, size_t count)
{
	i->count = count;
}

void iov_iter_advance(struct iov_iter *i, size_t bytes);
size_t _copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);
size_t _copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
size_t iov_iter_zero(size_t bytes, struct iov_iter *i);
void iov_iter_init(struct iov_iter *i, unsigned int direction, const struct iovec *iov,
		   unsigned long nr_segs, size_t count);
void iov_iter_kvec(struct iov_iter *i, unsigned int direction, const struct kvec *kvec,
		   unsigned long nr_segs, size_t count);
void iov_iter_discard(struct iov_iter *i, unsigned int direction, size_t count);

static __always_inline __must_check
size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
	return _copy_to_iter(addr, bytes, i);
}

static __always_inline __must_check
size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i)
{
	return _copy_from_iter(addr, bytes, i);
}

/* all or nothing: a short copy is undone (one-segment iterators: the host's) */
static __always_inline __must_check
bool copy_from_iter_full(void *addr, size_t bytes, struct iov_iter *i)
{
	struct iov_iter_state state;
	size_t copied;

	iov_iter_save_state(i, &state);
	copied = copy_from_iter(addr, bytes, i);
	if (likely(copied == bytes))
		return true;
	i->iov_offset = state.iov_offset;
	i->count = state.count;
	i->nr_segs = state.nr_segs;
	return false;
}

static inline void iov_iter_ubuf(struct iov_iter *i, unsigned int direction,
				 void __user *buf, size_t count)
{
	*i = (struct iov_iter){
		.iter_type = ITER_UBUF,
		.user_backed = true,
		.data_source = direction,
		.ubuf = buf,
		.count = count,
		.nr_segs = 1,
	};
}

#endif /* __LINUX_UIO_H */
