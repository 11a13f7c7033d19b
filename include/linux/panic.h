/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_PANIC_H
#define _LINUX_PANIC_H

#include <linux/compiler.h>
#include <linux/types.h>

/* the kernel's TAINT_* bit numbers */
#define TAINT_PROPRIETARY_MODULE	0
#define TAINT_FORCED_MODULE		1
#define TAINT_CPU_OUT_OF_SPEC		2
#define TAINT_FORCED_RMMOD		3
#define TAINT_MACHINE_CHECK		4
#define TAINT_BAD_PAGE			5
#define TAINT_USER			6
#define TAINT_DIE			7
#define TAINT_OVERRIDDEN_ACPI_TABLE	8
#define TAINT_WARN			9
#define TAINT_CRAP			10
#define TAINT_FIRMWARE_WORKAROUND	11
#define TAINT_OOT_MODULE		12
#define TAINT_UNSIGNED_MODULE		13
#define TAINT_SOFTLOCKUP		14
#define TAINT_LIVEPATCH			15
#define TAINT_AUX			16
#define TAINT_RANDSTRUCT		17
#define TAINT_TEST			18
#define TAINT_FLAGS_COUNT		19

enum lockdep_ok {
	LOCKDEP_STILL_OK,
	LOCKDEP_NOW_UNRELIABLE,
};

/* the calling module's host taints (kernel/panic.c); its letters show in
 * oops and warning reports and /proc/sys/kernel/tainted */
void add_taint(unsigned flag, enum lockdep_ok lockdep_ok);
int test_taint(unsigned flag);
unsigned long get_taint(void);

#endif /* _LINUX_PANIC_H */
