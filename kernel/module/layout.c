// SPDX-License-Identifier: MIT
/*
 * Where each allocated section goes. A module gets one mapping: the core
 * region (kept while loaded) followed by the init region (".init*"
 * sections, unmapped after init). Each region is four page-aligned runs,
 * as the kernel's module_layout: text (RX), rodata (R), ro_after_init (R
 * once init has run) and data (RW). Far-call stubs end the core text, the
 * GOT ends the core rodata. One mapping keeps every module-internal
 * PC-relative reference within reach.
 */
#include <errno.h>
#include <string.h>

#include "arch/arch.h"
#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"
#include "kernel/smpboot.h"
#include "mm/percpu-internal.h"

/* the largest mapping one module may ask for (bss included) */
#define MODULE_MEM_MAX	(512ul << 20)

enum sec_class { CLASS_TEXT, CLASS_RO, CLASS_RO_AFTER_INIT, CLASS_DATA, NUM_CLASSES };

/* which run a section belongs to; -1: not loaded */
static int sec_class(const struct umod_elf *elf, unsigned int i)
{
	const Elf64_Shdr *s = &elf->sechdrs[i];

	if (!(s->sh_flags & SHF_ALLOC) || s->sh_type == SHT_NULL)
		return -1;
	/* read in place from the image, never loaded (as the kernel drops them) */
	if (umod_elf_secname_is(elf, i, ".modinfo") || umod_elf_secname_is(elf, i, "__versions"))
		return -1;
	if (s->sh_flags & SHF_EXECINSTR)
		return CLASS_TEXT;
	if (umod_elf_secname_is(elf, i, ".data..ro_after_init"))
		return CLASS_RO_AFTER_INIT;
	if (!(s->sh_flags & SHF_WRITE))
		return CLASS_RO;
	return CLASS_DATA;
}

static bool is_init_section(const char *name)
{
	return !strncmp(name, ".init", 5);
}

/* reserves @size bytes aligned to @align at *@off; false on overflow */
static bool reserve(size_t *off, uint64_t size, uint64_t align, size_t *at)
{
	size_t start;

	if (align > UMOD_PAGE_SIZE || size > MODULE_MEM_MAX)
		return false;
	start = UMOD_ALIGN(*off, align ? align : 1);
	if (start > MODULE_MEM_MAX - size)
		return false;
	*at = start;
	*off = start + size;
	return true;
}

static int too_big(struct load_info *info, const char *what, uint64_t size,
		   uint64_t align)
{
	umod_log_printk(info->log, KERN_ERR "%s: %s (size %llu, alignment %llu) does not fit in module memory (limit %lu bytes)\n",
			info->name, what, (unsigned long long)size,
			(unsigned long long)align, MODULE_MEM_MAX);
	return -ENOEXEC;
}

/* decides, before relocations are scanned, which sections are loaded where */
void umod_layout_classify(struct load_info *info)
{
	for (unsigned int i = 1; i < info->elf.shnum; i++) {
		int c = sec_class(&info->elf, i);

		if (c < 0)
			continue;
		info->sec[i].cls = (unsigned char)c;
		if (umod_elf_secname_is(&info->elf, i, ".data..percpu"))
			info->sec[i].region = UMOD_REGION_PERCPU;	/* percpu_modalloc() */
		else if (is_init_section(umod_elf_secname(&info->elf, i)))
			info->sec[i].region = UMOD_REGION_INIT;
		else
			info->sec[i].region = UMOD_REGION_CORE;
	}
}

/* where run @c of a region ends (its last run's end is the region's size) */
static size_t *run_end(struct umod_layout *l, int c)
{
	size_t *ends[NUM_CLASSES] = {
		&l->text_size, &l->ro_size, &l->ro_after_init_size, &l->size
	};

	return ends[c];
}

/* the far-call stubs end the core text, the GOT the core rodata */
static int reserve_tables(struct load_info *info, int c, size_t *off)
{
	if (c == CLASS_TEXT &&
	    !reserve(off, (uint64_t)info->num_plt * UMOD_ARCH_PLT_SIZE, 16, &info->plt_off))
		return too_big(info, "far-call stubs",
			       (uint64_t)info->num_plt * UMOD_ARCH_PLT_SIZE, 16);
	if (c == CLASS_RO &&
	    !reserve(off, (uint64_t)info->num_got * UMOD_ARCH_GOT_SIZE, 8, &info->got_off))
		return too_big(info, "GOT", (uint64_t)info->num_got * UMOD_ARCH_GOT_SIZE, 8);
	return 0;
}

/* the load's order (internal.h): once the scan has marked the sections it applies */
static void index_sections(struct load_info *info)
{
	unsigned int *order = umod_load_order(info);
	unsigned int n = 0;

	for (unsigned int i = 1; i < info->elf.shnum; i++) {
		if (info->sec[i].region == UMOD_REGION_CORE || info->sec[i].region == UMOD_REGION_INIT)
			order[n++] = i;
		else if (info->sec[i].region == UMOD_REGION_PERCPU && !info->lists.pcpu)
			info->lists.pcpu = i;
	}
	info->lists.num_loaded = n;
	for (unsigned int i = 1; i < info->elf.shnum; i++)
		if (info->sec[i].apply)
			order[n++] = i;
	info->lists.num_apply = n - info->lists.num_loaded;
}

/*
 * Both regions at once, run by run: one walk of the sections per run
 * places each in its region's run, in section order.
 */
int umod_layout_sections(struct load_info *info)
{
	struct umod_layout *ls[2] = { &info->core, &info->init };
	size_t off[2] = { 0, 0 };
	int err = 0;

	for (int c = 0; c < NUM_CLASSES && !err; c++) {
		for (unsigned int i = 1; i < info->elf.shnum; i++) {
			const Elf64_Shdr *s = &info->elf.sechdrs[i];
			struct umod_sec *sec = &info->sec[i];
			int r = sec->region == UMOD_REGION_INIT;

			if (sec->cls != c || sec->region == UMOD_REGION_NONE ||
			    sec->region == UMOD_REGION_PERCPU)
				continue;
			if (!reserve(&off[r], s->sh_size, s->sh_addralign, &sec->off))
				return too_big(info, umod_elf_secname(&info->elf, i),
					       s->sh_size, s->sh_addralign);
		}
		err = reserve_tables(info, c, &off[0]);
		for (int r = 0; r < 2; r++) {
			off[r] = UMOD_ALIGN(off[r], UMOD_PAGE_SIZE);
			*run_end(ls[r], c) = off[r];
		}
	}
	if (!err && info->core.size > MODULE_MEM_MAX - info->init.size)
		err = too_big(info, "core and init together",
			      (uint64_t)info->core.size + info->init.size, UMOD_PAGE_SIZE);
	if (!err)
		index_sections(info);
	return err;
}

/*
 * The host's module memory, as the kernel's module area bounds it: what
 * every module maps counts, until it is unmapped. Past the limit a load is
 * -ENOMEM, with a line saying how much is in use.
 */
int umod_module_memory_reserve(struct umod_host *host, const char *name, size_t size)
{
	size_t limit = atomic_load(&host->module_memory_limit);
	size_t used = atomic_fetch_add(&host->module_memory, size);

	if (used + size <= limit && used + size >= used)
		return 0;
	atomic_fetch_sub(&host->module_memory, size);
	umod_log_printk(host->log, KERN_WARNING "%s: cannot map %zu bytes of module memory: %zu of the host's %zu are in use\n",
			name, size, used, limit);
	return -ENOMEM;
}

void umod_module_memory_release(struct umod_host *host, size_t size)
{
	atomic_fetch_sub(&host->module_memory, size);
}

/* ---- the module's per-CPU section (Linux: kernel/module/main.c) -------------- */

/*
 * percpu_modalloc(): room for .data..percpu in every CPU's unit; CPU 0's
 * copy gets the section's bytes, for the relocations to patch, and is
 * the section's address. umod_percpu_modcopy() gives the other CPUs the
 * result.
 */
static int percpu_modalloc(struct load_info *info)
{
	unsigned int i = info->lists.pcpu;	/* .data..percpu, or 0 */
	const Elf64_Shdr *s;
	size_t align;

	/* the allocator comes with the area, before any module code can ask */
	if (umod_percpu_init(info->host))
		return -ENOMEM;
	if (!i)
		return 0;
	s = &info->elf.sechdrs[i];
	align = s->sh_addralign ? s->sh_addralign : 1;
	if (align > UMOD_PAGE_SIZE) {
		umod_log_printk(info->log, KERN_WARNING "%s: per-cpu alignment %li > %li\n",
				info->name, (long)align, (long)UMOD_PAGE_SIZE);
		align = UMOD_PAGE_SIZE;
	}
	info->percpu = s->sh_size ? umod_alloc_reserved_percpu(info->host, s->sh_size, align)
				  : NULL;
	if (s->sh_size && !info->percpu) {
		umod_log_printk(info->log, KERN_WARNING "%s: Could not allocate %lu bytes percpu data\n",
				info->name, (unsigned long)s->sh_size);
		return -ENOMEM;
	}
	if (info->percpu && s->sh_type != SHT_NOBITS)
		memcpy(info->percpu, umod_elf_section_data(&info->elf, i), s->sh_size);
	info->sec[i].addr = info->percpu;
	return 0;
}

void umod_percpu_modcopy(const struct load_info *info)
{
	unsigned int i = info->lists.pcpu;

	if (!info->percpu)
		return;
	for (unsigned int cpu = 1; cpu < umod_nr_cpu_ids; cpu++)
		memcpy((unsigned char *)info->percpu + umod_per_cpu_offset[cpu], info->percpu,
		       info->elf.sechdrs[i].sh_size);
}

void umod_percpu_modfree(void *percpu)
{
	if (percpu)
		umod_percpu_free(percpu);
}

/*
 * Both regions, read-write from the module area, with the sections copied
 * in; NOBITS stay zero from the fresh pages. Protection is applied after
 * relocation.
 */
int umod_layout_alloc(struct load_info *info)
{
	unsigned char *map;
	int err;

	info->map_size = info->core.size + info->init.size;
	err = umod_module_memory_reserve(info->host, info->name, info->map_size);
	if (err) {
		info->map_size = 0;
		return err;
	}
	err = umod_area_alloc(info->host, info->map_size, (void **)&map);
	if (err)
		goto release;
	err = percpu_modalloc(info);
	if (err)
		goto free_map;
	info->map = map;
	info->core.base = map;
	info->init.base = info->init.size ? map + info->core.size : NULL;

	for (unsigned int k = 0; k < info->lists.num_loaded; k++) {
		unsigned int i = umod_load_order(info)[k];
		const Elf64_Shdr *s = &info->elf.sechdrs[i];
		struct umod_sec *sec = &info->sec[i];

		sec->addr = (sec->region == UMOD_REGION_CORE ? map : map + info->core.size) + sec->off;
		if (s->sh_type != SHT_NOBITS)
			memcpy(sec->addr, umod_elf_section_data(&info->elf, i), s->sh_size);
	}
	return 0;

free_map:
	umod_area_free(info->host, map, info->map_size, NULL);
release:
	umod_module_memory_release(info->host, info->map_size);
	info->map_size = 0;
	return err;
}

void umod_layout_free(struct load_info *info)
{
	umod_percpu_modfree(info->percpu);
	info->percpu = NULL;
	if (info->map) {
		umod_area_free(info->host, info->map, info->map_size, NULL);
		umod_module_memory_release(info->host, info->map_size);
	}
	info->map = NULL;
	info->map_size = 0;
}
