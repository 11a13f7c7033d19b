// SPDX-License-Identifier: MIT
/*
 * A module's own exports: the __ksymtab and __ksymtab_gpl arrays that
 * EXPORT_SYMBOL*() emit, in the kernel's place-relative form (each field
 * is an offset from itself), naming strings in __ksymtab_strings. They are
 * read after relocation, from the module's memory, and every entry is
 * checked before it is trusted: its name and namespace must be strings
 * inside __ksymtab_strings, its value inside the module's core. They join
 * the host's export table when the module becomes COMING and leave it
 * before its memory goes.
 */
#include <errno.h>
#include <string.h>

#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"
#include "util/symtab.h"

static const void *offset_to_ptr(const int *off)
{
	return (const char *)off + *off;
}

const char *umod_kernel_symbol_name(const struct kernel_symbol *ks)
{
	return offset_to_ptr(&ks->name_offset);
}

const char *umod_kernel_symbol_namespace(const struct kernel_symbol *ks)
{
	return ks->namespace_offset ? offset_to_ptr(&ks->namespace_offset) : NULL;
}

uint64_t umod_kernel_symbol_value(const struct kernel_symbol *ks)
{
	return (uint64_t)(uintptr_t)offset_to_ptr(&ks->value_offset);
}

/* the sections read here, found in one walk of the section headers */
enum { KSYMTAB, KSYMTAB_GPL, KCRCTAB, KCRCTAB_GPL, KSYMTAB_STRINGS, NUM_EXPORT_SECS };

static const char *const export_secs[NUM_EXPORT_SECS] = {
	"__ksymtab", "__ksymtab_gpl", "__kcrctab", "__kcrctab_gpl", "__ksymtab_strings",
};

/* idx[k]: the first section named export_secs[k], or 0 */
static void find_export_sections(const struct umod_elf *elf, unsigned int idx[NUM_EXPORT_SECS])
{
	memset(idx, 0, NUM_EXPORT_SECS * sizeof(*idx));
	for (unsigned int i = 1; i < elf->shnum; i++) {
		const char *name = elf->secstrings + elf->sechdrs[i].sh_name;

		if (name[0] != '_' || name[1] != '_' || name[2] != 'k')
			continue;
		for (int k = 0; k < NUM_EXPORT_SECS; k++)
			if (!idx[k] && !strcmp(name, export_secs[k]))
				idx[k] = i;
	}
}

/* an allocated section's placed address and size, or NULL */
static const void *placed(const struct load_info *info, unsigned int idx, size_t *size)
{
	if (!idx || !info->sec[idx].addr)
		return NULL;
	*size = info->elf.sechdrs[idx].sh_size;
	return info->sec[idx].addr;
}

/* a NUL-terminated string that starts inside [base, base + size) */
static bool string_within(const char *s, const char *base, size_t size)
{
	if (!base || s < base || s >= base + size)
		return false;
	return memchr(s, '\0', (size_t)(base + size - s)) != NULL;
}

struct strings {
	const char *base;
	size_t size;
};

/*
 * Every entry of one array: its name is a non-empty string in
 * __ksymtab_strings; its namespace, if any, is one too; its value lies in
 * the module's core region.
 */
static int check_entries(const struct load_info *info, const char *secname,
			 const struct kernel_symbol *ks, size_t n, const struct strings *str)
{
	uintptr_t core = (uintptr_t)info->core.base;

	for (size_t i = 0; i < n; i++) {
		const char *name = umod_kernel_symbol_name(&ks[i]);
		const char *ns = umod_kernel_symbol_namespace(&ks[i]);
		uint64_t value = umod_kernel_symbol_value(&ks[i]);

		if (!string_within(name, str->base, str->size) || !*name ||
		    (ns && !string_within(ns, str->base, str->size))) {
			umod_log_printk(info->log, KERN_ERR "%s: %s entry %zu names no string in __ksymtab_strings\n",
					info->name, secname, i);
			return -ENOEXEC;
		}
		if (value < core || value >= core + info->core.size) {
			umod_log_printk(info->log, KERN_ERR "%s: exported symbol %s lies outside the module\n",
					info->name, name);
			return -ENOEXEC;
		}
	}
	return 0;
}

static int find_array(const struct load_info *info, unsigned int idx, const char *secname,
		      const struct kernel_symbol **ksp, unsigned int *np,
		      const struct strings *str)
{
	size_t size = 0;
	const struct kernel_symbol *ks = placed(info, idx, &size);

	*ksp = NULL;
	*np = 0;
	if (!ks)
		return 0;
	if (size % sizeof(*ks) || (uintptr_t)ks % _Alignof(struct kernel_symbol)) {
		umod_log_printk(info->log, KERN_ERR "%s: %s is not an array of struct kernel_symbol\n",
				info->name, secname);
		return -ENOEXEC;
	}
	if (size && !str->base) {
		umod_log_printk(info->log, KERN_ERR "%s: %s without __ksymtab_strings\n",
				info->name, secname);
		return -ENOEXEC;
	}
	*ksp = ks;
	*np = (unsigned int)(size / sizeof(*ks));
	return check_entries(info, secname, ks, *np, str);
}

/*
 * __kcrctab(_gpl): modpost writes one CRC per entry of the matching
 * __ksymtab(_gpl), in the same order; a table of another length is broken.
 */
static int find_crcs(const struct load_info *info, unsigned int idx, const char *secname,
		     unsigned int nsyms, const uint32_t **crcsp)
{
	size_t size = 0;
	const uint32_t *crcs = placed(info, idx, &size);

	*crcsp = NULL;
	if (!crcs)
		return 0;
	if (size != (size_t)nsyms * sizeof(*crcs) || (uintptr_t)crcs % _Alignof(uint32_t)) {
		umod_log_printk(info->log, KERN_ERR "%s: %s has %zu bytes for %u exports\n",
				info->name, secname, size, nsyms);
		return -ENOEXEC;
	}
	*crcsp = crcs;
	return 0;
}

int umod_exports_find(struct load_info *info)
{
	struct umod_module *mod = info->mod;
	struct strings str = { NULL, 0 };
	unsigned int idx[NUM_EXPORT_SECS];
	int err;

	find_export_sections(&info->elf, idx);
	str.base = placed(info, idx[KSYMTAB_STRINGS], &str.size);
	err = find_array(info, idx[KSYMTAB], "__ksymtab", &mod->syms, &mod->num_syms, &str);
	if (!err)
		err = find_array(info, idx[KSYMTAB_GPL], "__ksymtab_gpl", &mod->gpl_syms,
				 &mod->num_gpl_syms, &str);
	if (!err)
		err = find_crcs(info, idx[KCRCTAB], "__kcrctab", mod->num_syms, &mod->crcs);
	if (!err)
		err = find_crcs(info, idx[KCRCTAB_GPL], "__kcrctab_gpl", mod->num_gpl_syms,
				&mod->gpl_crcs);
	return err;
}

static int add_one(struct umod_module *mod, const struct kernel_symbol *ks,
		   const uint32_t *crc, unsigned int flags)
{
	struct umod_host *host = mod->host;
	const char *ns = umod_kernel_symbol_namespace(ks);
	struct umod_ksym sym = {
		.name = umod_kernel_symbol_name(ks),
		.ns = ns && *ns ? ns : NULL,
		.addr = umod_kernel_symbol_value(ks),
		.owner = mod,
		.flags = flags,
		.crc = crc ? *crc : 0,
		.has_crc = crc != NULL,
	};
	const struct umod_ksym *old = umod_symtab_lookup(host->exports, sym.name);

	/* a library's name, a module's in the genuine kernel: kept aside */
	if (old && !old->owner && mod->genuine && umod_genuine_may_shadow(host, sym.name))
		return umod_genuine_shadow_add(host, &sym);
	if (old) {
		umod_log_printk(host->log, KERN_ERR "%s: exports duplicate symbol %s (owned by %s)\n",
				mod->name, sym.name, old->owner ? old->owner->name : "kernel");
		return -ENOEXEC;
	}
	return umod_symtab_add(host->exports, &sym);
}

/* the first @n entries of @ks leave the table, where they are ours */
static void del_array(struct umod_module *mod, const struct kernel_symbol *ks, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		umod_symtab_del(mod->host->exports, umod_kernel_symbol_name(&ks[i]), mod);
		umod_genuine_shadow_del(mod->host, umod_kernel_symbol_name(&ks[i]), mod);
	}
}

int umod_exports_add(struct umod_module *mod)
{
	unsigned int i, j;
	int err = 0;

	for (i = 0; i < mod->num_syms && !err; i++)
		err = add_one(mod, &mod->syms[i], mod->crcs ? &mod->crcs[i] : NULL, 0);
	for (j = 0; j < mod->num_gpl_syms && !err; j++)
		err = add_one(mod, &mod->gpl_syms[j], mod->gpl_crcs ? &mod->gpl_crcs[j] : NULL,
			      UMOD_KSYM_GPL);
	if (!err)
		return 0;
	/* i and j count the failed entry too: where it is not ours, del skips it */
	del_array(mod, mod->syms, i);
	del_array(mod, mod->gpl_syms, j);
	return err;
}

void umod_exports_del(struct umod_module *mod)
{
	del_array(mod, mod->syms, mod->num_syms);
	del_array(mod, mod->gpl_syms, mod->num_gpl_syms);
}
