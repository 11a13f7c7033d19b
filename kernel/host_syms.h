/* SPDX-License-Identifier: MIT */
#ifndef UMOD_KERNEL_HOST_SYMS_H
#define UMOD_KERNEL_HOST_SYMS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * kernel/host_syms.c: the host's functions by address, for the oops
 * report's call trace. load reads them once (not in a signal handler);
 * lookup is safe anywhere, and finds nothing before load.
 */
void umod_host_syms_load(void);
bool umod_host_syms_lookup(uint64_t addr, const char **name, uint64_t *off, uint64_t *size);

#endif
