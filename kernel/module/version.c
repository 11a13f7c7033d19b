// SPDX-License-Identifier: MIT
/*
 * Version checks, as kernel/module/version.c and check_modinfo():
 *
 * Version magic: the host accepts a module whose .modinfo vermagic equals
 * its own; with modversions (the module has __versions) the release, up to
 * the first space, is not compared, since the CRCs cover what it stood for.
 * A missing vermagic, or one the caller asked to ignore, is a forced load:
 * allowed (CONFIG_MODULE_FORCE_LOAD=y, as Debian's kernel) but it taints
 * the host with F.
 *
 * Modversions: each symbol a module imports is listed in its __versions
 * with the CRC of the type it was built against (modpost writes them from
 * the providers' Module.symvers); the exporter's CRC (its __kcrctab, or
 * the host's table) must match. module_layout stands for the structures
 * of include/umod/kabi.h and is checked first.
 */
#include <errno.h>
#include <string.h>

#include <generated/host_vermagic.h>

#include "kernel/module/internal.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "util/modinfo.h"
#include "util/symtab.h"

const char umod_vermagic[] = UMOD_HOST_VERMAGIC;

static bool try_to_force_load(struct load_info *info, const char *reason)
{
	if (!umod_host_test_taint(info->host, UMOD_TAINT_FORCED_MODULE))
		umod_log_printk(info->log, KERN_WARNING "%s: %s: kernel tainted.\n",
				info->name, reason);
	umod_host_add_taint(info->host, UMOD_TAINT_FORCED_MODULE, UMOD_LOCKDEP_NOW_UNRELIABLE);
	info->taints |= 1ul << UMOD_TAINT_FORCED_MODULE;
	return true;
}

static bool same_magic(const char *amagic, const char *bmagic, bool has_crcs)
{
	if (has_crcs) {
		amagic += strcspn(amagic, " ");
		bmagic += strcspn(bmagic, " ");
	}
	return !strcmp(amagic, bmagic);
}

int umod_check_modinfo(struct load_info *info)
{
	const char *magic = umod_modinfo_get(info->modinfo, info->modinfo_size, "vermagic");

	if (info->flags & UMOD_INSERT_FORCE_VERMAGIC)
		magic = NULL;
	if (!magic) {
		try_to_force_load(info, "bad vermagic");
		return umod_check_sanitize(info);
	}
	if (!same_magic(magic, umod_genuine_vermagic(info), info->index.vers)) {
		umod_log_printk(info->log, KERN_ERR "%s: version magic '%s' should be '%s'\n",
				info->name, magic, umod_genuine_vermagic(info));
		return -ENOEXEC;
	}
	return umod_check_sanitize(info);
}

/* the __versions records, read in place from the image */
static const struct modversion_info *versions(const struct load_info *info, size_t *n)
{
	const Elf64_Shdr *s = &info->elf.sechdrs[info->index.vers];

	*n = s->sh_size / sizeof(struct modversion_info);
	return umod_elf_section_data(&info->elf, info->index.vers);
}

/*
 * __versions: whole, aligned records, each name NUL-terminated inside its
 * 56 bytes. Checked once, before any record is read.
 */
static int check_versions_section(const struct load_info *info)
{
	const Elf64_Shdr *s = &info->elf.sechdrs[info->index.vers];
	const struct modversion_info *v;
	size_t n;

	if (s->sh_type == SHT_NOBITS || s->sh_size % sizeof(*v) ||
	    s->sh_offset % _Alignof(struct modversion_info)) {
		umod_log_printk(info->log, KERN_ERR "%s: __versions is not an array of struct modversion_info\n",
				info->name);
		return -ENOEXEC;
	}
	v = versions(info, &n);
	for (size_t i = 0; i < n; i++) {
		if (!memchr(v[i].name, '\0', sizeof(v[i].name))) {
			umod_log_printk(info->log, KERN_ERR "%s: __versions entry %zu has no terminated name\n",
					info->name, i);
			return -ENOEXEC;
		}
	}
	return 0;
}

bool umod_version_crc(const struct load_info *info, const char *name, uint32_t *crc)
{
	const struct modversion_info *v;
	size_t n;

	if (!info->index.vers)
		return false;
	v = versions(info, &n);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(v[i].name, name)) {
			*crc = (uint32_t)v[i].crc;
			return true;
		}
	}
	return false;
}

bool umod_check_version(struct load_info *info, const char *name,
			const struct umod_ksym *ks)
{
	const struct modversion_info *v;
	size_t n;

	/* an exporter without CRCs: nothing to compare (the kernel: "OK") */
	if (!ks->has_crc)
		return true;
	/* no versions at all: modprobe --force-modversion does this */
	if (!info->index.vers)
		return try_to_force_load(info, name);
	v = versions(info, &n);
	for (size_t i = 0; i < n; i++) {
		if (v[i].name[0] != name[0] || strcmp(v[i].name, name))
			continue;
		if ((uint32_t)v[i].crc == ks->crc && !(v[i].crc >> 32))
			return true;
		umod_log_printk(info->log, KERN_WARNING "%s: disagrees about version of symbol %s\n",
				info->name, name);
		return false;
	}
	/* a broken toolchain: warn once per host, then let it go */
	if (!atomic_exchange(&info->host->warned_no_symver, true))
		umod_log_printk(info->log, KERN_WARNING "%s: no symbol version for %s\n",
				info->name, name);
	return true;
}

int umod_check_modstruct_version(struct load_info *info)
{
	int err = info->index.vers ? check_versions_section(info) : 0;

	return err ? err : umod_check_module_layout(info);
}

int umod_check_module_layout(struct load_info *info)
{
	const struct umod_ksym *ks;
	bool ok = true;

	pthread_mutex_lock(&info->host->module_mutex);
	ks = umod_find_export(info, "module_layout");
	if (ks)
		ok = umod_check_version(info, "module_layout", ks);
	pthread_mutex_unlock(&info->host->module_mutex);
	return ok ? 0 : -ENOEXEC;
}
