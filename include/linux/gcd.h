/* SPDX-License-Identifier: MIT */
#ifndef _GCD_H
#define _GCD_H

#include <linux/compiler.h>

unsigned long gcd(unsigned long a, unsigned long b) __attribute__((__const__));

#endif /* _GCD_H */
