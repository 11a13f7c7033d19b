/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_GLOB_H
#define _LINUX_GLOB_H

#include <linux/types.h>
#include <linux/compiler.h>

/* shell-style matching of @str against @pat: * ? [a-z] [!...] \x (lib/glob.c) */
bool __pure glob_match(char const *pat, char const *str);

#endif /* _LINUX_GLOB_H */
