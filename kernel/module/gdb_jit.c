// SPDX-License-Identifier: MIT
/*
 * gdb sees module code through its JIT interface ("JIT Compilation
 * Interface" in gdb's manual), as LLVM's MCJIT registers the objects it
 * relocates: a process-wide descriptor lists in-memory ELF objects, and
 * gdb breaks on __jit_debug_register_code() to read each change.
 *
 * The object registered for a module is its .ko with the final address
 * of each loaded section written into sh_addr, and SHF_ALLOC cleared on
 * the sections that were not loaded: the very buffer kallsyms keeps for a
 * load from a file (borrowed, see umod_kallsyms_image()), a copy for a
 * load from a caller's buffer. gdb reads it as a
 * relocatable object placed there: its symbols are their section's
 * address plus st_value, and it applies the .rela.debug_* relocations
 * itself (bfd's "simple" linker, as for add-symbol-file of a .ko), so the
 * DWARF needs no rewriting here. When the init region is freed the object
 * is registered again with the init sections unplaced and their symbols
 * undefined, so no symbol names the freed addresses any more. Those edits
 * leave what kallsyms reads of the same buffer as it was (kallsyms.c).
 */
#include <dlfcn.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kernel/module/internal.h"
#include "util/macro.h"

/* gdb's names and layout: its protocol, hence the only globals here */
enum {
	JIT_NOACTION = 0,
	JIT_REGISTER_FN,
	JIT_UNREGISTER_FN,
};

struct jit_code_entry {
	struct jit_code_entry *next_entry;
	struct jit_code_entry *prev_entry;
	const char *symfile_addr;
	uint64_t symfile_size;
};

struct jit_descriptor {
	uint32_t version;
	uint32_t action_flag;
	struct jit_code_entry *relevant_entry;
	struct jit_code_entry *first_entry;
};

/*
 * gdb sets a breakpoint here; the asm keeps the call from being elided.
 * Weak, as the descriptor: in a program that also links LLVM's JIT, one
 * of each is kept and both register into the same list (the layout is
 * the protocol's), so entries there need not be ours.
 */
void __attribute__((noinline, used)) __jit_debug_register_code(void);
void __attribute__((noinline, used, weak)) __jit_debug_register_code(void)
{
	__asm__ volatile("" ::: "memory");
}

struct jit_descriptor __jit_debug_descriptor __attribute__((used, weak)) = { 1, JIT_NOACTION, NULL, NULL };

/* every change of the lists and the call that reports it, one at a time */
static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;
/* our objects, found by module without trusting the descriptor's entries */
static struct umod_list jit_objects = { &jit_objects, &jit_objects };

/* what scripts/gdb/umod.py checks before reading an entry as ours */
#define UMOD_JIT_MAGIC	0x444f4d55u	/* "UMOD" */

/* one module's registered object */
struct umod_jit_object {
	struct jit_code_entry entry;	/* first: gdb reads it as an entry */
	uint32_t magic;
	struct umod_list node;		/* on jit_objects */
	const struct umod_module *mod;
	size_t size;
	unsigned char *image;		/* the edited .ko: kallsyms' buffer, or copy */
	/* what init_freed() unplaces: init sections, then their symbols */
	unsigned int *init_idx;
	unsigned int num_init_secs, num_init_syms, symtab;
	/* a load from a caller's buffer: its copy, aligned as the ELF headers in it */
	unsigned char copy[] __attribute__((aligned(8)));
};

static void jit_notify(struct jit_code_entry *e, uint32_t action)
{
	__jit_debug_descriptor.relevant_entry = e;
	__jit_debug_descriptor.action_flag = action;
	__jit_debug_register_code();
	__jit_debug_descriptor.action_flag = JIT_NOACTION;
	__jit_debug_descriptor.relevant_entry = NULL;
}

static void jit_link(struct jit_code_entry *e)
{
	e->prev_entry = NULL;
	e->next_entry = __jit_debug_descriptor.first_entry;
	if (e->next_entry)
		e->next_entry->prev_entry = e;
	__jit_debug_descriptor.first_entry = e;
	jit_notify(e, JIT_REGISTER_FN);
}

/* gdb reads the entry while it is still linked, then it goes */
static void jit_unlink(struct jit_code_entry *e)
{
	if (e->prev_entry)
		e->prev_entry->next_entry = e->next_entry;
	else
		__jit_debug_descriptor.first_entry = e->next_entry;
	if (e->next_entry)
		e->next_entry->prev_entry = e->prev_entry;
	jit_notify(e, JIT_UNREGISTER_FN);
}

/* jit_lock held */
static struct umod_jit_object *jit_find(const struct umod_module *mod)
{
	for (struct umod_list *n = jit_objects.next; n != &jit_objects; n = n->next) {
		struct umod_jit_object *obj = umod_container_of(n, struct umod_jit_object, node);

		if (obj->mod == mod)
			return obj;
	}
	return NULL;
}

static Elf64_Shdr *obj_sechdrs(struct umod_jit_object *obj)
{
	const Elf64_Ehdr *hdr = (const Elf64_Ehdr *)obj->image;

	return (Elf64_Shdr *)(obj->image + hdr->e_shoff);
}

/*
 * The object's sections say where they were loaded. The image was
 * validated by umod_elf_parse() (headers in bounds, aligned), and both
 * kallsyms' buffer and the copy are malloc'd, so its headers are aligned.
 * No module code has run yet, and kallsyms reads neither field.
 */
static void place_sections(struct umod_jit_object *obj, const struct load_info *info)
{
	Elf64_Shdr *sh = obj_sechdrs(obj);

	for (unsigned int i = 1; i < info->elf.shnum; i++) {
		if (info->sec[i].addr) {
			sh[i].sh_addr = (uint64_t)(uintptr_t)info->sec[i].addr;
		} else {
			sh[i].sh_addr = 0;
			sh[i].sh_flags &= ~(uint64_t)SHF_ALLOC;
		}
	}
}

/*
 * The init region's sections and their symbols, as the load listed them
 * (load_info's listing, kept per image): the indices init_freed() edits.
 */
static void list_init(struct umod_jit_object *obj, const struct load_info *info)
{
	const unsigned int *syms = umod_listing_index(info) + info->lists.listing_n;
	const unsigned int *order = umod_load_order(info);
	unsigned int n = 0;

	for (unsigned int k = 0; k < info->lists.num_loaded; k++)
		if (info->sec[order[k]].region == UMOD_REGION_INIT)
			obj->init_idx[n++] = order[k];
	obj->num_init_secs = n;
	memcpy(obj->init_idx + n, syms, info->lists.num_init_syms * sizeof(*syms));
	obj->num_init_syms = info->lists.num_init_syms;
}

/* 0 or -ENOMEM: an allocation of the load, failing it as any other */
int umod_gdb_jit_register(const struct load_info *info)
{
	unsigned char *kept = umod_kallsyms_image(info->mod);
	struct umod_jit_object *obj;
	size_t copy;

	if (kept != info->elf.image)
		kept = NULL;	/* not the image parsed: never so today */
	copy = kept ? 0 : UMOD_ALIGN(info->elf.len, sizeof(unsigned int));
	/* init_idx's room: at most the loaded sections, and the init symbols */
	obj = malloc(sizeof(*obj) + copy +
		     (info->lists.num_loaded + info->lists.num_init_syms) * sizeof(unsigned int));
	if (!obj)
		return -ENOMEM;
	obj->magic = UMOD_JIT_MAGIC;
	obj->mod = info->mod;
	obj->size = info->elf.len;
	obj->image = kept ? kept : obj->copy;
	obj->init_idx = (unsigned int *)(obj->copy + copy);
	obj->symtab = info->elf.symtab_idx;
	list_init(obj, info);
	if (!kept)
		memcpy(obj->copy, info->elf.image, info->elf.len);
	place_sections(obj, info);
	umod_valgrind_map_module(info->mod, obj->image);
	obj->entry.symfile_addr = (const char *)obj->image;
	obj->entry.symfile_size = obj->size;
	pthread_mutex_lock(&jit_lock);
	umod_list_add(&obj->node, &jit_objects);
	jit_link(&obj->entry);
	pthread_mutex_unlock(&jit_lock);
	return 0;
}

void umod_gdb_jit_unregister(const struct umod_module *mod)
{
	struct umod_jit_object *obj;

	pthread_mutex_lock(&jit_lock);
	obj = jit_find(mod);
	if (obj) {
		jit_unlink(&obj->entry);
		umod_list_del(&obj->node);
	}
	pthread_mutex_unlock(&jit_lock);
	free(obj);
}

/*
 * The object's symbols in the init sections become undefined; then those
 * sections lose their place.
 * A lazy kallsyms build may read the same buffer meanwhile (an oops in
 * another thread): each symbol changes by one store of st_shndx, which it
 * reads once, and its st_value stays (gdb ignores an undefined symbol's).
 * The section's SHF_ALLOC goes in one store of sh_flags, whose other bits
 * (the ones kallsyms reads) stay.
 */
static void unplace_init(struct umod_jit_object *obj)
{
	Elf64_Shdr *sh = obj_sechdrs(obj);
	const unsigned int *syms = obj->init_idx + obj->num_init_secs;

	if (!obj->num_init_secs)
		return;
	for (unsigned int k = 0; k < obj->num_init_syms; k++) {
		Elf64_Sym *sym = (Elf64_Sym *)(obj->image + sh[obj->symtab].sh_offset) + syms[k];

		__atomic_store_n(&sym->st_shndx, SHN_UNDEF, __ATOMIC_RELAXED);
	}
	for (unsigned int k = 0; k < obj->num_init_secs; k++) {
		Elf64_Shdr *s = &sh[obj->init_idx[k]];

		s->sh_addr = 0;
		__atomic_store_n(&s->sh_flags, s->sh_flags & ~(uint64_t)SHF_ALLOC,
				 __ATOMIC_RELAXED);
	}
}

/*
 * Init is done and its region about to be unmapped (@mod->init still says
 * where it was): gdb is told the object changed, without the init
 * sections' symbols. Their DWARF stays, its addresses now unplaced.
 */
void umod_gdb_jit_init_freed(const struct umod_module *mod)
{
	struct umod_jit_object *obj;

	if (!mod->init.base || !mod->init.size)
		return;
	pthread_mutex_lock(&jit_lock);
	obj = jit_find(mod);
	if (obj) {
		jit_unlink(&obj->entry);
		unplace_init(obj);
		jit_link(&obj->entry);
	}
	pthread_mutex_unlock(&jit_lock);
}

/*
 * file:line of module code, for reports that print it (a KASAN report's
 * frames): the registered object's DWARF read with elfutils' libdwfl, as
 * crash and systemtap read a kernel module's, each section at the address
 * its sh_addr says. libdw is opened when first needed, so that programs
 * linking libumod do not need it: without it there is no file:line.
 */
struct dwfl_api {
	__typeof__(dwfl_begin) *begin;
	__typeof__(dwfl_report_elf) *report_elf;
	__typeof__(dwfl_report_end) *report_end;
	__typeof__(dwfl_getsrc) *getsrc;
	__typeof__(dwfl_lineinfo) *lineinfo;
	__typeof__(dwfl_end) *end;
};

static struct dwfl_api dw;
static pthread_once_t dw_once = PTHREAD_ONCE_INIT;

static void dw_open(void)
{
	void *h = dlopen("libdw.so.1", RTLD_NOW | RTLD_LOCAL);

	if (!h)
		return;
	dw.begin = (__typeof__(dw.begin))dlsym(h, "dwfl_begin");
	dw.report_elf = (__typeof__(dw.report_elf))dlsym(h, "dwfl_report_elf");
	dw.report_end = (__typeof__(dw.report_end))dlsym(h, "dwfl_report_end");
	dw.getsrc = (__typeof__(dw.getsrc))dlsym(h, "dwfl_getsrc");
	dw.lineinfo = (__typeof__(dw.lineinfo))dlsym(h, "dwfl_lineinfo");
	dw.end = (__typeof__(dw.end))dlsym(h, "dwfl_end");
	if (!dw.report_elf || !dw.report_end || !dw.getsrc || !dw.lineinfo || !dw.end)
		dw.begin = NULL;
}

/* the object's DWARF is in the object itself */
static int no_debuginfo(Dwfl_Module *m, void **user, const char *name, Dwarf_Addr base,
			const char *file, const char *debuglink, GElf_Word crc, char **debuginfo)
{
	return -1;
}

/* never asked: every loaded section of the object already has its address */
static int placed_address(Dwfl_Module *m, void **user, const char *name, Dwarf_Addr base,
			  const char *secname, GElf_Word shndx, const GElf_Shdr *shdr,
			  Dwarf_Addr *addr)
{
	*addr = shdr->sh_addr ? shdr->sh_addr : (Dwarf_Addr)-1;
	return 0;
}

/*
 * The lowest address of @obj's loaded sections: given to libdwfl as the
 * object's base, the sections keep the addresses their sh_addr says
 * (libdwfl shifts a placed relocatable object to the base it is given).
 */
static uint64_t lowest_address(const struct umod_jit_object *obj)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)obj->image;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(obj->image + eh->e_shoff);
	uint64_t low = UINT64_MAX;

	for (unsigned int i = 1; i < eh->e_shnum; i++)
		if ((sh[i].sh_flags & SHF_ALLOC) && sh[i].sh_addr && sh[i].sh_addr < low)
			low = sh[i].sh_addr;
	return low;
}

/* a descriptor holding @obj's image, or -1 */
static int image_fd(const struct umod_jit_object *obj)
{
	int fd = memfd_create("umod-jit", MFD_CLOEXEC);

	if (fd >= 0 && write(fd, obj->image, obj->size) != (ssize_t)obj->size) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static const Dwfl_Callbacks dwfl_callbacks = {
	.find_debuginfo = no_debuginfo,
	.section_address = placed_address,
};

static bool in_layout(const struct umod_layout *l, uint64_t addr)
{
	return l->base && addr >= (uint64_t)(uintptr_t)l->base &&
	       addr - (uint64_t)(uintptr_t)l->base < l->size;
}

/* jit_lock held: "/path/hellop.c:12" for @addr in @obj's module */
static bool object_srcline(const struct umod_jit_object *obj, uint64_t addr, char *buf,
			   size_t size)
{
	int fd = image_fd(obj), line = 0;
	Dwfl *d;
	Dwfl_Line *l;
	const char *file = NULL;
	bool ok = false;

	if (fd < 0)
		return false;
	d = dw.begin(&dwfl_callbacks);
	if (!d) {
		close(fd);
		return false;
	}
	/* libdwfl owns the descriptor from here */
	if (dw.report_elf(d, obj->mod->name, obj->mod->name, fd, lowest_address(obj), false) &&
	    !dw.report_end(d, NULL, NULL)) {
		l = dw.getsrc(d, addr);
		file = l ? dw.lineinfo(l, NULL, &line, NULL, NULL, NULL) : NULL;
		ok = file && line > 0 && snprintf(buf, size, "%s:%d", file, line) < (int)size;
	}
	dw.end(d);
	return ok;
}

bool umod_gdb_jit_srcline(uint64_t addr, char *buf, size_t size)
{
	bool ok = false;

	pthread_once(&dw_once, dw_open);
	if (!dw.begin)
		return false;
	pthread_mutex_lock(&jit_lock);
	for (struct umod_list *n = jit_objects.next; n != &jit_objects && !ok; n = n->next) {
		const struct umod_jit_object *obj = umod_container_of(n, struct umod_jit_object, node);

		if (in_layout(&obj->mod->core, addr) || in_layout(&obj->mod->init, addr))
			ok = object_srcline(obj, addr, buf, size);
	}
	pthread_mutex_unlock(&jit_lock);
	return ok;
}
