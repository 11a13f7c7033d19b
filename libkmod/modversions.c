// SPDX-License-Identifier: MIT
/*
 * What `modprobe --dump-modversions` and `--show-exports` print of a module
 * file, as kmod 30 reads them (kmod_module_get_versions/_get_symbols):
 *
 *   versions  the __versions table, 64-byte records (a u64 CRC, then a
 *             56-byte NUL-padded name), in table order; no such section
 *             is -ENOENT, a size that is not a whole number of records
 *             -EINVAL
 *   exports   the __crc_* symbols, in symbol-table order, each with its
 *             CRC (since 5.19 an offset into __kcrctab, read from there);
 *             without any, the strings of __ksymtab_strings with CRC 0;
 *             neither is -ENOENT
 *
 * The image is validated by umod_elf_parse() first; an image that is not
 * ELF at all is -ENOEXEC and any other damage -EINVAL, as kmod reports them.
 */
#include <errno.h>
#include <string.h>

#include "util/elf.h"
#include "util/file.h"
#include "libkmod/libkmod.h"

#define MODVERSION_SIZE		64
#define MODVERSION_NAME		(MODVERSION_SIZE - 8)

static int open_elf(struct umod_elf *elf, const void *image, size_t len)
{
	/* kmod's elf_identify(): the magic decides "not ELF" from "broken ELF" */
	if (len <= EI_NIDENT || memcmp(image, ELFMAG, SELFMAG))
		return -ENOEXEC;
	return umod_elf_parse(elf, image, len, NULL, NULL) ? -EINVAL : 0;
}

static const char *section(const struct umod_elf *elf, const char *name, size_t *size)
{
	int i = umod_elf_find_section(elf, name);

	if (i <= 0)
		return NULL;
	*size = elf->sechdrs[i].sh_type == SHT_NOBITS ? 0 : elf->sechdrs[i].sh_size;
	return *size ? umod_elf_section_data(elf, (unsigned int)i) : "";
}

int umod_modversions_parse(const void *image, size_t len, umod_modversion_fn fn, void *data)
{
	struct umod_elf elf;
	size_t size = 0;
	const char *v;
	int err = open_elf(&elf, image, len);

	if (err)
		return err;
	v = section(&elf, "__versions", &size);
	if (!v)
		return -ENOENT;
	if (size % MODVERSION_SIZE)
		return -EINVAL;
	for (size_t off = 0; off < size; off += MODVERSION_SIZE) {
		char name[MODVERSION_NAME + 1];
		uint64_t crc;

		memcpy(&crc, v + off, sizeof(crc));
		memcpy(name, v + off + 8, MODVERSION_NAME);
		name[MODVERSION_NAME] = '\0';
		err = fn(crc, name, data);
		if (err)
			return err;
	}
	return 0;
}

/* kmod_elf_resolve_crc(): absolute, or a u32 at an offset of its section; -1 if out of it */
static uint64_t export_crc(const struct umod_elf *elf, const Elf64_Sym *sym)
{
	const Elf64_Shdr *sec;
	uint32_t crc;

	if (sym->st_shndx == SHN_ABS || sym->st_shndx == SHN_UNDEF)
		return sym->st_value;
	if (sym->st_shndx >= elf->shnum)
		return (uint64_t)-1;
	sec = &elf->sechdrs[sym->st_shndx];
	if (sec->sh_type == SHT_NOBITS || sec->sh_size < sizeof(crc) ||
	    sym->st_value > sec->sh_size - sizeof(crc))
		return (uint64_t)-1;
	memcpy(&crc, umod_elf_section_data(elf, sym->st_shndx) + sym->st_value, sizeof(crc));
	return crc;
}

/* the names of __ksymtab_strings, CRC 0; the last one may lack its NUL */
static int ksymtab_strings(const struct umod_elf *elf, umod_modversion_fn fn, void *data)
{
	size_t size = 0, pos = 0;
	const char *s = section(elf, "__ksymtab_strings", &size);

	if (!s)
		return -ENOENT;
	while (pos < size) {
		const char *end = memchr(s + pos, '\0', size - pos);
		size_t n = end ? (size_t)(end - (s + pos)) : size - pos;
		char name[512];
		int err = 0;

		if (n && n < sizeof(name)) {
			memcpy(name, s + pos, n);
			name[n] = '\0';
			err = fn(0, name, data);
		}
		if (err)
			return err;
		pos += n + 1;
	}
	return 0;
}

int umod_modexports_parse(const void *image, size_t len, umod_modversion_fn fn, void *data)
{
	struct umod_elf elf;
	unsigned int found = 0;
	int err = open_elf(&elf, image, len);

	for (unsigned int i = 1; !err && i < elf.num_syms; i++) {
		const char *name = umod_elf_symname(&elf, &elf.syms[i]);

		if (strncmp(name, "__crc_", 6) || !name[6])
			continue;
		found++;
		err = fn(export_crc(&elf, &elf.syms[i]), name + 6, data);
	}
	if (!err && !found)
		err = ksymtab_strings(&elf, fn, data);
	return err;
}

int umod_modversions_file(const char *path, bool exports, umod_modversion_fn fn, void *data)
{
	const void *img;
	size_t len;
	int err = umod_file_map(path, &img, &len);

	if (err)
		return err;
	/* an empty file: kmod's mmap() of it fails */
	if (!len)
		return -EINVAL;
	err = exports ? umod_modexports_parse(img, len, fn, data)
		      : umod_modversions_parse(img, len, fn, data);
	umod_file_unmap(img, len);
	return err;
}
