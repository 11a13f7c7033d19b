/* SPDX-License-Identifier: MIT */
/*
 * spinlock_t and rwlock_t as both sides see them: embedded in module
 * structures and in the host's wait queues, so the layout is shared.
 * One word each: a test-and-set lock (spinlock), a reader count with -1
 * for a writer (rwlock). Builtin types only, as in kabi.h.
 */
#ifndef _UMOD_KABI_SPINLOCK_H
#define _UMOD_KABI_SPINLOCK_H

typedef struct {
	volatile unsigned int locked;	/* 0 free, 1 held */
} arch_spinlock_t;

typedef struct raw_spinlock {
	arch_spinlock_t raw_lock;
} raw_spinlock_t;

typedef struct spinlock {
	union {
		struct raw_spinlock rlock;
	};
} spinlock_t;

typedef struct {
	volatile int cnts;		/* readers inside, or -1: a writer */
} arch_rwlock_t;

typedef struct {
	arch_rwlock_t raw_lock;
} rwlock_t;

#endif /* _UMOD_KABI_SPINLOCK_H */
