// SPDX-License-Identifier: MIT
/*
 * blk-mq (Linux's block/blk-mq.c, the parts a driver meets): tag sets with
 * their requests made up front (init_request called for each, as 6.1
 * does), queues with one hardware context per hardware queue
 * (init_hctx), and the dispatch: a read or write of the disk's file takes
 * a tag on the caller's CPU's context, builds the request's bio over the
 * caller's pages and calls queue_rq as the driver's code; the caller
 * sleeps until blk_mq_end_request(), which may come from any thread.
 * BLK_STS_RESOURCE and BLK_STS_DEV_RESOURCE are retried after a
 * millisecond, as the queue would be rerun; a stopped queue waits.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "block/blk.h"
#include "drivers/base/base.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"

#define BLK_MQ_MAX_DEPTH	10240u
#define BLK_MQ_S_STOPPED	0
#define BLK_STS_RESOURCE	9
#define BLK_STS_DEV_RESOURCE	13
#define MQ_RQ_IDLE		0
#define MQ_RQ_IN_FLIGHT		1
#define MQ_RQ_COMPLETE		2
#define RQF_STARTED		(1u << 1)
#define RESOURCE_RETRIES	30000	/* 30 s of 1 ms waits */

/* a request and the host's state; the driver's pdu follows the request */
struct mq_rq {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;
	unsigned char status;
	struct request rq;
};

struct mq_tags {
	pthread_mutex_t lock;
	pthread_cond_t freed;
	unsigned int depth;
	unsigned char *used;
	struct mq_rq **rqs;
};

struct mq_set {
	struct umod_module *owner;
	struct mq_tags *tags;		/* one per hardware queue */
};

struct mq_queue {
	struct request_queue q;
	struct umod_module *owner;
};

static struct mq_set *set_of(struct blk_mq_tag_set *set)
{
	return (struct mq_set *)set->__host[0];
}

static struct mq_rq *mq_rq_of(struct request *rq)
{
	return umod_container_of(rq, struct mq_rq, rq);
}

/* ---- module code the block layer runs ------------------------------------------------ */

struct mq_call {
	struct blk_mq_tag_set *set;
	struct blk_mq_hw_ctx *hctx;
	struct request *rq;
	unsigned int idx;
	int op;
};

enum { CALL_INIT_RQ, CALL_EXIT_RQ, CALL_INIT_HCTX, CALL_EXIT_HCTX, CALL_QUEUE_RQ };

static long mq_thunk(void *arg)
{
	struct mq_call *c = arg;
	const struct blk_mq_ops *ops = c->set->ops;
	struct blk_mq_queue_data bd = { .rq = c->rq, .last = true };

	switch (c->op) {
	case CALL_INIT_RQ:
		return ops->init_request ?
		       ops->init_request(c->set, c->rq, c->idx, (unsigned int)c->set->numa_node) : 0;
	case CALL_EXIT_RQ:
		if (ops->exit_request)
			ops->exit_request(c->set, c->rq, c->idx);
		return 0;
	case CALL_INIT_HCTX:
		return ops->init_hctx ? ops->init_hctx(c->hctx, c->set->driver_data, c->idx) : 0;
	case CALL_EXIT_HCTX:
		if (ops->exit_hctx)
			ops->exit_hctx(c->hctx, c->idx);
		return 0;
	case CALL_QUEUE_RQ:
		return ops->queue_rq(c->hctx, &bd);
	}
	return -EINVAL;
}

static long mq_run(struct blk_mq_tag_set *set, int op, struct blk_mq_hw_ctx *hctx,
		   struct request *rq, unsigned int idx)
{
	struct mq_call c = { set, hctx, rq, idx, op };

	return umod_blk_call(set_of(set)->owner, mq_thunk, &c);
}

/* ---- tag sets ------------------------------------------------------------------------ */

static void tags_free(struct blk_mq_tag_set *set, unsigned int hw)
{
	struct mq_tags *t = &set_of(set)->tags[hw];

	for (unsigned int i = 0; t->rqs && i < t->depth; i++) {
		if (!t->rqs[i])
			continue;
		mq_run(set, CALL_EXIT_RQ, NULL, &t->rqs[i]->rq, hw);
		pthread_mutex_destroy(&t->rqs[i]->lock);
		pthread_cond_destroy(&t->rqs[i]->cond);
		free(t->rqs[i]);
	}
	free(t->rqs);
	free(t->used);
	pthread_mutex_destroy(&t->lock);
	pthread_cond_destroy(&t->freed);
}

static int tags_alloc(struct blk_mq_tag_set *set, unsigned int hw)
{
	struct mq_tags *t = &set_of(set)->tags[hw];

	pthread_mutex_init(&t->lock, NULL);
	pthread_cond_init(&t->freed, NULL);
	t->depth = set->queue_depth;
	t->used = calloc(t->depth, 1);
	t->rqs = calloc(t->depth, sizeof(*t->rqs));
	if (!t->used || !t->rqs)
		return -ENOMEM;
	for (unsigned int i = 0; i < t->depth; i++) {
		struct mq_rq *r = calloc(1, sizeof(*r) + set->cmd_size);
		long err;

		if (!(t->rqs[i] = r))
			return -ENOMEM;
		pthread_mutex_init(&r->lock, NULL);
		pthread_cond_init(&r->cond, NULL);
		r->rq.tag = (int)i;
		r->rq.internal_tag = -1;
		if ((err = mq_run(set, CALL_INIT_RQ, NULL, &r->rq, hw))) {
			/* exit_request only for those whose init succeeded */
			pthread_mutex_destroy(&r->lock);
			pthread_cond_destroy(&r->cond);
			free(r);
			t->rqs[i] = NULL;
			return (int)err;
		}
	}
	return 0;
}

static void set_free(struct blk_mq_tag_set *set, unsigned int nr)
{
	struct mq_set *ms = set_of(set);

	for (unsigned int i = 0; i < nr; i++)
		tags_free(set, i);
	free(ms->tags);
	free(ms);
	set->__host[0] = 0;
}

static int kapi_blk_mq_alloc_tag_set(struct blk_mq_tag_set *set)
{
	struct umod_module *mod = umod_caller_module();
	struct mq_set *ms;
	int err = 0;

	if (!set || !set->nr_hw_queues || !set->queue_depth || !set->ops || !set->ops->queue_rq)
		return -EINVAL;
	if (set->queue_depth > BLK_MQ_MAX_DEPTH) {
		if (mod)
			umod_log_printk(mod->host->log, KERN_INFO "blk-mq: reduced tag depth to %u\n",
					BLK_MQ_MAX_DEPTH);
		set->queue_depth = BLK_MQ_MAX_DEPTH;
	}
	if (!set->nr_maps)
		set->nr_maps = 1;
	if (!(ms = calloc(1, sizeof(*ms))) || !(ms->tags = calloc(set->nr_hw_queues,
								   sizeof(*ms->tags)))) {
		free(ms);
		return -ENOMEM;
	}
	ms->owner = mod;
	set->__host[0] = (unsigned long)ms;
	for (unsigned int i = 0; i < set->nr_hw_queues; i++) {
		err = tags_alloc(set, i);
		if (err) {
			set_free(set, i + 1);
			return err;
		}
	}
	return 0;
}

static int kapi_blk_mq_alloc_sq_tag_set(struct blk_mq_tag_set *set, const struct blk_mq_ops *ops,
					unsigned int depth, unsigned int flags)
{
	memset(set, 0, sizeof(*set));
	set->ops = ops;
	set->nr_hw_queues = 1;
	set->nr_maps = 1;
	set->queue_depth = depth;
	set->numa_node = -1;
	set->flags = flags;
	return kapi_blk_mq_alloc_tag_set(set);
}

static void kapi_blk_mq_free_tag_set(struct blk_mq_tag_set *set)
{
	if (set && set_of(set))
		set_free(set, set->nr_hw_queues);
}

/* ---- queues --------------------------------------------------------------------------- */

struct request_queue *umod_blk_queue_alloc(struct umod_module *owner)
{
	struct mq_queue *mq = calloc(1, sizeof(*mq));

	if (!mq)
		return NULL;
	mq->owner = owner;
	umod_blk_set_default_limits(&mq->q.limits);
	mq->q.queue_flags = 1ul << 7;	/* QUEUE_FLAG_IO_STAT */
	mq->q.nr_requests = 128;	/* BLKDEV_DEFAULT_RQ */
	mq->q.rq_timeout = 30 * 250;	/* 30 s in jiffies */
	return &mq->q;
}

static void hctxs_free(struct request_queue *q, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		if (!q->queue_hw_ctx[i])
			continue;
		mq_run(q->tag_set, CALL_EXIT_HCTX, q->queue_hw_ctx[i], NULL, i);
		free(q->queue_hw_ctx[i]);
	}
	free(q->queue_hw_ctx);
	q->queue_hw_ctx = NULL;
}

void umod_blk_queue_free(struct request_queue *q)
{
	if (q->tag_set)
		hctxs_free(q, q->nr_hw_queues);
	free(umod_container_of(q, struct mq_queue, q));
}

static struct request_queue *kapi_blk_mq_init_queue(struct blk_mq_tag_set *set)
{
	struct request_queue *q;
	long err = 0;
	unsigned int i;

	if (!set || !set_of(set))
		return (struct request_queue *)(intptr_t)-EINVAL;
	if (!(q = umod_blk_queue_alloc(umod_caller_module())))
		return (struct request_queue *)(intptr_t)-ENOMEM;
	q->tag_set = set;
	q->nr_requests = set->queue_depth;
	q->queue_flags = (1ul << 7) | (1ul << 4) | (1ul << 29);	/* QUEUE_FLAG_MQ_DEFAULT */
	q->queue_hw_ctx = calloc(set->nr_hw_queues, sizeof(*q->queue_hw_ctx));
	for (i = 0; q->queue_hw_ctx && i < set->nr_hw_queues && !err; i++) {
		struct blk_mq_hw_ctx *h = calloc(1, sizeof(*h));

		if (!(q->queue_hw_ctx[i] = h)) {
			err = -ENOMEM;
			break;
		}
		h->queue = q;
		h->queue_num = i;
		if ((err = mq_run(set, CALL_INIT_HCTX, h, NULL, i))) {
			free(h);
			q->queue_hw_ctx[i] = NULL;
		}
	}
	if (!q->queue_hw_ctx || err) {
		if (q->queue_hw_ctx)
			hctxs_free(q, set->nr_hw_queues);
		q->tag_set = NULL;
		umod_blk_queue_free(q);
		return (struct request_queue *)(intptr_t)(err ? err : -ENOMEM);
	}
	q->nr_hw_queues = set->nr_hw_queues;
	return q;
}

static void kapi_blk_mq_destroy_queue(struct request_queue *q)
{
	if (q)
		umod_blk_queue_free(q);
}

static struct gendisk *kapi_blk_mq_alloc_disk(struct blk_mq_tag_set *set, void *queuedata,
					      void *lkclass)
{
	struct module *owner = UMOD_CALLER();
	struct request_queue *q = kapi_blk_mq_init_queue(set);
	struct gendisk *disk;

	if ((uintptr_t)q >= (uintptr_t)-4095)
		return (struct gendisk *)q;
	q->queuedata = queuedata;
	disk = umod_disk_alloc(umod_block_caller(owner), q);
	if (!disk) {
		umod_blk_queue_free(q);
		return (struct gendisk *)(intptr_t)-ENOMEM;
	}
	umod_disk_of(disk)->owns_queue = true;
	return disk;
}

/* ---- dispatch -------------------------------------------------------------------------- */

static struct mq_rq *tag_get(struct mq_tags *t)
{
	struct mq_rq *r = NULL;

	pthread_mutex_lock(&t->lock);
	while (!r) {
		for (unsigned int i = 0; i < t->depth && !r; i++)
			if (!t->used[i]) {
				t->used[i] = 1;
				r = t->rqs[i];
			}
		if (!r)
			pthread_cond_wait(&t->freed, &t->lock);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

static void tag_put(struct mq_tags *t, struct mq_rq *r)
{
	pthread_mutex_lock(&t->lock);
	t->used[r->rq.tag] = 0;
	pthread_cond_signal(&t->freed);
	pthread_mutex_unlock(&t->lock);
}

static void rq_prepare(struct mq_rq *r, struct request_queue *q, struct blk_mq_hw_ctx *h,
		       unsigned int op, uint64_t sector, struct bio *bio, unsigned int len)
{
	struct request *rq = &r->rq;

	r->done = false;
	r->status = 0;
	rq->q = q;
	rq->mq_hctx = h;
	rq->cmd_flags = op;
	rq->rq_flags = 0;
	rq->timeout = q->rq_timeout;
	rq->__data_len = len;
	rq->__sector = sector;
	rq->bio = rq->biotail = bio;
	rq->nr_phys_segments = bio ? bio->bi_vcnt : 0;
	rq->state = MQ_RQ_IDLE;
	rq->end_io = NULL;
	rq->end_io_data = NULL;
}

static void rq_complete(struct mq_rq *r, unsigned char status)
{
	pthread_mutex_lock(&r->lock);
	__atomic_store_n(&r->rq.state, MQ_RQ_COMPLETE, __ATOMIC_RELEASE);
	r->status = status;
	r->done = true;
	pthread_cond_signal(&r->cond);
	pthread_mutex_unlock(&r->lock);
}

static bool hctx_stopped(struct blk_mq_hw_ctx *h)
{
	return __atomic_load_n(&h->flags, __ATOMIC_ACQUIRE) & (1ul << BLK_MQ_S_STOPPED);
}

/* queue_rq until the driver takes the request (or refuses it for good) */
static void rq_issue(struct request_queue *q, struct blk_mq_hw_ctx *h, struct mq_rq *r)
{
	long status = 0;

	for (int tries = 0; tries < RESOURCE_RETRIES; tries++) {
		if (hctx_stopped(h)) {
			usleep(1000);
			continue;
		}
		status = mq_run(q->tag_set, CALL_QUEUE_RQ, h, &r->rq, h->queue_num);
		if (status != BLK_STS_RESOURCE && status != BLK_STS_DEV_RESOURCE)
			break;
		usleep(1000);
	}
	if (status < 0 || status > 255)
		status = 10;	/* BLK_STS_IOERR: the driver oopsed */
	if (status)
		rq_complete(r, (unsigned char)status);
}

int umod_blk_execute(struct umod_disk *d, unsigned int op, uint64_t sector, void *buf,
		     unsigned int len)
{
	struct request_queue *q = d->disk.queue;
	struct blk_mq_hw_ctx *h;
	struct mq_tags *t;
	struct bio *bio = NULL;
	struct mq_rq *r;
	int cpu = sched_getcpu();
	unsigned char status;

	if (!q->tag_set)
		return umod_bio_execute(d, op, sector, buf, len);
	h = q->queue_hw_ctx[(unsigned int)(cpu < 0 ? 0 : cpu) % q->nr_hw_queues];
	t = &set_of(q->tag_set)->tags[h->queue_num];
	if ((op & 0xff) != 2 && !(bio = umod_bio_new(d, op, sector, buf, len)))	/* not a flush */
		return -ENOMEM;
	r = tag_get(t);
	rq_prepare(r, q, h, op, sector, bio, len);
	rq_issue(q, h, r);
	pthread_mutex_lock(&r->lock);
	while (!r->done)
		pthread_cond_wait(&r->cond, &r->lock);
	status = r->status;
	pthread_mutex_unlock(&r->lock);
	r->rq.bio = r->rq.biotail = NULL;
	tag_put(t, r);
	free(bio);
	return umod_blk_status_to_errno(status);
}

/* ---- what the driver calls ------------------------------------------------------------- */

static void kapi_blk_mq_start_request(struct request *rq)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	rq->io_start_time_ns = (unsigned long long)ts.tv_sec * 1000000000ull +
			       (unsigned long long)ts.tv_nsec;
	rq->rq_flags |= RQF_STARTED;
	__atomic_store_n(&rq->state, MQ_RQ_IN_FLIGHT, __ATOMIC_RELEASE);
}

static bool kapi_blk_update_request(struct request *rq, unsigned char error, unsigned int bytes)
{
	struct bio *bio = rq->bio;

	if (bytes > rq->__data_len)
		bytes = rq->__data_len;
	rq->__data_len -= bytes;
	rq->__sector += bytes >> 9;
	if (bio && bytes) {
		bio->bi_status = error;
		umod_bio_advance(bio, bytes);
	}
	return rq->__data_len != 0;
}

static void kapi___blk_mq_end_request(struct request *rq, unsigned char error)
{
	rq_complete(mq_rq_of(rq), error);
}

static void kapi_blk_mq_end_request(struct request *rq, unsigned char error)
{
	kapi_blk_update_request(rq, error, rq->__data_len);
	rq_complete(mq_rq_of(rq), error);
}

/* the driver's ->complete runs at once, on the calling thread (6.1 may defer to softirq) */
static void kapi_blk_mq_complete_request(struct request *rq)
{
	const struct blk_mq_ops *ops = rq->q->tag_set->ops;

	if (ops->complete)
		ops->complete(rq);
	else
		kapi_blk_mq_end_request(rq, 0);
}

static bool kapi_blk_mq_complete_request_remote(struct request *rq)
{
	__atomic_store_n(&rq->state, MQ_RQ_COMPLETE, __ATOMIC_RELEASE);
	return false;
}

static void hctx_flag(struct blk_mq_hw_ctx *h, bool stop)
{
	if (stop)
		__atomic_fetch_or(&h->flags, 1ul << BLK_MQ_S_STOPPED, __ATOMIC_SEQ_CST);
	else
		__atomic_fetch_and(&h->flags, ~(1ul << BLK_MQ_S_STOPPED), __ATOMIC_SEQ_CST);
}

static void kapi_blk_mq_stop_hw_queue(struct blk_mq_hw_ctx *h)
{
	hctx_flag(h, true);
}

static void kapi_blk_mq_start_hw_queue(struct blk_mq_hw_ctx *h)
{
	hctx_flag(h, false);
}

static void kapi_blk_mq_stop_hw_queues(struct request_queue *q)
{
	for (unsigned int i = 0; i < q->nr_hw_queues; i++)
		hctx_flag(q->queue_hw_ctx[i], true);
}

static void kapi_blk_mq_start_stopped_hw_queues(struct request_queue *q, bool async)
{
	for (unsigned int i = 0; i < q->nr_hw_queues; i++)
		hctx_flag(q->queue_hw_ctx[i], false);
}

/* requests are issued by their submitters, who retry: nothing waits to be run */
static void kapi_blk_mq_run_hw_queues(struct request_queue *q, bool async)
{
}

static const struct umod_kapi_export blk_mq_exports[] = {
	UMOD_KAPI("blk_mq_alloc_tag_set", kapi_blk_mq_alloc_tag_set),
	UMOD_KAPI_GPL("blk_mq_alloc_sq_tag_set", kapi_blk_mq_alloc_sq_tag_set),
	UMOD_KAPI("blk_mq_free_tag_set", kapi_blk_mq_free_tag_set),
	UMOD_KAPI("blk_mq_init_queue", kapi_blk_mq_init_queue),
	UMOD_KAPI("blk_mq_destroy_queue", kapi_blk_mq_destroy_queue),
	UMOD_KAPI("__blk_mq_alloc_disk", kapi_blk_mq_alloc_disk),
	UMOD_KAPI("blk_mq_start_request", kapi_blk_mq_start_request),
	UMOD_KAPI_GPL("blk_update_request", kapi_blk_update_request),
	UMOD_KAPI("blk_mq_end_request", kapi_blk_mq_end_request),
	UMOD_KAPI("__blk_mq_end_request", kapi___blk_mq_end_request),
	UMOD_KAPI("blk_mq_complete_request", kapi_blk_mq_complete_request),
	UMOD_KAPI_GPL("blk_mq_complete_request_remote", kapi_blk_mq_complete_request_remote),
	UMOD_KAPI("blk_mq_stop_hw_queue", kapi_blk_mq_stop_hw_queue),
	UMOD_KAPI("blk_mq_start_hw_queue", kapi_blk_mq_start_hw_queue),
	UMOD_KAPI("blk_mq_stop_hw_queues", kapi_blk_mq_stop_hw_queues),
	UMOD_KAPI("blk_mq_start_stopped_hw_queues", kapi_blk_mq_start_stopped_hw_queues),
	UMOD_KAPI("blk_mq_run_hw_queues", kapi_blk_mq_run_hw_queues),
};

const struct umod_kapi_table umod_kapi_blk_mq = UMOD_KAPI_TABLE(blk_mq_exports);
