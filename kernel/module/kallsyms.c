// SPDX-License-Identifier: MIT
/*
 * kallsyms for modules: each loaded module has a table of its named
 * symbols, built on the first lookup and sorted by address, so the
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
#include <sys/mman.h>

#include "kernel/module/internal.h"

struct ksym_entry {
	uint64_t addr;
	uint32_t name;		/* offset in names */
	uint32_t order : 24;	/* index in the ELF symbol table (< UMOD_MAX_SYMBOLS) */
	uint32_t type : 8;	/* nm's letter, lower case: t r d b */
};

/* the sorted table, in one allocation: mmap'd (map_len bytes) or, if map_len is 0, malloc'd */
struct ksym_table {
	size_t num, map_len;
	struct ksym_entry *e;
	char *names;
};

/*
 * Nothing reads a module's symbols on the load path, so the table is
 * built on the first lookup, from what the load leaves here: the .ko's
 * image (the buffer it was read into, handed over, not copied) and where
 * each section went. A load from a caller's buffer builds it at once.
 *
 * The image is also gdb's JIT object (gdb_jit.c), which edits it: each
 * section's sh_addr and SHF_ALLOC, and, when init is freed, the init
 * symbols' st_shndx (to SHN_UNDEF, one store each). The table reads
 * neither sh_addr nor SHF_ALLOC, only sh_type, SHF_EXECINSTR and
 * SHF_WRITE. An init symbol a build misses lies in the init region, which
 * no lookup reaches once it is freed (the edit comes just before, as
 * Linux drops init symbols from kallsyms before freeing init memory).
 */
struct umod_kallsyms {
	struct umod_elf elf;		/* points into image */
	struct umod_sec *sec;		/* elf.shnum entries, owned */
	void *image;			/* owned; NULL once the table is built eagerly */
	_Atomic(struct ksym_table *) table;
};

/* what the kernel leaves out: unnamed, section, file and mapping symbols */
static bool wanted(const struct umod_elf *elf, const struct umod_sec *sec, const Elf64_Sym *sym)
{
	const char *name;
	unsigned char type = ELF64_ST_TYPE(sym->st_info);

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= elf->shnum ||
	    !sec[sym->st_shndx].addr || type == STT_SECTION || type == STT_FILE)
		return false;
	name = umod_elf_symname(elf, sym);
	return *name && name[0] != '$' && !(name[0] == '.' && name[1] == 'L');
}

static int by_addr(const struct ksym_entry *x, const struct ksym_entry *y)
{
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* heapsort's sift-down of e[i] within the first n entries */
static void sift_down(struct ksym_entry *e, size_t i, size_t n)
{
	for (size_t c; (c = 2 * i + 1) < n; i = c) {
		struct ksym_entry t;

		if (c + 1 < n && by_addr(&e[c], &e[c + 1]) < 0)
			c++;
		if (by_addr(&e[i], &e[c]) >= 0)
			return;
		t = e[i];
		e[i] = e[c];
		e[c] = t;
	}
}

/*
 * A module's symbols come in nearly by address (section by section), and
 * mostly few: insertion sort then; heapsort for many. No allocation and no
 * lock either way, as an oops report may build a table in its handler.
 */
static void sort_entries(struct ksym_entry *e, size_t n)
{
	if (n > 256) {
		for (size_t i = n / 2; i-- > 0;)
			sift_down(e, i, n);
		for (size_t end = n; end-- > 1;) {
			struct ksym_entry t = e[0];

			e[0] = e[end];
			e[end] = t;
			sift_down(e, 0, end);
		}
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
static char sym_type(const struct umod_elf *elf, const Elf64_Sym *sym)
{
	const Elf64_Shdr *s = &elf->sechdrs[sym->st_shndx];
	/* one load: gdb_jit.c may clear SHF_ALLOC meanwhile (not these bits) */
	uint64_t flags = __atomic_load_n(&s->sh_flags, __ATOMIC_RELAXED);

	if (ELF64_ST_BIND(sym->st_info) == STB_WEAK)
		return ELF64_ST_TYPE(sym->st_info) == STT_OBJECT ? 'v' : 'w';
	if (flags & SHF_EXECINSTR)
		return 't';
	if (s->sh_type == SHT_NOBITS)
		return 'b';
	return flags & SHF_WRITE ? 'd' : 'r';
}

/*
 * Symbol @i of @elf, its section index read once: gdb_jit.c may set it to
 * SHN_UNDEF meanwhile (never the other way), so a symbol is either read
 * whole or left out.
 */
static Elf64_Sym sym_at(const struct umod_elf *elf, unsigned int i)
{
	const Elf64_Sym *p = &elf->syms[i];

	return (Elf64_Sym){
		.st_name = p->st_name,
		.st_info = p->st_info,
		.st_other = p->st_other,
		.st_shndx = __atomic_load_n(&p->st_shndx, __ATOMIC_RELAXED),
		.st_value = p->st_value,
		.st_size = p->st_size,
	};
}

/*
 * The table of @elf's named symbols at their loaded places. Built lazily,
 * it is mmap'd (@lazy), not malloc'd: that runs in whichever thread looks
 * up first, an oops handler included (async-signal-safe). At load, malloc
 * spares the system calls. NULL without memory.
 */
static struct ksym_table *build_table(const struct umod_elf *elf, const struct umod_sec *sec,
				      bool lazy)
{
	size_t n = 0, names = 0, len;
	struct ksym_table *t;
	char *p;

	for (unsigned int i = 1; i < elf->num_syms; i++) {
		Elf64_Sym sym = sym_at(elf, i);

		if (!wanted(elf, sec, &sym))
			continue;
		n++;
		names += strlen(umod_elf_symname(elf, &sym)) + 1;
	}
	len = sizeof(*t) + n * sizeof(*t->e) + names;
	if (lazy) {
		t = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (t == MAP_FAILED)
			return NULL;
	} else {
		t = malloc(len);
		if (!t)
			return NULL;
	}
	t->map_len = lazy ? len : 0;
	t->e = (struct ksym_entry *)(t + 1);
	t->names = (char *)(t->e + n);
	t->num = 0;
	p = t->names;
	/* a symbol undefined since the count is left out: fewer, never more */
	for (unsigned int i = 1; i < elf->num_syms && t->num < n; i++) {
		Elf64_Sym sym = sym_at(elf, i);

		if (!wanted(elf, sec, &sym))
			continue;
		t->e[t->num++] = (struct ksym_entry){
			.addr = (uint64_t)(uintptr_t)sec[sym.st_shndx].addr + sym.st_value,
			.name = (uint32_t)(p - t->names),
			.order = i,
			.type = (unsigned char)sym_type(elf, &sym),
		};
		p = stpcpy(p, umod_elf_symname(elf, &sym)) + 1;
	}
	sort_entries(t->e, t->num);
	return t;
}

/*
 * @mod's table, built now if this is the first lookup. Two threads may
 * build at once: one table is kept, the other unmapped. NULL: the module
 * has no symbols recorded, or there was no memory (the lookup fails, as
 * for an address outside any symbol).
 */
static const struct ksym_table *ksyms(const struct umod_module *mod)
{
	struct umod_kallsyms *ks = mod->kallsyms;
	struct ksym_table *t, *none = NULL;

	if (!ks)
		return NULL;
	t = atomic_load_explicit(&ks->table, memory_order_acquire);
	if (t || !ks->image)
		return t;
	t = build_table(&ks->elf, ks->sec, true);
	if (t && !atomic_compare_exchange_strong_explicit(&ks->table, &none, t,
							  memory_order_acq_rel,
							  memory_order_acquire)) {
		munmap(t, t->map_len);
		t = none;
	}
	return t;
}

/*
 * At complete_formation(): keep what a later lookup needs. With
 * info->image_owned, the image and the section places are handed over
 * (info->image_owned becomes NULL, info->sec_given true); otherwise the
 * image is the caller's and the table is built now.
 */
int umod_kallsyms_record(struct load_info *info)
{
	struct umod_kallsyms *ks = malloc(sizeof(*ks));

	if (!ks)
		return -ENOMEM;
	ks->elf = info->elf;
	ks->elf.report = NULL;
	atomic_init(&ks->table, NULL);
	ks->image = info->image_owned;
	ks->sec = NULL;
	if (ks->image) {
		ks->sec = info->sec;
		info->image_owned = NULL;
		info->sec_given = true;
	} else {
		struct ksym_table *t = build_table(&info->elf, info->sec, false);

		if (!t) {
			free(ks);
			return -ENOMEM;
		}
		atomic_init(&ks->table, t);
	}
	info->mod->kallsyms = ks;
	return 0;
}

unsigned char *umod_kallsyms_image(const struct umod_module *mod)
{
	return mod->kallsyms ? mod->kallsyms->image : NULL;
}

void umod_kallsyms_free(struct umod_module *mod)
{
	struct umod_kallsyms *ks = mod->kallsyms;
	struct ksym_table *t;

	if (!ks)
		return;
	t = atomic_load(&ks->table);
	if (t && t->map_len)
		munmap(t, t->map_len);
	else
		free(t);
	free(ks->image);
	free(ks->sec);
	free(ks);
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
static long find_entry(const struct ksym_table *ks, uint64_t addr)
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
	const struct ksym_table *ks;
	uint64_t start, end;
	size_t next;
	long i;

	if (!mod->kallsyms || (!region_run(&mod->core, addr, &start, &end) &&
			       !region_run(&mod->init, addr, &start, &end)))
		return false;
	ks = ksyms(mod);
	if (!ks)
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

static int by_order(const void *x, const void *y)
{
	const struct ksym_entry *a = *(const struct ksym_entry *const *)x;
	const struct ksym_entry *b = *(const struct ksym_entry *const *)y;

	return a->order < b->order ? -1 : a->order > b->order;
}

/*
 * In the ELF symbol table's order, as the kernel's core_kallsyms keeps
 * them (add_kallsyms() copies the core symbols in that order), only those
 * mapped now: after init, the core's (is_core_symbol()).
 */
UMOD_API int umod_module_for_each_symbol(struct umod_module *mod, umod_symbol_fn fn,
					 void *data)
{
	const struct ksym_entry **v;
	const struct ksym_table *ks;
	size_t n = 0;
	int ret = 0;

	if (!mod || !fn)
		return -EINVAL;
	ks = ksyms(mod);
	if (!ks || !ks->num)
		return 0;
	if (!(v = malloc(ks->num * sizeof(*v))))
		return -ENOMEM;
	for (size_t i = 0; i < ks->num; i++)
		if (mapped(mod, ks->e[i].addr))
			v[n++] = &ks->e[i];
	qsort(v, n, sizeof(*v), by_order);
	for (size_t i = 0; !ret && i < n; i++) {
		const char *name = ks->names + v[i]->name;
		char type = (char)v[i]->type;

		if (exported(mod, name))
			type = (char)(type - 'a' + 'A');
		ret = fn(data, name, type, (const void *)(uintptr_t)v[i]->addr);
	}
	free(v);
	return ret;
}
