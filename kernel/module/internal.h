/* SPDX-License-Identifier: MIT */
/*
 * The loader's internals (kernel/module/), as Linux's kernel/module/internal.h:
 * one load's state (struct load_info) and the steps of load_module() and
 * unloading, grouped by the file that defines them. Only the loader's files
 * (and the tests and fuzz targets of them) include it; what the rest of the
 * host may use of the loader is in module.h.
 */
#ifndef _UMOD_KERNEL_MODULE_INTERNAL_H
#define _UMOD_KERNEL_MODULE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <umod/kabi.h>

#include "kernel/module/module.h"
#include "util/elf.h"
#include "util/symtab.h"

/* ---- limits.c: what one load may cost --------------------------------- */

/* the parameter string: the kernel's MAX_ARG_STRLEN, one execve() word: -E2BIG */
#define UMOD_MAX_ARGS_LEN	(32UL * 4096)
/* below SHN_LORESERVE: no extended section numbering; -ENOEXEC */
#define UMOD_MAX_SECTIONS	0xff00UL
/* both far above any real module (tens of thousands); -ENOEXEC */
#define UMOD_MAX_SYMBOLS	(1UL << 20)
#define UMOD_MAX_RELOCATIONS	(4UL << 20)
/*
 * How deep dependencies may nest (not enforced: depmod's topological sort
 * bounds modules.dep), and how many request_module() calls may be in
 * flight at once, the kernel's MAX_KMOD_CONCURRENT (kmod.c enforces it).
 */
#define UMOD_MAX_DEP_DEPTH	64
#define UMOD_MAX_REQUEST_MODULE	50

struct load_info;
/* once the name is known: sections, symbols, relocations, @args' length */
int umod_check_limits(const struct load_info *info, const char *args);
/* -EFBIG, logged, for an image over UMOD_MAX_IMAGE_SIZE */
int umod_check_image_size(struct umod_log *log, size_t len);

/* a module of that name (with '-' and '_' equal), or NULL; module_mutex held */
struct umod_module *umod_host_find_locked(struct umod_host *host, const char *name);
bool umod_module_name_eq(const char *a, const char *b);
/* a hash of @name with '-' and '_' alike; never 0 */
uint32_t umod_module_name_hash(const char *name);

/* ---- refcount.c ------------------------------------------------------- */

/*
 * A module's use count (the kernel's mod->refcnt): the loader's base
 * reference plus one per user, spread over per-thread stripes. Its layout
 * is in umod/kabi.h, as module code counts inline; only refcount.c
 * and that header look inside.
 */
/* module_unload_init(): the base reference, plus one held during init */
void umod_refcount_init(struct umod_module *mod);
/* do_init_module(): drops the reference held during init */
void umod_refcount_init_done(struct umod_module *mod);
/*
 * try_release_module_ref(), module_mutex held: 0 if only the base was
 * left (the count is stopped for good, the base dropped), else
 * -EWOULDBLOCK and the count goes on.
 */
int umod_refcount_try_stop(struct umod_module *mod);
/*
 * Stops the count for good whoever holds it (forced unload, failed init),
 * then waits up to @ms milliseconds for the users to put their references.
 * Returns how many are still held (0: none).
 */
int umod_refcount_stop_wait(struct umod_module *mod, unsigned int ms);

/* ---- usage.c ---------------------------------------------------------- */

/* "source uses target": the kernel's struct module_use, under module_mutex */
struct umod_module_use {
	struct umod_list source_list;	/* on target->source_list */
	struct umod_list target_list;	/* on source->target_list */
	struct umod_module *source, *target;
};

/* ref_module(): @a uses @b; takes a use count on @b (-EBUSY while @b is COMING) */
int umod_ref_module(struct umod_module *a, struct umod_module *b);
/* module_unload_free(): drops every link @mod holds, with their counts */
void umod_module_unuse_all(struct umod_module *mod);

/* ---- cmdline.c -------------------------------------------------------- */

/*
 * What a load of @modname parses: its options from the host's command line,
 * then @args, in a private writable copy (*@outp, NULL if both are empty).
 * Returns 0 or -ENOMEM.
 */
int umod_cmdline_module_args(struct umod_host *host, const char *modname,
			     const char *args, char **outp);

/* ---- handle.c ------------------------------------------------------ */

int umod_module_alloc(struct umod_host *host, const char *name,
		      struct umod_module **modp);

/* ---- sysfs.c ---------------------------------------------------------- */

struct umod_mod_sysfs;
/* mod_sysfs_setup(): the module's directory appears (its args are parsed) */
int umod_mod_sysfs_setup(struct umod_module *mod);
/* it goes, once reads and writes in flight are done; module_mutex not held */
void umod_mod_sysfs_teardown(struct umod_module *mod);

/* ---- call.c ----------------------------------------------------------- */

int umod_call_init(struct umod_module *mod, int (*init)(void), int *retp);
int umod_call_exit(struct umod_module *mod, void (*exit_fn)(void));

/* ---- layout.c, main.c, strict_rwx.c, unload.c ------------------------- */

/* per section of the image: where it lives at run time */
struct umod_sec {
	void *addr;		/* NULL: not loaded */
	size_t off;		/* offset in its region */
	unsigned char region;	/* UMOD_REGION_* */
	unsigned char cls;	/* which run of the region (layout.c) */
	bool apply;		/* a RELA section the scan checked (reloc.c) */
};

#define UMOD_REGION_NONE	0
#define UMOD_REGION_CORE	1
#define UMOD_REGION_INIT	2
#define UMOD_REGION_PERCPU	3	/* .data..percpu: a copy per CPU (mm/percpu.c) */

/* bytes of load_info's symval block for @n symbols: symval, then 2 ints each */
#define UMOD_SYMVAL_BYTES(n)	((size_t)(n) * (sizeof(uint64_t) + 2 * sizeof(int)))
/* load_info's sec and order, one allocation for @shnum sections */
#define UMOD_SEC_BYTES(shnum)	((size_t)(shnum) * (sizeof(struct umod_sec) + sizeof(unsigned int)))

/* the sizes of load_info's order and listing, kept together by the image cache */
struct umod_load_lists {
	unsigned int num_loaded, num_apply, pcpu;	/* pcpu: .data..percpu's index, or 0 */
	unsigned int listing_n, num_init_syms;
	size_t listing_head, listing_bytes;
};

/* everything one load needs, freed at its end (kernel's struct load_info) */
struct load_info {
	struct umod_host *host;
	struct umod_log *log;
	struct umod_elf elf;
	const char *name;		/* from .modinfo or this_module; in image */
	unsigned int flags;		/* UMOD_INSERT_* */
	unsigned long taints;		/* earned while loading; moved to the module */
	bool sig_ok;			/* signing.c: a trusted key signed it */
	bool genuine;			/* genuine.c: built for the host's genuine ABI */
	struct {
		unsigned int mod;	/* .gnu.linkonce.this_module */
		unsigned int info;	/* .modinfo, 0 if none */
		unsigned int vers;	/* __versions, 0 if none */
		unsigned int param;	/* __param, 0 if none */
	} index;
	const char *modinfo;
	size_t modinfo_size;
	const char *license;		/* .modinfo's, in image; NULL: none */
	bool license_gpl;		/* GPL-compatible ("unspecified" is not) */
	struct umod_sec *sec;		/* elf.shnum entries, then the order (UMOD_SEC_BYTES) */
	/*
	 * Built once the layout is known (main.c) and kept by the image cache,
	 * in one block of lists.listing_bytes: sections/'s listing_n entries
	 * without addresses and their names (listing_head bytes, 4-aligned),
	 * then each entry's section index, then the indices of the
	 * num_init_syms symbols defined in init sections (gdb_jit.c undefines
	 * them after init). The module is handed the block at load.
	 */
	struct umod_section *listing;
	struct umod_load_lists lists;
	uint64_t *symval;		/* resolved value of each symbol; owns the next two */
	int *got_slot;			/* per symbol: GOT slot index or -1 */
	int *plt_slot;			/* per symbol: PLT stub index or -1 */
	unsigned int num_got, num_plt;
	size_t got_off, plt_off;	/* offsets of the tables in core */
	struct umod_layout core, init;
	void *map;
	size_t map_size;
	void *percpu;			/* .data..percpu's copies, until the module has them */
	struct umod_module *mod;
	/* UMOD_LOAD_OWN_IMAGE: the image, until kallsyms takes it with sec */
	void *image_owned;
	bool sec_given;
	bool listing_given;		/* the module's sections now */
};

/*
 * The order after sec: section indices, in index order (umod_layout_sections()
 * fills them, the image cache keeps them with sec): the sections placed in
 * core or init (lists.num_loaded), then the RELA sections applied
 * (lists.num_apply); the later passes walk these, not all elf.shnum.
 */
static inline unsigned int *umod_load_order(const struct load_info *info)
{
	return (unsigned int *)(info->sec + info->elf.shnum);
}

/* the listing's section indices (listing_n), then its init symbols' */
static inline unsigned int *umod_listing_index(const struct load_info *info)
{
	return (unsigned int *)((char *)info->listing + info->lists.listing_head);
}

/* x86-64's module area with KASLR (MODULES_END - MODULES_VADDR): 1008 MiB */
#define UMOD_MODULE_MEMORY_DEFAULT	(1008UL << 20)
/* -ENOMEM, logged, when the host's module memory would pass its limit */
int umod_module_memory_reserve(struct umod_host *host, const char *name, size_t size);
void umod_module_memory_release(struct umod_host *host, size_t size);
/*
 * area.c: the module area every module's memory comes from. alloc gives
 * @size bytes (page-aligned) read-write and populated; free makes them
 * inaccessible at once and gives them back (@name: the module they held,
 * for oops reports' "last unloaded", or NULL); release drops the area.
 */
int umod_area_alloc(struct umod_host *host, size_t size, void **addrp);
void umod_area_free(struct umod_host *host, void *addr, size_t size, const char *name);
/* @mod's pages, for umod_area_owner() (freeing gives them back to no one) */
void umod_area_set_owner(struct umod_host *host, const void *addr, size_t size,
			 struct umod_module *mod);
void umod_area_release(struct umod_host *host);
void umod_layout_classify(struct load_info *info);
int umod_layout_sections(struct load_info *info);
int umod_layout_alloc(struct load_info *info);
/* percpu_modcopy(): once relocated, CPU 0's copy of .data..percpu is every CPU's */
void umod_percpu_modcopy(const struct load_info *info);
/* percpu_modfree(): a module's .data..percpu (NULL: none) */
void umod_percpu_modfree(void *percpu);
void umod_layout_free(struct load_info *info);
int umod_module_protect(struct umod_module *mod);
int umod_module_protect_after_init(struct umod_module *mod);
/*
 * Internal flag for umod_load_module(), above the public UMOD_INSERT_*:
 * validate, lay out, resolve and relocate, then roll everything back and
 * return 0 without running any module code (the fuzzers' entry point).
 */
#define UMOD_LOAD_STOP_BEFORE_INIT	(1u << 31)
/* the image is the load's to keep (malloc'd): kallsyms builds from it later */
#define UMOD_LOAD_OWN_IMAGE		(1u << 30)
int umod_load_module(struct umod_host *host, const void *image, size_t len,
		     const char *args, unsigned int flags,
		     struct umod_module **modp);
/* how long a failed init waits for the references taken during it */
#define UMOD_FAILED_INIT_WAIT_MS	5000
/* frees params and memory of a module that is out of the list */
void umod_module_free_memory(struct umod_module *mod);
/* the one place a module becomes GOING (init failed, or unloading); module_mutex held */
void umod_module_going_locked(struct umod_module *mod);
/* off the host's list: the one place a module becomes GONE; module_mutex held */
void umod_module_unlist_locked(struct umod_module *mod);
/* drops the list's reference, or keeps the module on host->kept (keep_mapped) */
void umod_module_release(struct umod_module *mod);
/* the host is going away: unload what can be, abandon the rest */
void umod_unload_all(struct umod_host *host);

/* ---- exports.c -------------------------------------------------------- */

/* __ksymtab*, after relocation: every entry's name, namespace and value checked */
int umod_exports_find(struct load_info *info);
/* verify_exported_symbols() and publish them; module_mutex held */
int umod_exports_add(struct umod_module *mod);
/* withdraws what umod_exports_add() published; module_mutex held */
void umod_exports_del(struct umod_module *mod);
/* decodes one place-relative entry */
const char *umod_kernel_symbol_name(const struct kernel_symbol *ks);
const char *umod_kernel_symbol_namespace(const struct kernel_symbol *ks);
uint64_t umod_kernel_symbol_value(const struct kernel_symbol *ks);

/* ---- kallsyms.c ------------------------------------------------------- */

struct umod_kallsyms;

/* copies the named symbols of the loaded sections, sorted by address */
int umod_kallsyms_record(struct load_info *info);
void umod_kallsyms_free(struct umod_module *mod);
/*
 * The .ko buffer kallsyms keeps for its lazy table (a load from a file),
 * or NULL. The gdb JIT object borrows it: umod_module_free_memory()
 * unregisters that object before umod_kallsyms_free() frees the buffer.
 */
unsigned char *umod_kallsyms_image(const struct umod_module *mod);

/* ---- reloc.c ---------------------------------------------------------- */

int umod_reloc_scan(struct load_info *info);
int umod_reloc_apply(struct load_info *info);
/* points symval's block (UMOD_SYMVAL_BYTES) at got_slot and plt_slot */
void umod_reloc_set_arrays(struct load_info *info, uint64_t *block);

/* ---- signing.c: module signatures ------------------------------------ */

/*
 * module_sig_check(): a signed module's trailer is checked against the
 * host's trusted keys and cut off (*@len shrinks). 0: go on (info->sig_ok
 * says whether it was a trusted signature); -EKEYREJECTED, -EBADMSG, ...:
 * refuse the load, as the kernel does.
 */
int umod_module_sig_check(struct load_info *info, const void *image, size_t *len);
/* after add_unformed_module(): an unverified module taints E */
void umod_module_sig_taint(struct load_info *info);
/* mod_verify_sig() on its own, for tests and fuzzing: 0 or -errno */
int umod_mod_verify_sig(struct umod_host *host, const void *image, size_t *len);
void umod_keyring_free(struct umod_keyring *kr);

/* ---- version.c -------------------------------------------------------- */

extern const char umod_vermagic[];
int umod_check_modinfo(struct load_info *info);
/* sanitize.c: a module built with UMOD_SANITIZE needs the host's runtimes */
int umod_check_sanitize(struct load_info *info);
bool umod_sanitizer_resolve(const struct load_info *info, const char *name, uint64_t *val);
/* module_layout's CRC: the ABI structs; before anything else is trusted */
int umod_check_modstruct_version(struct load_info *info);
/* the CRC this module's __versions gives @name; false when none does */
bool umod_version_crc(const struct load_info *info, const char *name, uint32_t *crc);
/* its second half, what depends on the host: module_layout's CRC */
int umod_check_module_layout(struct load_info *info);
/* may @ks be used by this module? false: its CRC disagrees (logged) */
bool umod_check_version(struct load_info *info, const char *name,
			const struct umod_ksym *ks);

/* ---- genuine.c: genuine Linux modules ----------------------------------- */

void umod_genuine_free(struct umod_genuine *g);
/* is a .gnu.linkonce.this_module of @size bytes a genuine module of the host's ABI? */
bool umod_genuine_this_module(const struct umod_host *host, uint64_t size);
/* the version magic this load must carry: umod's, or the genuine kernel's */
const char *umod_genuine_vermagic(const struct load_info *info);
/* the export @name as this load resolves it (module_mutex held), or NULL */
const struct umod_ksym *umod_find_export(const struct load_info *info, const char *name);
/* where the genuine module's struct module keeps init and exit */
void umod_genuine_init_exit(const struct load_info *info, struct umod_module *mod);
/* check_modinfo()'s O and C taints, in a host of a genuine ABI */
void umod_genuine_check_modinfo(struct load_info *info);
/* before layout: -ENOEXEC (logged) for a section a genuine module cannot have here */
int umod_genuine_check_sections(const struct load_info *info);
/* after relocation, before the text is sealed: ftrace's NOPs */
void umod_genuine_patch(struct load_info *info);
/*
 * A genuine module's export of a name the host itself exports (its
 * library's, the application's): true when the genuine kernel has the
 * name as a module's (not its image's, not offered under the ABI); it is
 * then kept aside, not a duplicate (module_mutex held for all three).
 */
bool umod_genuine_may_shadow(struct umod_host *host, const char *name);
int umod_genuine_shadow_add(struct umod_host *host, const struct umod_ksym *sym);
void umod_genuine_shadow_del(struct umod_host *host, const char *name,
			     const struct umod_module *owner);

/* ---- gdb_jit.c: gdb's JIT interface ------------------------------------ */

/* after relocation, before any module code runs: gdb learns the module;
 * 0 or -ENOMEM */
int umod_gdb_jit_register(const struct load_info *info);
/* the init region is about to be unmapped: its symbols leave gdb's view */
void umod_gdb_jit_init_freed(const struct umod_module *mod);
/* before the module's memory goes; nothing if it was never registered */
void umod_gdb_jit_unregister(const struct umod_module *mod);
/* valgrind.c: under valgrind, the module's text mapped from a file it reads symbols from */
void umod_valgrind_map_module(const struct umod_module *mod, const void *image);

/* ---- perf_map.c: /tmp/perf-PID.map ------------------------------------ */

/* after relocation: the module's functions, if umod_perf_map_enable() */
void umod_perf_map_record(const struct load_info *info);

/*
 * image_cache.c: what the last validated images' bytes alone gave a load
 * (ELF checks, named sections, __versions and vermagic, layout, relocation
 * scan), so that a load of the same bytes skips that work; get fills
 * @info and returns 1 on a hit (0: a miss, -ENOMEM), put keeps what @info
 * learnt (after umod_layout_sections(), before any address is given).
 */
int umod_image_cache_get(struct load_info *info, const void *image, size_t len);
void umod_image_cache_put(const struct load_info *info);
void umod_image_cache_free(struct umod_host *host);

#endif /* _UMOD_KERNEL_MODULE_INTERNAL_H */
