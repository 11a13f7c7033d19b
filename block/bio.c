// SPDX-License-Identifier: MIT
/*
 * bios (Linux's block/bio.c and blk-core.c's status table): a bio-based
 * driver (block_device_operations.submit_bio, 6.1's replacement of
 * make_request) gets each read or write of the disk's file as one bio
 * over the caller's pages, and ends it with bio_endio() from any thread.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "block/blk.h"
#include "kernel/kapi.h"

#define REQ_OP_MASK		0xffu
#define REQ_OP_FLUSH		2u
#define REQ_OP_DISCARD		3u
#define REQ_OP_SECURE_ERASE	5u
#define REQ_OP_WRITE_ZEROES	9u

/* blk_errors[] of 6.1's blk-core.c: each status's errno */
static const int blk_errnos[] = {
	[0] = 0, [1] = -EOPNOTSUPP, [2] = -ETIMEDOUT, [3] = -ENOSPC, [4] = -ENOLINK,
	[5] = -EREMOTEIO, [6] = -EBADE, [7] = -ENODATA, [8] = -EILSEQ, [9] = -ENOMEM,
	[10] = -EIO, [11] = -EREMCHG, [12] = -EAGAIN, [13] = -EBUSY, [14] = -EBUSY,
	[15] = -ETOOMANYREFS, [16] = -EOVERFLOW, [17] = -ENODEV,
};

int umod_blk_status_to_errno(unsigned char status)
{
	return status < sizeof(blk_errnos) / sizeof(blk_errnos[0]) ? blk_errnos[status] : -EIO;
}

static unsigned char kapi_errno_to_blk_status(int err)
{
	for (unsigned int i = 0; i < sizeof(blk_errnos) / sizeof(blk_errnos[0]); i++)
		if (blk_errnos[i] == err)
			return (unsigned char)i;
	return 10;	/* BLK_STS_IOERR */
}

static bool no_advance(const struct bio *bio)
{
	unsigned int op = bio->bi_opf & REQ_OP_MASK;

	return op == REQ_OP_DISCARD || op == REQ_OP_SECURE_ERASE || op == REQ_OP_WRITE_ZEROES;
}

/* bio_advance(): the iterator @bytes further (the data's vectors, or only the size) */
void umod_bio_advance(struct bio *bio, unsigned int bytes)
{
	struct bvec_iter *it = &bio->bi_iter;

	if (bytes > it->bi_size)
		bytes = it->bi_size;
	it->bi_sector += bytes >> 9;
	it->bi_size -= bytes;
	if (no_advance(bio))
		return;
	bytes += it->bi_bvec_done;
	while (bytes && it->bi_idx < bio->bi_vcnt && bytes >= bio->bi_io_vec[it->bi_idx].bv_len)
		bytes -= bio->bi_io_vec[it->bi_idx++].bv_len;
	it->bi_bvec_done = bytes;
}

static void kapi_bio_endio(struct bio *bio)
{
	if (bio && bio->bi_end_io)
		bio->bi_end_io(bio);
}

/* ---- a bio-based disk's I/O ---------------------------------------------------------- */

struct bio_wait {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;
};

static void bio_wait_end(struct bio *bio)
{
	struct bio_wait *w = bio->bi_private;

	pthread_mutex_lock(&w->lock);
	w->done = true;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

static long submit_thunk(void *arg)
{
	struct bio *bio = arg;

	bio->bi_bdev->bd_disk->fops->submit_bio(bio);
	return 0;
}

/* a bio of @op over page-aligned @buf (NULL: no data, a flush or a discard), one vector a page */
struct bio *umod_bio_new(struct umod_disk *d, unsigned int op, uint64_t sector, void *buf,
			 unsigned int len)
{
	unsigned int pages = buf ? (len + 4095) / 4096 : 0;
	struct bio *bio = calloc(1, sizeof(*bio) + pages * sizeof(struct bio_vec));

	if (!bio)
		return NULL;
	bio->bi_bdev = &d->part0;
	bio->bi_opf = op;
	bio->bi_iter.bi_sector = sector;
	bio->bi_iter.bi_size = len;
	bio->bi_io_vec = (struct bio_vec *)(bio + 1);
	bio->bi_vcnt = bio->bi_max_vecs = (unsigned short)pages;
	for (unsigned int i = 0; i < pages; i++) {
		bio->bi_io_vec[i].bv_page = (struct page *)((char *)buf + (size_t)i * 4096);
		bio->bi_io_vec[i].bv_len = len - i * 4096 < 4096 ? len - i * 4096 : 4096;
	}
	return bio;
}

int umod_bio_execute(struct umod_disk *d, unsigned int op, uint64_t sector, void *buf,
		     unsigned int len)
{
	struct bio_wait w = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false };
	struct bio *bio;
	int err;

	if (!d->disk.fops || !d->disk.fops->submit_bio)
		return -EIO;
	if ((op & REQ_OP_MASK) == REQ_OP_FLUSH)
		len = 0;
	if (!(bio = umod_bio_new(d, op, sector, buf, len)))
		return -ENOMEM;
	bio->bi_end_io = bio_wait_end;
	bio->bi_private = &w;
	if (umod_blk_call(d->owner, submit_thunk, bio) == -EIO)
		bio_wait_end(bio);	/* it oopsed: nobody will end it */
	pthread_mutex_lock(&w.lock);
	while (!w.done)
		pthread_cond_wait(&w.cond, &w.lock);
	pthread_mutex_unlock(&w.lock);
	err = umod_blk_status_to_errno(bio->bi_status);
	free(bio);
	return err;
}

static const struct umod_kapi_export bio_exports[] = {
	UMOD_KAPI("bio_endio", kapi_bio_endio),
	UMOD_KAPI_GPL("blk_status_to_errno", umod_blk_status_to_errno),
	UMOD_KAPI_GPL("errno_to_blk_status", kapi_errno_to_blk_status),
};

const struct umod_kapi_table umod_kapi_bio = UMOD_KAPI_TABLE(bio_exports);
