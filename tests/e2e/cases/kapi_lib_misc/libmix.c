// SPDX-License-Identifier: GPL-2.0
/*
 * The smaller pieces of 6.1's lib/ and kernel/ from one module: 64-bit
 * division, gcd/lcm/int_sqrt and rational approximation, linear ranges,
 * the string helpers, glob_match, bitmap parsing and printing,
 * get_options/memparse, a scatterlist copy, prandom, min_heap,
 * ww_mutex, stack traces, bulk slab allocation and page references.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/gcd.h>
#include <linux/glob.h>
#include <linux/kernel.h>
#include <linux/lcm.h>
#include <linux/linear_range.h>
#include <linux/math64.h>
#include <linux/min_heap.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/rational.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/ww_mutex.h>

static void math(void)
{
	u64 n = 10000000000ULL;
	u32 rem32;
	u64 rem64;
	s64 srem;
	s32 srem32;
	unsigned long num, den;
	unsigned int r;
	bool found;
	static const struct linear_range range = LINEAR_RANGE(800000, 0, 63, 12500);

	rem32 = do_div(n, 3);
	pr_info("do_div: 10^10 / 3 = %llu rem %u\n", n, rem32);
	pr_info("div_u64 %llu div_s64 %lld div64_u64 %llu div64_s64 %lld\n",
		div_u64(1ULL << 40, 1000), div_s64(-(1LL << 40), 1000),
		div64_u64(~0ULL, 1ULL << 33), div64_s64(-(1LL << 62), 3));
	n = div_u64_rem(1000001, 1000, &rem32);
	pr_info("div_u64_rem %llu rem %u\n", n, rem32);
	n = div64_u64_rem(~0ULL, 10000000000ULL, &rem64);
	pr_info("div64_u64_rem %llu rem %llu\n", n, rem64);
	srem = div_s64_rem(-7, 2, &srem32);
	pr_info("div_s64_rem(-7, 2) %lld rem %d\n", srem, srem32);
	srem = mul_u64_u32_shr(1ULL << 40, 3, 10);
	pr_info("mul_u64_u32_shr %lld, mul_u64_u64_div_u64 %llu, DIV64_U64_ROUND_UP %llu\n",
		srem, mul_u64_u64_div_u64(1ULL << 62, 6, 4), DIV64_U64_ROUND_UP(10, 4));
	pr_info("gcd %lu lcm %lu lcm_not_zero %lu int_sqrt %lu int_sqrt64 %u\n",
		gcd(1071, 462), lcm(4, 6), lcm_not_zero(0, 9), int_sqrt(1000000),
		int_sqrt64(1ULL << 62));
	rational_best_approximation(31415926, 10000000, 255, 255, &num, &den);
	pr_info("pi ~ %lu/%lu\n", num, den);
	r = 0;
	linear_range_get_value(&range, 10, &r);
	pr_info("linear range: sel 10 -> %u, max %u\n", r, linear_range_get_max_value(&range));
	n = linear_range_get_selector_high(&range, 1000000, &r, &found);
	pr_info("linear range: selector_high(1000000) %d -> sel %u found %d\n", (int)n, r,
		found);
}

static void strings(void)
{
	static const char *const modes[] = { "off", "on", "auto", NULL };
	char buf[64], esc[64], size[16], size2[16];
	u16 w[4];
	int n;

	string_get_size(123456789, 1, STRING_UNITS_10, size, sizeof(size));
	string_get_size(123456789, 1, STRING_UNITS_2, size2, sizeof(size2));
	pr_info("string_get_size: %s / %s\n", size, size2);
	n = string_escape_mem("tab\there\n\x01", 11, esc, sizeof(esc) - 1, ESCAPE_ANY, NULL);
	esc[n] = '\0';
	pr_info("escaped %d: %s\n", n, esc);
	strscpy(buf, "a\\tb\\x41\\101", sizeof(buf));
	n = string_unescape_inplace(buf, UNESCAPE_ANY);
	pr_info("unescaped %d: [%s]\n", n, buf);
	pr_info("glob: %d %d %d %d\n", glob_match("*.ko", "libmix.ko"),
		glob_match("[a-c]?x", "bzx"), glob_match("[!a-c]*", "apple"),
		glob_match("\\*", "*"));
	pr_info("sysfs_streq %d, match_string %d, sysfs_match_string %d\n",
		sysfs_streq("auto\n", "auto"), match_string(modes, -1, "auto"),
		__sysfs_match_string(modes, -1, "on\n"));
	memset16(w, 0xbeef, ARRAY_SIZE(w));
	pr_info("memset16 %04x..%04x\n", w[0], w[3]);
	memset(buf, 'x', sizeof(buf));
	n = strscpy_pad(buf, "abc", 8);
	pr_info("strscpy_pad %d, tail zero %d\n", n, buf[7] == 0 && buf[3] == 0);
	n = strscpy(buf, "0123456789", 4);
	pr_info("strscpy too long %d: %s\n", n, buf);
}

static void bitmaps(void)
{
	DECLARE_BITMAP(map, 128);
	char page[PAGE_SIZE];
	u32 arr[4];
	int ints[5], err;
	unsigned long long mem;
	char *rest;
	char opts[] = "1,5-7,20";

	err = bitmap_parselist("0-3,8,64-67:2/4,100", map, 128);
	pr_info("parselist %d weight %u\n", err, bitmap_weight(map, 128));
	bitmap_print_to_pagebuf(true, page, map, 128);
	pr_info("as list: %s", page);
	bitmap_print_to_pagebuf(false, page, map, 128);
	pr_info("as mask: %s", page);
	pr_info("find_nth_bit(5) %lu\n", find_nth_bit(map, 128, 5));
	err = bitmap_parselist("3-1", map, 128);
	pr_info("parselist(\"3-1\") %d\n", err);
	err = bitmap_parse("ff00,0000000f", 13, map, 128);
	bitmap_to_arr32(arr, map, 128);
	pr_info("parse %d: %08x %08x %08x\n", err, arr[0], arr[1], arr[2]);
	get_options(opts, ARRAY_SIZE(ints), ints);
	pr_info("get_options: %d numbers: %d %d %d %d\n", ints[0], ints[1], ints[2], ints[3],
		ints[4]);
	mem = memparse("64K", &rest);
	pr_info("memparse 64K %llu\n", mem);
	mem = memparse("1Gx", &rest);
	pr_info("memparse 1Gx %llu rest \"%s\"\n", mem, rest);
}

static void scatter(void)
{
	struct scatterlist sg[3];
	char a[4], b[6], c[8], out[18];
	size_t n;

	sg_init_table(sg, 3);
	sg_set_buf(&sg[0], a, sizeof(a));
	sg_set_buf(&sg[1], b, sizeof(b));
	sg_set_buf(&sg[2], c, sizeof(c));
	n = sg_copy_from_buffer(sg, 3, "the quick brown fox", 18);
	pr_info("sg: nents %d, copied in %zu, b holds %.6s\n", sg_nents(sg), n, b);
	n = sg_copy_to_buffer(sg, 3, out, sizeof(out));
	pr_info("sg: copied out %zu: %.18s\n", n, out);
}

struct job {
	int prio;
};

static bool job_less(const void *l, const void *r)
{
	return ((const struct job *)l)->prio < ((const struct job *)r)->prio;
}

static void job_swap(void *l, void *r)
{
	swap(*(struct job *)l, *(struct job *)r);
}

static void heaps_and_random(void)
{
	static const struct min_heap_callbacks cb = {
		.elem_size = sizeof(struct job), .less = job_less, .swp = job_swap,
	};
	struct job jobs[8] = { { 5 }, { 3 }, { 9 }, { 1 }, { 7 } };
	struct min_heap heap = { .data = jobs, .nr = 5, .size = 8 };
	struct rnd_state rnd;
	struct job j = { 4 };
	u32 r1, r2;
	int i;

	min_heapify_all(&heap, &cb);
	min_heap_push(&heap, &j, &cb);
	pr_info("heap:");
	for (i = 0; i < 6; i++) {
		pr_cont(" %d", jobs[0].prio);
		min_heap_pop(&heap, &cb);
	}
	pr_cont("\n");
	prandom_seed_state(&rnd, 42);
	r1 = prandom_u32_state(&rnd);
	r2 = prandom_u32_state(&rnd);
	pr_info("prandom(42): %08x %08x\n", r1, r2);
}

static DEFINE_WW_CLASS(demo_class);

static void locks(void)
{
	struct ww_mutex a, b;
	struct ww_acquire_ctx ctx;
	int ret, again, ret_b;

	ww_mutex_init(&a, &demo_class);
	ww_mutex_init(&b, &demo_class);
	ww_acquire_init(&ctx, &demo_class);
	ret = ww_mutex_lock(&a, &ctx);
	again = ww_mutex_lock(&a, &ctx);
	ret_b = ww_mutex_lock(&b, &ctx);
	pr_info("ww: lock a %d, again %d, lock b %d\n", ret, again, ret_b);
	ww_acquire_done(&ctx);
	ww_mutex_unlock(&b);
	ww_mutex_unlock(&a);
	ww_acquire_fini(&ctx);
	ret = ww_mutex_trylock(&a, NULL);
	pr_info("ww: trylock %d, is_locked %d\n", ret, ww_mutex_is_locked(&a));
	ww_mutex_unlock(&a);
}

static noinline void trace_me(void)
{
	unsigned long entries[8];
	unsigned int n = stack_trace_save(entries, ARRAY_SIZE(entries), 0);
	char sym[128];

	sprintf(sym, "%pS", (void *)entries[0]);
	pr_info("stack_trace_save: some entries %d, first in trace_me %d\n", n > 0,
		!strncmp(sym, "trace_me+", 9));
}

static int memory(void)
{
	struct kmem_cache *cache = kmem_cache_create("libmix", 48, 0, 0, NULL);
	void *objs[16];
	struct page *page;
	int n;

	if (!cache)
		return -ENOMEM;
	n = kmem_cache_alloc_bulk(cache, GFP_KERNEL, ARRAY_SIZE(objs), objs);
	pr_info("alloc_bulk %d, distinct %d\n", n, objs[0] != objs[15]);
	kmem_cache_free_bulk(cache, n, objs);
	kmem_cache_destroy(cache);

	page = alloc_pages(GFP_KERNEL, 1);
	if (!page)
		return -ENOMEM;
	memset(page_address(page), 0xa5, 2 * PAGE_SIZE);
	get_page(page);
	pr_info("page refs after get_page %d\n", page_ref_count(page));
	put_page(page);
	pr_info("page refs after put_page %d\n", page_ref_count(page));
	__free_pages(page, 1);
	return 0;
}

static int __init libmix_init(void)
{
	math();
	strings();
	bitmaps();
	scatter();
	heaps_and_random();
	locks();
	trace_me();
	return memory();
}

static void __exit libmix_exit(void)
{
}

module_init(libmix_init);
module_exit(libmix_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("the smaller lib/ pieces from module code");
