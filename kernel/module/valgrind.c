// SPDX-License-Identifier: MIT
/*
 * Module function names for valgrind. valgrind (3.19) names code only
 * from ELF files it sees mapped executable: it has no JIT interface and
 * no client request naming a code range. So, when running under it, each
 * module's text is mapped again, with the same bytes, from a small
 * shared-object-shaped file holding those bytes and the module's function
 * symbols; valgrind reads the file as the mapping appears, and its
 * reports (a leaked kmalloc()'s stack) name the module's functions. The
 * file is unlinked at once; the mapping goes with the module's memory.
 * Outside valgrind nothing here runs.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <valgrind/valgrind.h>

#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"

#define VG_TEXT_OFF	4096u		/* the text's offset and address in the file */

struct vg_file {
	Elf64_Sym *syms;
	size_t nsyms;
	char *strs;
	size_t strs_len;
};

static const char vg_shstrs[] = "\0.text\0.symtab\0.strtab\0.shstrtab";

/* the functions of the placed image @img inside [@base, +@size) */
static int collect(const unsigned char *img, uint64_t base, size_t size, struct vg_file *f)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(img + eh->e_shoff);

	for (unsigned int i = 1; i < eh->e_shnum; i++) {
		const Elf64_Sym *s = (const Elf64_Sym *)(img + sh[i].sh_offset);
		const char *names = (const char *)img + sh[sh[i].sh_link].sh_offset;
		size_t n = sh[i].sh_size / sizeof(*s);

		if (sh[i].sh_type != SHT_SYMTAB)
			continue;
		f->syms = calloc(n + 1, sizeof(*f->syms));
		f->strs = malloc(sh[sh[i].sh_link].sh_size + 1);
		if (!f->syms || !f->strs)
			return -1;
		f->strs[0] = '\0';
		f->strs_len = 1;
		f->nsyms = 1;
		for (size_t k = 1; k < n; k++) {
			uint64_t addr;
			size_t len;

			if (ELF64_ST_TYPE(s[k].st_info) != STT_FUNC || s[k].st_shndx == SHN_UNDEF ||
			    s[k].st_shndx >= eh->e_shnum || !sh[s[k].st_shndx].sh_addr ||
			    s[k].st_name >= sh[sh[i].sh_link].sh_size)
				continue;
			addr = sh[s[k].st_shndx].sh_addr + s[k].st_value;
			len = strnlen(names + s[k].st_name, sh[sh[i].sh_link].sh_size - s[k].st_name);
			if (addr < base || addr - base >= size ||
			    f->strs_len + len + 1 > sh[sh[i].sh_link].sh_size + 1)
				continue;
			f->syms[f->nsyms++] = (Elf64_Sym){
				.st_name = (uint32_t)f->strs_len,
				.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
				.st_shndx = 1, .st_value = VG_TEXT_OFF + (addr - base),
				.st_size = s[k].st_size };
			memcpy(f->strs + f->strs_len, names + s[k].st_name, len);
			f->strs_len += len;
			f->strs[f->strs_len++] = '\0';
		}
		return 0;
	}
	return -1;
}

/*
 * ELF header, two PT_LOADs (the text; a page of data, since valgrind
 * reads an object once it has seen both an executable and a writable
 * mapping of it), the text, the page, .symtab, .strtab, .shstrtab, the
 * section headers
 */
static int write_file(int fd, const void *text, size_t size, const struct vg_file *f)
{
	size_t dataoff = VG_TEXT_OFF + size, symoff = dataoff + VG_TEXT_OFF;
	size_t stroff = symoff + f->nsyms * sizeof(Elf64_Sym);
	size_t shstroff = stroff + f->strs_len;
	size_t shoff = (shstroff + sizeof(vg_shstrs) + 7) & ~(size_t)7;
	Elf64_Ehdr eh = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64, ELFDATA2LSB,
				       EV_CURRENT }, .e_type = ET_DYN, .e_machine = EM_X86_64,
			  .e_version = EV_CURRENT, .e_phoff = sizeof(eh), .e_shoff = shoff,
			  .e_ehsize = sizeof(eh), .e_phentsize = sizeof(Elf64_Phdr), .e_phnum = 2,
			  .e_shentsize = sizeof(Elf64_Shdr), .e_shnum = 5, .e_shstrndx = 4 };
	Elf64_Phdr ph[2] = {
		{ .p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_offset = VG_TEXT_OFF,
		  .p_vaddr = VG_TEXT_OFF, .p_paddr = VG_TEXT_OFF, .p_filesz = size,
		  .p_memsz = size, .p_align = VG_TEXT_OFF },
		{ .p_type = PT_LOAD, .p_flags = PF_R | PF_W, .p_offset = dataoff,
		  .p_vaddr = dataoff, .p_paddr = dataoff, .p_filesz = VG_TEXT_OFF,
		  .p_memsz = VG_TEXT_OFF, .p_align = VG_TEXT_OFF },
	};
	static const char zeros[VG_TEXT_OFF];
	Elf64_Shdr shs[5] = {
		{ 0 },
		{ .sh_name = 1, .sh_type = SHT_PROGBITS, .sh_flags = SHF_ALLOC | SHF_EXECINSTR,
		  .sh_addr = VG_TEXT_OFF, .sh_offset = VG_TEXT_OFF, .sh_size = size, .sh_addralign = 16 },
		{ .sh_name = 7, .sh_type = SHT_SYMTAB, .sh_offset = symoff,
		  .sh_size = f->nsyms * sizeof(Elf64_Sym), .sh_link = 3, .sh_info = 1,
		  .sh_addralign = 8, .sh_entsize = sizeof(Elf64_Sym) },
		{ .sh_name = 15, .sh_type = SHT_STRTAB, .sh_offset = stroff, .sh_size = f->strs_len,
		  .sh_addralign = 1 },
		{ .sh_name = 23, .sh_type = SHT_STRTAB, .sh_offset = shstroff,
		  .sh_size = sizeof(vg_shstrs), .sh_addralign = 1 },
	};

	return pwrite(fd, &eh, sizeof(eh), 0) != sizeof(eh) ||
	       pwrite(fd, ph, sizeof(ph), sizeof(eh)) != sizeof(ph) ||
	       pwrite(fd, text, size, VG_TEXT_OFF) != (ssize_t)size ||
	       pwrite(fd, zeros, sizeof(zeros), dataoff) != sizeof(zeros) ||
	       pwrite(fd, f->syms, shs[2].sh_size, symoff) != (ssize_t)shs[2].sh_size ||
	       pwrite(fd, f->strs, f->strs_len, stroff) != (ssize_t)f->strs_len ||
	       pwrite(fd, vg_shstrs, sizeof(vg_shstrs), shstroff) != sizeof(vg_shstrs) ||
	       pwrite(fd, shs, sizeof(shs), shoff) != sizeof(shs) ? -1 : 0;
}

/* [@base, +@size) of @mod's text, mapped again from such a file */
static void map_text(const struct umod_module *mod, const unsigned char *img, void *base,
		     size_t size)
{
	struct vg_file f = { 0 };
	const char *dir = getenv("TMPDIR");
	char path[256];
	int fd;

	if (!base || !size || collect(img, (uint64_t)(uintptr_t)base, size, &f) || f.nsyms < 2)
		goto out;
	snprintf(path, sizeof(path), "%s/umod-%s-XXXXXX", dir && *dir ? dir : "/tmp", mod->name);
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0)
		goto out;
	/* the data page stays mapped: valgrind drops an object whose mapping goes */
	if (write_file(fd, base, size, &f) ||
	    mmap(base, size, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, fd, VG_TEXT_OFF) ==
	    MAP_FAILED ||
	    mmap(NULL, VG_TEXT_OFF, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		 (off_t)(VG_TEXT_OFF + size)) == MAP_FAILED)
		umod_log_printk(mod->host->log, KERN_WARNING "%s: valgrind will not name its functions\n",
				mod->name);
	unlink(path);
	close(fd);
out:
	free(f.syms);
	free(f.strs);
}

void umod_valgrind_map_module(const struct umod_module *mod, const void *image)
{
	if (!RUNNING_ON_VALGRIND)
		return;
	map_text(mod, image, mod->core.base, mod->core.text_size);
	map_text(mod, image, mod->init.base, mod->init.text_size);
}
