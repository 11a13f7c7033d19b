/* SPDX-License-Identifier: MIT */
/*
 * The kernel's kstrto*(): strict number parsing (parameters, exported to
 * modules, and the tools' option parsing).
 */
#ifndef _UMOD_LIB_KSTRTOX_H
#define _UMOD_LIB_KSTRTOX_H

#include <stdbool.h>
#include <stdint.h>

int umod_kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int umod_kstrtoll(const char *s, unsigned int base, long long *res);
int umod_kstrtoul(const char *s, unsigned int base, unsigned long *res);
int umod_kstrtol(const char *s, unsigned int base, long *res);
int umod_kstrtouint(const char *s, unsigned int base, unsigned int *res);
int umod_kstrtoint(const char *s, unsigned int base, int *res);
int umod_kstrtou16(const char *s, unsigned int base, uint16_t *res);
int umod_kstrtos16(const char *s, unsigned int base, int16_t *res);
int umod_kstrtou8(const char *s, unsigned int base, uint8_t *res);
int umod_kstrtos8(const char *s, unsigned int base, int8_t *res);
int umod_kstrtobool(const char *s, bool *res);

/* lib/kstrtox.h's _parse_integer pair, for parsers that stop at a non-digit
 * (sysctl's numbers): the base from C prefixes when @base is 0, then the
 * digits' count, with this bit set on overflow */
#define UMOD_KSTRTOX_OVERFLOW	(1u << 31)
const char *umod_parse_integer_fixup_radix(const char *s, unsigned int *base);
unsigned int umod_parse_integer(const char *s, unsigned int base, unsigned long long *res);

#endif /* _UMOD_LIB_KSTRTOX_H */
