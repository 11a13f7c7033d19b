/* SPDX-License-Identifier: MIT */
/*
 * A small ELF64 ET_REL writer for tests: sections, symbols and RELA
 * entries go in, one contiguous image comes out, which a test may then
 * break one field at a time.
 */
#ifndef _UMOD_TEST_ELFSYNTH_H
#define _UMOD_TEST_ELFSYNTH_H

#include <elf.h>

#include <umod/kabi.h>
#include <stddef.h>
#include <stdint.h>

struct synth;

struct synth *synth_new(void);
void synth_free(struct synth *s);

/* returns the new section's index */
unsigned int synth_section(struct synth *s, const char *name, uint32_t type,
			   uint64_t flags, uint64_t align, const void *data, size_t size);
/* returns the new symbol's index (0 is the null symbol) */
unsigned int synth_symbol(struct synth *s, const char *name, unsigned int shndx,
			  uint64_t value, unsigned char bind, unsigned char type);
void synth_rela(struct synth *s, unsigned int target, uint64_t offset,
		uint32_t type, unsigned int sym, int64_t addend);

/*
 * A minimal valid module: .text (a ret), .modinfo with name, license and
 * the host's vermagic, and .gnu.linkonce.this_module named @name.
 */
struct synth *synth_module(const char *name);
/* the same, its __versions holding @v[@n] too (module_layout unless @v names it) */
struct synth *synth_module_versions(const char *name, const struct modversion_info *v, size_t n);

/*
 * A __versions section naming module_layout with the host's CRC, as every
 * modpost-built module has: without one the host would take the module as
 * force-loaded (taint F). synth_module() adds it.
 */
void synth_modversions(struct synth *s);

/* lays everything out; the caller frees the image */
unsigned char *synth_image(struct synth *s, size_t *len);

/* the section header of @idx inside a finished image */
Elf64_Shdr *synth_shdr(unsigned char *image, unsigned int idx);
/* first section called @name in a finished image, or 0 */
unsigned int synth_find(unsigned char *image, const char *name);

#endif
