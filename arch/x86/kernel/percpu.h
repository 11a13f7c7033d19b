/* SPDX-License-Identifier: MIT */
/* setup_percpu.c's per-CPU block, for genuine.c's table of names */
#ifndef _UMOD_ARCH_X86_PERCPU_H
#define _UMOD_ARCH_X86_PERCPU_H

#include <stdint.h>

/* calls @add with each per-CPU word genuine code may name and its offset */
void umod_arch_percpu_syms(void (*add)(const char *name, uint64_t off));

#endif /* _UMOD_ARCH_X86_PERCPU_H */
