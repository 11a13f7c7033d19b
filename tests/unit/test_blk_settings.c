// SPDX-License-Identifier: MIT
/* block/blk-settings.c: 6.1's defaults and the arithmetic of the limit setters */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "block/blk.h"
#include "kapi_lookup.h"
#include "kernel/kapi.h"

typedef void (*set_fn)(struct request_queue *, unsigned int);
typedef void (*flag_fn)(unsigned int, struct request_queue *);
typedef _Bool (*tas_fn)(unsigned int, struct request_queue *);

static void defaults(void **state)
{
	struct queue_limits l;

	umod_blk_set_default_limits(&l);
	assert_int_equal(l.logical_block_size, 512);
	assert_int_equal(l.physical_block_size, 512);
	assert_int_equal(l.io_min, 512);
	assert_int_equal(l.max_hw_sectors, 255);
	assert_int_equal(l.max_sectors, 255);
	assert_int_equal(l.max_segments, 128);
	assert_int_equal(l.max_segment_size, 65536);
	assert_int_equal(l.max_discard_sectors, 0);
}

static void block_sizes(void **state)
{
	set_fn lbs = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_logical_block_size", set_fn);
	set_fn pbs = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_physical_block_size", set_fn);
	set_fn io_min = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_io_min", set_fn);
	struct request_queue q;

	memset(&q, 0, sizeof(q));
	umod_blk_set_default_limits(&q.limits);
	/* 4 KiB blocks: physical and io_min follow, max_sectors rounds down to 8 */
	lbs(&q, 4096);
	assert_int_equal(q.limits.physical_block_size, 4096);
	assert_int_equal(q.limits.io_min, 4096);
	assert_int_equal(q.limits.max_hw_sectors, 248);
	assert_int_equal(q.limits.max_sectors, 248);
	/* a physical size below the logical one is raised to it */
	pbs(&q, 512);
	assert_int_equal(q.limits.physical_block_size, 4096);
	io_min(&q, 512);
	assert_int_equal(q.limits.io_min, 4096);
}

static void max_sectors(void **state)
{
	set_fn hw = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_max_hw_sectors", set_fn);
	struct request_queue q;

	memset(&q, 0, sizeof(q));
	umod_blk_set_default_limits(&q.limits);
	hw(&q, 8192);	/* max_sectors stops at BLK_DEF_MAX_SECTORS */
	assert_int_equal(q.limits.max_hw_sectors, 8192);
	assert_int_equal(q.limits.max_sectors, 2560);
	hw(&q, 2048);
	assert_int_equal(q.limits.max_sectors, 2048);
	hw(&q, 1);	/* below a page: a page, as 6.1 */
	assert_int_equal(q.limits.max_hw_sectors, 8);
}

static void flags(void **state)
{
	flag_fn set = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_flag_set", flag_fn);
	flag_fn clear = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_flag_clear", flag_fn);
	tas_fn tas = KAPI_FN(&umod_kapi_blk_settings, "blk_queue_flag_test_and_set", tas_fn);
	struct request_queue q;

	memset(&q, 0, sizeof(q));
	set(6, &q);
	assert_int_equal(q.queue_flags, 1ul << 6);
	assert_false(tas(17, &q));
	assert_true(tas(17, &q));
	clear(6, &q);
	assert_int_equal(q.queue_flags, 1ul << 17);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults),
		cmocka_unit_test(block_sizes),
		cmocka_unit_test(max_sectors),
		cmocka_unit_test(flags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
