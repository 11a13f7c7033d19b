/* SPDX-License-Identifier: MIT */
/* The kernel's formatter and parsers (lib/vsprintf.c), for host code and tests. */
#ifndef _UMOD_LIB_VSPRINTF_H
#define _UMOD_LIB_VSPRINTF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

int umod_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int umod_snprintf(char *buf, size_t size, const char *fmt, ...);
int umod_vscnprintf(char *buf, size_t size, const char *fmt, va_list ap);
/* scnprintf(): what was written, never more than @size - 1 (a full buffer stays full) */
int umod_scnprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int umod_vsscanf(const char *buf, const char *fmt, va_list ap);
int umod_sscanf(const char *buf, const char *fmt, ...);
unsigned long long umod_simple_strtoull(const char *cp, char **endp, unsigned int base);
unsigned long umod_simple_strtoul(const char *cp, char **endp, unsigned int base);
long long umod_simple_strtoll(const char *cp, char **endp, unsigned int base);
long umod_simple_strtol(const char *cp, char **endp, unsigned int base);

/* what %p prints for @p (the low 32 bits of a keyed SipHash) */
unsigned long umod_ptr_to_hashval(const void *p);
/* "-ENOMEM" for -12 into @buf; NULL when the code has no name */
const char *umod_errname(int err, char *buf, size_t size);

#endif /* _UMOD_LIB_VSPRINTF_H */
