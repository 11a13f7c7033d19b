// SPDX-License-Identifier: MIT
/*
 * Per-CPU memory (mm/percpu.c). Each host's module area ends with its
 * per-CPU zone (kernel/module/area.c): one unit of UMOD_PCPU_UNIT_SIZE
 * bytes per possible CPU, back to back, so CPU n's copy of anything in
 * the zone is n units above CPU 0's, and __per_cpu_offset[n] is n units
 * for every host. A per-CPU pointer is CPU 0's copy: inside the module
 * area, within reach of a module's PC-relative references, which is what
 * its static DEFINE_PER_CPU() variables need.
 *
 * Blocks are carved from the first unit first-fit (a sorted array: there
 * are few, and their sizes come with them to free_percpu()); the same
 * range of every unit is made readable and writable as the blocks grow
 * into it, and never given back, as the kernel keeps its chunks. What a
 * module allocates is counted at its call site in mm/account.c, so what
 * it leaves is reported at unload as a kmalloc leak is.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/smpboot.h"
#include "mm/internal.h"
#include "mm/percpu-internal.h"

#define PCPU_MIN_ALLOC_SIZE	4		/* the kernel's granule */
#define PCPU_MIN_UNIT_SIZE	(32ul << 10)	/* alloc_percpu()'s largest */
#define PCPU_COMMIT_STEP	(64ul << 10)	/* how far the writable part grows at once */

struct pcpu_block {
	size_t off, size;
	struct umod_mm_site *site;	/* whose allocation it counts as, or NULL */
};

struct umod_pcpu {
	struct umod_pcpu *next;		/* on the zones list */
	pthread_mutex_t lock;
	unsigned char *base;		/* CPU 0's unit */
	size_t committed;		/* of each unit, readable and writable */
	struct pcpu_block *v;		/* sorted by offset */
	size_t n, cap;
};

unsigned long umod_per_cpu_offset[UMOD_NR_CPUS];

/*
 * Every host's zone, for free_percpu(), which is given only a pointer
 * and may be called where no module runs (host code, tests).
 */
static pthread_mutex_t zones_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_pcpu *zones;

__attribute__((constructor)) static void offsets_init(void)
{
	for (unsigned long cpu = 0; cpu < UMOD_NR_CPUS; cpu++)
		umod_per_cpu_offset[cpu] = cpu * UMOD_PCPU_UNIT_SIZE;
}

/* the host's allocator, set up with its module area on the first load */
static struct umod_pcpu *pcpu_of(struct umod_host *host)
{
	struct umod_pcpu *p = atomic_load_explicit(&host->pcpu, memory_order_acquire), *old = NULL;
	void *base;

	if (p)
		return p;
	if (umod_area_percpu_base(host, &base))
		return NULL;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	pthread_mutex_init(&p->lock, NULL);
	p->base = base;
	pthread_mutex_lock(&zones_lock);
	if (!atomic_compare_exchange_strong(&host->pcpu, &old, p)) {
		pthread_mutex_unlock(&zones_lock);
		pthread_mutex_destroy(&p->lock);
		free(p);
		return old;
	}
	p->next = zones;
	zones = p;
	pthread_mutex_unlock(&zones_lock);
	return p;
}

/* the zone whose first unit holds @ptr; zones_lock held */
static struct umod_pcpu *zone_of(const void *ptr)
{
	for (struct umod_pcpu *p = zones; p; p = p->next)
		if ((const unsigned char *)ptr >= p->base &&
		    (const unsigned char *)ptr < p->base + UMOD_PCPU_UNIT_SIZE)
			return p;
	return NULL;
}

void umod_percpu_release(struct umod_host *host)
{
	struct umod_pcpu *p = atomic_exchange(&host->pcpu, NULL);

	if (!p)
		return;
	pthread_mutex_lock(&zones_lock);
	for (struct umod_pcpu **pp = &zones; *pp; pp = &(*pp)->next) {
		if (*pp == p) {
			*pp = p->next;
			break;
		}
	}
	pthread_mutex_unlock(&zones_lock);
	pthread_mutex_destroy(&p->lock);
	free(p->v);
	free(p);
}

/* the same range of every CPU's unit, readable and writable up to @end */
static int commit(struct umod_pcpu *p, size_t end)
{
	size_t upto = (end + PCPU_COMMIT_STEP - 1) & ~(PCPU_COMMIT_STEP - 1);

	if (upto <= p->committed)
		return 0;
	if (upto > UMOD_PCPU_UNIT_SIZE)
		upto = UMOD_PCPU_UNIT_SIZE;
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		if (mprotect(p->base + cpu * UMOD_PCPU_UNIT_SIZE + p->committed,
			     upto - p->committed, PROT_READ | PROT_WRITE))
			return -ENOMEM;
	p->committed = upto;
	return 0;
}

/* first fit: where in the unit @size bytes aligned to @align go, and at which index */
static bool find_gap(const struct umod_pcpu *p, size_t size, size_t align,
		     size_t *offp, size_t *indexp)
{
	size_t prev_end = 0, i;

	for (i = 0; i <= p->n; i++) {
		size_t start = (prev_end + align - 1) & ~(align - 1);
		size_t limit = i < p->n ? p->v[i].off : UMOD_PCPU_UNIT_SIZE;

		if (start <= limit && limit - start >= size) {
			*offp = start;
			*indexp = i;
			return true;
		}
		if (i < p->n)
			prev_end = p->v[i].off + p->v[i].size;
	}
	return false;
}

static int insert_block(struct umod_pcpu *p, size_t i, const struct pcpu_block *b)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 16;
		struct pcpu_block *v = realloc(p->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		p->v = v;
		p->cap = cap;
	}
	memmove(&p->v[i + 1], &p->v[i], (p->n - i) * sizeof(*p->v));
	p->v[i] = *b;
	p->n++;
	return 0;
}

/* a zeroed block of @size bytes in every CPU's unit: CPU 0's copy, or NULL with no room */
void *umod_percpu_alloc(struct umod_host *host, size_t size, size_t align,
			struct umod_mm_site *site)
{
	struct umod_pcpu *p = pcpu_of(host);
	struct pcpu_block b = { .size = size, .site = site };
	size_t i;
	int err;

	if (!p)
		return NULL;
	pthread_mutex_lock(&p->lock);
	err = find_gap(p, size, align, &b.off, &i) ? commit(p, b.off + size) : -ENOMEM;
	if (!err)
		err = insert_block(p, i, &b);
	pthread_mutex_unlock(&p->lock);
	if (err)
		return NULL;
	for (unsigned int cpu = 0; cpu < umod_nr_cpu_ids; cpu++)
		memset(p->base + cpu * UMOD_PCPU_UNIT_SIZE + b.off, 0, size);
	umod_mm_charge(site, 1, (long)size);
	return p->base + b.off;
}

/* the index of the block starting at @off, or p->n; p->lock held */
static size_t block_at(const struct umod_pcpu *p, size_t off)
{
	size_t lo = 0, hi = p->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (p->v[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->n && p->v[lo].off == off ? lo : p->n;
}

/*
 * Gives back the block at @ptr, in whichever host's zone it is; false if
 * no block starts there. The zone cannot go meanwhile: its host has a
 * module, whose code is what frees.
 */
bool umod_percpu_free(void *ptr)
{
	struct pcpu_block b = { 0 };
	struct umod_pcpu *p;
	size_t i;

	pthread_mutex_lock(&zones_lock);
	p = zone_of(ptr);
	pthread_mutex_unlock(&zones_lock);
	if (!p)
		return false;
	pthread_mutex_lock(&p->lock);
	i = block_at(p, (size_t)((unsigned char *)ptr - p->base));
	if (i < p->n) {
		b = p->v[i];
		memmove(&p->v[i], &p->v[i + 1], (p->n - i - 1) * sizeof(*p->v));
		p->n--;
	}
	pthread_mutex_unlock(&p->lock);
	if (!b.size)
		return false;
	umod_mm_charge(b.site, -1, -(long)b.size);
	return true;
}

/*
 * pcpu_alloc()'s checks and messages: the kernel's granule and limits, a
 * WARN for a size or alignment it refuses, a line when there is no room
 * (both unless __GFP_NOWARN).
 */
static void *pcpu_alloc(struct umod_host *host, size_t size, size_t align, bool warn,
			struct umod_mm_site *site)
{
	void *ptr;

	if (align < PCPU_MIN_ALLOC_SIZE)
		align = PCPU_MIN_ALLOC_SIZE;
	size = (size + PCPU_MIN_ALLOC_SIZE - 1) & ~(size_t)(PCPU_MIN_ALLOC_SIZE - 1);
	if (!size || size > PCPU_MIN_UNIT_SIZE || align > UMOD_PAGE_SIZE || (align & (align - 1))) {
		if (warn)
			umod_warn_host("mm/percpu.c", 1756, "pcpu_alloc",
				       "illegal size (%zu) or align (%zu) for percpu allocation\n",
				       size, align);
		return NULL;
	}
	ptr = host ? umod_percpu_alloc(host, size, align, site) : NULL;
	if (!ptr && host && warn)
		umod_log_printk(host->log, KERN_WARNING "percpu: allocation failed, size=%zu align=%zu atomic=0, failed to allocate new chunk\n",
				size, align);
	return ptr;
}

static void *alloc_for(struct module *kmod, size_t size, size_t align, unsigned int gfp,
		       const void *caller)
{
	return pcpu_alloc(umod_mm_host(kmod), size, align, !(gfp & UMOD_GFP_NOWARN),
			  umod_mm_site(kmod, caller));
}

/* the host's allocator ready: the loader asks before the first module's code runs */
int umod_percpu_init(struct umod_host *host)
{
	return pcpu_of(host) ? 0 : -ENOMEM;
}

/* __alloc_reserved_percpu(): a module's .data..percpu, with pcpu_alloc()'s messages */
void *umod_alloc_reserved_percpu(struct umod_host *host, size_t size, size_t align)
{
	return pcpu_alloc(host, size, align, true, NULL);
}

static void *kapi___alloc_percpu(size_t size, size_t align)
{
	return alloc_for(UMOD_CALLER(), size, align, 0, __builtin_return_address(0));
}

static void *kapi___alloc_percpu_gfp(size_t size, size_t align, unsigned int gfp)
{
	return alloc_for(UMOD_CALLER(), size, align, gfp, __builtin_return_address(0));
}

static void kapi_free_percpu(void *ptr)
{
	char msg[96];

	if (!ptr || umod_percpu_free(ptr))
		return;
	snprintf(msg, sizeof(msg), "free_percpu: 0x%016llx is not per-CPU memory",
		 (unsigned long long)(uintptr_t)ptr);
	umod_mm_warn(umod_mm_host(NULL), "mm/percpu.c:2257 free_percpu", msg);
}

/* no physical memory behind it: the address is what a device would be told */
static uint64_t kapi_per_cpu_ptr_to_phys(void *addr)
{
	return (uint64_t)(uintptr_t)addr;
}

static const struct umod_kapi_export percpu_exports[] = {
	UMOD_KAPI("__per_cpu_offset", umod_per_cpu_offset),
	UMOD_KAPI_GPL("__alloc_percpu", kapi___alloc_percpu),
	UMOD_KAPI_GPL("__alloc_percpu_gfp", kapi___alloc_percpu_gfp),
	UMOD_KAPI_GPL("free_percpu", kapi_free_percpu),
	UMOD_KAPI_GPL("per_cpu_ptr_to_phys", kapi_per_cpu_ptr_to_phys),
};

const struct umod_kapi_table umod_kapi_percpu = UMOD_KAPI_TABLE(percpu_exports);
