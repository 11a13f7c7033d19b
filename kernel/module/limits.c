// SPDX-License-Identifier: MIT
/*
 * The host's limits on one load, checked once the module's name is known
 * and before anything is allocated, so that an absurd module or command
 * line fails cheaply with a message naming the module. Linux has few such
 * limits (the kernel trusts root); a user-space host that may serve
 * unprivileged requests through the daemon bounds what one load can cost.
 * The values are in kernel/module/internal.h and util/file.h.
 */
#include <errno.h>
#include <string.h>

#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"
#include "util/file.h"

static uint64_t count_relocations(const struct umod_elf *elf)
{
	uint64_t n = 0;

	for (unsigned int i = 1; i < elf->shnum; i++)
		if (elf->sechdrs[i].sh_type == SHT_RELA)
			n += elf->sechdrs[i].sh_size / sizeof(Elf64_Rela);
	return n;
}

static int too_many(const struct load_info *info, const char *what,
		    unsigned long long n, unsigned long limit)
{
	umod_log_printk(info->log, KERN_ERR "%s: too many %s (%llu, limit %lu)\n",
			info->name, what, n, limit);
	return -ENOEXEC;
}

int umod_check_limits(const struct load_info *info, const char *args)
{
	uint64_t relocs = count_relocations(&info->elf);
	size_t len = args ? strnlen(args, UMOD_MAX_ARGS_LEN + 1) : 0;

	if (info->elf.shnum > UMOD_MAX_SECTIONS)
		return too_many(info, "sections", info->elf.shnum, UMOD_MAX_SECTIONS);
	if (info->elf.num_syms > UMOD_MAX_SYMBOLS)
		return too_many(info, "symbols", info->elf.num_syms, UMOD_MAX_SYMBOLS);
	if (relocs > UMOD_MAX_RELOCATIONS)
		return too_many(info, "relocations", relocs, UMOD_MAX_RELOCATIONS);
	if (len > UMOD_MAX_ARGS_LEN) {
		umod_log_printk(info->log, KERN_ERR "%s: parameters too long (more than %lu bytes)\n",
				info->name, UMOD_MAX_ARGS_LEN);
		return -E2BIG;
	}
	return 0;
}

int umod_check_image_size(struct umod_log *log, size_t len)
{
	if (len <= UMOD_MAX_IMAGE_SIZE)
		return 0;
	umod_log_printk(log, KERN_ERR "Module len %zu exceeds the limit of %lu bytes\n",
			len, UMOD_MAX_IMAGE_SIZE);
	return -EFBIG;
}
