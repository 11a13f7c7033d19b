/* SPDX-License-Identifier: MIT */
/*
 * Atomic counters with Linux 6.1's API and orderings, on the compiler's
 * __atomic builtins: plain atomic_read()/atomic_set() are relaxed, the
 * void operations (atomic_inc()) are relaxed, every operation returning
 * a value is fully ordered unless its name says _relaxed, _acquire or
 * _release, as Documentation/atomic_t.txt specifies. Header only.
 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/barrier.h>
#include <linux/compiler.h>
#include <linux/types.h>

#define ATOMIC_INIT(i)		{ (i) }
#define ATOMIC64_INIT(i)	{ (i) }
#define ATOMIC_LONG_INIT(i)	ATOMIC64_INIT(i)

#define __ATOMIC_FULL		__ATOMIC_SEQ_CST

/* ---- atomic: int ---- */

static __always_inline int atomic_read(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}

static __always_inline int atomic_read_acquire(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_ACQUIRE);
}

static __always_inline void atomic_set(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline void atomic_set_release(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic_add(int i, atomic_t *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_add(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_add_return(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_fetch_add_relaxed(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_add_return_relaxed(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_add_acquire(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_add_return_acquire(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_fetch_add_release(int i, atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline int atomic_add_return_release(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic_sub(int i, atomic_t *v)
{
	__atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_sub(int i, atomic_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_sub_return(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_fetch_sub_relaxed(int i, atomic_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_sub_return_relaxed(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_sub_acquire(int i, atomic_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_sub_return_acquire(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_fetch_sub_release(int i, atomic_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline int atomic_sub_return_release(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic_and(int i, atomic_t *v)
{
	__atomic_fetch_and(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_and(int i, atomic_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_fetch_and_relaxed(int i, atomic_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_and_acquire(int i, atomic_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_fetch_and_release(int i, atomic_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic_or(int i, atomic_t *v)
{
	__atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_or(int i, atomic_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_fetch_or_relaxed(int i, atomic_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_or_acquire(int i, atomic_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_fetch_or_release(int i, atomic_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic_xor(int i, atomic_t *v)
{
	__atomic_fetch_xor(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_xor(int i, atomic_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline int atomic_fetch_xor_relaxed(int i, atomic_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_xor_acquire(int i, atomic_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline int atomic_fetch_xor_release(int i, atomic_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic_andnot(int i, atomic_t *v)
{
	__atomic_fetch_and(&v->counter, ~i, __ATOMIC_RELAXED);
}

static __always_inline int atomic_fetch_andnot(int i, atomic_t *v)
{
	return __atomic_fetch_and(&v->counter, ~i, __ATOMIC_FULL);
}

#define atomic_inc(v)			atomic_add(1, v)
#define atomic_dec(v)			atomic_sub(1, v)
#define atomic_inc_return(v)		atomic_add_return(1, v)
#define atomic_dec_return(v)		atomic_sub_return(1, v)
#define atomic_inc_return_relaxed(v)	atomic_add_return_relaxed(1, v)
#define atomic_dec_return_relaxed(v)	atomic_sub_return_relaxed(1, v)
#define atomic_inc_return_acquire(v)	atomic_add_return_acquire(1, v)
#define atomic_dec_return_release(v)	atomic_sub_return_release(1, v)
#define atomic_fetch_inc(v)		atomic_fetch_add(1, v)
#define atomic_fetch_dec(v)		atomic_fetch_sub(1, v)
#define atomic_fetch_inc_relaxed(v)	atomic_fetch_add_relaxed(1, v)
#define atomic_fetch_dec_relaxed(v)	atomic_fetch_sub_relaxed(1, v)
#define atomic_inc_and_test(v)		(atomic_inc_return(v) == 0)
#define atomic_dec_and_test(v)		(atomic_dec_return(v) == 0)
#define atomic_sub_and_test(i, v)		(atomic_sub_return(i, v) == 0)
#define atomic_add_negative(i, v)		(atomic_add_return(i, v) < 0)

static __always_inline int atomic_xchg(atomic_t *v, int new)
{
	return __atomic_exchange_n(&v->counter, new, __ATOMIC_FULL);
}

static __always_inline int atomic_xchg_relaxed(atomic_t *v, int new)
{
	return __atomic_exchange_n(&v->counter, new, __ATOMIC_RELAXED);
}

/* returns the old value; stores @new only if it was @old */
static __always_inline int atomic_cmpxchg(atomic_t *v, int old, int new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_FULL,
				    __ATOMIC_RELAXED);
	return old;
}

static __always_inline int atomic_cmpxchg_relaxed(atomic_t *v, int old, int new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_RELAXED,
				    __ATOMIC_RELAXED);
	return old;
}

static __always_inline int atomic_cmpxchg_acquire(atomic_t *v, int old, int new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_ACQUIRE,
				    __ATOMIC_RELAXED);
	return old;
}

static __always_inline int atomic_cmpxchg_release(atomic_t *v, int old, int new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_RELEASE,
				    __ATOMIC_RELAXED);
	return old;
}

/* true if it swapped; otherwise *@old is updated to the current value */
static __always_inline bool atomic_try_cmpxchg(atomic_t *v, int *old, int new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_FULL,
					   __ATOMIC_RELAXED);
}

static __always_inline bool atomic_try_cmpxchg_relaxed(atomic_t *v, int *old, int new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_RELAXED,
					   __ATOMIC_RELAXED);
}

static __always_inline bool atomic_try_cmpxchg_acquire(atomic_t *v, int *old, int new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static __always_inline bool atomic_try_cmpxchg_release(atomic_t *v, int *old, int new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_RELEASE,
					   __ATOMIC_RELAXED);
}

/* adds @a unless the value is @u; returns the old value */
static __always_inline int atomic_fetch_add_unless(atomic_t *v, int a, int u)
{
	int c = atomic_read(v);

	do {
		if (unlikely(c == u))
			break;
	} while (!atomic_try_cmpxchg(v, &c, c + a));
	return c;
}

static __always_inline bool atomic_add_unless(atomic_t *v, int a, int u)
{
	return atomic_fetch_add_unless(v, a, u) != u;
}

#define atomic_inc_not_zero(v)		atomic_add_unless(v, 1, 0)

static __always_inline bool atomic_inc_unless_negative(atomic_t *v)
{
	int c = atomic_read(v);

	do {
		if (unlikely(c < 0))
			return false;
	} while (!atomic_try_cmpxchg(v, &c, c + 1));
	return true;
}

static __always_inline bool atomic_dec_unless_positive(atomic_t *v)
{
	int c = atomic_read(v);

	do {
		if (unlikely(c > 0))
			return false;
	} while (!atomic_try_cmpxchg(v, &c, c - 1));
	return true;
}

/* decrements if the result stays >= 0; returns the result either way */
static __always_inline int atomic_dec_if_positive(atomic_t *v)
{
	int dec, c = atomic_read(v);

	do {
		dec = c - 1;
		if (unlikely(dec < 0))
			break;
	} while (!atomic_try_cmpxchg(v, &c, dec));
	return dec;
}

/* ---- atomic64: s64 ---- */

static __always_inline s64 atomic64_read(const atomic64_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_read_acquire(const atomic64_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_ACQUIRE);
}

static __always_inline void atomic64_set(atomic64_t *v, s64 i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline void atomic64_set_release(atomic64_t *v, s64 i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic64_add(s64 i, atomic64_t *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_add(s64 i, atomic64_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_add_return(s64 i, atomic64_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_fetch_add_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_add_return_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_add_acquire(s64 i, atomic64_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_add_return_acquire(s64 i, atomic64_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_fetch_add_release(s64 i, atomic64_t *v)
{
	return __atomic_fetch_add(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline s64 atomic64_add_return_release(s64 i, atomic64_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic64_sub(s64 i, atomic64_t *v)
{
	__atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_sub(s64 i, atomic64_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_sub_return(s64 i, atomic64_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_fetch_sub_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_sub_return_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_sub_acquire(s64 i, atomic64_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_sub_return_acquire(s64 i, atomic64_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_fetch_sub_release(s64 i, atomic64_t *v)
{
	return __atomic_fetch_sub(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline s64 atomic64_sub_return_release(s64 i, atomic64_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic64_and(s64 i, atomic64_t *v)
{
	__atomic_fetch_and(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_and(s64 i, atomic64_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_fetch_and_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_and_acquire(s64 i, atomic64_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_fetch_and_release(s64 i, atomic64_t *v)
{
	return __atomic_fetch_and(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic64_or(s64 i, atomic64_t *v)
{
	__atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_or(s64 i, atomic64_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_fetch_or_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_or_acquire(s64 i, atomic64_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_fetch_or_release(s64 i, atomic64_t *v)
{
	return __atomic_fetch_or(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic64_xor(s64 i, atomic64_t *v)
{
	__atomic_fetch_xor(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_xor(s64 i, atomic64_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_fetch_xor_relaxed(s64 i, atomic64_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_xor_acquire(s64 i, atomic64_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_ACQUIRE);
}

static __always_inline s64 atomic64_fetch_xor_release(s64 i, atomic64_t *v)
{
	return __atomic_fetch_xor(&v->counter, i, __ATOMIC_RELEASE);
}

static __always_inline void atomic64_andnot(s64 i, atomic64_t *v)
{
	__atomic_fetch_and(&v->counter, ~i, __ATOMIC_RELAXED);
}

static __always_inline s64 atomic64_fetch_andnot(s64 i, atomic64_t *v)
{
	return __atomic_fetch_and(&v->counter, ~i, __ATOMIC_FULL);
}

#define atomic64_inc(v)			atomic64_add(1, v)
#define atomic64_dec(v)			atomic64_sub(1, v)
#define atomic64_inc_return(v)		atomic64_add_return(1, v)
#define atomic64_dec_return(v)		atomic64_sub_return(1, v)
#define atomic64_inc_return_relaxed(v)	atomic64_add_return_relaxed(1, v)
#define atomic64_dec_return_relaxed(v)	atomic64_sub_return_relaxed(1, v)
#define atomic64_inc_return_acquire(v)	atomic64_add_return_acquire(1, v)
#define atomic64_dec_return_release(v)	atomic64_sub_return_release(1, v)
#define atomic64_fetch_inc(v)		atomic64_fetch_add(1, v)
#define atomic64_fetch_dec(v)		atomic64_fetch_sub(1, v)
#define atomic64_fetch_inc_relaxed(v)	atomic64_fetch_add_relaxed(1, v)
#define atomic64_fetch_dec_relaxed(v)	atomic64_fetch_sub_relaxed(1, v)
#define atomic64_inc_and_test(v)		(atomic64_inc_return(v) == 0)
#define atomic64_dec_and_test(v)		(atomic64_dec_return(v) == 0)
#define atomic64_sub_and_test(i, v)		(atomic64_sub_return(i, v) == 0)
#define atomic64_add_negative(i, v)		(atomic64_add_return(i, v) < 0)

static __always_inline s64 atomic64_xchg(atomic64_t *v, s64 new)
{
	return __atomic_exchange_n(&v->counter, new, __ATOMIC_FULL);
}

static __always_inline s64 atomic64_xchg_relaxed(atomic64_t *v, s64 new)
{
	return __atomic_exchange_n(&v->counter, new, __ATOMIC_RELAXED);
}

/* returns the old value; stores @new only if it was @old */
static __always_inline s64 atomic64_cmpxchg(atomic64_t *v, s64 old, s64 new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_FULL,
				    __ATOMIC_RELAXED);
	return old;
}

static __always_inline s64 atomic64_cmpxchg_relaxed(atomic64_t *v, s64 old, s64 new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_RELAXED,
				    __ATOMIC_RELAXED);
	return old;
}

static __always_inline s64 atomic64_cmpxchg_acquire(atomic64_t *v, s64 old, s64 new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_ACQUIRE,
				    __ATOMIC_RELAXED);
	return old;
}

static __always_inline s64 atomic64_cmpxchg_release(atomic64_t *v, s64 old, s64 new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_RELEASE,
				    __ATOMIC_RELAXED);
	return old;
}

/* true if it swapped; otherwise *@old is updated to the current value */
static __always_inline bool atomic64_try_cmpxchg(atomic64_t *v, s64 *old, s64 new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_FULL,
					   __ATOMIC_RELAXED);
}

static __always_inline bool atomic64_try_cmpxchg_relaxed(atomic64_t *v, s64 *old, s64 new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_RELAXED,
					   __ATOMIC_RELAXED);
}

static __always_inline bool atomic64_try_cmpxchg_acquire(atomic64_t *v, s64 *old, s64 new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

static __always_inline bool atomic64_try_cmpxchg_release(atomic64_t *v, s64 *old, s64 new)
{
	return __atomic_compare_exchange_n(&v->counter, old, new, false, __ATOMIC_RELEASE,
					   __ATOMIC_RELAXED);
}

/* adds @a unless the value is @u; returns the old value */
static __always_inline s64 atomic64_fetch_add_unless(atomic64_t *v, s64 a, s64 u)
{
	s64 c = atomic64_read(v);

	do {
		if (unlikely(c == u))
			break;
	} while (!atomic64_try_cmpxchg(v, &c, c + a));
	return c;
}

static __always_inline bool atomic64_add_unless(atomic64_t *v, s64 a, s64 u)
{
	return atomic64_fetch_add_unless(v, a, u) != u;
}

#define atomic64_inc_not_zero(v)		atomic64_add_unless(v, 1, 0)

static __always_inline bool atomic64_inc_unless_negative(atomic64_t *v)
{
	s64 c = atomic64_read(v);

	do {
		if (unlikely(c < 0))
			return false;
	} while (!atomic64_try_cmpxchg(v, &c, c + 1));
	return true;
}

static __always_inline bool atomic64_dec_unless_positive(atomic64_t *v)
{
	s64 c = atomic64_read(v);

	do {
		if (unlikely(c > 0))
			return false;
	} while (!atomic64_try_cmpxchg(v, &c, c - 1));
	return true;
}

/* decrements if the result stays >= 0; returns the result either way */
static __always_inline s64 atomic64_dec_if_positive(atomic64_t *v)
{
	s64 dec, c = atomic64_read(v);

	do {
		dec = c - 1;
		if (unlikely(dec < 0))
			break;
	} while (!atomic64_try_cmpxchg(v, &c, dec));
	return dec;
}

/* ---- atomic_long: atomic64 on a 64-bit host ---- */
#define atomic_long_add(...)	atomic64_add(__VA_ARGS__)
#define atomic_long_add_negative(...)	atomic64_add_negative(__VA_ARGS__)
#define atomic_long_add_return(...)	atomic64_add_return(__VA_ARGS__)
#define atomic_long_add_return_acquire(...)	atomic64_add_return_acquire(__VA_ARGS__)
#define atomic_long_add_return_relaxed(...)	atomic64_add_return_relaxed(__VA_ARGS__)
#define atomic_long_add_return_release(...)	atomic64_add_return_release(__VA_ARGS__)
#define atomic_long_add_unless(...)	atomic64_add_unless(__VA_ARGS__)
#define atomic_long_and(...)	atomic64_and(__VA_ARGS__)
#define atomic_long_andnot(...)	atomic64_andnot(__VA_ARGS__)
#define atomic_long_cmpxchg(...)	atomic64_cmpxchg(__VA_ARGS__)
#define atomic_long_cmpxchg_acquire(...)	atomic64_cmpxchg_acquire(__VA_ARGS__)
#define atomic_long_cmpxchg_relaxed(...)	atomic64_cmpxchg_relaxed(__VA_ARGS__)
#define atomic_long_cmpxchg_release(...)	atomic64_cmpxchg_release(__VA_ARGS__)
#define atomic_long_dec(...)	atomic64_dec(__VA_ARGS__)
#define atomic_long_dec_and_test(...)	atomic64_dec_and_test(__VA_ARGS__)
#define atomic_long_dec_if_positive(...)	atomic64_dec_if_positive(__VA_ARGS__)
#define atomic_long_dec_return(...)	atomic64_dec_return(__VA_ARGS__)
#define atomic_long_dec_return_relaxed(...)	atomic64_dec_return_relaxed(__VA_ARGS__)
#define atomic_long_dec_return_release(...)	atomic64_dec_return_release(__VA_ARGS__)
#define atomic_long_dec_unless_positive(...)	atomic64_dec_unless_positive(__VA_ARGS__)
#define atomic_long_fetch_add(...)	atomic64_fetch_add(__VA_ARGS__)
#define atomic_long_fetch_add_acquire(...)	atomic64_fetch_add_acquire(__VA_ARGS__)
#define atomic_long_fetch_add_relaxed(...)	atomic64_fetch_add_relaxed(__VA_ARGS__)
#define atomic_long_fetch_add_release(...)	atomic64_fetch_add_release(__VA_ARGS__)
#define atomic_long_fetch_add_unless(...)	atomic64_fetch_add_unless(__VA_ARGS__)
#define atomic_long_fetch_and(...)	atomic64_fetch_and(__VA_ARGS__)
#define atomic_long_fetch_and_acquire(...)	atomic64_fetch_and_acquire(__VA_ARGS__)
#define atomic_long_fetch_and_relaxed(...)	atomic64_fetch_and_relaxed(__VA_ARGS__)
#define atomic_long_fetch_and_release(...)	atomic64_fetch_and_release(__VA_ARGS__)
#define atomic_long_fetch_andnot(...)	atomic64_fetch_andnot(__VA_ARGS__)
#define atomic_long_fetch_dec(...)	atomic64_fetch_dec(__VA_ARGS__)
#define atomic_long_fetch_dec_relaxed(...)	atomic64_fetch_dec_relaxed(__VA_ARGS__)
#define atomic_long_fetch_inc(...)	atomic64_fetch_inc(__VA_ARGS__)
#define atomic_long_fetch_inc_relaxed(...)	atomic64_fetch_inc_relaxed(__VA_ARGS__)
#define atomic_long_fetch_or(...)	atomic64_fetch_or(__VA_ARGS__)
#define atomic_long_fetch_or_acquire(...)	atomic64_fetch_or_acquire(__VA_ARGS__)
#define atomic_long_fetch_or_relaxed(...)	atomic64_fetch_or_relaxed(__VA_ARGS__)
#define atomic_long_fetch_or_release(...)	atomic64_fetch_or_release(__VA_ARGS__)
#define atomic_long_fetch_sub(...)	atomic64_fetch_sub(__VA_ARGS__)
#define atomic_long_fetch_sub_acquire(...)	atomic64_fetch_sub_acquire(__VA_ARGS__)
#define atomic_long_fetch_sub_relaxed(...)	atomic64_fetch_sub_relaxed(__VA_ARGS__)
#define atomic_long_fetch_sub_release(...)	atomic64_fetch_sub_release(__VA_ARGS__)
#define atomic_long_fetch_xor(...)	atomic64_fetch_xor(__VA_ARGS__)
#define atomic_long_fetch_xor_acquire(...)	atomic64_fetch_xor_acquire(__VA_ARGS__)
#define atomic_long_fetch_xor_relaxed(...)	atomic64_fetch_xor_relaxed(__VA_ARGS__)
#define atomic_long_fetch_xor_release(...)	atomic64_fetch_xor_release(__VA_ARGS__)
#define atomic_long_inc(...)	atomic64_inc(__VA_ARGS__)
#define atomic_long_inc_and_test(...)	atomic64_inc_and_test(__VA_ARGS__)
#define atomic_long_inc_not_zero(...)	atomic64_inc_not_zero(__VA_ARGS__)
#define atomic_long_inc_return(...)	atomic64_inc_return(__VA_ARGS__)
#define atomic_long_inc_return_acquire(...)	atomic64_inc_return_acquire(__VA_ARGS__)
#define atomic_long_inc_return_relaxed(...)	atomic64_inc_return_relaxed(__VA_ARGS__)
#define atomic_long_inc_unless_negative(...)	atomic64_inc_unless_negative(__VA_ARGS__)
#define atomic_long_or(...)	atomic64_or(__VA_ARGS__)
#define atomic_long_read(...)	atomic64_read(__VA_ARGS__)
#define atomic_long_read_acquire(...)	atomic64_read_acquire(__VA_ARGS__)
#define atomic_long_set(...)	atomic64_set(__VA_ARGS__)
#define atomic_long_set_release(...)	atomic64_set_release(__VA_ARGS__)
#define atomic_long_sub(...)	atomic64_sub(__VA_ARGS__)
#define atomic_long_sub_and_test(...)	atomic64_sub_and_test(__VA_ARGS__)
#define atomic_long_sub_return(...)	atomic64_sub_return(__VA_ARGS__)
#define atomic_long_sub_return_acquire(...)	atomic64_sub_return_acquire(__VA_ARGS__)
#define atomic_long_sub_return_relaxed(...)	atomic64_sub_return_relaxed(__VA_ARGS__)
#define atomic_long_sub_return_release(...)	atomic64_sub_return_release(__VA_ARGS__)
#define atomic_long_try_cmpxchg(...)	atomic64_try_cmpxchg(__VA_ARGS__)
#define atomic_long_try_cmpxchg_acquire(...)	atomic64_try_cmpxchg_acquire(__VA_ARGS__)
#define atomic_long_try_cmpxchg_relaxed(...)	atomic64_try_cmpxchg_relaxed(__VA_ARGS__)
#define atomic_long_try_cmpxchg_release(...)	atomic64_try_cmpxchg_release(__VA_ARGS__)
#define atomic_long_xchg(...)	atomic64_xchg(__VA_ARGS__)
#define atomic_long_xchg_relaxed(...)	atomic64_xchg_relaxed(__VA_ARGS__)
#define atomic_long_xor(...)	atomic64_xor(__VA_ARGS__)

/* ---- on plain variables (asm/cmpxchg.h) ------------------------------------ */

/* the old value; fully ordered, as the kernel's */
#define xchg(ptr, x)		__atomic_exchange_n((ptr), (x), __ATOMIC_SEQ_CST)
#define xchg_relaxed(ptr, x)	__atomic_exchange_n((ptr), (x), __ATOMIC_RELAXED)
#define __umod_cmpxchg(ptr, old, new, order) ({				\
	__typeof__(*(ptr)) __old = (old);				\
	__atomic_compare_exchange_n((ptr), &__old, (new), false,	\
				    order, __ATOMIC_RELAXED);		\
	__old;								\
})
#define cmpxchg(ptr, old, new)		__umod_cmpxchg(ptr, old, new, __ATOMIC_SEQ_CST)
#define cmpxchg_relaxed(ptr, old, new)	__umod_cmpxchg(ptr, old, new, __ATOMIC_RELAXED)
#define cmpxchg_acquire(ptr, old, new)	__umod_cmpxchg(ptr, old, new, __ATOMIC_ACQUIRE)
#define cmpxchg_release(ptr, old, new)	__umod_cmpxchg(ptr, old, new, __ATOMIC_RELEASE)
#define cmpxchg64(ptr, old, new)	cmpxchg(ptr, old, new)
/* true if *@ptr was *@oldp and is now @new; else *@oldp gets the current value */
#define try_cmpxchg(ptr, oldp, new)					\
	__atomic_compare_exchange_n((ptr), (oldp), (new), false,	\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

/* 6.1 builds this on the arch's layer; modules may include that one too */
#include <asm/atomic.h>

#endif /* _LINUX_ATOMIC_H */
