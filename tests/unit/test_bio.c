// SPDX-License-Identifier: MIT
/* block/bio.c: the status table, bio_advance over vectors, bio_endio */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "block/blk.h"
#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef unsigned char (*to_sts_fn)(int);
typedef void (*endio_fn)(struct bio *);

static void statuses(void **state)
{
	to_sts_fn to_sts = KAPI_FN(&umod_kapi_bio, "errno_to_blk_status", to_sts_fn);

	assert_int_equal(umod_blk_status_to_errno(0), 0);
	assert_int_equal(umod_blk_status_to_errno(1), -EOPNOTSUPP);
	assert_int_equal(umod_blk_status_to_errno(9), -ENOMEM);
	assert_int_equal(umod_blk_status_to_errno(10), -EIO);
	assert_int_equal(umod_blk_status_to_errno(13), -EBUSY);
	assert_int_equal(umod_blk_status_to_errno(200), -EIO);
	assert_int_equal(to_sts(-ENOSPC), 3);
	assert_int_equal(to_sts(-EIO), 10);
	assert_int_equal(to_sts(-E2BIG), 10);	/* unknown: IOERR */
}

static void advance(void **state)
{
	struct bio_vec v[3] = { { NULL, 4096, 0 }, { NULL, 1024, 0 }, { NULL, 3072, 0 } };
	struct bio bio;

	memset(&bio, 0, sizeof(bio));
	bio.bi_io_vec = v;
	bio.bi_vcnt = 3;
	bio.bi_opf = 1;		/* a write */
	bio.bi_iter.bi_size = 8192;
	bio.bi_iter.bi_sector = 100;
	umod_bio_advance(&bio, 512);
	assert_int_equal(bio.bi_iter.bi_sector, 101);
	assert_int_equal(bio.bi_iter.bi_idx, 0);
	assert_int_equal(bio.bi_iter.bi_bvec_done, 512);
	umod_bio_advance(&bio, 4096);	/* past the first vector, into the second */
	assert_int_equal(bio.bi_iter.bi_idx, 1);
	assert_int_equal(bio.bi_iter.bi_bvec_done, 512);
	assert_int_equal(bio.bi_iter.bi_size, 8192 - 4608);
	umod_bio_advance(&bio, 100000);	/* clamped at the end */
	assert_int_equal(bio.bi_iter.bi_size, 0);
	assert_int_equal(bio.bi_iter.bi_idx, 3);
	/* a discard moves the size and sector only */
	memset(&bio, 0, sizeof(bio));
	bio.bi_opf = 3;
	bio.bi_iter.bi_size = 1 << 20;
	umod_bio_advance(&bio, 4096);
	assert_int_equal(bio.bi_iter.bi_idx, 0);
	assert_int_equal(bio.bi_iter.bi_sector, 8);
}

static int ended;

static void end_io(struct bio *bio)
{
	ended++;
}

static void endio(void **state)
{
	endio_fn bio_endio = KAPI_FN(&umod_kapi_bio, "bio_endio", endio_fn);
	struct bio bio;

	memset(&bio, 0, sizeof(bio));
	bio_endio(&bio);	/* no end_io: nothing */
	bio.bi_end_io = end_io;
	bio_endio(&bio);
	assert_int_equal(ended, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(statuses),
		cmocka_unit_test(advance),
		cmocka_unit_test(endio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
