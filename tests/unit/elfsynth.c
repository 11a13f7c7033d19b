// SPDX-License-Identifier: MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"

#include "elfsynth.h"

#define MAX_SECS 32
#define MAX_SYMS 64
#define MAX_RELAS 64

struct ssec {
	char name[64];
	Elf64_Shdr sh;
	unsigned char *data;
	size_t size;
};

struct srela {
	unsigned int target;
	Elf64_Rela r;
};

struct synth {
	struct ssec secs[MAX_SECS];
	unsigned int nsecs;
	char symname[MAX_SYMS][64];
	Elf64_Sym syms[MAX_SYMS];
	unsigned int nsyms;
	struct srela relas[MAX_RELAS];
	unsigned int nrelas;
	unsigned int tables_at;	/* 0, or where add_tables() put its sections */
};

struct synth *synth_new(void)
{
	struct synth *s = calloc(1, sizeof(*s));

	s->nsecs = 1;	/* SHT_NULL */
	s->nsyms = 1;	/* the null symbol */
	return s;
}

void synth_free(struct synth *s)
{
	for (unsigned int i = 0; i < s->nsecs; i++)
		free(s->secs[i].data);
	free(s);
}

unsigned int synth_section(struct synth *s, const char *name, uint32_t type,
			   uint64_t flags, uint64_t align, const void *data, size_t size)
{
	struct ssec *sec = &s->secs[s->nsecs];

	strncpy(sec->name, name, sizeof(sec->name) - 1);
	sec->sh.sh_type = type;
	sec->sh.sh_flags = flags;
	sec->sh.sh_addralign = align;
	sec->sh.sh_size = size;
	sec->size = size;
	if (type != SHT_NOBITS && size) {
		sec->data = calloc(1, size);
		if (data)
			memcpy(sec->data, data, size);
	}
	return s->nsecs++;
}

unsigned int synth_symbol(struct synth *s, const char *name, unsigned int shndx,
			  uint64_t value, unsigned char bind, unsigned char type)
{
	Elf64_Sym *sym = &s->syms[s->nsyms];

	strncpy(s->symname[s->nsyms], name, 63);
	sym->st_shndx = (uint16_t)shndx;
	sym->st_value = value;
	sym->st_info = ELF64_ST_INFO(bind, type);
	return s->nsyms++;
}

void synth_rela(struct synth *s, unsigned int target, uint64_t offset,
		uint32_t type, unsigned int sym, int64_t addend)
{
	struct srela *r = &s->relas[s->nrelas++];

#if defined(__aarch64__)
	/*
	 * Tests name x86-64 types; their data forms have arm64 twins. A call
	 * patched into x86 code bytes has none: such code never runs here.
	 */
	type = type == R_X86_64_64 ? R_AARCH64_ABS64 : type == R_X86_64_PC32 ?
		R_AARCH64_PREL32 : type == R_X86_64_PLT32 ? R_AARCH64_NONE : type;
#endif
	r->target = target;
	r->r.r_offset = offset;
	r->r.r_info = ELF64_R_INFO(sym, type);
	r->r.r_addend = addend;
}

static uint32_t host_crc(const char *name)
{
	for (size_t i = 0; i < umod_host_crc_table.n; i++)
		if (!strcmp(umod_host_crc_table.v[i].name, name))
			return umod_host_crc_table.v[i].crc;
	return 0;
}

static void add_versions(struct synth *s, const struct modversion_info *v, size_t n)
{
	struct modversion_info all[16] = { { .crc = host_crc("module_layout"), .name = "module_layout" } };
	size_t k = 1;

	for (size_t i = 0; i < n && k < 16; i++) {
		if (!strcmp(v[i].name, "module_layout"))
			k = 0;
	}
	for (size_t i = 0; i < n && k < 16; i++)
		all[k++] = v[i];
	synth_section(s, "__versions", SHT_PROGBITS, SHF_ALLOC, 8, all, k * sizeof(all[0]));
}

void synth_modversions(struct synth *s)
{
	add_versions(s, NULL, 0);
}

struct synth *synth_module_versions(const char *name, const struct modversion_info *v, size_t nv)
{
	static const unsigned char ret[16] = { 0xc3 };
	struct synth *s = synth_new();
	struct module m = { 0 };
	char info[256];
	size_t n;

	synth_section(s, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16, ret, sizeof(ret));
	n = (size_t)snprintf(info, sizeof(info), "license=GPL%cname=%s%cvermagic=%s",
			     0, name, 0, umod_vermagic) + 1;
	synth_section(s, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, info, n);
	strncpy(m.name, name, sizeof(m.name) - 1);
	synth_section(s, ".gnu.linkonce.this_module", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE,
		      64, &m, sizeof(m));
	add_versions(s, v, nv);
	return s;
}

struct synth *synth_module(const char *name)
{
	return synth_module_versions(name, NULL, 0);
}

static size_t put(unsigned char **img, size_t *len, const void *data, size_t size,
		  size_t align)
{
	size_t off = UMOD_ALIGN(*len, align ? align : 1);

	*img = realloc(*img, off + size);
	memset(*img + *len, 0, off - *len);
	if (size)
		memcpy(*img + off, data, size);
	*len = off + size;
	return off;
}

/* the symbol table, string tables and .rela.* become sections too */
static void add_tables(struct synth *s)
{
	char strtab[4096] = "", shstr[4096] = "";
	size_t strlen_ = 1, shlen = 1;
	unsigned int symtab, strsec, first_rela = s->nsecs;

	for (unsigned int t = 1; t < first_rela; t++) {
		Elf64_Rela rel[MAX_RELAS];
		unsigned int n = 0;
		char name[80];

		for (unsigned int i = 0; i < s->nrelas; i++)
			if (s->relas[i].target == t)
				rel[n++] = s->relas[i].r;
		if (!n)
			continue;
		snprintf(name, sizeof(name), ".rela%s", s->secs[t].name);
		unsigned int r = synth_section(s, name, SHT_RELA, SHF_INFO_LINK, 8, rel, n * sizeof(*rel));
		s->secs[r].sh.sh_entsize = sizeof(Elf64_Rela);
		s->secs[r].sh.sh_info = t;
	}
	for (unsigned int i = 1; i < s->nsyms; i++) {
		s->syms[i].st_name = (uint32_t)strlen_;
		strcpy(strtab + strlen_, s->symname[i]);
		strlen_ += strlen(s->symname[i]) + 1;
	}
	strsec = synth_section(s, ".strtab", SHT_STRTAB, 0, 1, strtab, strlen_);
	symtab = synth_section(s, ".symtab", SHT_SYMTAB, 0, 8, s->syms, s->nsyms * sizeof(Elf64_Sym));
	s->secs[symtab].sh.sh_entsize = sizeof(Elf64_Sym);
	s->secs[symtab].sh.sh_link = strsec;
	s->secs[symtab].sh.sh_info = 1;
	for (unsigned int i = first_rela; i < s->nsecs; i++)
		if (s->secs[i].sh.sh_type == SHT_RELA)
			s->secs[i].sh.sh_link = symtab;
	unsigned int shs = synth_section(s, ".shstrtab", SHT_STRTAB, 0, 1, NULL, 0);
	for (unsigned int i = 1; i < s->nsecs; i++) {
		s->secs[i].sh.sh_name = (uint32_t)shlen;
		strcpy(shstr + shlen, s->secs[i].name);
		shlen += strlen(s->secs[i].name) + 1;
	}
	free(s->secs[shs].data);
	s->secs[shs].data = malloc(shlen);
	memcpy(s->secs[shs].data, shstr, shlen);
	s->secs[shs].size = s->secs[shs].sh.sh_size = shlen;
}

/* drops the tables of an earlier synth_image(), so sections may be added again */
static void drop_tables(struct synth *s)
{
	if (!s->tables_at)
		return;
	for (unsigned int i = s->tables_at; i < s->nsecs; i++) {
		free(s->secs[i].data);
		memset(&s->secs[i], 0, sizeof(s->secs[i]));
	}
	s->nsecs = s->tables_at;
	s->tables_at = 0;
}

unsigned char *synth_image(struct synth *s, size_t *lenp)
{
	Elf64_Ehdr eh = { 0 };
	unsigned char *img = NULL;
	size_t len = 0, shoff;
	Elf64_Shdr sh[MAX_SECS];

	drop_tables(s);
	s->tables_at = s->nsecs;
	add_tables(s);
	put(&img, &len, &eh, sizeof(eh), 1);
	for (unsigned int i = 1; i < s->nsecs; i++) {
		if (s->secs[i].sh.sh_type == SHT_NOBITS)
			continue;
		s->secs[i].sh.sh_offset = put(&img, &len, s->secs[i].data, s->secs[i].size,
					      s->secs[i].sh.sh_addralign);
	}
	for (unsigned int i = 0; i < s->nsecs; i++)
		sh[i] = s->secs[i].sh;
	shoff = put(&img, &len, sh, s->nsecs * sizeof(Elf64_Shdr), 8);

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_REL;
	eh.e_machine = UMOD_ARCH_ELF_MACHINE;
	eh.e_version = EV_CURRENT;
	eh.e_ehsize = sizeof(eh);
	eh.e_shoff = shoff;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = (uint16_t)s->nsecs;
	eh.e_shstrndx = (uint16_t)(s->nsecs - 1);
	memcpy(img, &eh, sizeof(eh));
	*lenp = len;
	return img;
}

Elf64_Shdr *synth_shdr(unsigned char *image, unsigned int idx)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)image;

	return (Elf64_Shdr *)(image + eh->e_shoff) + idx;
}

unsigned int synth_find(unsigned char *image, const char *name)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)image;
	Elf64_Shdr *shs = synth_shdr(image, eh->e_shstrndx);

	for (unsigned int i = 1; i < eh->e_shnum; i++)
		if (!strcmp((char *)image + shs->sh_offset + synth_shdr(image, i)->sh_name, name))
			return i;
	return 0;
}
