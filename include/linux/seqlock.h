/* SPDX-License-Identifier: MIT */
/*
 * Sequence counters and seqlocks, as the kernel's: a writer makes the
 * count odd while it writes; a reader retries when the count it began
 * with was odd or has moved. Header-only: the writer's lock is a spin lock.
 */
#ifndef _LINUX_SEQLOCK_H
#define _LINUX_SEQLOCK_H

#include <linux/compiler.h>
#include <linux/barrier.h>
#include <linux/spinlock.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>

typedef struct seqcount {
	unsigned int sequence;
} seqcount_t;

typedef seqcount_t seqcount_spinlock_t;
typedef seqcount_t seqcount_raw_spinlock_t;
typedef seqcount_t seqcount_mutex_t;

typedef struct {
	seqcount_spinlock_t seqcount;
	spinlock_t lock;
} seqlock_t;

#define SEQCNT_ZERO(name)	{ .sequence = 0 }
#define seqcount_init(s)	do { (s)->sequence = 0; } while (0)
#define seqcount_spinlock_init(s, lock)		seqcount_init(s)
#define seqcount_raw_spinlock_init(s, lock)	seqcount_init(s)
#define seqcount_mutex_init(s, lock)		seqcount_init(s)

static inline unsigned int __read_seqcount_begin(const seqcount_t *s)
{
	unsigned int seq;

	while ((seq = READ_ONCE(s->sequence)) & 1)
		cpu_relax();
	return seq;
}

static inline unsigned int raw_read_seqcount_begin(const seqcount_t *s)
{
	unsigned int seq = __read_seqcount_begin(s);

	smp_rmb();
	return seq;
}

#define read_seqcount_begin(s)	raw_read_seqcount_begin(s)

static inline unsigned int raw_read_seqcount(const seqcount_t *s)
{
	unsigned int seq = READ_ONCE(s->sequence);

	smp_rmb();
	return seq;
}

static inline int __read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	return unlikely(READ_ONCE(s->sequence) != start);
}

static inline int read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	smp_rmb();
	return __read_seqcount_retry(s, start);
}

static inline void raw_write_seqcount_begin(seqcount_t *s)
{
	WRITE_ONCE(s->sequence, s->sequence + 1);
	smp_wmb();
}

static inline void raw_write_seqcount_end(seqcount_t *s)
{
	smp_wmb();
	WRITE_ONCE(s->sequence, s->sequence + 1);
}

#define write_seqcount_begin(s)		raw_write_seqcount_begin(s)
#define write_seqcount_end(s)		raw_write_seqcount_end(s)
#define write_seqcount_invalidate(s)	do { smp_wmb(); WRITE_ONCE((s)->sequence, (s)->sequence + 2); } while (0)

#define __SEQLOCK_UNLOCKED(lockname) \
	{ .seqcount = SEQCNT_ZERO(lockname), .lock = __SPIN_LOCK_UNLOCKED(lockname) }
#define DEFINE_SEQLOCK(sl)	seqlock_t sl = __SEQLOCK_UNLOCKED(sl)

#define seqlock_init(sl)					\
do {								\
	seqcount_init(&(sl)->seqcount);				\
	spin_lock_init(&(sl)->lock);				\
} while (0)

static inline unsigned int read_seqbegin(const seqlock_t *sl)
{
	return read_seqcount_begin(&sl->seqcount);
}

static inline unsigned int read_seqretry(const seqlock_t *sl, unsigned int start)
{
	return read_seqcount_retry(&sl->seqcount, start);
}

static inline void write_seqlock(seqlock_t *sl)
{
	spin_lock(&sl->lock);
	write_seqcount_begin(&sl->seqcount);
}

static inline void write_sequnlock(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock(&sl->lock);
}

static inline void write_seqlock_bh(seqlock_t *sl)
{
	spin_lock_bh(&sl->lock);
	write_seqcount_begin(&sl->seqcount);
}

static inline void write_sequnlock_bh(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock_bh(&sl->lock);
}

static inline void write_seqlock_irq(seqlock_t *sl)
{
	spin_lock_irq(&sl->lock);
	write_seqcount_begin(&sl->seqcount);
}

static inline void write_sequnlock_irq(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock_irq(&sl->lock);
}

#define write_seqlock_irqsave(lock, flags)			\
do {								\
	spin_lock_irqsave(&(lock)->lock, flags);		\
	write_seqcount_begin(&(lock)->seqcount);		\
} while (0)

static inline void write_sequnlock_irqrestore(seqlock_t *sl, unsigned long flags)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock_irqrestore(&sl->lock, flags);
}

/* a reader that excludes writers instead of retrying */
static inline void read_seqlock_excl(seqlock_t *sl)
{
	spin_lock(&sl->lock);
}

static inline void read_sequnlock_excl(seqlock_t *sl)
{
	spin_unlock(&sl->lock);
}

static inline void read_seqbegin_or_lock(seqlock_t *lock, int *seq)
{
	if (!(*seq & 1))
		*seq = (int)read_seqbegin(lock);
	else
		read_seqlock_excl(lock);
}

static inline int need_seqretry(seqlock_t *lock, int seq)
{
	return !(seq & 1) && read_seqretry(lock, (unsigned int)seq);
}

static inline void done_seqretry(seqlock_t *lock, int seq)
{
	if (seq & 1)
		read_sequnlock_excl(lock);
}

#endif /* _LINUX_SEQLOCK_H */
