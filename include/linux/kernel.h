/* SPDX-License-Identifier: MIT */
/*
 * What 6.1's kernel.h gives, with its includes: code in the wild relies on
 * getting min(), ARRAY_SIZE(), kstrtoint(), pr_info() and bit operations
 * from here.
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/kernel.h>
#elif !defined(_LINUX_KERNEL_H)
#define _LINUX_KERNEL_H

#include <linux/stdarg.h>
#include <linux/align.h>
#include <linux/array_size.h>
#include <linux/limits.h>
#include <linux/linkage.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/bitops.h>
#include <linux/kstrtox.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/typecheck.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/build_bug.h>
#include <linux/instruction_pointer.h>
#include <linux/static_call_types.h>
#include <linux/errno.h>
#include <linux/bug.h>

#define STACK_MAGIC	0xdeadbeef

/* generic data direction definitions */
#define READ			0
#define WRITE			1

/* the high and low halves of a 64-bit value (safe for a 32-bit one) */
#define upper_32_bits(n)	((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n)	((u32)((n) & 0xffffffff))
#define upper_16_bits(n)	((u16)((n) >> 16))
#define lower_16_bits(n)	((u16)((n) & 0xffff))

#define REPEAT_BYTE(x)		((~0ul / 0xff) * (x))
#define u64_to_user_ptr(x)	((void __user *)(uintptr_t)(x))
#define COUNT_ARGS(X...)	__COUNT_ARGS(, ##X, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define __COUNT_ARGS(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _n, X...) _n
#define CONCATENATE(a, b)	__CONCAT(a, b)
#define __CONCAT(a, b)		a ## b

/*
 * Formatting: lib/vsprintf.c, the kernel's own (its %p extensions, no
 * floating point), which printk() uses too.
 */
int sprintf(char *buf, const char *fmt, ...) __printf(2, 3);
int vsprintf(char *buf, const char *fmt, va_list args) __printf(2, 0);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args) __printf(3, 0);
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args) __printf(3, 0);
int sscanf(const char *buf, const char *fmt, ...) __scanf(2, 3);
int vsscanf(const char *buf, const char *fmt, va_list args) __scanf(2, 0);

/* option strings (lib/cmdline.c): "1,3-5,8", sizes with K/M/G/T/P/E */
int get_option(char **str, int *pint);
char *get_options(const char *str, int nints, int *ints);
unsigned long long memparse(const char *ptr, char **retptr);

/* the value of one hex digit, -1 if @ch is none; hex2bin: -EINVAL on a bad digit */
int hex_to_bin(unsigned char ch);
int __must_check hex2bin(u8 *dst, const char *src, size_t count);
char *bin2hex(char *dst, const void *src, size_t count);

extern const char hex_asc[];
#define hex_asc_lo(x)	hex_asc[((x) & 0x0f)]
#define hex_asc_hi(x)	hex_asc[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack(char *buf, u8 byte)
{
	*buf++ = hex_asc_hi(byte);
	*buf++ = hex_asc_lo(byte);
	return buf;
}

extern const char hex_asc_upper[];
#define hex_asc_upper_lo(x)	hex_asc_upper[((x) & 0x0f)]
#define hex_asc_upper_hi(x)	hex_asc_upper[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack_upper(char *buf, u8 byte)
{
	*buf++ = hex_asc_upper_hi(byte);
	*buf++ = hex_asc_upper_lo(byte);
	return buf;
}

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
