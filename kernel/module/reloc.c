// SPDX-License-Identifier: MIT
/*
 * Walking the relocations: the scan, before layout, checks every entry
 * that will be applied (symbol index, type, offset inside its section) and
 * counts the GOT slots and far-call stubs the arch needs; the apply pass,
 * after symbols are resolved, fills those tables and hands each entry to
 * the arch with S, A and P computed. Only RELA sections whose target is
 * loaded matter; those against debug sections are skipped.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"

static const char *symname(const struct load_info *info, unsigned int idx)
{
	const Elf64_Sym *sym = &info->elf.syms[idx];

	if (ELF64_ST_TYPE(sym->st_info) == STT_SECTION && sym->st_shndx < info->elf.shnum)
		return umod_elf_secname(&info->elf, sym->st_shndx);
	return umod_elf_symname(&info->elf, sym);
}

/* is @i a relocation section that must be applied? checks its links */
static int applies(const struct load_info *info, unsigned int i, bool *yes)
{
	const Elf64_Shdr *s = &info->elf.sechdrs[i];

	*yes = false;
	if (s->sh_type != SHT_RELA && s->sh_type != SHT_REL)
		return 0;
	if (s->sh_info >= info->elf.shnum ||
	    info->sec[s->sh_info].region == UMOD_REGION_NONE)
		return 0;
	if (s->sh_type == SHT_REL) {
		umod_log_printk(info->log, KERN_ERR "%s: REL relocation unsupported (section %s)\n",
				info->name, umod_elf_secname(&info->elf, i));
		return -ENOEXEC;
	}
	if (s->sh_link != info->elf.symtab_idx) {
		umod_log_printk(info->log, KERN_ERR "%s: relocation section %s does not use the symbol table\n",
				info->name, umod_elf_secname(&info->elf, i));
		return -ENOEXEC;
	}
	*yes = true;
	return 0;
}

static int bad_entry(const struct load_info *info, unsigned int sec, size_t n,
		     const char *why)
{
	umod_log_printk(info->log, KERN_ERR "%s: relocation %zu of %s: %s\n",
			info->name, n, umod_elf_secname(&info->elf, sec), why);
	return -ENOEXEC;
}

/* symbol defined in a section that is not loaded (e.g. .modinfo) */
static bool sym_unloaded(const struct load_info *info, const Elf64_Sym *sym)
{
	unsigned int shndx = sym->st_shndx;

	if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE)
		return false;
	return info->sec[shndx].region == UMOD_REGION_NONE;
}

static int scan_entry(struct load_info *info, unsigned int sec, size_t n,
		      const Elf64_Rela *rel)
{
	unsigned int symidx = ELF64_R_SYM(rel->r_info);
	unsigned int type = ELF64_R_TYPE(rel->r_info);
	uint64_t size = info->elf.sechdrs[info->elf.sechdrs[sec].sh_info].sh_size;
	const Elf64_Sym *sym;
	unsigned int width;
	int needs;

	if (symidx >= info->elf.num_syms)
		return bad_entry(info, sec, n, "symbol index out of range");
	needs = umod_arch_reloc_needs(type, &width);
	if (needs < 0) {
		umod_log_printk(info->log, KERN_ERR UMOD_ARCH_RELOC_UNKNOWN, info->name, type);
		return -ENOEXEC;
	}
	if (rel->r_offset > size || width > size - rel->r_offset)
		return bad_entry(info, sec, n, "offset outside its section");
	sym = &info->elf.syms[symidx];
	if (symidx && sym_unloaded(info, sym))
		return bad_entry(info, sec, n, "symbol in a section that is not loaded");
	if ((needs & UMOD_ARCH_NEEDS_GOT) && info->got_slot[symidx] < 0)
		info->got_slot[symidx] = (int)info->num_got++;
	/* only symbols from outside the module can be out of a call's reach */
	if ((needs & UMOD_ARCH_NEEDS_PLT) && info->plt_slot[symidx] < 0 &&
	    (sym->st_shndx == SHN_UNDEF || sym->st_shndx == SHN_ABS))
		info->plt_slot[symidx] = (int)info->num_plt++;
	return 0;
}

/*
 * The per-symbol arrays of the load in one allocation (owned by symval):
 * the resolved values, zero, then the GOT and PLT slots, -1.
 */
static int alloc_symbol_arrays(struct load_info *info)
{
	size_t n = info->elf.num_syms;
	uint64_t *block = malloc(UMOD_SYMVAL_BYTES(n));

	if (!block)
		return -ENOMEM;
	memset(block, 0, n * sizeof(uint64_t));
	umod_reloc_set_arrays(info, block);
	memset(info->got_slot, 0xff, 2 * n * sizeof(int));
	return 0;
}

void umod_reloc_set_arrays(struct load_info *info, uint64_t *block)
{
	size_t n = info->elf.num_syms;

	info->symval = block;
	info->got_slot = (int *)(block + n);
	info->plt_slot = info->got_slot + n;
}

int umod_reloc_scan(struct load_info *info)
{
	int err = alloc_symbol_arrays(info);

	if (err)
		return err;

	for (unsigned int i = 1; i < info->elf.shnum; i++) {
		const Elf64_Shdr *s = &info->elf.sechdrs[i];
		const Elf64_Rela *rel;
		bool yes;

		err = applies(info, i, &yes);
		if (err)
			return err;
		if (!yes)
			continue;
		info->sec[i].apply = true;	/* the apply pass needs no second check */
		rel = umod_elf_section_data(&info->elf, i);
		for (size_t k = 0; k < s->sh_size / sizeof(*rel); k++) {
			err = scan_entry(info, i, k, &rel[k]);
			if (err)
				return err;
		}
	}
	return 0;
}

static int apply_section(struct load_info *info, unsigned int i)
{
	const Elf64_Shdr *s = &info->elf.sechdrs[i];
	const Elf64_Rela *rel = umod_elf_section_data(&info->elf, i);
	unsigned char *base = info->sec[s->sh_info].addr;
	unsigned char *core = info->core.base;

	for (size_t k = 0; k < s->sh_size / sizeof(*rel); k++) {
		unsigned int symidx = ELF64_R_SYM(rel[k].r_info);
		int got = info->got_slot[symidx], plt = info->plt_slot[symidx];
		struct umod_reloc r = {
			.type = ELF64_R_TYPE(rel[k].r_info),
			.where = base + rel[k].r_offset,
			.sym = info->symval[symidx],
			.addend = rel[k].r_addend,
			.got = got < 0 ? NULL : core + info->got_off + (size_t)got * UMOD_ARCH_GOT_SIZE,
			.plt = plt < 0 ? NULL : core + info->plt_off + (size_t)plt * UMOD_ARCH_PLT_SIZE,
			.symname = symname(info, symidx),
		};
		int err;

		/*
		 * Every slot was given to an entry that needs it, so filling the
		 * tables entry by entry (again for a symbol used twice: the same
		 * value) fills them all without a walk of every symbol.
		 */
		if (r.got)
			memcpy(r.got, &r.sym, sizeof(r.sym));
		if (r.plt)
			umod_arch_write_plt(r.plt, r.sym);
		err = umod_arch_apply(info->log, info->name, &r);

		if (err)
			return err;
	}
	return 0;
}

int umod_reloc_apply(struct load_info *info)
{
	const unsigned int *apply = umod_load_order(info) + info->lists.num_loaded;

	for (unsigned int k = 0; k < info->lists.num_apply; k++) {
		int err = apply_section(info, apply[k]);

		if (err)
			return err;
	}
	return 0;
}
