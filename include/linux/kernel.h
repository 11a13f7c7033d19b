/* SPDX-License-Identifier: MIT */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/kernel.h>
#elif !defined(_LINUX_KERNEL_H)
#define _LINUX_KERNEL_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/stdarg.h>
#include <linux/stddef.h>
#include <linux/types.h>

#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define BIT(nr)			(1UL << (nr))

#define min(x, y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); \
		     (void)(&_x == &_y); _x < _y ? _x : _y; })
#define max(x, y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); \
		     (void)(&_x == &_y); _x > _y ? _x : _y; })
#define min_t(type, x, y)	({ type __x = (x); type __y = (y); __x < __y ? __x : __y; })
#define max_t(type, x, y)	({ type __x = (x); type __y = (y); __x > __y ? __x : __y; })
#define clamp(val, lo, hi)	min(max(val, lo), hi)

/* formatting: the host's C library formatter (no %p extensions yet) */
int sprintf(char *buf, const char *fmt, ...) __printf(2, 3);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args) __printf(3, 0);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args) __printf(3, 0);
int sscanf(const char *buf, const char *fmt, ...) __scanf(2, 3);

/* kstrto*(): the kernel's strict number parsing, also behind module_param */
int __must_check kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int __must_check kstrtoll(const char *s, unsigned int base, long long *res);
int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res);
int __must_check kstrtol(const char *s, unsigned int base, long *res);
int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);
int __must_check kstrtoint(const char *s, unsigned int base, int *res);
int __must_check kstrtou16(const char *s, unsigned int base, u16 *res);
int __must_check kstrtos16(const char *s, unsigned int base, s16 *res);
int __must_check kstrtou8(const char *s, unsigned int base, u8 *res);
int __must_check kstrtos8(const char *s, unsigned int base, s8 *res);
int __must_check kstrtobool(const char *s, bool *res);

/* a BUG() stops the host with an oops report; WARN_ON() only logs */
#define BUG()		__builtin_trap()
#define BUG_ON(cond)	do { if (unlikely(cond)) BUG(); } while (0)
#define WARN_ON(cond) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		printk(KERN_WARNING "WARNING: at %s:%d %s()\n",		\
		       __FILE__, __LINE__, __func__);			\
	unlikely(__ret_warn_on);					\
})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)

/* ---- sched: might_sleep(), reported when called from atomic context ---- */
#ifndef might_sleep
void __might_resched(const char *file, int line, unsigned int offsets);
void __might_sleep(const char *file, int line);
int __cond_resched(void);
#define might_sleep()		do { __might_sleep(__FILE__, __LINE__); } while (0)
#define might_sleep_if(cond)	do { if (cond) might_sleep(); } while (0)
#define sched_annotate_sleep()	do { } while (0)
#define non_block_start()	do { } while (0)
#define non_block_end()		do { } while (0)
#endif
#ifndef cond_resched
#define cond_resched() ({ __might_resched(__FILE__, __LINE__, 0); __cond_resched(); })
#endif

#endif /* _LINUX_KERNEL_H */
