// SPDX-License-Identifier: MIT
/*
 * Compressed modules (.ko.xz, .ko.zst): recognised by their magic, as kmod
 * does, not by the file name, and decompressed whole into an anonymous
 * mapping that is then made read-only, so callers see the same kind of
 * image as a mapped .ko and umod_file_unmap() frees either. The output is
 * bounded (UMOD_DECOMPRESS_MAX for files): a small file must not expand into all of
 * memory.
 */
#include <errno.h>
#include <lzma.h>
#include <string.h>
#include <sys/mman.h>
#include <zstd.h>

#include "util/decompress.h"
#include "util/macro.h"

static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
static const unsigned char zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };

/* a growing anonymous mapping: the output buffer of a decompressor */
struct outbuf {
	unsigned char *p;
	size_t len, cap;
	size_t max;		/* the bound on len */
};

static int outbuf_grow(struct outbuf *o, size_t want)
{
	size_t cap = o->cap ? o->cap : 64 * 1024;
	void *p;

	while (cap < want)
		cap *= 2;
	if (cap > o->max)
		cap = o->max;
	if (cap < want)
		return -EFBIG;
	if (cap == o->cap)
		return 0;
	if (o->p)
		p = mremap(o->p, o->cap, cap, MREMAP_MAYMOVE);
	else
		p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -ENOMEM;
	o->p = p;
	o->cap = cap;
	return 0;
}

/* room for at least one more byte, or -EFBIG at the bound */
static int outbuf_room(struct outbuf *o)
{
	if (o->len < o->cap)
		return 0;
	if (o->cap >= o->max)
		return -EFBIG;
	return outbuf_grow(o, o->cap + 1);
}

/*
 * Trims the mapping to whole pages of output, so that munmap(p, len) frees
 * all of it, and makes it read-only. An empty output frees the mapping.
 */
static int outbuf_seal(struct outbuf *o)
{
	size_t keep = UMOD_ALIGN(o->len, UMOD_PAGE_SIZE);

	if (!keep) {
		munmap(o->p, o->cap);
		o->p = NULL;
		return 0;
	}
	if (keep < o->cap) {
		if (mremap(o->p, o->cap, keep, 0) == MAP_FAILED)
			return -errno;
		o->cap = keep;
	}
	return mprotect(o->p, o->cap, PROT_READ) < 0 ? -errno : 0;
}

static void outbuf_free(struct outbuf *o)
{
	if (o->p)
		munmap(o->p, o->cap);
	o->p = NULL;
}

static int decompress_xz(const void *in, size_t in_len, struct outbuf *o)
{
	lzma_stream strm = LZMA_STREAM_INIT;
	lzma_ret ret;
	int err = 0;

	if (lzma_stream_decoder(&strm, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
		return -ENOMEM;
	strm.next_in = in;
	strm.avail_in = in_len;
	do {
		err = outbuf_room(o);
		if (err)
			break;
		strm.next_out = o->p + o->len;
		strm.avail_out = o->cap - o->len;
		ret = lzma_code(&strm, LZMA_FINISH);
		o->len = o->cap - strm.avail_out;
		if (ret == LZMA_MEM_ERROR)
			err = -ENOMEM;
		else if (ret != LZMA_OK && ret != LZMA_STREAM_END)
			err = -EINVAL;	/* corrupt or truncated: kmod says EINVAL */
	} while (!err && ret != LZMA_STREAM_END);
	lzma_end(&strm);
	return err;
}

static int decompress_zstd(const void *in, size_t in_len, struct outbuf *o)
{
	ZSTD_DStream *ds = ZSTD_createDStream();
	ZSTD_inBuffer ib = { in, in_len, 0 };
	size_t ret = 1;
	int err = 0;

	if (!ds)
		return -ENOMEM;
	while (!err && ret != 0) {
		ZSTD_outBuffer ob;

		err = outbuf_room(o);
		if (err)
			break;
		ob = (ZSTD_outBuffer){ o->p, o->cap, o->len };
		ret = ZSTD_decompressStream(ds, &ob, &ib);
		o->len = ob.pos;
		if (ZSTD_isError(ret))
			err = -EINVAL;
		else if (ret && ib.pos == ib.size && ob.pos < ob.size)
			err = -EINVAL;	/* input ends inside a frame */
	}
	ZSTD_freeDStream(ds);
	return err;
}

enum umod_compression umod_compression_of(const void *image, size_t len)
{
	if (len >= sizeof(xz_magic) && !memcmp(image, xz_magic, sizeof(xz_magic)))
		return UMOD_COMPRESSION_XZ;
	if (len >= sizeof(zstd_magic) && !memcmp(image, zstd_magic, sizeof(zstd_magic)))
		return UMOD_COMPRESSION_ZSTD;
	return UMOD_COMPRESSION_NONE;
}

int umod_decompress(const void *in, size_t in_len, size_t max,
		    const void **outp, size_t *out_lenp)
{
	struct outbuf o = { .max = max };
	int err;

	switch (umod_compression_of(in, in_len)) {
	case UMOD_COMPRESSION_XZ:
		err = decompress_xz(in, in_len, &o);
		break;
	case UMOD_COMPRESSION_ZSTD:
		err = decompress_zstd(in, in_len, &o);
		break;
	default:
		return -EINVAL;
	}
	if (!err)
		err = outbuf_seal(&o);
	if (err) {
		outbuf_free(&o);
		return err;
	}
	*outp = o.p;
	*out_lenp = o.len;
	return 0;
}
