// SPDX-License-Identifier: MIT
/*
 * Version magic: the host accepts a module whose .modinfo vermagic equals
 * its own. A missing vermagic, or one the caller asked to ignore, is a
 * forced load: allowed (CONFIG_MODULE_FORCE_LOAD=y, as Debian's kernel)
 * but it taints the host with F.
 */
#include <errno.h>
#include <string.h>

#include <generated/host_vermagic.h>

#include "internal.h"

const char umod_vermagic[] = UMOD_HOST_VERMAGIC;

static void try_to_force_load(struct load_info *info, const char *reason)
{
	if (!umod_host_test_taint(info->host, UMOD_TAINT_FORCED_MODULE))
		umod_log_printk(info->log, KERN_WARNING "%s: %s: kernel tainted.\n",
				info->name, reason);
	umod_host_add_taint(info->host, UMOD_TAINT_FORCED_MODULE, UMOD_LOCKDEP_NOW_UNRELIABLE);
	info->taints |= 1ul << UMOD_TAINT_FORCED_MODULE;
}

int umod_check_modinfo(struct load_info *info)
{
	const char *magic = umod_modinfo_get(info->modinfo, info->modinfo_size, "vermagic");

	if (info->flags & UMOD_INSERT_FORCE_VERMAGIC)
		magic = NULL;
	if (!magic) {
		try_to_force_load(info, "bad vermagic");
		return 0;
	}
	if (strcmp(magic, umod_vermagic)) {
		umod_log_printk(info->log, KERN_ERR "%s: version magic '%s' should be '%s'\n",
				info->name, magic, umod_vermagic);
		return -ENOEXEC;
	}
	return 0;
}
