// SPDX-License-Identifier: MIT
/*
 * kallsyms for modules: each loaded module keeps a copy of its named
 * symbols (the image is unmapped after load), sorted by address, so the
 * host can name any address inside a module as the kernel's %pS does:
 * "hellop_init+0x12/0x40 [hellop]". As in the kernel, a symbol's size is
 * the distance to the next symbol (or to the end of its region's text),
 * and of several symbols at one address the first in the symbol table
 * wins (hello_init, not its alias init_module). Unlike the kernel, an
 * address is only named by a symbol of its own run (text, or the data
 * after it): a data address below the first data symbol stays unnamed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/internal.h"

struct ksym_entry {
	uint64_t addr;
	uint32_t name;		/* offset in names */
	uint32_t order : 24;	/* index in the ELF symbol table (< UMOD_MAX_SYMBOLS) */
	uint32_t type : 8;	/* nm's letter, lower case: t r d b */
};

struct umod_kallsyms {
	size_t num;
	struct ksym_entry *e;	/* in the same allocation */
	char *names;
};

/* what the kernel leaves out: unnamed, section, file and mapping symbols */
static bool wanted(const struct load_info *info, const Elf64_Sym *sym)
{
	const char *name = umod_elf_symname(&info->elf, sym);
	unsigned char type = ELF64_ST_TYPE(sym->st_info);

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= info->elf.shnum ||
	    !info->sec[sym->st_shndx].addr)
		return false;
	if (type == STT_SECTION || type == STT_FILE || !*name)
		return false;
	return name[0] != '$' && !(name[0] == '.' && name[1] == 'L');
}

static int by_addr(const void *a, const void *b)
{
	const struct ksym_entry *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * A module's symbols come in nearly by address (section by section), and
 * there are few: insertion sort beats qsort's allocation and calls there.
 */
static void sort_entries(struct ksym_entry *e, size_t n)
{
	if (n > 256) {
		qsort(e, n, sizeof(*e), by_addr);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		struct ksym_entry x = e[i];
		size_t j = i;

		for (; j > 0 && by_addr(&e[j - 1], &x) > 0; j--)
			e[j] = e[j - 1];
		e[j] = x;
	}
}

/* nm's letter for the section holding @sym, as the kernel's elf_type() */
static char sym_type(const struct load_info *info, const Elf64_Sym *sym)
{
	const Elf64_Shdr *s = &info->elf.sechdrs[sym->st_shndx];

	if (s->sh_flags & SHF_EXECINSTR)
		return 't';
	if (s->sh_type == SHT_NOBITS)
		return 'b';
	return s->sh_flags & SHF_WRITE ? 'd' : 'r';
}

int umod_kallsyms_record(struct load_info *info)
{
	size_t n = 0, names = 0;
	struct umod_kallsyms *ks;
	char *p;

	for (unsigned int i = 1; i < info->elf.num_syms; i++) {
		if (!wanted(info, &info->elf.syms[i]))
			continue;
		n++;
		names += strlen(umod_elf_symname(&info->elf, &info->elf.syms[i])) + 1;
	}
	ks = malloc(sizeof(*ks) + n * sizeof(*ks->e) + names);
	if (!ks)
		return -ENOMEM;
	ks->e = (struct ksym_entry *)(ks + 1);
	ks->names = (char *)(ks->e + n);
	ks->num = 0;
	p = ks->names;
	for (unsigned int i = 1; i < info->elf.num_syms; i++) {
		const Elf64_Sym *sym = &info->elf.syms[i];
		const char *name = umod_elf_symname(&info->elf, sym);

		if (!wanted(info, sym))
			continue;
		ks->e[ks->num++] = (struct ksym_entry){
			.addr = (uint64_t)(uintptr_t)info->sec[sym->st_shndx].addr + sym->st_value,
			.name = (uint32_t)(p - ks->names),
			.order = i,
			.type = (unsigned char)sym_type(info, sym),
		};
		p = stpcpy(p, name) + 1;
	}
	sort_entries(ks->e, ks->num);
	info->mod->kallsyms = ks;
	return 0;
}

void umod_kallsyms_free(struct umod_module *mod)
{
	free(mod->kallsyms);
	mod->kallsyms = NULL;
}

/* the run @addr is in: its region's text, or the rest of the region */
static bool region_run(const struct umod_layout *l, uint64_t addr, uint64_t *start,
		       uint64_t *end)
{
	uint64_t base = (uint64_t)(uintptr_t)l->base, text_end = base + l->text_size;

	if (!l->base || addr < base || addr >= base + l->size)
		return false;
	*start = addr < text_end ? base : text_end;
	*end = addr < text_end ? text_end : base + l->size;
	return true;
}

struct symbol_hit {
	const struct umod_module *mod;
	const char *name;
	uint64_t offset, size;
};

/* the last entry at or below @addr, the first of its address; -1 if none */
static long find_entry(const struct umod_kallsyms *ks, uint64_t addr)
{
	long lo = 0, hi = (long)ks->num - 1, best = -1;

	while (lo <= hi) {
		long mid = lo + (hi - lo) / 2;

		if (ks->e[mid].addr <= addr) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	while (best > 0 && ks->e[best - 1].addr == ks->e[best].addr)
		best--;
	return best;
}

/* module_mutex held */
static bool lookup_in(const struct umod_module *mod, uint64_t addr, struct symbol_hit *hit)
{
	const struct umod_kallsyms *ks = mod->kallsyms;
	uint64_t start, end;
	size_t next;
	long i;

	if (!ks || (!region_run(&mod->core, addr, &start, &end) &&
		    !region_run(&mod->init, addr, &start, &end)))
		return false;
	i = find_entry(ks, addr);
	hit->mod = mod;
	hit->name = NULL;
	if (i < 0 || ks->e[i].addr < start)
		return true;	/* in the module, but before any symbol of its run */
	for (next = (size_t)i + 1; next < ks->num && ks->e[next].addr == ks->e[i].addr; next++)
		;
	if (next < ks->num && ks->e[next].addr < end)
		end = ks->e[next].addr;
	hit->name = ks->names + ks->e[i].name;
	hit->offset = addr - ks->e[i].addr;
	hit->size = end - ks->e[i].addr;
	return true;
}

static bool lookup_address(struct umod_host *host, uint64_t addr, struct symbol_hit *hit)
{
	for (struct umod_list *n = host->modules.next; n != &host->modules; n = n->next) {
		const struct umod_module *m = umod_container_of(n, struct umod_module, list);

		if (atomic_load(&m->state) != UMOD_MODULE_UNFORMED && lookup_in(m, addr, hit))
			return true;
	}
	return false;
}

bool umod_kallsyms_lookup_nolock(struct umod_host *host, uint64_t addr,
				 const char **name, const char **modname,
				 uint64_t *offset, uint64_t *size)
{
	struct symbol_hit hit;

	if (!lookup_address(host, addr, &hit))
		return false;
	*name = hit.name;
	*modname = hit.mod->name;
	*offset = hit.name ? hit.offset : 0;
	*size = hit.name ? hit.size : 0;
	return true;
}

bool umod_kallsyms_lookup_in(const struct umod_module *mod, uint64_t addr,
			     const char **name, uint64_t *offset, uint64_t *size)
{
	struct symbol_hit hit;

	if (!lookup_in(mod, addr, &hit) || !hit.name)
		return false;
	*name = hit.name;
	*offset = hit.offset;
	*size = hit.size;
	return true;
}

static void copy_out(char *dst, size_t size, const char *src)
{
	if (dst && size)
		snprintf(dst, size, "%s", src);
}

UMOD_API int umod_host_lookup_address(struct umod_host *host, const void *addr,
				      char *name, size_t namesize,
				      char *modname, size_t modsize,
				      unsigned long *offset, unsigned long *size)
{
	struct symbol_hit hit;
	int err = -ENOENT;

	if (!host)
		return -EINVAL;
	pthread_mutex_lock(&host->module_mutex);
	if (lookup_address(host, (uint64_t)(uintptr_t)addr, &hit) && hit.name) {
		copy_out(name, namesize, hit.name);
		copy_out(modname, modsize, hit.mod->name);
		if (offset)
			*offset = (unsigned long)hit.offset;
		if (size)
			*size = (unsigned long)hit.size;
		err = 0;
	}
	pthread_mutex_unlock(&host->module_mutex);
	return err;
}

UMOD_API int umod_host_sprint_symbol(struct umod_host *host, const void *addr,
				     char *buf, size_t size)
{
	char name[512], modname[UMOD_MODULE_NAME_LEN];
	unsigned long off, len;
	int err;

	if (!host || (!buf && size))
		return -EINVAL;
	err = umod_host_lookup_address(host, addr, name, sizeof(name), modname,
				       sizeof(modname), &off, &len);
	if (err) {
		snprintf(buf, size, "0x%lx", (unsigned long)(uintptr_t)addr);
		return err;
	}
	return snprintf(buf, size, "%s+0x%lx/0x%lx [%s]", name, off, len, modname);
}

/* the symbol at @addr in @mod alone, listed or not (what it left at unload) */
bool umod_kallsyms_lookup_module(const struct umod_module *mod, uint64_t addr,
				 const char **name, uint64_t *offset, uint64_t *size)
{
	struct symbol_hit hit;

	if (!lookup_in(mod, addr, &hit) || !hit.name)
		return false;
	*name = hit.name;
	*offset = hit.offset;
	*size = hit.size;
	return true;
}

/* exported with EXPORT_SYMBOL (not _GPL): kallsyms shows it in upper case */
static bool exported(const struct umod_module *mod, const char *name)
{
	for (unsigned int i = 0; i < mod->num_syms; i++)
		if (!strcmp(umod_kernel_symbol_name(&mod->syms[i]), name))
			return true;
	return false;
}

/* in memory now: core, or init until init has returned */
static bool mapped(const struct umod_module *mod, uint64_t addr)
{
	uint64_t start, end;

	return region_run(&mod->core, addr, &start, &end) ||
	       region_run(&mod->init, addr, &start, &end);
}

UMOD_API int umod_module_for_each_symbol(struct umod_module *mod, umod_symbol_fn fn,
					 void *data)
{
	const struct umod_kallsyms *ks = mod ? mod->kallsyms : NULL;

	if (!mod || !fn)
		return -EINVAL;
	for (size_t i = 0; ks && i < ks->num; i++) {
		const struct ksym_entry *e = &ks->e[i];
		const char *name = ks->names + e->name;
		char type = (char)e->type;
		int ret;

		if (!mapped(mod, e->addr))
			continue;
		if (exported(mod, name))
			type = (char)(type - 'a' + 'A');
		ret = fn(data, name, type, (const void *)(uintptr_t)e->addr);
		if (ret)
			return ret;
	}
	return 0;
}
