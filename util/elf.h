/* SPDX-License-Identifier: MIT */
/*
 * A validated view of an ELF relocatable image: the loader, modpost, depmod
 * and modinfo all read modules through it.
 */
#ifndef _UMOD_UTIL_ELF_H
#define _UMOD_UTIL_ELF_H

#include <elf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Where umod_elf_parse() says what is wrong with an image: one printk-style
 * message (a KERN_* prefix, the kernel's words), for the caller to log.
 */
typedef void (*umod_elf_report_fn)(void *data, const char *fmt, va_list ap);

/* a validated view of an ET_REL image; every pointer points into it */
struct umod_elf {
	const unsigned char *image;
	size_t len;
	const Elf64_Ehdr *hdr;
	const Elf64_Shdr *sechdrs;
	unsigned int shnum;
	const char *secstrings;
	size_t secstrings_size;
	unsigned int num_symtabs;	/* the loader wants exactly one */
	unsigned int symtab_idx;
	const Elf64_Sym *syms;
	unsigned int num_syms;
	const char *strtab;
	size_t strtab_size;
	umod_elf_report_fn report;	/* or NULL: no messages */
	void *report_data;
};

/*
 * Validates @image as an ELF64 ET_REL object of this machine, every offset
 * and size bounds-checked once, and fills @elf. Returns 0 or -ENOEXEC after
 * one call of @report (which may be NULL: no message).
 */
int umod_elf_parse(struct umod_elf *elf, const void *image, size_t len,
		   umod_elf_report_fn report, void *data);
bool umod_elf_range_ok(const struct umod_elf *elf, uint64_t off, uint64_t size);
const char *umod_elf_secname(const struct umod_elf *elf, unsigned int idx);
/* is section @idx called @name? (a first-bytes check spares most strcmp calls) */
static inline bool umod_elf_secname_is(const struct umod_elf *elf, unsigned int idx,
				       const char *name)
{
	const char *s = elf->secstrings + elf->sechdrs[idx].sh_name;

	return s[0] == name[0] && (!s[0] || (s[1] == name[1] && !strcmp(s, name)));
}
const char *umod_elf_symname(const struct umod_elf *elf, const Elf64_Sym *sym);
int umod_elf_find_section(const struct umod_elf *elf, const char *name);
const void *umod_elf_section_data(const struct umod_elf *elf, unsigned int idx);

#endif /* _UMOD_UTIL_ELF_H */
