// SPDX-License-Identifier: MIT
/*
 * Who owns what: every allocation a module makes (kmalloc, cache objects,
 * vmalloc, pages) is counted on a record of (module, call site), and at
 * unload, once exit has run, what is still counted there is reported, one
 * line per site. Linux says nothing (kmemleak is not built in); umod
 * does, and frees nothing: another module may still use the memory.
 *
 * The fast path takes no lock and no locked instruction: a thread finds
 * the record in a small cache of its own, and adds to its own counter
 * slot of it. Records are found by a hash under a mutex the first time.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "mm/internal.h"

_Thread_local int umod_mm_slot __attribute__((tls_model("initial-exec")));

static atomic_ulong slot_map;		/* bit i: slot i taken by a thread */
static pthread_key_t slot_key;
static pthread_once_t slot_once = PTHREAD_ONCE_INIT;

/* the thread ends: its slot is free for the next one; later frees share */
static void release_slot(void *v)
{
	int slot = (int)(uintptr_t)v - 1;

	umod_mm_slot = UMOD_MM_SLOTS + 1;
	/* the cache points into the slot given away: forget it */
	memset(umod_mm_site_cache, 0, sizeof(umod_mm_site_cache));
	if (slot >= 0 && slot < UMOD_MM_SLOTS)
		atomic_fetch_and(&slot_map, ~(1ul << slot));
}

static void make_slot_key(void)
{
	pthread_key_create(&slot_key, release_slot);
}

int umod_mm_slot_slow(void)
{
	unsigned long m = atomic_load(&slot_map);
	int slot = UMOD_MM_SLOTS;

	pthread_once(&slot_once, make_slot_key);
	while (~m) {
		int b = __builtin_ctzl(~m);

		if (atomic_compare_exchange_weak(&slot_map, &m, m | (1ul << b))) {
			slot = b;
			break;
		}
	}
	umod_mm_slot = slot + 1;
	if (slot < UMOD_MM_SLOTS && pthread_setspecific(slot_key, (void *)(uintptr_t)(slot + 1)))
		release_slot((void *)(uintptr_t)(slot + 1));	/* no destructor: share */
	return umod_mm_slot - 1;
}

/* ---- the records ---------------------------------------------------------- */

#define SITE_BUCKETS	1024

static pthread_mutex_t sites_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_mm_site *sites[SITE_BUCKETS];
/* sites of unloaded modules that still own memory: its frees count there */
static struct umod_mm_site *orphans;
/* bumped at each unload: the threads' caches may name records gone since */
atomic_ulong umod_mm_sites_gen = 1;

_Thread_local struct umod_mm_site_cache umod_mm_site_cache[UMOD_MM_CACHE_WAYS]
	__attribute__((tls_model("initial-exec")));

static unsigned int site_hash(const struct module *kmod, uintptr_t addr)
{
	uint64_t h = ((uintptr_t)kmod ^ addr) * 0x9e3779b97f4a7c15ull;

	return (unsigned int)(h >> 54);		/* 10 bits: SITE_BUCKETS */
}

static void name_site(struct umod_mm_site *s)
{
	const char *name;
	uint64_t off, size;

	if (s->mod && umod_kallsyms_lookup_in(s->mod, s->addr - 1, &name, &off, &size))
		snprintf(s->where, sizeof(s->where), "%s+0x%llx/0x%llx", name,
			 (unsigned long long)off + 1, (unsigned long long)size);
	else
		snprintf(s->where, sizeof(s->where), "0x%llx", (unsigned long long)s->addr);
}

static struct umod_mm_site *site_find_or_add(struct module *kmod, uintptr_t addr)
{
	unsigned int b = site_hash(kmod, addr);
	struct umod_mm_site *s;

	pthread_mutex_lock(&sites_lock);
	for (s = sites[b]; s; s = s->next)
		if (s->kmod == kmod && s->addr == addr)
			break;
	if (!s && (s = calloc(1, sizeof(*s)))) {
		s->kmod = kmod;
		s->addr = addr;
		s->mod = kmod->umod;
		name_site(s);
		s->next = sites[b];
		sites[b] = s;
		if (s->mod)
			s->mod->mm_sites++;
	}
	pthread_mutex_unlock(&sites_lock);
	return s;
}

/* a miss of the thread's cache: the table, under the lock; NULL kmod: the host */
struct umod_mm_site *umod_mm_site_slow(struct umod_mm_site_cache *c, struct module *kmod,
				       uintptr_t addr, unsigned long gen)
{
	int slot = umod_mm_slot - 1;

	if (slot < 0)
		slot = umod_mm_slot_slow();
	c->site = kmod ? site_find_or_add(kmod, addr) : NULL;
	/* a thread without a slot of its own counts atomically (count NULL) */
	c->count = c->site && slot < UMOD_MM_SLOTS ? &c->site->count[slot] : NULL;
	c->kmod = kmod;
	c->addr = addr;
	c->gen = c->site ? gen : 0;
	return c->site;
}

static void site_sum(struct umod_mm_site *s, long *objects, long *bytes)
{
	*objects = *bytes = 0;
	for (int i = 0; i <= UMOD_MM_SLOTS; i++) {
		*objects += atomic_load_explicit(&s->count[i].objects, memory_order_relaxed);
		*bytes += atomic_load_explicit(&s->count[i].bytes, memory_order_relaxed);
	}
}

/* ---- the report at unload ----------------------------------------------------- */

struct leak {
	struct umod_mm_site *site;
	long objects, bytes;
};

static int leak_cmp(const void *a, const void *b)
{
	uintptr_t x = ((const struct leak *)a)->site->addr, y = ((const struct leak *)b)->site->addr;

	return x < y ? -1 : x > y;
}

/* @mod's records leave the table; those still owning memory go to *@leaks */
static size_t take_sites(struct umod_module *mod, struct leak **leaks)
{
	size_t n = 0, cap = 0;

	*leaks = NULL;
	pthread_mutex_lock(&sites_lock);
	/* most modules allocate from a few sites, many from none: stop early */
	for (unsigned int b = 0; mod->mm_sites && b < SITE_BUCKETS; b++) {
		struct umod_mm_site **pp = &sites[b], *s;

		while ((s = *pp)) {
			struct leak l = { .site = s };

			if (s->mod != mod) {
				pp = &s->next;
				continue;
			}
			*pp = s->next;
			mod->mm_sites--;
			site_sum(s, &l.objects, &l.bytes);
			if (!l.objects) {
				free(s);
				continue;
			}
			s->next = orphans;
			orphans = s;
			if (n == cap) {
				struct leak *v = realloc(*leaks, (cap = cap ? 2 * cap : 8) * sizeof(*v));

				if (!v)
					continue;	/* no memory for the report: kept, unsaid */
				*leaks = v;
			}
			(*leaks)[n++] = l;
		}
	}
	atomic_fetch_add_explicit(&umod_mm_sites_gen, 1, memory_order_release);
	pthread_mutex_unlock(&sites_lock);
	return n;
}

/*
 * module_leftovers[]: after exit, before the module's memory goes (its
 * symbols still name the sites). KERN_WARNING: nothing broke yet, but
 * memory is lost for good or still used by someone after its owner left.
 */
void umod_mm_module_leftovers(struct umod_module *mod)
{
	struct leak *leaks;
	size_t n = take_sites(mod, &leaks);

	/* what this thread kept for reuse goes back: an unload ends with the
	 * heap as it found it (and fault-injection sweeps stay repeatable) */
	umod_kmalloc_flush_thread();

	if (n)
		qsort(leaks, n, sizeof(*leaks), leak_cmp);
	for (size_t i = 0; i < n; i++)
		umod_log_printk(mod->host->log, KERN_WARNING "%s: leaked %ld object%s (%ld bytes) allocated at %s\n",
				mod->name, leaks[i].objects, leaks[i].objects == 1 ? "" : "s",
				leaks[i].bytes, leaks[i].site->where);
	free(leaks);
}

/* ---- helpers for the reports ---------------------------------------------------- */

struct umod_host *umod_mm_host(struct module *kmod)
{
	struct umod_task *t;

	if (kmod && kmod->umod)
		return ((struct umod_module *)kmod->umod)->host;
	t = umod_task_peek();
	return t && t->call ? t->call->mod->host : NULL;
}

void umod_mm_sprint_caller(struct umod_host *host, const void *addr, char *buf, size_t size)
{
	const char *name, *modname;
	uint64_t off, len, at = (uintptr_t)addr - 1;

	if (host && umod_kallsyms_lookup_nolock(host, at, &name, &modname, &off, &len) && name)
		snprintf(buf, size, "%s+0x%llx/0x%llx [%s]", name, (unsigned long long)off + 1,
			 (unsigned long long)len, modname);
	else
		snprintf(buf, size, "0x%llx", (unsigned long long)(uintptr_t)addr);
}

void umod_mm_warn(struct umod_host *host, const char *where, const char *msg)
{
	struct umod_task *t = umod_task_peek();
	int cpu = sched_getcpu();

	if (!host) {
		fprintf(stderr, "%s\n", msg);
		return;
	}
	umod_log_printk(host->log, KERN_WARNING "------------[ cut here ]------------\n");
	if (msg)
		umod_log_printk(host->log, KERN_WARNING "%s\n", msg);
	umod_log_printk(host->log, KERN_WARNING "WARNING: CPU: %d PID: %d at %s\n",
			cpu < 0 ? 0 : cpu, t ? t->task.pid : (int)getpid(), where);
	umod_log_printk(host->log, KERN_WARNING "---[ end trace 0000000000000000 ]---\n");
	umod_host_add_taint(host, UMOD_TAINT_WARN, UMOD_LOCKDEP_STILL_OK);
}
