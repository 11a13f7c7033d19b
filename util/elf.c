// SPDX-License-Identifier: MIT
/*
 * Validation of an ELF64 x86-64 relocatable image. Every offset and size
 * taken from the file is checked here, once, through umod_elf_range_ok();
 * later phases index sections, symbols and strings without re-checking.
 * Messages follow the kernel's elf_validity_check() where it has one.
 */
#include <errno.h>
#include <string.h>

#include <linux/kern_levels.h>

#include "arch/arch.h"
#include "util/elf.h"

/* one message for the caller's log, in the kernel's words */
static void __attribute__((__format__(printf, 2, 3)))
elf_err(const struct umod_elf *elf, const char *fmt, ...)
{
	va_list ap;

	if (!elf->report)
		return;
	va_start(ap, fmt);
	elf->report(elf->report_data, fmt, ap);
	va_end(ap);
}

bool umod_elf_range_ok(const struct umod_elf *elf, uint64_t off, uint64_t size)
{
	return off <= elf->len && size <= elf->len - off;
}

const char *umod_elf_secname(const struct umod_elf *elf, unsigned int idx)
{
	return elf->secstrings + elf->sechdrs[idx].sh_name;
}

const char *umod_elf_symname(const struct umod_elf *elf, const Elf64_Sym *sym)
{
	return elf->strtab + sym->st_name;
}

int umod_elf_find_section(const struct umod_elf *elf, const char *name)
{
	for (unsigned int i = 1; i < elf->shnum; i++)
		if (umod_elf_secname_is(elf, i, name))
			return (int)i;
	return 0;
}

const void *umod_elf_section_data(const struct umod_elf *elf, unsigned int idx)
{
	return elf->image + elf->sechdrs[idx].sh_offset;
}

static int check_ehdr(struct umod_elf *elf)
{
	const Elf64_Ehdr *h = elf->hdr;

	if (elf->len < sizeof(*h)) {
		elf_err(elf, KERN_ERR "Invalid ELF header len %zu\n", elf->len);
		return -ENOEXEC;
	}
	if (memcmp(h->e_ident, ELFMAG, SELFMAG)) {
		elf_err(elf, KERN_ERR "Invalid ELF header magic: != %s\n", ELFMAG);
		return -ENOEXEC;
	}
	if (h->e_ident[EI_CLASS] != ELFCLASS64) {
		elf_err(elf, KERN_ERR "Invalid ELF header class: %u != %u\n",
				h->e_ident[EI_CLASS], ELFCLASS64);
		return -ENOEXEC;
	}
	if (h->e_ident[EI_DATA] != ELFDATA2LSB) {
		elf_err(elf, KERN_ERR "Invalid ELF header data encoding: %u != %u\n",
				h->e_ident[EI_DATA], ELFDATA2LSB);
		return -ENOEXEC;
	}
	if (h->e_type != ET_REL) {
		elf_err(elf, KERN_ERR "Invalid ELF header type: %u != %u\n",
				h->e_type, ET_REL);
		return -ENOEXEC;
	}
	if (h->e_machine != UMOD_ARCH_ELF_MACHINE) {
		elf_err(elf, KERN_ERR "Invalid architecture in ELF header: %u\n",
				h->e_machine);
		return -ENOEXEC;
	}
	return 0;
}

static int check_shdrs(struct umod_elf *elf)
{
	const Elf64_Ehdr *h = elf->hdr;

	if (h->e_shentsize != sizeof(Elf64_Shdr)) {
		elf_err(elf, KERN_ERR "Invalid ELF section header size\n");
		return -ENOEXEC;
	}
	if (h->e_shoff >= elf->len ||
	    !umod_elf_range_ok(elf, h->e_shoff, (uint64_t)h->e_shnum * sizeof(Elf64_Shdr))) {
		elf_err(elf, KERN_ERR "Invalid ELF section header overflow\n");
		return -ENOEXEC;
	}
	if (h->e_shoff % _Alignof(Elf64_Shdr)) {
		elf_err(elf, KERN_ERR "Invalid ELF section header alignment\n");
		return -ENOEXEC;
	}
	elf->sechdrs = (const Elf64_Shdr *)(elf->image + h->e_shoff);
	elf->shnum = h->e_shnum;
	if (h->e_shstrndx == SHN_UNDEF || h->e_shstrndx >= h->e_shnum) {
		elf_err(elf, KERN_ERR "Invalid ELF section name index: %d || e_shstrndx (%d) >= e_shnum (%d)\n",
				h->e_shstrndx, h->e_shstrndx, h->e_shnum);
		return -ENOEXEC;
	}
	if (elf->sechdrs[0].sh_type != SHT_NULL || elf->sechdrs[0].sh_size ||
	    elf->sechdrs[0].sh_addr) {
		elf_err(elf, KERN_ERR "ELF Spec violation: section 0 type(%d)!=SH_NULL or non-zero len or addr\n",
				elf->sechdrs[0].sh_type);
		return -ENOEXEC;
	}
	return 0;
}

/* a string table: in bounds (already checked), non-empty, NUL-terminated */
static bool strtab_ok(const struct umod_elf *elf, const Elf64_Shdr *s)
{
	return s->sh_type == SHT_STRTAB && s->sh_size &&
	       elf->image[s->sh_offset + s->sh_size - 1] == '\0';
}

static int check_secstrings(struct umod_elf *elf)
{
	const Elf64_Shdr *s = &elf->sechdrs[elf->hdr->e_shstrndx];

	if (!umod_elf_range_ok(elf, s->sh_offset, s->sh_size)) {
		elf_err(elf, KERN_ERR "Invalid ELF section hdr(type %u)\n", s->sh_type);
		return -ENOEXEC;
	}
	if (!s->sh_size) {
		elf_err(elf, KERN_ERR "empty section name table\n");
		return -ENOEXEC;
	}
	if (elf->image[s->sh_offset + s->sh_size - 1] != '\0') {
		elf_err(elf, KERN_ERR "ELF Spec violation: section name table isn't null terminated\n");
		return -ENOEXEC;
	}
	elf->secstrings = (const char *)elf->image + s->sh_offset;
	elf->secstrings_size = s->sh_size;
	return 0;
}

/*
 * Per section: contents in the file (unless NOBITS), a name inside the
 * name table, a power-of-two alignment; a symbol table links to a string
 * table; a RELA section has the right entry size, links to the symbol
 * table and targets an existing section.
 */
static int check_section(struct umod_elf *elf, unsigned int i)
{
	const Elf64_Shdr *s = &elf->sechdrs[i];

	/*
	 * An SHT_NULL section past index 0 is checked too: sections are
	 * found by name, whatever their type, and then read.
	 */
	if (s->sh_type != SHT_NOBITS && !umod_elf_range_ok(elf, s->sh_offset, s->sh_size)) {
		elf_err(elf, KERN_ERR "Invalid ELF section in module (section %u type %u)\n",
				i, s->sh_type);
		return -ENOEXEC;
	}
	if (s->sh_name >= elf->secstrings_size) {
		elf_err(elf, KERN_ERR "Invalid ELF section name in module (section %u type %u)\n",
				i, s->sh_type);
		return -ENOEXEC;
	}
	if (s->sh_type == SHT_NULL)
		return 0;
	if (s->sh_addralign & (s->sh_addralign - 1)) {
		elf_err(elf, KERN_ERR "Invalid ELF section alignment in module (section %u: %llu)\n",
				i, (unsigned long long)s->sh_addralign);
		return -ENOEXEC;
	}
	if (s->sh_type == SHT_SYMTAB) {
		if (s->sh_link == SHN_UNDEF || s->sh_link >= elf->shnum) {
			elf_err(elf, KERN_ERR "Invalid ELF sh_link!=SHN_UNDEF(%d) or (sh_link(%d) >= hdr->e_shnum(%d)\n",
					s->sh_link, s->sh_link, elf->shnum);
			return -ENOEXEC;
		}
		elf->num_symtabs++;
		elf->symtab_idx = i;
	}
	if (s->sh_type == SHT_RELA &&
	    (s->sh_entsize != sizeof(Elf64_Rela) || s->sh_size % sizeof(Elf64_Rela) ||
	     s->sh_offset % _Alignof(Elf64_Rela) ||
	     !s->sh_info || s->sh_info >= elf->shnum)) {
		elf_err(elf, KERN_ERR "Invalid ELF relocation section %u (entsize %llu, target section %u)\n",
				i, (unsigned long long)s->sh_entsize, s->sh_info);
		return -ENOEXEC;
	}
	return 0;
}

/*
 * The symbol table: whole entries, aligned, its string table valid; each
 * symbol's name inside it and its section index either special or an
 * existing section, its value inside that section.
 */
static int check_symtab(struct umod_elf *elf)
{
	const Elf64_Shdr *s = &elf->sechdrs[elf->symtab_idx];
	const Elf64_Shdr *str;

	if (s->sh_entsize != sizeof(Elf64_Sym) || s->sh_size % sizeof(Elf64_Sym) ||
	    s->sh_offset % _Alignof(Elf64_Sym) || !s->sh_size) {
		elf_err(elf, KERN_ERR "Invalid ELF symbol table (section %u)\n",
				elf->symtab_idx);
		return -ENOEXEC;
	}
	str = &elf->sechdrs[s->sh_link];
	if (!strtab_ok(elf, str)) {
		elf_err(elf, KERN_ERR "Invalid ELF string table (section %u)\n", s->sh_link);
		return -ENOEXEC;
	}
	elf->syms = (const Elf64_Sym *)(elf->image + s->sh_offset);
	elf->num_syms = (unsigned int)(s->sh_size / sizeof(Elf64_Sym));
	elf->strtab = (const char *)elf->image + str->sh_offset;
	elf->strtab_size = str->sh_size;

	for (unsigned int i = 0; i < elf->num_syms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		unsigned int shndx = sym->st_shndx;

		if (sym->st_name >= elf->strtab_size) {
			elf_err(elf, KERN_ERR "Invalid ELF symbol %u: name offset %u past the string table\n",
					i, sym->st_name);
			return -ENOEXEC;
		}
		if (shndx == SHN_UNDEF || shndx == SHN_ABS || shndx == SHN_COMMON)
			continue;
		if (shndx >= elf->shnum) {
			elf_err(elf, KERN_ERR "Invalid ELF symbol %u (%s): section index %u\n",
					i, umod_elf_symname(elf, sym), shndx);
			return -ENOEXEC;
		}
		if (sym->st_value > elf->sechdrs[shndx].sh_size) {
			elf_err(elf, KERN_ERR "Invalid ELF symbol %u (%s): value %#llx past its section\n",
					i, umod_elf_symname(elf, sym),
					(unsigned long long)sym->st_value);
			return -ENOEXEC;
		}
	}
	return 0;
}

/*
 * umod_elf_parse - validate @image as an ELF64 little-endian x86-64 ET_REL
 * object and fill @elf. Invariants established, in order:
 *   the header fits, has ELF magic, class 64, LSB data, ET_REL, this host's machine;
 *   section headers have the right size and lie inside the image;
 *   the section name table index is valid, the table in bounds, non-empty
 *   and NUL-terminated; section 0 is SHT_NULL;
 *   every section is in bounds with a valid name and alignment;
 *   at most one symbol table is used: if there is exactly one, its entries,
 *   string table, names, section indexes and values are all valid.
 * Relocation entries are checked where they are applied (kernel/module/reloc.c).
 * Returns 0 or -ENOEXEC after reporting one line saying what is wrong.
 */
int umod_elf_parse(struct umod_elf *elf, const void *image, size_t len,
		   umod_elf_report_fn report, void *data)
{
	int err;

	memset(elf, 0, sizeof(*elf));
	elf->report = report;
	elf->report_data = data;
	elf->image = image;
	elf->len = len;
	elf->hdr = image;
	err = check_ehdr(elf);
	if (!err)
		err = check_shdrs(elf);
	if (!err)
		err = check_secstrings(elf);
	for (unsigned int i = 1; !err && i < elf->shnum; i++)
		err = check_section(elf, i);
	if (!err && elf->num_symtabs == 1)
		err = check_symtab(elf);
	return err;
}
