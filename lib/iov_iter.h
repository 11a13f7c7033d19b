/* SPDX-License-Identifier: MIT */
/*
 * Iterators over memory (lib/iov_iter.c): the ITER_UBUF, ITER_IOVEC,
 * ITER_KVEC and ITER_DISCARD kinds of 6.1's struct iov_iter (kabi/fs.h),
 * for the host's read_iter/write_iter calls and for unit tests.
 */
#ifndef _UMOD_LIB_IOV_ITER_H
#define _UMOD_LIB_IOV_ITER_H

#include <stddef.h>

#include <umod/kabi/fs.h>

size_t umod_copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);
size_t umod_copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
size_t umod_iov_iter_zero(size_t bytes, struct iov_iter *i);
void umod_iov_iter_advance(struct iov_iter *i, size_t bytes);
/* one user buffer, as 6.1's iov_iter_ubuf(); @source: ITER_SOURCE (a write) */
void umod_iov_iter_ubuf(struct iov_iter *i, unsigned int source, void *buf, size_t count);

#endif /* _UMOD_LIB_IOV_ITER_H */
