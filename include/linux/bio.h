/* SPDX-License-Identifier: MIT */
/*
 * bios (6.1's bio.h): the segment iterators and the completion a
 * submit_bio driver calls. Bios are made by the host (block/fops.c), from
 * the reads and writes of dev/<disk>.
 */
#ifndef __LINUX_BIO_H
#define __LINUX_BIO_H

#include <linux/blk_types.h>
#include <linux/uio.h>
/* what 6.1's brings in through headers umod does not ship */
#include <linux/dma-direction.h>

#define BIO_MAX_VECS		256U

#define bio_prio(bio)			(bio)->bi_ioprio
#define bio_set_prio(bio, prio)		((bio)->bi_ioprio = prio)

#define bio_iter_iovec(bio, iter)	bvec_iter_bvec((bio)->bi_io_vec, (iter))
#define bio_iter_page(bio, iter)	bvec_iter_page((bio)->bi_io_vec, (iter))
#define bio_iter_len(bio, iter)		bvec_iter_len((bio)->bi_io_vec, (iter))
#define bio_iter_offset(bio, iter)	bvec_iter_offset((bio)->bi_io_vec, (iter))

#define bio_page(bio)		bio_iter_page((bio), (bio)->bi_iter)
#define bio_offset(bio)		bio_iter_offset((bio), (bio)->bi_iter)
#define bio_iovec(bio)		bio_iter_iovec((bio), (bio)->bi_iter)

#define bvec_iter_sectors(iter)	((iter).bi_size >> 9)
#define bvec_iter_end_sector(iter) ((iter).bi_sector + bvec_iter_sectors((iter)))

#define bio_sectors(bio)	bvec_iter_sectors((bio)->bi_iter)
#define bio_end_sector(bio)	bvec_iter_end_sector((bio)->bi_iter)

#define bio_data_dir(bio) \
	(op_is_write(bio_op(bio)) ? WRITE : READ)

static inline bool bio_has_data(struct bio *bio)
{
	return bio && bio->bi_iter.bi_size && bio_op(bio) != REQ_OP_DISCARD &&
	       bio_op(bio) != REQ_OP_SECURE_ERASE && bio_op(bio) != REQ_OP_WRITE_ZEROES;
}

static inline bool bio_no_advance_iter(const struct bio *bio)
{
	return bio_op(bio) == REQ_OP_DISCARD || bio_op(bio) == REQ_OP_SECURE_ERASE ||
	       bio_op(bio) == REQ_OP_WRITE_ZEROES;
}

static inline void *bio_data(struct bio *bio)
{
	if (bio_has_data(bio))
		return page_address(bio_page(bio)) + bio_offset(bio);
	return NULL;
}

static inline void bio_advance_iter(const struct bio *bio, struct bvec_iter *iter,
				    unsigned int bytes)
{
	iter->bi_sector += bytes >> 9;
	if (bio_no_advance_iter(bio))
		iter->bi_size -= bytes;
	else
		bvec_iter_advance(bio->bi_io_vec, iter, bytes);
}

static inline void bio_advance_iter_single(const struct bio *bio, struct bvec_iter *iter,
					   unsigned int bytes)
{
	iter->bi_sector += bytes >> 9;
	if (bio_no_advance_iter(bio))
		iter->bi_size -= bytes;
	else
		bvec_iter_advance_single(bio->bi_io_vec, iter, bytes);
}

static inline void bio_advance(struct bio *bio, unsigned int nbytes)
{
	if (nbytes)
		bio_advance_iter(bio, &bio->bi_iter, nbytes);
}

#define __bio_for_each_segment(bvl, bio, iter, start)			\
	for (iter = (start);						\
	     (iter).bi_size &&						\
		((bvl = bio_iter_iovec((bio), (iter))), 1);		\
	     bio_advance_iter_single((bio), &(iter), (bvl).bv_len))

#define bio_for_each_segment(bvl, bio, iter)				\
	__bio_for_each_segment(bvl, bio, iter, (bio)->bi_iter)

#define __bio_for_each_bvec(bvl, bio, iter, start)			\
	for (iter = (start);						\
	     (iter).bi_size &&						\
		((bvl = mp_bvec_iter_bvec((bio)->bi_io_vec, (iter))), 1); \
	     bio_advance_iter_single((bio), &(iter), (bvl).bv_len))

#define bio_for_each_bvec(bvl, bio, iter)				\
	__bio_for_each_bvec(bvl, bio, iter, (bio)->bi_iter)

#define bio_iter_last(bvec, iter) ((iter).bi_size == (bvec).bv_len)

void bio_endio(struct bio *bio);

static inline void bio_io_error(struct bio *bio)
{
	bio->bi_status = BLK_STS_IOERR;
	bio_endio(bio);
}

static inline void bio_wouldblock_error(struct bio *bio)
{
	bio->bi_status = BLK_STS_AGAIN;
	bio_endio(bio);
}

#endif /* __LINUX_BIO_H */
