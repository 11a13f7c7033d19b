// SPDX-License-Identifier: GPL-2.0
/*
 * kfifo as a Linux 6.1 module uses it, after samples/kfifo: a byte fifo
 * that wraps around its end, a typed fifo of ints with put/get/peek, a
 * record fifo whose records keep their lengths, and a dynamically
 * allocated fifo whose size rounds up to a power of two.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kfifo.h>
#include <linux/module.h>
#include <linux/slab.h>

static DEFINE_KFIFO(bytes, char, 16);
static DECLARE_KFIFO(ints, int, 8);
static STRUCT_KFIFO_REC_1(64) records;

static void byte_fifo(void)
{
	char buf[32];
	unsigned int n, i;

	n = kfifo_in(&bytes, "hello, world", 12);
	pr_info("bytes: in %u len %u avail %u\n", n, kfifo_len(&bytes), kfifo_avail(&bytes));
	n = kfifo_out(&bytes, buf, 10);
	buf[n] = '\0';
	pr_info("bytes: out %u \"%s\"\n", n, buf);
	/* 2 left at offset 10: this write wraps around the end */
	n = kfifo_in(&bytes, "abcdefghijklmnopqrst", 20);
	pr_info("bytes: in %u (of 20) full %d\n", n, kfifo_is_full(&bytes));
	n = kfifo_out_peek(&bytes, buf, 4);
	buf[n] = '\0';
	pr_info("bytes: peek \"%s\"\n", buf);
	kfifo_skip(&bytes);
	n = kfifo_out(&bytes, buf, sizeof(buf) - 1);
	buf[n] = '\0';
	pr_info("bytes: out %u \"%s\" empty %d\n", n, buf, kfifo_is_empty(&bytes));
	for (i = 0; i < 3; i++)
		kfifo_put(&bytes, 'x' + i);
	kfifo_reset_out(&bytes);
	pr_info("bytes: after reset_out len %u\n", kfifo_len(&bytes));
}

static void int_fifo(void)
{
	int v, i, sum = 0;

	INIT_KFIFO(ints);
	pr_info("ints: size %u esize %u\n", kfifo_size(&ints), kfifo_esize(&ints));
	for (i = 1; i <= 10; i++)
		if (!kfifo_put(&ints, i * i))
			pr_info("ints: put %d refused, full\n", i * i);
	if (kfifo_peek(&ints, &v))
		pr_info("ints: peek %d\n", v);
	while (kfifo_get(&ints, &v))
		sum += v;
	pr_info("ints: sum %d, get on empty %d\n", sum, kfifo_get(&ints, &v));
}

static void record_fifo(void)
{
	static const char *const words[] = { "a", "bb", "ccc", "", "dddddddddd" };
	char buf[16];
	unsigned int i, n;

	INIT_KFIFO(records);
	for (i = 0; i < ARRAY_SIZE(words); i++) {
		n = kfifo_in(&records, words[i], strlen(words[i]));
		pr_info("rec: in \"%s\" -> %u, len %u\n", words[i], n, kfifo_len(&records));
	}
	pr_info("rec: next record %u bytes\n", kfifo_peek_len(&records));
	while (!kfifo_is_empty(&records)) {
		n = kfifo_out(&records, buf, 2);	/* longer records are cut */
		buf[n] = '\0';
		pr_info("rec: out %u \"%s\"\n", n, buf);
	}
}

static int __init fifos_init(void)
{
	struct kfifo dyn;
	int ret;

	byte_fifo();
	int_fifo();
	record_fifo();

	ret = kfifo_alloc(&dyn, 100, GFP_KERNEL);
	if (ret)
		return ret;
	pr_info("alloc: asked 100, size %u\n", kfifo_size(&dyn));
	pr_info("alloc: in %u\n", kfifo_in(&dyn, "0123456789", 10));
	kfifo_free(&dyn);
	pr_info("alloc(0): %d\n", kfifo_alloc(&dyn, 0, GFP_KERNEL));
	return 0;
}

static void __exit fifos_exit(void)
{
}

module_init(fifos_init);
module_exit(fifos_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kfifo from module code");
