/* SPDX-License-Identifier: MIT */
/*
 * Per-CPU variables and their accessors, with 6.1's names. A module's
 * DEFINE_PER_CPU() variables go to its .data..percpu section, which the
 * loader copies once per possible CPU (mm/percpu.c); the variable's
 * address is CPU 0's copy and CPU n's is __per_cpu_offset[n] above it,
 * for alloc_percpu() memory too.
 *
 * The this_cpu_*(), __this_cpu_*() and raw_cpu_*() operations are one
 * atomic instruction each here: a thread is not pinned to its CPU, and
 * another thread may be running on the same CPU number, so a plain
 * read-modify-write could lose an update the kernel's single
 * instruction (or its disabled preemption) cannot (DESIGN.md "Per-CPU
 * data"). Reads and writes are relaxed atomic loads and stores.
 */
#ifndef _LINUX_PERCPU_DEFS_H
#define _LINUX_PERCPU_DEFS_H

#include <linux/compiler.h>
#include <linux/cache.h>
#include <linux/export.h>
#include <linux/threads.h>
#include <linux/types.h>
#include <asm/smp.h>

#define PER_CPU_BASE_SECTION	".data..percpu"
#define PER_CPU_SHARED_ALIGNED_SECTION	""
#define PER_CPU_ALIGNED_SECTION	""
#define PER_CPU_FIRST_SECTION	""

/*
 * Every variant goes to the one section a module's loader copies: 6.1
 * already does so for the aligned ones in modules; the read-mostly and
 * page-aligned ones would otherwise land in sections no loader handles.
 */
#define __PCPU_ATTRS(sec)						\
	__percpu __attribute__((__section__(PER_CPU_BASE_SECTION)))

#define __PCPU_DUMMY_ATTRS						\
	__section(".discard") __attribute__((unused))

#define DECLARE_PER_CPU_SECTION(type, name, sec)			\
	extern __PCPU_ATTRS(sec) __typeof__(type) name

#define DEFINE_PER_CPU_SECTION(type, name, sec)				\
	__PCPU_ATTRS(sec) __typeof__(type) name

#define DECLARE_PER_CPU(type, name)					\
	DECLARE_PER_CPU_SECTION(type, name, "")
#define DEFINE_PER_CPU(type, name)					\
	DEFINE_PER_CPU_SECTION(type, name, "")

#define DECLARE_PER_CPU_FIRST(type, name)				\
	DECLARE_PER_CPU_SECTION(type, name, PER_CPU_FIRST_SECTION)
#define DEFINE_PER_CPU_FIRST(type, name)				\
	DEFINE_PER_CPU_SECTION(type, name, PER_CPU_FIRST_SECTION)

#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name)			\
	DECLARE_PER_CPU_SECTION(type, name, "") ____cacheline_aligned_in_smp
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name)			\
	DEFINE_PER_CPU_SECTION(type, name, "") ____cacheline_aligned_in_smp

#define DECLARE_PER_CPU_ALIGNED(type, name)				\
	DECLARE_PER_CPU_SECTION(type, name, "") ____cacheline_aligned
#define DEFINE_PER_CPU_ALIGNED(type, name)				\
	DEFINE_PER_CPU_SECTION(type, name, "") ____cacheline_aligned

#define DECLARE_PER_CPU_PAGE_ALIGNED(type, name)			\
	DECLARE_PER_CPU_SECTION(type, name, "..page_aligned") __aligned(PAGE_SIZE)
#define DEFINE_PER_CPU_PAGE_ALIGNED(type, name)				\
	DEFINE_PER_CPU_SECTION(type, name, "..page_aligned") __aligned(PAGE_SIZE)

#define DECLARE_PER_CPU_READ_MOSTLY(type, name)				\
	DECLARE_PER_CPU_SECTION(type, name, "..read_mostly")
#define DEFINE_PER_CPU_READ_MOSTLY(type, name)				\
	DEFINE_PER_CPU_SECTION(type, name, "..read_mostly")

#define DECLARE_PER_CPU_DECRYPTED(type, name)	DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_DECRYPTED(type, name)	DEFINE_PER_CPU(type, name)

#define EXPORT_PER_CPU_SYMBOL(var)		EXPORT_SYMBOL(var)
#define EXPORT_PER_CPU_SYMBOL_GPL(var)		EXPORT_SYMBOL_GPL(var)

/* CPU n's copy is this far above CPU 0's (mm/percpu.c sets it) */
extern unsigned long __per_cpu_offset[NR_CPUS];
#define per_cpu_offset(x)	(__per_cpu_offset[x])

/* fails to compile unless @ptr is a pointer (a per-CPU one, in the kernel) */
#define __verify_pcpu_ptr(ptr)						\
do {									\
	const void __percpu *__vpp_verify = (__typeof__((ptr) + 0))NULL; \
	(void)__vpp_verify;						\
} while (0)

#define SHIFT_PERCPU_PTR(__p, __offset)					\
	RELOC_HIDE((__typeof__(*(__p)) __kernel __force *)(__p), (__offset))

#define per_cpu_ptr(ptr, cpu)						\
({									\
	__verify_pcpu_ptr(ptr);						\
	SHIFT_PERCPU_PTR((ptr), per_cpu_offset((cpu)));			\
})

#define raw_cpu_ptr(ptr)	per_cpu_ptr(ptr, raw_smp_processor_id())
#define this_cpu_ptr(ptr)	raw_cpu_ptr(ptr)

#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), cpu))

/* get_cpu_var() ... put_cpu_var(): the task is atomic in between */
#define get_cpu_var(var)						\
(*({									\
	preempt_disable();						\
	this_cpu_ptr(&var);						\
}))

#define put_cpu_var(var)						\
do {									\
	(void)&(var);							\
	preempt_enable();						\
} while (0)

#define get_cpu_ptr(var)						\
({									\
	preempt_disable();						\
	this_cpu_ptr(var);						\
})

#define put_cpu_ptr(var)						\
do {									\
	(void)(var);							\
	preempt_enable();						\
} while (0)

/* ---- the operations: one atomic access to this CPU's copy each ------------ */

#define __umod_pcpu(pcp)	raw_cpu_ptr(&(pcp))

#define raw_cpu_read(pcp)						\
	__atomic_load_n(__umod_pcpu(pcp), __ATOMIC_RELAXED)
#define raw_cpu_write(pcp, val)						\
	__atomic_store_n(__umod_pcpu(pcp), (val), __ATOMIC_RELAXED)
#define raw_cpu_add(pcp, val)						\
	((void)__atomic_fetch_add(__umod_pcpu(pcp), (val), __ATOMIC_RELAXED))
#define raw_cpu_sub(pcp, val)		raw_cpu_add(pcp, -(val))
#define raw_cpu_inc(pcp)		raw_cpu_add(pcp, 1)
#define raw_cpu_dec(pcp)		raw_cpu_sub(pcp, 1)
#define raw_cpu_and(pcp, val)						\
	((void)__atomic_fetch_and(__umod_pcpu(pcp), (val), __ATOMIC_RELAXED))
#define raw_cpu_or(pcp, val)						\
	((void)__atomic_fetch_or(__umod_pcpu(pcp), (val), __ATOMIC_RELAXED))
#define raw_cpu_add_return(pcp, val)					\
	__atomic_add_fetch(__umod_pcpu(pcp), (val), __ATOMIC_RELAXED)
#define raw_cpu_sub_return(pcp, val)	raw_cpu_add_return(pcp, -(__typeof__(pcp))(val))
#define raw_cpu_inc_return(pcp)		raw_cpu_add_return(pcp, 1)
#define raw_cpu_dec_return(pcp)		raw_cpu_add_return(pcp, -1)
#define raw_cpu_xchg(pcp, nval)						\
	__atomic_exchange_n(__umod_pcpu(pcp), (nval), __ATOMIC_RELAXED)
/* the old value; the new one stored only if the old one was @oval */
#define raw_cpu_cmpxchg(pcp, oval, nval)				\
({									\
	__typeof__(pcp) __ret = (oval);					\
	__atomic_compare_exchange_n(__umod_pcpu(pcp), &__ret, (nval), 0, \
				    __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
	__ret;								\
})

#define __this_cpu_read(pcp)		raw_cpu_read(pcp)
#define __this_cpu_write(pcp, val)	raw_cpu_write(pcp, val)
#define __this_cpu_add(pcp, val)	raw_cpu_add(pcp, val)
#define __this_cpu_sub(pcp, val)	raw_cpu_sub(pcp, val)
#define __this_cpu_inc(pcp)		raw_cpu_inc(pcp)
#define __this_cpu_dec(pcp)		raw_cpu_dec(pcp)
#define __this_cpu_and(pcp, val)	raw_cpu_and(pcp, val)
#define __this_cpu_or(pcp, val)		raw_cpu_or(pcp, val)
#define __this_cpu_add_return(pcp, val)	raw_cpu_add_return(pcp, val)
#define __this_cpu_sub_return(pcp, val)	raw_cpu_sub_return(pcp, val)
#define __this_cpu_inc_return(pcp)	raw_cpu_inc_return(pcp)
#define __this_cpu_dec_return(pcp)	raw_cpu_dec_return(pcp)
#define __this_cpu_xchg(pcp, nval)	raw_cpu_xchg(pcp, nval)
#define __this_cpu_cmpxchg(pcp, oval, nval) raw_cpu_cmpxchg(pcp, oval, nval)

#define this_cpu_read(pcp)		raw_cpu_read(pcp)
#define this_cpu_write(pcp, val)	raw_cpu_write(pcp, val)
#define this_cpu_add(pcp, val)		raw_cpu_add(pcp, val)
#define this_cpu_sub(pcp, val)		raw_cpu_sub(pcp, val)
#define this_cpu_inc(pcp)		raw_cpu_inc(pcp)
#define this_cpu_dec(pcp)		raw_cpu_dec(pcp)
#define this_cpu_and(pcp, val)		raw_cpu_and(pcp, val)
#define this_cpu_or(pcp, val)		raw_cpu_or(pcp, val)
#define this_cpu_add_return(pcp, val)	raw_cpu_add_return(pcp, val)
#define this_cpu_sub_return(pcp, val)	raw_cpu_sub_return(pcp, val)
#define this_cpu_inc_return(pcp)	raw_cpu_inc_return(pcp)
#define this_cpu_dec_return(pcp)	raw_cpu_dec_return(pcp)
#define this_cpu_xchg(pcp, nval)	raw_cpu_xchg(pcp, nval)
#define this_cpu_cmpxchg(pcp, oval, nval) raw_cpu_cmpxchg(pcp, oval, nval)

#endif /* _LINUX_PERCPU_DEFS_H */
