// SPDX-License-Identifier: MIT
/*
 * Genuine Linux modules are x86-64's for now (Debian's amd64 kernels):
 * an arm64 host offers none of what their code expects, and says so.
 */
#include <errno.h>

#include "arch/arch.h"

int umod_arch_genuine_syms(const struct umod_arch_genuine_sym **syms, size_t *n)
{
	*syms = NULL;
	*n = 0;
	return -EOPNOTSUPP;
}

int umod_arch_genuine_veneers(const uint64_t *targets, size_t n, uint64_t *out)
{
	return -EOPNOTSUPP;
}

int umod_arch_genuine_data(const uint64_t *src, const size_t *size, size_t n, uint64_t *out)
{
	return -EOPNOTSUPP;
}

void *umod_arch_genuine_reserve(size_t *size, size_t min)
{
	return NULL;
}

void umod_arch_genuine_thread(void)
{
}

void umod_arch_set_current(void *task)
{
}

bool umod_arch_genuine_nop_mcount(void *site, uint64_t target)
{
	return false;
}
