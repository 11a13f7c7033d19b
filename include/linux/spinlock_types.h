/* SPDX-License-Identifier: MIT */
/* spinlock_t, rwlock_t and their static initializers. */
#ifndef _LINUX_SPINLOCK_TYPES_H
#define _LINUX_SPINLOCK_TYPES_H

#include <umod/kabi/spinlock.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/byteorder.h>

#define __ARCH_SPIN_LOCK_UNLOCKED	{ .locked = 0 }
#define __RAW_SPIN_LOCK_INITIALIZER(name)	{ .raw_lock = __ARCH_SPIN_LOCK_UNLOCKED }
#define __RAW_SPIN_LOCK_UNLOCKED(name)	((raw_spinlock_t)__RAW_SPIN_LOCK_INITIALIZER(name))
#define DEFINE_RAW_SPINLOCK(x)		raw_spinlock_t x = __RAW_SPIN_LOCK_INITIALIZER(x)

#define ___SPIN_LOCK_INITIALIZER(name)	{ .rlock = __RAW_SPIN_LOCK_INITIALIZER(name) }
#define __SPIN_LOCK_INITIALIZER(name)	{ { .rlock = __RAW_SPIN_LOCK_INITIALIZER(name) } }
#define __SPIN_LOCK_UNLOCKED(name)	((spinlock_t)__SPIN_LOCK_INITIALIZER(name))
#define DEFINE_SPINLOCK(x)		spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#define __ARCH_RW_LOCK_UNLOCKED		{ .cnts = 0 }
#define __RW_LOCK_UNLOCKED(name)	((rwlock_t){ .raw_lock = __ARCH_RW_LOCK_UNLOCKED })
#define DEFINE_RWLOCK(x)		rwlock_t x = __RW_LOCK_UNLOCKED(x)

#endif /* _LINUX_SPINLOCK_TYPES_H */
