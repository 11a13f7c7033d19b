// SPDX-License-Identifier: MIT
/*
 * The generic FIFO (lib/kfifo.c): a power-of-two ring of fixed-size
 * elements whose in and out counters run freely (the fill is in - out,
 * right across their 2^32 wrap), so one reader and one writer need no
 * lock: the writer publishes data before moving in, the reader reads
 * before moving out. Record FIFOs prefix each record with its length in
 * 1 or 2 bytes (@recsize). The DMA-less "dma" helpers describe the free
 * or filled part of the ring as at most two scatterlist entries.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <umod/kabi/kfifo.h>
#include <umod/kabi/mm.h>
#include <umod/kabi/scatterlist.h>

#include "kernel/kapi.h"
#include "lib/usercopy.h"
#include "mm/internal.h"

static unsigned int unused(const struct __kfifo *fifo)
{
	return fifo->mask + 1 - (fifo->in - fifo->out);
}

static unsigned int min_u(unsigned int a, unsigned int b)
{
	return a < b ? a : b;
}

static unsigned int roundup_pow2(unsigned int n)
{
	return n <= 1 ? n : 1u << (32 - __builtin_clz(n - 1));
}

static int kapi___kfifo_alloc(struct __kfifo *fifo, unsigned int size, size_t esize,
			      unsigned int gfp)
{
	size = roundup_pow2(size);
	fifo->in = fifo->out = 0;
	fifo->esize = (unsigned int)esize;
	fifo->data = NULL;
	fifo->mask = 0;
	if (size < 2)
		return -EINVAL;
	if (esize && size > SIZE_MAX / esize)
		return -ENOMEM;
	fifo->data = umod_kmalloc_lib(esize * size, gfp, __builtin_return_address(0));
	if (!fifo->data)
		return -ENOMEM;
	fifo->mask = size - 1;
	return 0;
}

static void kapi___kfifo_free(struct __kfifo *fifo)
{
	umod_kfree(fifo->data);
	fifo->in = fifo->out = 0;
	fifo->esize = 0;
	fifo->data = NULL;
	fifo->mask = 0;
}

/* a caller's buffer of @size bytes: as many elements as a power of two fits */
static int kapi___kfifo_init(struct __kfifo *fifo, void *buffer, unsigned int size,
			     size_t esize)
{
	size /= (unsigned int)esize;
	if (size & (size - 1))
		size = 1u << (31 - __builtin_clz(size));
	fifo->in = fifo->out = 0;
	fifo->esize = (unsigned int)esize;
	fifo->data = buffer;
	if (size < 2) {
		fifo->mask = 0;
		return -EINVAL;
	}
	fifo->mask = size - 1;
	return 0;
}

/*
 * Where @len elements at element @off lie in bytes: the part up to the
 * ring's end (*@first) and what wraps to its start.
 */
static unsigned char *span(const struct __kfifo *fifo, unsigned int off, unsigned int *len,
			   unsigned int *first)
{
	unsigned int size = (fifo->mask + 1) * fifo->esize;

	off = (off & fifo->mask) * fifo->esize;
	*len *= fifo->esize;
	*first = min_u(*len, size - off);
	return (unsigned char *)fifo->data + off;
}

static void copy_in(struct __kfifo *fifo, const void *src, unsigned int len, unsigned int off)
{
	unsigned int first;
	unsigned char *at = span(fifo, off, &len, &first);

	memcpy(at, src, first);
	memcpy(fifo->data, (const unsigned char *)src + first, len - first);
	/* the data before the index that shows it (smp_wmb) */
	atomic_thread_fence(memory_order_release);
}

static void copy_out(const struct __kfifo *fifo, void *dst, unsigned int len, unsigned int off)
{
	unsigned int first;
	const unsigned char *at = span(fifo, off, &len, &first);

	memcpy(dst, at, first);
	memcpy((unsigned char *)dst + first, fifo->data, len - first);
	atomic_thread_fence(memory_order_release);
}

static unsigned int kapi___kfifo_in(struct __kfifo *fifo, const void *buf, unsigned int len)
{
	len = min_u(len, unused(fifo));
	copy_in(fifo, buf, len, fifo->in);
	fifo->in += len;
	return len;
}

static unsigned int kapi___kfifo_out_peek(struct __kfifo *fifo, void *buf, unsigned int len)
{
	len = min_u(len, fifo->in - fifo->out);
	copy_out(fifo, buf, len, fifo->out);
	return len;
}

static unsigned int kapi___kfifo_out(struct __kfifo *fifo, void *buf, unsigned int len)
{
	len = kapi___kfifo_out_peek(fifo, buf, len);
	fifo->out += len;
	return len;
}

/*
 * User memory in or out of the ring: the elements NOT copied when a copy
 * faults (a partly copied element counts as not copied); *@copied the
 * bytes that were.
 */
static unsigned int copy_user(struct __kfifo *fifo, void *ubuf, unsigned int len,
			      unsigned int off, unsigned int *copied, bool from_user)
{
	unsigned int esize = fifo->esize, first, bytes = len, missed;
	unsigned char *at = span(fifo, off, &bytes, &first);

	if (from_user)
		missed = (unsigned int)umod_copy_from_user(at, ubuf, first);
	else
		missed = (unsigned int)umod_copy_to_user(ubuf, at, first);
	if (missed) {
		missed += bytes - first;
	} else if (from_user) {
		missed = (unsigned int)umod_copy_from_user(fifo->data, (unsigned char *)ubuf + first,
							   bytes - first);
	} else {
		missed = (unsigned int)umod_copy_to_user((unsigned char *)ubuf + first, fifo->data,
							 bytes - first);
	}
	atomic_thread_fence(memory_order_release);
	missed = (missed + esize - 1) / esize;
	*copied = (len - missed) * esize;
	return missed;
}

static int kapi___kfifo_from_user(struct __kfifo *fifo, const void *from, unsigned long len,
				  unsigned int *copied)
{
	unsigned int n = (unsigned int)(len / fifo->esize), missed;

	n = min_u(n, unused(fifo));
	missed = copy_user(fifo, (void *)from, n, fifo->in, copied, true);
	fifo->in += n - missed;
	return missed ? -EFAULT : 0;
}

static int kapi___kfifo_to_user(struct __kfifo *fifo, void *to, unsigned long len,
				unsigned int *copied)
{
	unsigned int n = (unsigned int)(len / fifo->esize), missed;

	n = min_u(n, fifo->in - fifo->out);
	missed = copy_user(fifo, to, n, fifo->out, copied, false);
	fifo->out += n - missed;
	return missed ? -EFAULT : 0;
}

/* ---- the "DMA" helpers: the ring's part as scatterlist entries ------------------ */

/* one entry for @len bytes at @buf: a umod page run is contiguous */
static unsigned int sgl_buf(struct scatterlist *sgl, void *buf, int nents, unsigned int len)
{
	uintptr_t a = (uintptr_t)buf;

	if (nents <= 0 || !len)
		return 0;
	sgl->page_link = (sgl->page_link & SG_PAGE_LINK_MASK) | (a & PAGE_MASK);
	sgl->offset = (unsigned int)(a & ~PAGE_MASK);
	sgl->length = len;
	return 1;
}

static unsigned int setup_sgl(struct __kfifo *fifo, struct scatterlist *sgl, int nents,
			      unsigned int len, unsigned int off)
{
	unsigned int first, n;
	unsigned char *at = span(fifo, off, &len, &first);

	/* the part up to the ring's end, then the wrapped part: entries of an array */
	n = sgl_buf(sgl, at, nents, first);
	return n + sgl_buf(sgl + n, fifo->data, nents - (int)n, len - first);
}

static unsigned int kapi___kfifo_dma_in_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
						int nents, unsigned int len)
{
	return setup_sgl(fifo, sgl, nents, min_u(len, unused(fifo)), fifo->in);
}

static unsigned int kapi___kfifo_dma_out_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
						 int nents, unsigned int len)
{
	return setup_sgl(fifo, sgl, nents, min_u(len, fifo->in - fifo->out), fifo->out);
}

/* ---- records: a 1- or 2-byte length, then the bytes ------------------------------- */

static unsigned int kapi___kfifo_max_r(unsigned int len, size_t recsize)
{
	unsigned int max = (1u << (recsize << 3)) - 1;

	return len > max ? max : len;
}

static unsigned int peek_n(const struct __kfifo *fifo, size_t recsize)
{
	const unsigned char *data = fifo->data;
	unsigned int l = data[fifo->out & fifo->mask];

	if (recsize > 1)
		l |= (unsigned int)data[(fifo->out + 1) & fifo->mask] << 8;
	return l;
}

static void poke_n(struct __kfifo *fifo, unsigned int n, size_t recsize)
{
	unsigned char *data = fifo->data;

	data[fifo->in & fifo->mask] = (unsigned char)n;
	if (recsize > 1)
		data[(fifo->in + 1) & fifo->mask] = (unsigned char)(n >> 8);
}

static unsigned int kapi___kfifo_len_r(struct __kfifo *fifo, size_t recsize)
{
	return peek_n(fifo, recsize);
}

/* all of the record or nothing: 0 when it does not fit */
static unsigned int kapi___kfifo_in_r(struct __kfifo *fifo, const void *buf, unsigned int len,
				      size_t recsize)
{
	if (len + recsize > unused(fifo))
		return 0;
	poke_n(fifo, len, recsize);
	copy_in(fifo, buf, len, fifo->in + (unsigned int)recsize);
	fifo->in += len + (unsigned int)recsize;
	return len;
}

/* up to @len bytes of the next record; *@n its whole length */
static unsigned int out_copy_r(struct __kfifo *fifo, void *buf, unsigned int len,
			       size_t recsize, unsigned int *n)
{
	*n = peek_n(fifo, recsize);
	len = min_u(len, *n);
	copy_out(fifo, buf, len, fifo->out + (unsigned int)recsize);
	return len;
}

static unsigned int kapi___kfifo_out_peek_r(struct __kfifo *fifo, void *buf, unsigned int len,
					    size_t recsize)
{
	unsigned int n;

	if (fifo->in == fifo->out)
		return 0;
	return out_copy_r(fifo, buf, len, recsize, &n);
}

/* the whole record goes, however little of it @buf took */
static unsigned int kapi___kfifo_out_r(struct __kfifo *fifo, void *buf, unsigned int len,
				       size_t recsize)
{
	unsigned int n;

	if (fifo->in == fifo->out)
		return 0;
	len = out_copy_r(fifo, buf, len, recsize, &n);
	fifo->out += n + (unsigned int)recsize;
	return len;
}

static void kapi___kfifo_skip_r(struct __kfifo *fifo, size_t recsize)
{
	fifo->out += peek_n(fifo, recsize) + (unsigned int)recsize;
}

static int kapi___kfifo_from_user_r(struct __kfifo *fifo, const void *from, unsigned long len,
				    unsigned int *copied, size_t recsize)
{
	unsigned int n = kapi___kfifo_max_r(len > UINT32_MAX ? UINT32_MAX : (unsigned int)len,
					    recsize);

	if (n + recsize > unused(fifo)) {
		*copied = 0;
		return 0;
	}
	poke_n(fifo, n, recsize);
	if (copy_user(fifo, (void *)from, n, fifo->in + (unsigned int)recsize, copied, true)) {
		*copied = 0;
		return -EFAULT;
	}
	fifo->in += n + (unsigned int)recsize;
	return 0;
}

static int kapi___kfifo_to_user_r(struct __kfifo *fifo, void *to, unsigned long len,
				  unsigned int *copied, size_t recsize)
{
	unsigned int n;

	if (fifo->in == fifo->out) {
		*copied = 0;
		return 0;
	}
	n = peek_n(fifo, recsize);
	if (len > n)
		len = n;
	if (copy_user(fifo, to, (unsigned int)len, fifo->out + (unsigned int)recsize, copied,
		      false)) {
		*copied = 0;
		return -EFAULT;
	}
	fifo->out += n + (unsigned int)recsize;
	return 0;
}

static unsigned int kapi___kfifo_dma_in_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl,
						  int nents, unsigned int len, size_t recsize)
{
	len = kapi___kfifo_max_r(len, recsize);
	if (len + recsize > unused(fifo))
		return 0;
	return setup_sgl(fifo, sgl, nents, len, fifo->in + (unsigned int)recsize);
}

static void kapi___kfifo_dma_in_finish_r(struct __kfifo *fifo, unsigned int len, size_t recsize)
{
	len = kapi___kfifo_max_r(len, recsize);
	poke_n(fifo, len, recsize);
	fifo->in += len + (unsigned int)recsize;
}

static unsigned int kapi___kfifo_dma_out_prepare_r(struct __kfifo *fifo, struct scatterlist *sgl,
						   int nents, unsigned int len, size_t recsize)
{
	len = kapi___kfifo_max_r(len, recsize);
	if (len + recsize > fifo->in - fifo->out)
		return 0;
	return setup_sgl(fifo, sgl, nents, len, fifo->out + (unsigned int)recsize);
}

static void kapi___kfifo_dma_out_finish_r(struct __kfifo *fifo, size_t recsize)
{
	fifo->out += peek_n(fifo, recsize) + (unsigned int)recsize;
}

static const struct umod_kapi_export kfifo_exports[] = {
	UMOD_KAPI("__kfifo_alloc", kapi___kfifo_alloc),
	UMOD_KAPI("__kfifo_free", kapi___kfifo_free),
	UMOD_KAPI("__kfifo_init", kapi___kfifo_init),
	UMOD_KAPI("__kfifo_in", kapi___kfifo_in),
	UMOD_KAPI("__kfifo_out", kapi___kfifo_out),
	UMOD_KAPI("__kfifo_out_peek", kapi___kfifo_out_peek),
	UMOD_KAPI("__kfifo_from_user", kapi___kfifo_from_user),
	UMOD_KAPI("__kfifo_to_user", kapi___kfifo_to_user),
	UMOD_KAPI("__kfifo_dma_in_prepare", kapi___kfifo_dma_in_prepare),
	UMOD_KAPI("__kfifo_dma_out_prepare", kapi___kfifo_dma_out_prepare),
	UMOD_KAPI("__kfifo_max_r", kapi___kfifo_max_r),
	UMOD_KAPI("__kfifo_len_r", kapi___kfifo_len_r),
	UMOD_KAPI("__kfifo_in_r", kapi___kfifo_in_r),
	UMOD_KAPI("__kfifo_out_peek_r", kapi___kfifo_out_peek_r),
	UMOD_KAPI("__kfifo_out_r", kapi___kfifo_out_r),
	UMOD_KAPI("__kfifo_skip_r", kapi___kfifo_skip_r),
	UMOD_KAPI("__kfifo_from_user_r", kapi___kfifo_from_user_r),
	UMOD_KAPI("__kfifo_to_user_r", kapi___kfifo_to_user_r),
	UMOD_KAPI("__kfifo_dma_in_prepare_r", kapi___kfifo_dma_in_prepare_r),
	UMOD_KAPI("__kfifo_dma_in_finish_r", kapi___kfifo_dma_in_finish_r),
	UMOD_KAPI("__kfifo_dma_out_prepare_r", kapi___kfifo_dma_out_prepare_r),
	UMOD_KAPI("__kfifo_dma_out_finish_r", kapi___kfifo_dma_out_finish_r),
};

const struct umod_kapi_table umod_kapi_kfifo = UMOD_KAPI_TABLE(kfifo_exports);
