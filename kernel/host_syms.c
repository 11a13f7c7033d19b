// SPDX-License-Identifier: MIT
/*
 * The host's own function names, as the kernel's kallsyms names vmlinux
 * functions: so that an oops's call trace names the host frame module code
 * returns into (umod_call+0x4a/0x90) beside the [module] frames. They come
 * from the ELF file holding libumod (the program, or libumod.so), read
 * once when the oops handler is installed: its .symtab (kept by
 * default; .dynsym if stripped), the functions sorted by address. The
 * lookup only reads that table: safe in the oops handler.
 */
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/host_syms.h"

struct host_fn {
	uint64_t addr, size;
	const char *name;
};

static struct {
	pthread_once_t once;
	const unsigned char *map;	/* the ELF file, mapped for its names */
	size_t map_size;
	struct host_fn *fns;
	size_t nfns;
} hs = { .once = PTHREAD_ONCE_INIT };

static int by_addr(const void *a, const void *b)
{
	const struct host_fn *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* the section of @type, or NULL; every offset checked against the file */
static const Elf64_Shdr *find_section(const Elf64_Ehdr *eh, size_t size, uint32_t type)
{
	const Elf64_Shdr *sh;

	if (eh->e_shoff > size || eh->e_shentsize != sizeof(*sh) ||
	    eh->e_shnum > (size - eh->e_shoff) / sizeof(*sh))
		return NULL;
	sh = (const Elf64_Shdr *)((const char *)eh + eh->e_shoff);
	for (unsigned int i = 0; i < eh->e_shnum; i++)
		if (sh[i].sh_type == type && sh[i].sh_link < eh->e_shnum &&
		    sh[i].sh_offset <= size && sh[i].sh_size <= size - sh[i].sh_offset &&
		    sh[sh[i].sh_link].sh_offset <= size &&
		    sh[sh[i].sh_link].sh_size <= size - sh[sh[i].sh_link].sh_offset)
			return &sh[i];
	return NULL;
}

/* the functions of the symbol table @sym, at @bias */
static void read_functions(const Elf64_Ehdr *eh, const Elf64_Shdr *sym, uint64_t bias)
{
	const Elf64_Shdr *str = (const Elf64_Shdr *)((const char *)eh + eh->e_shoff) + sym->sh_link;
	const Elf64_Sym *s = (const Elf64_Sym *)((const char *)eh + sym->sh_offset);
	const char *names = (const char *)eh + str->sh_offset;
	size_t n = sym->sh_size / sizeof(*s);

	hs.fns = calloc(n ? n : 1, sizeof(*hs.fns));
	if (!hs.fns)
		return;
	for (size_t i = 0; i < n; i++) {
		if (ELF64_ST_TYPE(s[i].st_info) != STT_FUNC || !s[i].st_value ||
		    s[i].st_shndx == SHN_UNDEF || s[i].st_name >= str->sh_size ||
		    !memchr(names + s[i].st_name, '\0', str->sh_size - s[i].st_name))
			continue;
		hs.fns[hs.nfns++] = (struct host_fn){ s[i].st_value + bias, s[i].st_size,
						     names + s[i].st_name };
	}
	qsort(hs.fns, hs.nfns, sizeof(*hs.fns), by_addr);
}

static void load(void)
{
	Dl_info dli;
	struct link_map *lm;
	struct stat st;
	const Elf64_Shdr *sym;
	int fd;

	if (!dladdr1((void *)umod_host_syms_load, &dli, (void **)&lm, RTLD_DL_LINKMAP) || !lm)
		return;
	fd = open(lm->l_name && *lm->l_name ? lm->l_name : "/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!fstat(fd, &st) && (size_t)st.st_size > sizeof(Elf64_Ehdr)) {
		hs.map_size = (size_t)st.st_size;
		hs.map = mmap(NULL, hs.map_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (hs.map == MAP_FAILED)
			hs.map = NULL;
	}
	close(fd);
	if (!hs.map || memcmp(hs.map, ELFMAG, SELFMAG) || hs.map[EI_CLASS] != ELFCLASS64)
		return;
	sym = find_section((const Elf64_Ehdr *)hs.map, hs.map_size, SHT_SYMTAB);
	if (!sym)
		sym = find_section((const Elf64_Ehdr *)hs.map, hs.map_size, SHT_DYNSYM);
	if (sym)
		read_functions((const Elf64_Ehdr *)hs.map, sym, lm->l_addr);
}

void umod_host_syms_load(void)
{
	pthread_once(&hs.once, load);
}

bool umod_host_syms_lookup(uint64_t addr, const char **name, uint64_t *off, uint64_t *size)
{
	size_t lo = 0, hi = hs.nfns;

	/* the last function starting at or below @addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (hs.fns[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || addr - hs.fns[lo - 1].addr >= hs.fns[lo - 1].size)
		return false;
	*name = hs.fns[lo - 1].name;
	*off = addr - hs.fns[lo - 1].addr;
	*size = hs.fns[lo - 1].size;
	return true;
}
