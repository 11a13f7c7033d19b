/* SPDX-License-Identifier: MIT */
/*
 * blk-mq (6.1's blk-mq.h): tag sets, hardware contexts, requests and the
 * calls a queue_rq driver makes. The host's side is block/blk-mq.c.
 */
#ifndef BLK_MQ_H
#define BLK_MQ_H

#include <linux/blkdev.h>
#include <linux/lockdep.h>
#include <linux/scatterlist.h>
#include <linux/prefetch.h>
#include <umod/kabi/blkdev.h>
/* what 6.1's brings in through headers umod does not ship */
#include <linux/dma-direction.h>

typedef __u32 __bitwise req_flags_t;

#define RQF_STARTED		((__force req_flags_t)(1 << 1))
#define RQF_SOFTBARRIER		((__force req_flags_t)(1 << 3))
#define RQF_FLUSH_SEQ		((__force req_flags_t)(1 << 4))
#define RQF_MIXED_MERGE		((__force req_flags_t)(1 << 5))
#define RQF_MQ_INFLIGHT		((__force req_flags_t)(1 << 6))
#define RQF_DONTPREP		((__force req_flags_t)(1 << 7))
#define RQF_FAILED		((__force req_flags_t)(1 << 10))
#define RQF_QUIET		((__force req_flags_t)(1 << 11))
#define RQF_IO_STAT		((__force req_flags_t)(1 << 13))
#define RQF_PM			((__force req_flags_t)(1 << 15))
#define RQF_SPECIAL_PAYLOAD	((__force req_flags_t)(1 << 18))
#define RQF_TIMED_OUT		((__force req_flags_t)(1 << 21))

enum mq_rq_state {
	MQ_RQ_IDLE		= 0,
	MQ_RQ_IN_FLIGHT		= 1,
	MQ_RQ_COMPLETE		= 2,
};

enum blk_eh_timer_return {
	BLK_EH_DONE,
	BLK_EH_RESET_TIMER,
};

enum {
	BLK_MQ_F_SHOULD_MERGE	= 1 << 0,
	BLK_MQ_F_TAG_QUEUE_SHARED = 1 << 1,
	BLK_MQ_F_STACKING	= 1 << 2,
	BLK_MQ_F_TAG_HCTX_SHARED = 1 << 3,
	BLK_MQ_F_BLOCKING	= 1 << 5,
	BLK_MQ_F_NO_SCHED	= 1 << 6,
	BLK_MQ_F_NO_SCHED_BY_DEFAULT	= 1 << 7,
	BLK_MQ_F_ALLOC_POLICY_START_BIT = 8,
	BLK_MQ_F_ALLOC_POLICY_BITS = 1,

	BLK_MQ_S_STOPPED	= 0,
	BLK_MQ_S_TAG_ACTIVE	= 1,
	BLK_MQ_S_SCHED_RESTART	= 2,
	BLK_MQ_S_INACTIVE	= 3,

	BLK_MQ_MAX_DEPTH	= 10240,
	BLK_MQ_CPU_WORK_BATCH	= 8,
};

#define BLK_MQ_NO_TAG		-1U

static inline enum req_op req_op(const struct request *req)
{
	return (enum req_op)(req->cmd_flags & REQ_OP_MASK);
}

#define rq_data_dir(rq)		(op_is_write(req_op(rq)) ? WRITE : READ)

static inline bool blk_rq_is_passthrough(struct request *rq)
{
	return req_op(rq) == REQ_OP_DRV_IN || req_op(rq) == REQ_OP_DRV_OUT;
}

static inline sector_t blk_rq_pos(const struct request *rq)
{
	return rq->__sector;
}

static inline unsigned int blk_rq_bytes(const struct request *rq)
{
	return rq->__data_len;
}

static inline unsigned int blk_rq_cur_bytes(const struct request *rq)
{
	if (!rq->bio)
		return 0;
	if (!bio_has_data(rq->bio))
		return rq->bio->bi_iter.bi_size;
	return bio_iovec(rq->bio).bv_len;
}

static inline unsigned int blk_rq_sectors(const struct request *rq)
{
	return blk_rq_bytes(rq) >> SECTOR_SHIFT;
}

static inline unsigned int blk_rq_cur_sectors(const struct request *rq)
{
	return blk_rq_cur_bytes(rq) >> SECTOR_SHIFT;
}

static inline enum mq_rq_state blk_mq_rq_state(struct request *rq)
{
	return (enum mq_rq_state)READ_ONCE(rq->state);
}

static inline int blk_mq_request_started(struct request *rq)
{
	return blk_mq_rq_state(rq) != MQ_RQ_IDLE;
}

static inline int blk_mq_request_completed(struct request *rq)
{
	return blk_mq_rq_state(rq) == MQ_RQ_COMPLETE;
}

static inline struct request *blk_mq_rq_from_pdu(void *pdu)
{
	return (struct request *)pdu - 1;
}

static inline void *blk_mq_rq_to_pdu(struct request *rq)
{
	return rq + 1;
}

struct req_iterator {
	struct bvec_iter iter;
	struct bio *bio;
};

#define __rq_for_each_bio(_bio, rq)	\
	if ((rq->bio))			\
		for (_bio = (rq)->bio; _bio; _bio = _bio->bi_next)

#define rq_for_each_segment(bvl, _rq, _iter)			\
	__rq_for_each_bio(_iter.bio, _rq)			\
		bio_for_each_segment(bvl, _iter.bio, _iter.iter)

#define rq_for_each_bvec(bvl, _rq, _iter)			\
	__rq_for_each_bio(_iter.bio, _rq)			\
		bio_for_each_bvec(bvl, _iter.bio, _iter.iter)

#define rq_iter_last(bvec, _iter)				\
		(_iter.bio->bi_next == NULL &&			\
		 bio_iter_last(bvec, _iter.iter))

int blk_mq_alloc_tag_set(struct blk_mq_tag_set *set);
int blk_mq_alloc_sq_tag_set(struct blk_mq_tag_set *set, const struct blk_mq_ops *ops,
			    unsigned int queue_depth, unsigned int set_flags);
void blk_mq_free_tag_set(struct blk_mq_tag_set *set);

struct gendisk *__blk_mq_alloc_disk(struct blk_mq_tag_set *set, void *queuedata,
				    struct lock_class_key *lkclass);
#define blk_mq_alloc_disk(set, queuedata)				\
({									\
	static struct lock_class_key __key;				\
									\
	__blk_mq_alloc_disk(set, queuedata, &__key);			\
})
struct request_queue *blk_mq_init_queue(struct blk_mq_tag_set *set);
void blk_mq_destroy_queue(struct request_queue *q);

void blk_mq_start_request(struct request *rq);
void blk_mq_end_request(struct request *rq, blk_status_t error);
void __blk_mq_end_request(struct request *rq, blk_status_t error);
bool blk_update_request(struct request *rq, blk_status_t error, unsigned int nr_bytes);
void blk_mq_complete_request(struct request *rq);
bool blk_mq_complete_request_remote(struct request *rq);
void blk_mq_stop_hw_queue(struct blk_mq_hw_ctx *hctx);
void blk_mq_start_hw_queue(struct blk_mq_hw_ctx *hctx);
void blk_mq_stop_hw_queues(struct request_queue *q);
void blk_mq_start_stopped_hw_queues(struct request_queue *q, bool async);
void blk_mq_run_hw_queues(struct request_queue *q, bool async);

#endif /* BLK_MQ_H */
