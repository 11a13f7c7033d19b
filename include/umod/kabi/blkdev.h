/* SPDX-License-Identifier: MIT */
/*
 * The block layer's structures, shared by the host (block/) and modules
 * (linux/blkdev.h, blk-mq.h, bio.h): 6.1's field names for what drivers
 * touch; the host's state is in the __host words. Builtin types only.
 * A request's driver data (tag_set->cmd_size bytes) follows the request,
 * as blk_mq_rq_to_pdu() expects.
 */
#ifndef _UMOD_KABI_BLKDEV_H
#define _UMOD_KABI_BLKDEV_H

struct page;
struct module;
struct bio;
struct request;
struct gendisk;
struct request_queue;
struct blk_mq_tag_set;
struct blk_mq_hw_ctx;
struct hd_geometry;

struct bio_vec {
	struct page *bv_page;
	unsigned int bv_len;
	unsigned int bv_offset;
};

struct bvec_iter {
	unsigned long long bi_sector;	/* device address in 512-byte sectors */
	unsigned int bi_size;		/* residual I/O count */
	unsigned int bi_idx;		/* current index into bvl_vec */
	unsigned int bi_bvec_done;	/* bytes done in the current bvec */
};

struct block_device {
	unsigned long long bd_start_sect;
	unsigned long long bd_nr_sectors;
	struct gendisk *bd_disk;
	struct request_queue *bd_queue;
	unsigned int bd_dev;
	unsigned char bd_partno;
	_Bool bd_read_only;
	void *bd_holder;
	unsigned long __host[2];
};

typedef void (bio_end_io_t)(struct bio *);

struct bio {
	struct bio *bi_next;
	struct block_device *bi_bdev;
	unsigned int bi_opf;		/* REQ_OP_* in the low 8 bits, then flags */
	unsigned short bi_flags;
	unsigned short bi_ioprio;
	unsigned char bi_status;	/* blk_status_t */
	struct bvec_iter bi_iter;
	bio_end_io_t *bi_end_io;
	void *bi_private;
	unsigned short bi_vcnt;
	unsigned short bi_max_vecs;
	struct bio_vec *bi_io_vec;
	unsigned long __host[2];
};

struct queue_limits {
	unsigned long bounce;
	unsigned long seg_boundary_mask;
	unsigned long virt_boundary_mask;
	unsigned int max_hw_sectors;
	unsigned int max_dev_sectors;
	unsigned int chunk_sectors;
	unsigned int max_sectors;
	unsigned int max_segment_size;
	unsigned int physical_block_size;
	unsigned int logical_block_size;
	unsigned int alignment_offset;
	unsigned int io_min;
	unsigned int io_opt;
	unsigned int max_discard_sectors;
	unsigned int max_hw_discard_sectors;
	unsigned int max_secure_erase_sectors;
	unsigned int max_write_zeroes_sectors;
	unsigned int max_zone_append_sectors;
	unsigned int discard_granularity;
	unsigned int discard_alignment;
	unsigned int zone_write_granularity;
	unsigned short max_segments;
	unsigned short max_integrity_segments;
	unsigned short max_discard_segments;
	unsigned char misaligned;
	unsigned char discard_misaligned;
	unsigned char raid_partial_stripes_expensive;
	int zoned;
};

struct request_queue {
	void *queuedata;
	unsigned long queue_flags;
	struct queue_limits limits;
	struct blk_mq_tag_set *tag_set;
	struct gendisk *disk;
	struct blk_mq_hw_ctx **queue_hw_ctx;
	unsigned int nr_hw_queues;
	unsigned int nr_requests;
	unsigned int rq_timeout;
	unsigned long __host[4];
};

#define UMOD_DISK_NAME_LEN	32

struct gendisk {
	int major;
	int first_minor;
	int minors;
	char disk_name[UMOD_DISK_NAME_LEN];
	unsigned short events;
	unsigned short event_flags;
	struct block_device *part0;
	const struct block_device_operations *fops;
	struct request_queue *queue;
	void *private_data;
	int flags;
	unsigned long state;
	unsigned long __host[4];
};

struct block_device_operations {
	void (*submit_bio)(struct bio *bio);
	int (*poll_bio)(struct bio *bio, void *iob, unsigned int flags);
	int (*open)(struct block_device *bdev, unsigned int mode);
	void (*release)(struct gendisk *disk, unsigned int mode);
	int (*rw_page)(struct block_device *bdev, unsigned long long sector,
		       struct page *page, unsigned int op);
	int (*ioctl)(struct block_device *bdev, unsigned int mode, unsigned int cmd,
		     unsigned long arg);
	int (*compat_ioctl)(struct block_device *bdev, unsigned int mode, unsigned int cmd,
			    unsigned long arg);
	unsigned int (*check_events)(struct gendisk *disk, unsigned int clearing);
	void (*unlock_native_capacity)(struct gendisk *disk);
	int (*getgeo)(struct block_device *bdev, struct hd_geometry *geo);
	int (*set_read_only)(struct block_device *bdev, _Bool ro);
	void (*free_disk)(struct gendisk *disk);
	void (*swap_slot_free_notify)(struct block_device *bdev, unsigned long offset);
	int (*report_zones)(struct gendisk *disk, unsigned long long sector,
			    unsigned int nr_zones, void *cb, void *data);
	char *(*devnode)(struct gendisk *disk, unsigned short *mode);
	int (*get_unique_id)(struct gendisk *disk, unsigned char id[16], int type);
	struct module *owner;
	const void *pr_ops;
	int (*alternative_gpt_sector)(struct gendisk *disk, unsigned long long *sector);
};

/* ---- blk-mq ------------------------------------------------------------------ */

struct blk_mq_hw_ctx {
	void *driver_data;
	struct request_queue *queue;
	unsigned int queue_num;
	unsigned long flags;
	unsigned long __host[2];
};

typedef int (rq_end_io_fn)(struct request *, unsigned char);

struct request {
	struct request_queue *q;
	void *mq_ctx;
	struct blk_mq_hw_ctx *mq_hctx;
	unsigned int cmd_flags;		/* op and common flags */
	unsigned int rq_flags;
	int tag;
	int internal_tag;
	unsigned int timeout;
	unsigned int __data_len;	/* total data len */
	unsigned long long __sector;	/* sector cursor */
	struct bio *bio;
	struct bio *biotail;
	unsigned long long start_time_ns;
	unsigned long long io_start_time_ns;
	unsigned short nr_phys_segments;
	int state;			/* MQ_RQ_IDLE, IN_FLIGHT, COMPLETE */
	rq_end_io_fn *end_io;
	void *end_io_data;
	unsigned long __host[2];
};

struct blk_mq_queue_data {
	struct request *rq;
	_Bool last;
};

struct blk_mq_ops {
	unsigned char (*queue_rq)(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd);
	void (*commit_rqs)(struct blk_mq_hw_ctx *hctx);
	void (*queue_rqs)(struct request **rqlist);
	int (*get_budget)(struct request_queue *q);
	void (*put_budget)(struct request_queue *q, int budget_token);
	void (*set_rq_budget_token)(struct request *rq, int token);
	int (*get_rq_budget_token)(struct request *rq);
	int (*timeout)(struct request *rq);
	int (*poll)(struct blk_mq_hw_ctx *hctx, void *iob);
	void (*complete)(struct request *rq);
	int (*init_hctx)(struct blk_mq_hw_ctx *hctx, void *data, unsigned int hctx_idx);
	void (*exit_hctx)(struct blk_mq_hw_ctx *hctx, unsigned int hctx_idx);
	int (*init_request)(struct blk_mq_tag_set *set, struct request *rq,
			    unsigned int hctx_idx, unsigned int numa_node);
	void (*exit_request)(struct blk_mq_tag_set *set, struct request *rq,
			     unsigned int hctx_idx);
	void (*cleanup_rq)(struct request *rq);
	_Bool (*busy)(struct request_queue *q);
	void (*map_queues)(struct blk_mq_tag_set *set);
	void (*show_rq)(void *m, struct request *rq);
};

struct blk_mq_tag_set {
	const struct blk_mq_ops *ops;
	unsigned int nr_maps;
	unsigned int nr_hw_queues;
	unsigned int queue_depth;
	unsigned int reserved_tags;
	unsigned int cmd_size;
	int numa_node;
	unsigned int timeout;
	unsigned int flags;
	void *driver_data;
	unsigned long __host[4];
};

#endif /* _UMOD_KABI_BLKDEV_H */
