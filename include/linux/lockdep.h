/* SPDX-License-Identifier: MIT */
/*
 * Lockdep is not there: its annotations compile and check nothing, as in
 * a kernel built without CONFIG_LOCKDEP.
 */
#ifndef _LINUX_LOCKDEP_H
#define _LINUX_LOCKDEP_H

#include <linux/types.h>
#include <linux/smp.h>

struct lock_class_key {
	char __unused;
};

struct lockdep_map {
	char __unused;
};

#define SINGLE_DEPTH_NESTING			1
#define lockdep_set_class(lock, key)		do { (void)(key); } while (0)
#define lockdep_set_class_and_name(lock, key, name) do { (void)(key); } while (0)
#define lockdep_set_subclass(lock, sub)		do { } while (0)
#define lockdep_set_novalidate_class(lock)	do { } while (0)
#define lockdep_assert_held(l)			do { (void)(l); } while (0)
#define lockdep_assert_held_write(l)		do { (void)(l); } while (0)
#define lockdep_assert_held_read(l)		do { (void)(l); } while (0)
#define lockdep_assert_held_once(l)		do { (void)(l); } while (0)
#define lockdep_assert_not_held(l)		do { (void)(l); } while (0)
#define lockdep_assert_irqs_enabled()		do { } while (0)
#define lockdep_assert_irqs_disabled()		do { } while (0)
#define lockdep_assert_in_irq()			do { } while (0)
#define lockdep_is_held(l)			1
#define might_lock(l)				do { } while (0)
#define might_lock_read(l)			do { } while (0)
#define lockdep_off()				do { } while (0)
#define lockdep_on()				do { } while (0)
#define debug_show_all_locks()			do { } while (0)

#endif /* _LINUX_LOCKDEP_H */
