/* SPDX-License-Identifier: MIT */
/*
 * Memory barriers with the kernel's names, on the compiler's fences. In a
 * process every "CPU" is a thread, so the smp_ and the mandatory forms
 * are the same fences.
 */
#ifndef _LINUX_BARRIER_H
#define _LINUX_BARRIER_H

#include <linux/compiler.h>

#define mb()			__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb()			__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define wmb()			__atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb()		mb()
#define smp_rmb()		rmb()
#define smp_wmb()		wmb()
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()
#define smp_store_mb(var, value) \
	do { WRITE_ONCE(var, value); smp_mb(); } while (0)
#define smp_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)
#define smp_load_acquire(p)	__atomic_load_n(p, __ATOMIC_ACQUIRE)
#define smp_acquire__after_ctrl_dep()	smp_rmb()

#if defined(__x86_64__)
#define cpu_relax()		__asm__ __volatile__("pause" ::: "memory")
#elif defined(__aarch64__)
#define cpu_relax()		__asm__ __volatile__("yield" ::: "memory")
#else
#define cpu_relax()		barrier()
#endif

#endif /* _LINUX_BARRIER_H */
