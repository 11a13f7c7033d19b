/* SPDX-License-Identifier: MIT */
/*
 * CPU masks, as 6.1's: struct cpumask is NR_CPUS bits (Debian's 8192);
 * the operations look at the first nr_cpu_ids of them, as a
 * CONFIG_CPUMASK_OFFSTACK kernel's do. The possible, present, online and
 * active masks are the host's CPUs as this process sees them
 * (kernel/cpu.c): possible = present = the machine's, online = active =
 * those the process may run on. Nothing is ever hotplugged.
 */
#ifndef __LINUX_CPUMASK_H
#define __LINUX_CPUMASK_H

#include <linux/kernel.h>
#include <linux/threads.h>
#include <linux/bitmap.h>
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/types.h>	/* gfp_t: 6.1 includes linux/gfp_types.h, not gfp.h */
#include <umod/kabi/cpumask.h>

typedef struct cpumask cpumask_t;

#define cpumask_bits(maskp)	((maskp)->bits)
#define cpumask_pr_args(maskp)	nr_cpu_ids, cpumask_bits(maskp)

extern unsigned int nr_cpu_ids;
#define nr_cpumask_bits		nr_cpu_ids

extern struct cpumask __cpu_possible_mask;
extern struct cpumask __cpu_online_mask;
extern struct cpumask __cpu_present_mask;
extern struct cpumask __cpu_active_mask;
extern struct cpumask __cpu_dying_mask;
#define cpu_possible_mask	((const struct cpumask *)&__cpu_possible_mask)
#define cpu_online_mask		((const struct cpumask *)&__cpu_online_mask)
#define cpu_present_mask	((const struct cpumask *)&__cpu_present_mask)
#define cpu_active_mask		((const struct cpumask *)&__cpu_active_mask)
#define cpu_dying_mask		((const struct cpumask *)&__cpu_dying_mask)

extern atomic_t __num_online_cpus;

static inline unsigned int num_online_cpus(void)
{
	return (unsigned int)atomic_read(&__num_online_cpus);
}

static inline unsigned int cpumask_check(unsigned int cpu)
{
	return cpu;
}

static inline unsigned int cpumask_first(const struct cpumask *srcp)
{
	return find_first_bit(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_first_zero(const struct cpumask *srcp)
{
	return find_first_zero_bit(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_last(const struct cpumask *srcp)
{
	return find_last_bit(cpumask_bits(srcp), nr_cpumask_bits);
}

/* the next CPU after @n (-1: the first), or nr_cpu_ids */
static inline unsigned int cpumask_next(int n, const struct cpumask *srcp)
{
	return find_next_bit(cpumask_bits(srcp), nr_cpumask_bits, (unsigned long)(n + 1));
}

static inline unsigned int cpumask_next_zero(int n, const struct cpumask *srcp)
{
	return find_next_zero_bit(cpumask_bits(srcp), nr_cpumask_bits, (unsigned long)(n + 1));
}

static inline unsigned int cpumask_next_and(int n, const struct cpumask *src1p,
					    const struct cpumask *src2p)
{
	unsigned int cpu = (unsigned int)(n + 1);

	for (; cpu < nr_cpumask_bits; cpu++)
		if (test_bit(cpu, cpumask_bits(src1p)) && test_bit(cpu, cpumask_bits(src2p)))
			break;
	return cpu < nr_cpumask_bits ? cpu : nr_cpumask_bits;
}

static inline unsigned int cpumask_first_and(const struct cpumask *src1p,
					     const struct cpumask *src2p)
{
	return cpumask_next_and(-1, src1p, src2p);
}

unsigned int cpumask_next_wrap(int n, const struct cpumask *mask, int start, bool wrap);
unsigned int cpumask_local_spread(unsigned int i, int node);
unsigned int cpumask_any_and_distribute(const struct cpumask *src1p,
					const struct cpumask *src2p);
unsigned int cpumask_any_distribute(const struct cpumask *srcp);

#define for_each_cpu(cpu, mask)						\
	for ((cpu) = -1; (cpu) = (int)cpumask_next((cpu), (mask)),	\
	     (unsigned int)(cpu) < nr_cpu_ids;)

#define for_each_cpu_not(cpu, mask)					\
	for ((cpu) = -1; (cpu) = (int)cpumask_next_zero((cpu), (mask)),	\
	     (unsigned int)(cpu) < nr_cpu_ids;)

#define for_each_cpu_and(cpu, mask1, mask2)				\
	for ((cpu) = -1; (cpu) = (int)cpumask_next_and((cpu), (mask1), (mask2)), \
	     (unsigned int)(cpu) < nr_cpu_ids;)

/* every CPU of @mask once, starting at @start and going round */
#define for_each_cpu_wrap(cpu, mask, start)				\
	for ((cpu) = (int)cpumask_next_wrap((start) - 1, (mask), (start), false); \
	     (unsigned int)(cpu) < nr_cpumask_bits;			\
	     (cpu) = (int)cpumask_next_wrap((cpu), (mask), (start), true))

static inline unsigned int cpumask_any_but(const struct cpumask *mask, unsigned int cpu)
{
	unsigned int i = cpumask_first(mask);

	if (i != cpu)
		return i;
	return cpumask_next((int)cpu, mask);
}

static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *dstp)
{
	set_bit(cpumask_check(cpu), cpumask_bits(dstp));
}

static inline void __cpumask_set_cpu(unsigned int cpu, struct cpumask *dstp)
{
	__set_bit(cpumask_check(cpu), cpumask_bits(dstp));
}

static inline void cpumask_clear_cpu(int cpu, struct cpumask *dstp)
{
	clear_bit(cpumask_check((unsigned int)cpu), cpumask_bits(dstp));
}

static inline void __cpumask_clear_cpu(int cpu, struct cpumask *dstp)
{
	__clear_bit(cpumask_check((unsigned int)cpu), cpumask_bits(dstp));
}

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *cpumask)
{
	return test_bit(cpumask_check((unsigned int)cpu), cpumask_bits(cpumask));
}

static inline bool cpumask_test_and_set_cpu(int cpu, struct cpumask *cpumask)
{
	return test_and_set_bit(cpumask_check((unsigned int)cpu), cpumask_bits(cpumask));
}

static inline bool cpumask_test_and_clear_cpu(int cpu, struct cpumask *cpumask)
{
	return test_and_clear_bit(cpumask_check((unsigned int)cpu), cpumask_bits(cpumask));
}

static inline void cpumask_setall(struct cpumask *dstp)
{
	bitmap_fill(cpumask_bits(dstp), nr_cpumask_bits);
}

static inline void cpumask_clear(struct cpumask *dstp)
{
	bitmap_zero(cpumask_bits(dstp), nr_cpumask_bits);
}

static inline bool cpumask_and(struct cpumask *dstp, const struct cpumask *src1p,
			       const struct cpumask *src2p)
{
	return bitmap_and(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p),
			  nr_cpumask_bits);
}

static inline void cpumask_or(struct cpumask *dstp, const struct cpumask *src1p,
			      const struct cpumask *src2p)
{
	bitmap_or(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline void cpumask_xor(struct cpumask *dstp, const struct cpumask *src1p,
			       const struct cpumask *src2p)
{
	bitmap_xor(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_andnot(struct cpumask *dstp, const struct cpumask *src1p,
				  const struct cpumask *src2p)
{
	return bitmap_andnot(cpumask_bits(dstp), cpumask_bits(src1p), cpumask_bits(src2p),
			     nr_cpumask_bits);
}

static inline void cpumask_complement(struct cpumask *dstp, const struct cpumask *srcp)
{
	bitmap_complement(cpumask_bits(dstp), cpumask_bits(srcp), nr_cpumask_bits);
}

static inline bool cpumask_equal(const struct cpumask *src1p, const struct cpumask *src2p)
{
	return bitmap_equal(cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_intersects(const struct cpumask *src1p, const struct cpumask *src2p)
{
	return bitmap_intersects(cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_subset(const struct cpumask *src1p, const struct cpumask *src2p)
{
	return bitmap_subset(cpumask_bits(src1p), cpumask_bits(src2p), nr_cpumask_bits);
}

static inline bool cpumask_empty(const struct cpumask *srcp)
{
	return bitmap_empty(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline bool cpumask_full(const struct cpumask *srcp)
{
	return bitmap_full(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_weight(const struct cpumask *srcp)
{
	return bitmap_weight(cpumask_bits(srcp), nr_cpumask_bits);
}

static inline unsigned int cpumask_weight_and(const struct cpumask *srcp1,
					      const struct cpumask *srcp2)
{
	unsigned int w = 0, cpu;

	for (cpu = 0; cpu < nr_cpumask_bits; cpu++)
		w += cpumask_test_cpu((int)cpu, srcp1) && cpumask_test_cpu((int)cpu, srcp2);
	return w;
}

static inline void cpumask_copy(struct cpumask *dstp, const struct cpumask *srcp)
{
	bitmap_copy(cpumask_bits(dstp), cpumask_bits(srcp), nr_cpumask_bits);
}

#define cpumask_any(srcp)		cpumask_first(srcp)
#define cpumask_any_and(mask1, mask2)	cpumask_first_and((mask1), (mask2))
#define cpumask_of(cpu)			(get_cpu_mask(cpu))

/* a bitmap as a cpumask, checked to be an unsigned long array */
#define to_cpumask(bitmap)						\
	((struct cpumask *)(1 ? (bitmap)				\
			    : (void *)sizeof(__check_is_bitmap(bitmap))))

static inline int __check_is_bitmap(const unsigned long *bitmap)
{
	return 1;
}

/*
 * Row 1 + cpu % BITS_PER_LONG has that bit in its first word: stepping
 * back cpu / BITS_PER_LONG words over the zero words before it gives a
 * mask with only @cpu set, with no table of NR_CPUS masks.
 */
extern const unsigned long cpu_bit_bitmap[BITS_PER_LONG + 1][BITS_TO_LONGS(NR_CPUS)];

static inline const struct cpumask *get_cpu_mask(unsigned int cpu)
{
	const unsigned long *p = cpu_bit_bitmap[1 + cpu % BITS_PER_LONG];

	p -= cpu / BITS_PER_LONG;
	return to_cpumask(p);
}

static inline unsigned int cpumask_size(void)
{
	return sizeof(struct cpumask);
}

static inline int cpumask_parse(const char *buf, struct cpumask *dstp)
{
	return bitmap_parse(buf, UINT_MAX, cpumask_bits(dstp), nr_cpumask_bits);
}

static inline int cpulist_parse(const char *buf, struct cpumask *dstp)
{
	return bitmap_parselist(buf, cpumask_bits(dstp), nr_cpumask_bits);
}

static inline int cpumask_parse_user(const char __user *buf, int len, struct cpumask *dstp)
{
	return bitmap_parse_user(buf, (unsigned int)len, cpumask_bits(dstp), nr_cpumask_bits);
}

static inline int cpumask_parselist_user(const char __user *buf, int len,
					 struct cpumask *dstp)
{
	return bitmap_parselist_user(buf, (unsigned int)len, cpumask_bits(dstp),
				     nr_cpumask_bits);
}

/* "0-3\n" or "f\n" of @mask into a sysfs page */
static inline ssize_t cpumap_print_to_pagebuf(bool list, char *buf, const struct cpumask *mask)
{
	return bitmap_print_to_pagebuf(list, buf, cpumask_bits(mask), nr_cpu_ids);
}

#ifdef CONFIG_CPUMASK_OFFSTACK
/* kmalloc'ed, as Debian's kernel has them (lib/cpumask.c) */
typedef struct cpumask *cpumask_var_t;

#define this_cpu_cpumask_var_ptr(x)	this_cpu_read(x)
#define __cpumask_var_read_mostly	__read_mostly

bool alloc_cpumask_var_node(cpumask_var_t *mask, gfp_t flags, int node);
bool alloc_cpumask_var(cpumask_var_t *mask, gfp_t flags);
bool zalloc_cpumask_var_node(cpumask_var_t *mask, gfp_t flags, int node);
bool zalloc_cpumask_var(cpumask_var_t *mask, gfp_t flags);
void free_cpumask_var(cpumask_var_t mask);

static inline bool cpumask_available(cpumask_var_t mask)
{
	return mask != NULL;
}
#else
typedef struct cpumask cpumask_var_t[1];

#define this_cpu_cpumask_var_ptr(x)	this_cpu_ptr(x)
#define __cpumask_var_read_mostly

static inline bool alloc_cpumask_var(cpumask_var_t *mask, gfp_t flags)
{
	return true;
}

static inline bool alloc_cpumask_var_node(cpumask_var_t *mask, gfp_t flags, int node)
{
	return true;
}

static inline bool zalloc_cpumask_var(cpumask_var_t *mask, gfp_t flags)
{
	cpumask_clear(*mask);
	return true;
}

static inline bool zalloc_cpumask_var_node(cpumask_var_t *mask, gfp_t flags, int node)
{
	cpumask_clear(*mask);
	return true;
}

static inline void free_cpumask_var(cpumask_var_t mask)
{
}

static inline bool cpumask_available(cpumask_var_t mask)
{
	return true;
}
#endif

#define CPU_BITS_ALL						\
{								\
	[0 ... BITS_TO_LONGS(NR_CPUS) - 1] = ~0UL		\
}
#define CPU_BITS_NONE						\
{								\
	[0 ... BITS_TO_LONGS(NR_CPUS) - 1] = 0UL		\
}
#define CPU_BITS_CPU0						\
{								\
	[0] = 1UL						\
}
#define CPU_MASK_ALL	((cpumask_t){ CPU_BITS_ALL })
#define CPU_MASK_NONE	((cpumask_t){ CPU_BITS_NONE })
#define CPU_MASK_CPU0	((cpumask_t){ CPU_BITS_CPU0 })

#define for_each_possible_cpu(cpu)	for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu)	for_each_cpu((cpu), cpu_online_mask)
#define for_each_present_cpu(cpu)	for_each_cpu((cpu), cpu_present_mask)

#define num_possible_cpus()	cpumask_weight(cpu_possible_mask)
#define num_present_cpus()	cpumask_weight(cpu_present_mask)
#define num_active_cpus()	cpumask_weight(cpu_active_mask)

#define cpu_online(cpu)		cpumask_test_cpu((cpu), cpu_online_mask)
#define cpu_possible(cpu)	cpumask_test_cpu((cpu), cpu_possible_mask)
#define cpu_present(cpu)	cpumask_test_cpu((cpu), cpu_present_mask)
#define cpu_active(cpu)		cpumask_test_cpu((cpu), cpu_active_mask)
#define cpu_dying(cpu)		cpumask_test_cpu((cpu), cpu_dying_mask)
#define cpu_is_offline(cpu)	unlikely(!cpu_online(cpu))

#endif /* __LINUX_CPUMASK_H */
