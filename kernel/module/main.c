// SPDX-License-Identifier: MIT
/*
 * load_module(): the phases of one load over a struct load_info, in the
 * kernel's order. Bad input fails before anything is allocated, the name
 * is reserved before memory is mapped (a duplicate fails cheaply), the
 * module's own code runs last. Every failure unwinds through the ladder at
 * the end of umod_load_module(), so nothing of a failed load stays behind.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/kunit/kunit.h"
#include "kernel/module/internal.h"
#include "kernel/panic.h"
#include "kernel/params.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/timekeeping.h"
#include "util/file.h"
#include "util/license.h"
#include "util/macro.h"
#include "util/modinfo.h"
#include "util/symtab.h"
#include "lib/dynamic_debug.h"

#define NO_NAME "(missing .modinfo section or name field)"

/* the ELF validator's messages go to the host's log */
static void elf_report(void *log, const char *fmt, va_list ap)
{
	umod_log_vprintk(log, fmt, ap);
}

static const char *info_name(const struct load_info *info)
{
	return info->name ? info->name : NO_NAME;
}

/*
 * The sections load_module() looks up by name, in one walk of the headers
 * (the name's first byte sorts out most): how many .modinfo with contents
 * and .gnu.linkonce.this_module there are, and the last of each; the
 * first __param and __versions.
 */
struct named_sections {
	unsigned int modinfo, n_modinfo, this_module, n_this_module, param, versions;
};

static void find_named_sections(const struct umod_elf *elf, struct named_sections *ns)
{
	memset(ns, 0, sizeof(*ns));
	for (unsigned int i = 1; i < elf->shnum; i++) {
		const char *name = elf->secstrings + elf->sechdrs[i].sh_name;

		/* two bytes sort out all but the candidates (names are NUL-terminated) */
		switch (name[0] == '.' || name[0] == '_' ? name[1] : 0) {
		case 'm':
			if (!strcmp(name, ".modinfo") && elf->sechdrs[i].sh_type != SHT_NOBITS) {
				ns->n_modinfo++;
				ns->modinfo = i;
			}
			break;
		case 'g':
			if (!strcmp(name, ".gnu.linkonce.this_module")) {
				ns->n_this_module++;
				ns->this_module = i;
			}
			break;
		case '_':
			if (!ns->param && !strcmp(name, "__param"))
				ns->param = i;
			else if (!ns->versions && !strcmp(name, "__versions"))
				ns->versions = i;
			break;
		}
	}
}

/* at most one .modinfo: the name is learnt from it first, for messages */
static int find_modinfo(struct load_info *info, const struct named_sections *ns)
{
	unsigned int n = ns->n_modinfo;

	info->index.info = ns->modinfo;
	if (n > 1) {
		umod_log_printk(info->log, KERN_ERR "Only one .modinfo section must exist.\n");
		return -ENOEXEC;
	}
	if (n) {
		info->modinfo = umod_elf_section_data(&info->elf, info->index.info);
		info->modinfo_size = info->elf.sechdrs[info->index.info].sh_size;
		info->name = umod_modinfo_get(info->modinfo, info->modinfo_size, "name");
	}
	return 0;
}

/*
 * A module's name becomes /sys/module/NAME, a word of lsmod and
 * /proc/modules, and the prefix of its messages: it must be one path
 * component ("a/b", ".", ".." are not) of printable ASCII without spaces
 * (a newline or an escape would forge lines).
 */
static bool name_char_ok(unsigned char c)
{
	return c > ' ' && c < 0x7f && c != '/';
}

static bool valid_module_name(const char *name)
{
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		if (!name_char_ok(*p))
			return false;
	return true;
}

/* @name with every byte a message must not carry as \xNN */
static void escape_name(const char *name, char *buf, size_t size)
{
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)name; *p && n + 5 < size; p++) {
		if (name_char_ok(*p) && *p != '\\')
			buf[n++] = (char)*p;
		else
			n += (size_t)snprintf(buf + n, size - n, "\\x%02x", *p);
	}
	buf[n] = '\0';
}

/*
 * The sections a module must have, as the kernel's checks: one symbol
 * table; exactly one .gnu.linkonce.this_module, allocated, writable, with
 * contents, the size of our struct module and a NUL-terminated name.
 */
static int find_this_module(struct load_info *info, const struct named_sections *ns)
{
	const Elf64_Shdr *s;
	const char *name;
	int idx = (int)ns->this_module;

	if (info->elf.num_symtabs != 1) {
		umod_log_printk(info->log, KERN_WARNING "%s: module has no symbols (stripped?)\n",
				info_name(info));
		return -ENOEXEC;
	}
	if (ns->n_this_module != 1) {
		umod_log_printk(info->log, KERN_ERR "module %s: Only one .gnu.linkonce.this_module section must exist.\n",
				info_name(info));
		return -ENOEXEC;
	}
	s = &info->elf.sechdrs[idx];
	if (s->sh_type == SHT_NOBITS) {
		umod_log_printk(info->log, KERN_ERR "module %s: .gnu.linkonce.this_module section must have a size set\n",
				info_name(info));
		return -ENOEXEC;
	}
	if (!(s->sh_flags & SHF_ALLOC)) {
		umod_log_printk(info->log, KERN_ERR "module %s: .gnu.linkonce.this_module must occupy memory during process execution\n",
				info_name(info));
		return -ENOEXEC;
	}
	/*
	 * The loader and the kernel library write the struct after it is
	 * sealed (its state, its use count's pointer): 6.1 checks nothing
	 * here and oopses writing it; this refuses, as the checks above do.
	 */
	if (!(s->sh_flags & SHF_WRITE)) {
		umod_log_printk(info->log, KERN_ERR "module %s: .gnu.linkonce.this_module section must be writable\n",
				info_name(info));
		return -ENOEXEC;
	}
	info->genuine = umod_genuine_this_module(info->host, s->sh_size);
	if (s->sh_size != sizeof(struct module) && !info->genuine) {
		umod_log_printk(info->log, KERN_ERR "module %s: .gnu.linkonce.this_module section size must match the kernel's built struct module size at run time\n",
				info_name(info));
		return -ENOEXEC;
	}
	/* the host writes through it once placed (struct module's umod) */
	if (s->sh_addralign < _Alignof(struct module)) {
		umod_log_printk(info->log, KERN_ERR "module %s: .gnu.linkonce.this_module section is not aligned for struct module\n",
				info_name(info));
		return -ENOEXEC;
	}
	/* bytes, not a struct: the image gives no alignment for this section */
	name = (const char *)umod_elf_section_data(&info->elf, (unsigned int)idx) +
	       offsetof(struct module, name);
	if (!memchr(name, '\0', UMOD_MODULE_NAME_LEN) || !name[0]) {
		umod_log_printk(info->log, KERN_ERR "module %s: name in .gnu.linkonce.this_module is empty or not terminated\n",
				info_name(info));
		return -ENOEXEC;
	}
	if (!valid_module_name(name)) {
		char esc[4 * UMOD_MODULE_NAME_LEN + 1];

		escape_name(name, esc, sizeof(esc));
		umod_log_printk(info->log, KERN_ERR "module name '%s' cannot name a sysfs directory\n",
				esc);
		return -ENOEXEC;
	}
	info->index.mod = (unsigned int)idx;
	/* the struct's name is the module's name, as the kernel's mod->name */
	info->name = name;
	return 0;
}

/* __param: whole struct kernel_param entries, in a loaded section */
static int find_params(struct load_info *info, const struct named_sections *ns)
{
	int idx = (int)ns->param;
	const Elf64_Shdr *s;

	if (!idx)
		return 0;
	s = &info->elf.sechdrs[idx];
	if (!(s->sh_flags & SHF_ALLOC) || s->sh_size % sizeof(struct kernel_param) ||
	    s->sh_addralign < _Alignof(struct kernel_param)) {
		umod_log_printk(info->log, KERN_ERR "%s: __param section is not an array of struct kernel_param\n",
				info->name);
		return -ENOEXEC;
	}
	info->index.param = (unsigned int)idx;
	return 0;
}

static int elf_validity_cache_index(struct load_info *info)
{
	struct named_sections ns;
	int err;

	find_named_sections(&info->elf, &ns);
	err = find_modinfo(info, &ns);
	if (!err)
		err = find_this_module(info, &ns);
	if (!err)
		err = find_params(info, &ns);
	if (!err)
		info->index.vers = info->flags & UMOD_INSERT_FORCE_MODVERSION ? 0 : ns.versions;
	return err;
}

/* is a module of @name on its way in (UNFORMED or COMING)? module_mutex held */
static bool still_loading(struct umod_host *host, const char *name)
{
	struct umod_module *old = umod_host_find_locked(host, name);
	int state = old ? atomic_load(&old->state) : UMOD_MODULE_GONE;

	return state == UMOD_MODULE_UNFORMED || state == UMOD_MODULE_COMING;
}

/*
 * Reserve the name first: a duplicate load fails before memory is mapped.
 * A module of the same name still loading is waited for, as the kernel's
 * add_unformed_module() waits, in case it fails; one that is live or
 * going makes this load -EEXIST.
 */
static int add_unformed_module(struct load_info *info)
{
	struct umod_host *host = info->host;
	struct umod_module *mod;
	int err = umod_module_alloc(host, info->name, &mod);

	if (err)
		return err;
	pthread_mutex_lock(&host->module_mutex);
	while (still_loading(host, info->name) && !atomic_load(&host->shutting_down)) {
		/* 6.1's wait_event_interruptible(): never a hung task */
		unsigned int state = umod_task_sleep_state(UMOD_TASK_INTERRUPTIBLE);

		pthread_cond_wait(&host->module_wq, &host->module_mutex);
		umod_task_sleep_end(state);
	}
	err = atomic_load(&host->shutting_down) ? -ESHUTDOWN :
	      umod_host_find_locked(host, info->name) ? -EEXIST : 0;
	if (err) {
		pthread_mutex_unlock(&host->module_mutex);
		umod_module_unref(mod);
		return err;
	}
	mod->name_hash = umod_module_name_hash(mod->name);
	umod_list_add(&mod->list, &host->modules);
	pthread_mutex_unlock(&host->module_mutex);
	mod->taints = info->taints;
	info->mod = mod;
	return 0;
}

static void del_unformed_module(struct load_info *info)
{
	struct umod_host *host = info->host;

	pthread_mutex_lock(&host->module_mutex);
	umod_module_unlist_locked(info->mod);
	pthread_mutex_unlock(&host->module_mutex);
	umod_module_release(info->mod);
	info->mod = NULL;
}

/* the image's licence (the image cache keeps what this finds) */
static void find_license(struct load_info *info)
{
	info->license = umod_modinfo_get(info->modinfo, info->modinfo_size, "license");
	info->license_gpl = umod_license_is_gpl_compatible(info->license ? info->license
									  : "unspecified");
}

/*
 * The kernel's set_license(): no licence reads as "unspecified"; anything
 * but a GPL-compatible one taints the host, and then the module may not
 * use GPL-only exports. Set before anything can fail, so a refused load
 * still taints, as in the kernel.
 */
static void set_license(struct load_info *info)
{
	const char *license = info->license ? info->license : "unspecified";

	if (info->license_gpl)
		return;
	if (!umod_host_test_taint(info->host, UMOD_TAINT_PROPRIETARY_MODULE))
		umod_log_printk(info->log, KERN_WARNING "%s: module license '%s' taints kernel.\n",
				info->name, license);
	umod_host_add_taint(info->host, UMOD_TAINT_PROPRIETARY_MODULE,
			    UMOD_LOCKDEP_NOW_UNRELIABLE);
	info->taints |= 1ul << UMOD_TAINT_PROPRIETARY_MODULE;
}

static bool module_tainted(const struct umod_module *mod, unsigned int flag)
{
	return mod && (mod->taints & (1ul << flag));
}

/* a user of a proprietary module's exports becomes proprietary too */
static bool inherit_taint(struct load_info *info, const struct umod_ksym *ks)
{
	struct umod_module *mod = info->mod;

	if (!module_tainted(ks->owner, UMOD_TAINT_PROPRIETARY_MODULE))
		return true;
	if (mod->using_gplonly_symbols) {
		umod_log_printk(info->log, KERN_ERR "%s: module using GPL-only symbols uses symbols %s from proprietary module %s.\n",
				mod->name, ks->name, ks->owner->name);
		return false;
	}
	if (!module_tainted(mod, UMOD_TAINT_PROPRIETARY_MODULE)) {
		umod_log_printk(info->log, KERN_WARNING "%s: module uses symbols %s from proprietary module %s, inheriting taint.\n",
				mod->name, ks->name, ks->owner->name);
		mod->taints |= 1ul << UMOD_TAINT_PROPRIETARY_MODULE;
	}
	return true;
}

/* a namespaced export is only for modules that MODULE_IMPORT_NS() it */
static int verify_namespace_is_imported(const struct load_info *info,
					const struct umod_ksym *ks)
{
	const char *kv;
	size_t pos = 0;

	if (!ks->ns)
		return 0;
	while ((kv = umod_modinfo_next(info->modinfo, info->modinfo_size, &pos)))
		if (!strncmp(kv, "import_ns=", 10) && !strcmp(kv + 10, ks->ns))
			return 0;
	umod_log_printk(info->log, KERN_ERR "%s: module uses symbol (%s) from namespace %s, but does not import it.\n",
			info->name, ks->name, ks->ns);
	return -EINVAL;
}

/*
 * One exported symbol for this module, module_mutex held. *@ksp stays
 * NULL when there is none this module may use (a GPL-only export for a
 * proprietary module is none); otherwise the module becomes a holder of
 * the exporter before the lock is dropped, so the exporter cannot go away
 * in between. -EBUSY: the exporter is still in its init.
 */
static int resolve_symbol(struct load_info *info, const char *name,
			  const struct umod_ksym **ksp)
{
	struct umod_module *mod = info->mod;
	const struct umod_ksym *ks = umod_find_export(info, name);
	int err;

	*ksp = NULL;
	if (!ks)
		return 0;
	if (ks->flags & UMOD_KSYM_GPL) {
		if (module_tainted(mod, UMOD_TAINT_PROPRIETARY_MODULE))
			return 0;
		mod->using_gplonly_symbols = true;
	}
	if (!inherit_taint(info, ks))
		return 0;
	if (!umod_check_version(info, name, ks))
		return -EINVAL;
	err = verify_namespace_is_imported(info, ks);
	if (!err)
		err = umod_ref_module(mod, ks->owner);
	if (!err)
		*ksp = ks;
	return err;
}

/* an exporter still in its init: wait for it, as the kernel, up to 30 s */
static int resolve_symbol_wait(struct load_info *info, const char *name,
			       const struct umod_ksym **ksp)
{
	struct umod_host *host = info->host;
	struct timespec deadline;
	int err;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += 30;
	while ((err = resolve_symbol(info, name, ksp)) == -EBUSY) {
		unsigned int state = umod_task_sleep_state(UMOD_TASK_INTERRUPTIBLE);
		int timedout = pthread_cond_timedwait(&host->module_wq, &host->module_mutex,
						      &deadline) == ETIMEDOUT;

		umod_task_sleep_end(state);
		if (!timedout)
			continue;
		err = resolve_symbol(info, name, ksp);
		if (err == -EBUSY)
			umod_log_printk(info->log, KERN_WARNING "%s: gave up waiting for init of module %s.\n",
					info->name,
					umod_find_export(info, name)->owner->name);
		break;
	}
	return err;
}

/*
 * One undefined symbol: exports only; a weak reference may stay NULL.
 * The assembler names _GLOBAL_OFFSET_TABLE_ in any object that uses the
 * GOT: that is this module's own GOT.
 */
static int resolve_undefined(struct load_info *info, const Elf64_Sym *sym, uint64_t *val)
{
	const char *name = umod_elf_symname(&info->elf, sym);
	const struct umod_ksym *ks;
	int err;

	if (!strcmp(name, "_GLOBAL_OFFSET_TABLE_")) {
		*val = (uint64_t)(uintptr_t)info->core.base + info->got_off;
		return 0;
	}
	if (umod_sanitizer_resolve(info, name, val))
		return 0;
	err = resolve_symbol_wait(info, name, &ks);
	*val = ks ? ks->addr : 0;
	if (ks && umod_is_jiffies(ks->addr) && !info->mod->reads_jiffies) {
		info->mod->reads_jiffies = true;
		umod_jiffies_tick_get();
	}
	if (!err && (ks || ELF64_ST_BIND(sym->st_info) == STB_WEAK))
		return 0;
	if (!err)
		err = -ENOENT;
	umod_log_printk(info->log, KERN_WARNING "%s: Unknown symbol %s (err %d)\n",
			info->name, name, err);
	return err;
}

/*
 * Every symbol's final value; reports each unknown symbol, in table order.
 * The module mutex is held throughout, so each exporter found stays
 * loaded until this module holds it.
 */
static int simplify_symbols(struct load_info *info)
{
	int ret = 0;

	const Elf64_Sym *syms = info->elf.syms;
	const struct umod_sec *secs = info->sec;
	uint64_t *symval = info->symval;
	unsigned int n = info->elf.num_syms;

	pthread_mutex_lock(&info->host->module_mutex);
	for (unsigned int i = 1; i < n; i++) {
		const Elf64_Sym *sym = &syms[i];
		unsigned int shndx = sym->st_shndx;
		int err = 0;

		/* most: in a section (umod_elf_parse() lets only [1, shnum) and the 3 below by) */
		if (shndx != SHN_UNDEF && shndx < SHN_LORESERVE) {
			if (secs[shndx].addr)
				symval[i] = (uint64_t)(uintptr_t)secs[shndx].addr + sym->st_value;
			continue;
		}
		switch (shndx) {
		case SHN_COMMON:
			umod_log_printk(info->log, KERN_WARNING "%s: please compile with -fno-common\n",
					umod_elf_symname(&info->elf, sym));
			err = -ENOEXEC;
			break;
		case SHN_ABS:
			symval[i] = sym->st_value;
			break;
		case SHN_UNDEF:
			err = resolve_undefined(info, sym, &symval[i]);
			break;
		}
		if (err && !ret)
			ret = err;
	}
	pthread_mutex_unlock(&info->host->module_mutex);
	return ret;
}

/*
 * Listed in sections/, in index order: the loaded ones (in core or init:
 * as Linux, whose percpu_modalloc() takes SHF_ALLOC off .data..percpu,
 * that one is not), and the symbol table and its strings (@extra[0] and
 * [1], 0 if none), which 6.1's layout_symtab() makes SHF_ALLOC (kept in
 * the init part for kallsyms); here kallsyms keeps its own table: no
 * address. Calls @fn(@arg, index) for each.
 */
static void for_each_listed(const struct load_info *info, void (*fn)(void *, unsigned int),
			    void *arg)
{
	const unsigned int *order = umod_load_order(info);
	unsigned int sym = info->elf.symtab_idx;
	unsigned int extra[2] = { sym, sym ? info->elf.sechdrs[sym].sh_link : 0 };
	unsigned int k = 0;

	if (extra[0] > extra[1]) {
		extra[0] = extra[1];
		extra[1] = sym;
	}
	for (unsigned int e = 0; e < 2; e++) {
		if (!extra[e] || (e && extra[1] == extra[0]))
			continue;
		for (; k < info->lists.num_loaded && order[k] < extra[e]; k++)
			fn(arg, order[k]);
		if (k < info->lists.num_loaded && order[k] == extra[e])
			continue;	/* loaded as well: listed once */
		fn(arg, extra[e]);
	}
	for (; k < info->lists.num_loaded; k++)
		fn(arg, order[k]);
}

struct listing {
	const struct load_info *info;
	size_t n, names;
	char *p;
	unsigned int *index;
};

static void count_listed(void *arg, unsigned int i)
{
	struct listing *l = arg;

	l->n++;
	l->names += strlen(umod_elf_secname(&l->info->elf, i)) + 1;
}

static void copy_listed(void *arg, unsigned int i)
{
	struct listing *l = arg;
	struct umod_section *s = &l->info->listing[l->n];

	l->index[l->n++] = i;
	s->name = l->p;
	l->p = stpcpy(l->p, umod_elf_secname(&l->info->elf, i)) + 1;
	s->addr = NULL;
	s->size = l->info->elf.sechdrs[i].sh_size;
}

/* is symbol @i defined in an init section? */
static bool init_sym(const struct load_info *info, unsigned int i)
{
	unsigned int shndx = info->elf.syms[i].st_shndx;

	return shndx != SHN_UNDEF && shndx < info->elf.shnum &&
	       info->sec[shndx].region == UMOD_REGION_INIT;
}

/*
 * The listed sections' names, sizes and indices, copied (the image goes
 * away), and the init sections' symbols: once the layout says which are
 * loaded where, before any address.
 */
static int build_listing(struct load_info *info)
{
	struct listing l = { .info = info };
	unsigned int *syms;

	for_each_listed(info, count_listed, &l);
	info->lists.num_init_syms = 0;
	for (unsigned int i = 1; i < info->elf.num_syms; i++)
		info->lists.num_init_syms += init_sym(info, i);
	info->lists.listing_head = UMOD_ALIGN(l.n * sizeof(*info->listing) + l.names,
					sizeof(unsigned int));
	info->lists.listing_bytes = info->lists.listing_head +
			      (l.n + info->lists.num_init_syms) * sizeof(unsigned int);
	info->listing = malloc(info->lists.listing_bytes);
	if (!info->listing)
		return -ENOMEM;
	info->lists.listing_n = (unsigned int)l.n;
	l.p = (char *)(info->listing + l.n);
	l.index = umod_listing_index(info);
	l.n = 0;
	for_each_listed(info, copy_listed, &l);
	syms = l.index + info->lists.listing_n;
	for (unsigned int i = 1; i < info->elf.num_syms; i++)
		if (init_sym(info, i))
			*syms++ = i;
	return 0;
}

/* the listing gets the places and becomes the module's */
static int record_sections(struct load_info *info)
{
	struct umod_module *mod = info->mod;
	struct umod_section *s = info->listing;
	const unsigned int *index = umod_listing_index(info);

	for (unsigned int k = 0; k < info->lists.listing_n; k++)
		s[k].addr = info->sec[index[k]].addr;
	mod->sections = s;
	mod->num_sections = info->lists.listing_n;
	info->listing_given = true;	/* still read until the load ends */
	return 0;
}

/*
 * verify_exported_symbols() and the move to COMING in one step under the
 * lock: a duplicate is refused, and nobody can see the exports of a
 * module that is not yet COMING.
 */
static int verify_exported_symbols(struct load_info *info)
{
	struct umod_host *host = info->host;
	int err;

	pthread_mutex_lock(&host->module_mutex);
	err = umod_exports_add(info->mod);
	if (!err)
		umod_module_set_state(info->mod, UMOD_MODULE_COMING);
	pthread_mutex_unlock(&host->module_mutex);
	return err;
}

/*
 * Init failed (or never ran): GOING, so no new reference can be taken;
 * the exports are withdrawn while the memory holding their names is
 * mapped; then the references taken during init (a user that found the
 * module through something its init registered) are waited for, as the
 * memory goes next. Returns how many are still held.
 */
static int going_cleanup(struct load_info *info)
{
	pthread_mutex_lock(&info->host->module_mutex);
	umod_module_going_locked(info->mod);
	umod_exports_del(info->mod);
	pthread_mutex_unlock(&info->host->module_mutex);
	umod_refcount_init_done(info->mod);
	return umod_refcount_stop_wait(info->mod, UMOD_FAILED_INIT_WAIT_MS);
}

/* module_unload_free(): the links resolution made, with their use counts */
static void module_unload_free(struct load_info *info)
{
	pthread_mutex_lock(&info->host->module_mutex);
	umod_module_unuse_all(info->mod);
	pthread_mutex_unlock(&info->host->module_mutex);
}

/* hand the placed memory to the module, seal it W^X: now it may run */
static int complete_formation(struct load_info *info)
{
	struct umod_module *mod = info->mod;
	int err;

	mod->kmod = info->sec[info->index.mod].addr;
	mod->kmod->umod = mod;
	if (info->genuine)
		umod_genuine_init_exit(info, mod);
	umod_module_set_state(mod, UMOD_MODULE_UNFORMED);
	if (info->index.param) {
		mod->kp = info->sec[info->index.param].addr;
		mod->num_kp = (unsigned int)(info->elf.sechdrs[info->index.param].sh_size /
					     sizeof(struct kernel_param));
	}
	mod->map = info->map;
	mod->map_size = info->map_size;
	umod_area_set_owner(info->host, mod->map, mod->map_size, mod);
	mod->core = info->core;
	mod->init = info->init;
	mod->percpu = info->percpu;
	info->map = NULL;
	info->percpu = NULL;
	err = record_sections(info);
	if (!err)
		err = umod_kallsyms_record(info);
	if (!err)
		err = umod_gdb_jit_register(info);
	if (err)
		return err;
	umod_perf_map_record(info);
	err = umod_module_protect(mod);
	if (err) {
		umod_log_printk(info->log, KERN_ERR "%s: cannot protect module memory (err %d)\n",
				mod->name, err);
		return err;
	}
	return verify_exported_symbols(info);
}

static int unknown_module_param_cb(char *param, char *val, const char *modname, void *arg)
{
	struct umod_module *mod = arg;

	if (!strcmp(param, "async_probe"))
		return 0;
	/* the magic dyndbg parameter; like 6.1, it may have cut param at a '.' */
	if (umod_ddebug_module_param_cb(mod->host, param, val, modname))
		umod_log_printk(mod->host->log, KERN_WARNING "%s: unknown parameter '%s' ignored\n",
				modname, param);
	return 0;
}

struct parse_call {
	struct load_info *info;
	char *args;
};

static long call_parse_args(void *arg)
{
	struct parse_call *pc = arg;
	struct umod_module *mod = pc->info->mod;

	return umod_parse_args(pc->info->log, mod->name, pc->args, mod->kp, mod->num_kp,
			       unknown_module_param_cb, mod);
}

/*
 * The host's command line options for the module first: the load's own
 * win. The set ops are the module's, or the host's writing into the
 * module's variables: they run as an entry into the module, so a fault
 * there is an oops of this load (UMOD_OOPSED), as one in init is.
 */
static int parse_module_args(struct load_info *info, const char *args)
{
	struct parse_call pc = { .info = info };
	long ret = 0;
	int err = umod_cmdline_module_args(info->host, info->mod->name, args, &pc.args);

	if (err || !pc.args)
		return err;
	err = umod_call(info->mod, call_parse_args, &pc, &ret);
	free(pc.args);
	return err ? err : (int)ret;
}

/*
 * Init is done: free what only init needed, then drop init's reference,
 * all under the module mutex, as the kernel's do_init_module(). Until the
 * put an rmmod finds the module in use (-EWOULDBLOCK); from the mutex on
 * it waits, so nothing unloads a module its loader is still working on.
 * The caller's handle is taken before the put, for the same reason.
 */
static void finish_init(struct load_info *info, struct umod_module **modp)
{
	struct umod_module *mod = info->mod;
	int err;

	pthread_mutex_lock(&info->host->module_mutex);
	umod_gdb_jit_init_freed(mod);	/* before the init region goes */
	/* init has run and cannot be undone: warn and keep the module, as Linux */
	err = umod_module_protect_after_init(mod);
	if (err)
		umod_log_printk(info->log, KERN_WARNING "%s: module_enable_rodata_ro_after_init() returned %d, ro_after_init data might still be writable\n",
				mod->name, err);
	if (modp)
		*modp = umod_module_ref(mod);
	umod_refcount_init_done(mod);
	pthread_mutex_unlock(&info->host->module_mutex);
}

/*
 * What 6.1's do_one_initcall() checks once an init returns: the task's
 * preempt count as before (a spin lock still held) and interrupts on;
 * either is put right and warned about, in its words and at its place.
 */
static void initcall_balance(struct load_info *info, unsigned int count)
{
	struct umod_task *t = umod_task_current();
	char msg[64] = "", fn[256];

	if (t->preempt_count != count) {
		strcat(msg, "preemption imbalance ");
		t->preempt_count = count;
	}
	if (t->irqs_disabled) {
		strcat(msg, "disabled interrupts ");
		t->irqs_disabled = 0;
	}
	if (!msg[0])
		return;
	if (umod_host_sprint_symbol(info->host, (const void *)info->mod->kmod->init,
				    fn, sizeof(fn)) < 0)
		snprintf(fn, sizeof(fn), "%p", (void *)info->mod->kmod->init);
	umod_warn_in(info->host, "init/main.c", 1284, "do_one_initcall",
		     "initcall %s returned with %s\n", fn, msg);
}

/*
 * The module's init, run without any lock held, as the kernel's (loads of
 * other modules go on meanwhile). An oops in it leaves the module COMING,
 * with the reference init holds: it can neither be used up nor unloaded,
 * as in Linux after an oops in init.
 */
static int do_init_module(struct load_info *info, struct umod_module **modp)
{
	struct umod_module *mod = info->mod;
	int ret = 0, err;

	if (umod_module_init_fn(mod)) {
		unsigned int count = umod_task_current()->preempt_count;

		err = umod_call_init(mod, umod_module_init_fn(mod), &ret);
		if (err)
			return err;
		initcall_balance(info, count);
	}
	if (ret < 0)
		return ret;
	if (ret > 0) {
		umod_log_printk(info->log, KERN_WARNING "do_init_module: '%s'->init suspiciously returned %d, it should follow 0/-E convention\n",
				mod->name, ret);
		umod_log_printk(info->log, KERN_WARNING "do_init_module: loading module anyway...\n");
	}
	pthread_mutex_lock(&info->host->module_mutex);
	umod_module_set_state(mod, UMOD_MODULE_LIVE);
	pthread_cond_broadcast(&info->host->module_wq);
	pthread_mutex_unlock(&info->host->module_mutex);
	/* as kunit_module_notify() on LIVE: before init memory goes */
	umod_kunit_module_run(mod);
	finish_init(info, modp);
	return 0;
}

static void free_load_info(struct load_info *info)
{
	if (!info->sec_given)
		free(info->sec);
	free(info->image_owned);
	free(info->symval);	/* and got_slot, plt_slot: one allocation */
	if (!info->listing_given)
		free(info->listing);
}

/*
 * The image's checks and layout, in the kernel's order; when they pass
 * without a taint of their own (a forced load is never kept), the host
 * keeps what they found for the next load of the same bytes.
 */
static int check_and_lay_out(struct load_info *info, const void *image, size_t len,
			     const char *args)
{
	bool clean;
	int err = umod_elf_parse(&info->elf, image, len, elf_report, info->log);

	if (!err)
		err = elf_validity_cache_index(info);
	if (!err)
		err = umod_check_limits(info, args);
	if (!err)
		err = umod_check_modstruct_version(info);
	if (!err)
		err = umod_check_modinfo(info);
	if (!err)
		err = umod_genuine_check_sections(info);
	if (err)
		return err;
	clean = !info->taints && !info->host->genuine;
	find_license(info);
	set_license(info);
	umod_genuine_check_modinfo(info);
	info->sec = calloc(1, UMOD_SEC_BYTES(info->elf.shnum));
	if (!info->sec)
		return -ENOMEM;
	umod_layout_classify(info);
	err = umod_reloc_scan(info);
	if (!err)
		err = umod_layout_sections(info);
	if (!err)
		err = build_listing(info);
	if (!err && clean)
		umod_image_cache_put(info);
	return err;
}

/*
 * An image the host validated before (image_cache.c): what depends on
 * the host or on this load, not on the bytes, is checked again.
 */
static int checks_of_host(struct load_info *info, const char *args)
{
	int err;

	info->elf.report = elf_report;
	info->elf.report_data = info->log;
	err = umod_check_limits(info, args);
	if (!err)
		err = umod_check_module_layout(info);
	if (!err)
		set_license(info);
	return err;
}

static int load_module(struct umod_host *host, const void *image, size_t len,
		       const char *args, unsigned int flags,
		       struct umod_module **modp)
{
	struct load_info info = { .host = host, .log = host->log, .flags = flags,
				  .image_owned = flags & UMOD_LOAD_OWN_IMAGE ? (void *)image : NULL };
	int err;

	err = umod_check_image_size(info.log, len);
	if (!err)
		err = umod_module_sig_check(&info, image, &len);
	if (err)
		goto out;
	/* a host of genuine modules keeps no images: their checks depend on its ABI */
	err = info.host->genuine ? 0 : umod_image_cache_get(&info, image, len);
	if (err > 0)
		err = checks_of_host(&info, args);
	else if (!err)
		err = check_and_lay_out(&info, image, len, args);
	if (err)
		goto out;
	err = add_unformed_module(&info);
	if (err)
		goto out;
	umod_module_sig_taint(&info);
	err = umod_layout_alloc(&info);
	if (err)
		goto unlink;
	umod_refcount_init(info.mod);
	err = simplify_symbols(&info);
	if (err)
		goto free_usage;
	err = umod_reloc_apply(&info);
	if (!err)
		err = umod_exports_find(&info);	/* their offsets are relocated */
	if (!err) {
		umod_percpu_modcopy(&info);
		umod_genuine_patch(&info);
	}
	if (err || (flags & UMOD_LOAD_STOP_BEFORE_INIT))
		goto free_usage;
	err = complete_formation(&info);
	if (err)
		goto free_module;
	umod_ddebug_add_module(info.mod);	/* dynamic_debug_setup(): its failure is logged */
	err = parse_module_args(&info, args);
	if (err == UMOD_OOPSED)
		goto out;	/* the module stays, COMING, as the oops left it */
	if (err)
		goto coming_cleanup;
	err = umod_mod_sysfs_setup(info.mod);
	if (err)
		goto coming_cleanup;
	err = do_init_module(&info, modp);
	if (err == UMOD_OOPSED)
		goto out;	/* the module stays, COMING, as the oops left it */
	if (err)
		goto coming_cleanup;
	goto out;	/* @info.mod may be unloaded from here on */

coming_cleanup:
	info.mod->keep_mapped = going_cleanup(&info) > 0;
free_module:
	umod_module_free_memory(info.mod);
free_usage:
	module_unload_free(&info);
	umod_layout_free(&info);
unlink:
	del_unformed_module(&info);
out:
	free_load_info(&info);
	return err;
}

/*
 * Loads run side by side, as the kernel's: what they share is under
 * module_mutex, and a module's init runs with no lock held. The host is
 * held meanwhile, so it outlives a load whose init never returns.
 */
int umod_load_module(struct umod_host *host, const void *image, size_t len,
		     const char *args, unsigned int flags,
		     struct umod_module **modp)
{
	int err = -ESHUTDOWN;

	umod_host_ref(host);
	if (!atomic_load(&host->shutting_down))
		err = load_module(host, image, len, args, flags, modp);
	else if (flags & UMOD_LOAD_OWN_IMAGE)
		free((void *)image);
	umod_host_unref(host);
	return err;
}

UMOD_API int umod_module_insert_image(struct umod_host *host, const void *image,
				      size_t len, const char *args, unsigned int flags,
				      struct umod_module **modp)
{
	void *copy = NULL;
	int err;

	if (!host || (!image && len))
		return -EINVAL;
	flags &= ~UMOD_LOAD_OWN_IMAGE;	/* internal: the buffer stays the caller's */
	/* ELF structures are read in place: give them their natural alignment */
	if ((uintptr_t)image % 8) {
		copy = malloc(len);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, image, len);
		image = copy;
	}
	err = umod_load_module(host, image, len, args, flags, modp);
	free(copy);
	return err;
}

UMOD_API int umod_module_insert_file(struct umod_host *host, const char *path,
				     const char *args, unsigned int flags,
				     struct umod_module **modp)
{
	const void *image;
	size_t len;
	bool heap;
	int err;

	if (!host || !path)
		return -EINVAL;
	flags &= ~UMOD_LOAD_OWN_IMAGE;
	err = umod_file_read(path, &image, &len, &heap);
	if (err == -EFBIG)
		umod_log_printk(host->log, KERN_ERR "%s: file too large for a module (limit %lu bytes)\n",
				path, UMOD_MAX_IMAGE_SIZE);
	if (err)
		return err;
	if (!heap) {
		err = umod_load_module(host, image, len, args, flags, modp);
		umod_file_free(image, len, heap);
		return err;
	}
	/* the read buffer is the load's: kallsyms keeps it, not a copy */
	return umod_load_module(host, image, len, args, flags | UMOD_LOAD_OWN_IMAGE, modp);
}
