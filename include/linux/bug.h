/* SPDX-License-Identifier: MIT */
/*
 * WARN*() and BUG*(). A warning is Linux's generic one (asm-generic/bug.h
 * without an arch __WARN_FLAGS): warn_slowpath_fmt() prints the "cut
 * here" report with the caller, "Modules linked in:", the CPU line and a
 * stack, then taints W; the code goes on. BUG() names its file and line
 * (__bug(), as arm's) and executes ud2: the oops that follows is the
 * "invalid opcode" one, after "kernel BUG at FILE:LINE!", as on x86.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/stringify.h>
#include <linux/types.h>

#define CUT_HERE	"------------[ cut here ]------------\n"

void warn_slowpath_fmt(const char *file, const int line, unsigned int taint,
		       const char *fmt, ...);
void __bug(const char *file, int line);

#define __WARN()		__WARN_printf(TAINT_WARN, NULL)
#define __WARN_printf(taint, arg...) \
	do { warn_slowpath_fmt(__FILE__, __LINE__, taint, arg); } while (0)

#define WARN_ON(condition) ({						\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		__WARN();						\
	unlikely(__ret_warn_on);					\
})

#define WARN(condition, format...) ({					\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		__WARN_printf(TAINT_WARN, format);			\
	unlikely(__ret_warn_on);					\
})

#define WARN_TAINT(condition, taint, format...) ({			\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		__WARN_printf(taint, format);				\
	unlikely(__ret_warn_on);					\
})

#define __WARN_ONCE_IF(condition, warn) ({				\
	static bool __section(".data.once") __warned;			\
	int __ret_warn_once = !!(condition);				\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		warn;							\
	}								\
	unlikely(__ret_warn_once);					\
})
#define WARN_ON_ONCE(condition)		__WARN_ONCE_IF(condition, WARN_ON(1))
#define WARN_ONCE(condition, format...)	__WARN_ONCE_IF(condition, WARN(1, format))
#define WARN_TAINT_ONCE(condition, taint, format...) \
	__WARN_ONCE_IF(condition, WARN_TAINT(1, taint, format))

#define BUG() do {							\
	__bug(__FILE__, __LINE__);					\
	__builtin_trap();						\
} while (0)

#define BUG_ON(condition) do { if (unlikely(condition)) BUG(); } while (0)

#define MAYBE_BUILD_BUG_ON(cond)					\
	do {								\
		if (__builtin_constant_p((cond)))			\
			BUILD_BUG_ON(cond);				\
		else							\
			BUG_ON(cond);					\
	} while (0)

#endif /* _LINUX_BUG_H */
