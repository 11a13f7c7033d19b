// SPDX-License-Identifier: MIT
/*
 * The module area, as the kernel's MODULES_VADDR range: one stretch of
 * address space per host, reserved PROT_NONE and MAP_NORESERVE at the
 * first load (sized by the host's module-memory limit), from which every
 * module's core and init regions are carved. It costs no memory until a
 * module uses it, it keeps every module within +-2 GiB of every other (a
 * call between modules needs no far-call stub), and a range given back
 * becomes inaccessible at once and loses its pages: a stale pointer into
 * an unloaded module faults, as it would in the kernel, and the oops
 * names the module that was there last.
 *
 * After the module memory comes the per-CPU zone: one unit per possible
 * CPU (mm/percpu.c), reserved with it so that the first unit is within
 * reach of every module's PC-relative references, and never carved by
 * module allocations.
 *
 * A host of genuine Linux modules has its area in the low 2 GiB, where
 * their code model's 32-bit addresses reach (kernel/module/genuine.c).
 *
 * Free space is a sorted array of extents. Allocation is first-fit from a
 * cursor that moves on past each new range, so the space an unloaded
 * module left is reused last: a stale pointer keeps faulting as long as
 * there is room elsewhere.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch/arch.h"
#include "kernel/module/internal.h"
#include "kernel/smpboot.h"

#define AREA_EXTENTS	64
#define AREA_GENUINE_MIN	(64ul << 20)

struct extent {
	size_t off, len;	/* bytes from the area's base, page-aligned */
};

struct umod_area {
	pthread_mutex_t lock;
	unsigned char *base;
	size_t size;		/* module memory; the per-CPU zone follows */
	size_t map_size;	/* both */
	size_t cursor;		/* where the next search starts */
	struct extent *free;	/* sorted by off, never adjacent */
	size_t nfree, cap;
	/* the last module given back, for oops reports: "[last unloaded: m]" */
	char last_unloaded[UMOD_MODULE_NAME_LEN];
	/* whose memory each page of module memory is: an exported function
	 * finds the module calling it from its return address, as 6.1's
	 * interface passes no THIS_MODULE (read without the lock) */
	struct umod_module *_Atomic *owner;
};

/*
 * Anywhere, or for a host of genuine modules where their code model
 * reaches (the low 2 GiB): there as much of @size as is free, down to
 * AREA_GENUINE_MIN, since other mappings may already sit there.
 */
static void *reserve(struct umod_host *host, size_t *size)
{
	void *p;

	if (host->genuine) {
		p = umod_arch_genuine_reserve(size, AREA_GENUINE_MIN);
		return p ? p : MAP_FAILED;
	}
	return mmap(NULL, *size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
}

static int area_reserve(struct umod_host *host)
{
	struct umod_area *a = calloc(1, sizeof(*a));
	size_t size = atomic_load(&host->module_memory_limit);

	if (!a)
		return -ENOMEM;
	size = (size + UMOD_PAGE_SIZE - 1) & ~(size_t)(UMOD_PAGE_SIZE - 1);
	a->map_size = size + umod_nr_cpu_ids * UMOD_PCPU_UNIT_SIZE;
	/* room for the holes of many modules, so loads rarely grow it */
	a->free = malloc(AREA_EXTENTS * sizeof(*a->free));
	a->base = reserve(host, &a->map_size);
	/* the low 2 GiB may have had less room: the module memory shrinks */
	size = a->map_size - umod_nr_cpu_ids * UMOD_PCPU_UNIT_SIZE;
	/* calloc() of this size maps zero pages lazily: 2 MiB for 1 GiB at most */
	if (a->base != MAP_FAILED)
		a->owner = calloc(size / UMOD_PAGE_SIZE, sizeof(*a->owner));
	if (!a->free || a->base == MAP_FAILED || !a->owner) {
		if (a->base != MAP_FAILED)
			munmap(a->base, a->map_size);
		free(a->owner);
		free(a->free);
		free(a);
		return -ENOMEM;
	}
	pthread_mutex_init(&a->lock, NULL);
	a->size = size;
	a->free[0] = (struct extent){ 0, size };
	a->nfree = 1;
	a->cap = AREA_EXTENTS;
	host->area = a;
	return 0;
}

/*
 * Where @size bytes go: the first place at or after the cursor that fits,
 * else the first from the start. Returns the extent, *@off the offset.
 */
static struct extent *find_fit(struct umod_area *a, size_t size, size_t *off)
{
	struct extent *wrapped = NULL;

	for (size_t i = 0; i < a->nfree; i++) {
		struct extent *e = &a->free[i];
		size_t end = e->off + e->len;
		size_t start = e->off > a->cursor ? e->off : a->cursor;

		if (end > a->cursor && end - start >= size) {
			*off = start;
			return e;
		}
		if (!wrapped && e->len >= size)
			wrapped = e;
	}
	if (wrapped)
		*off = wrapped->off;
	return wrapped;
}

/* takes [off, off+size) out of extent @e */
static int take(struct umod_area *a, struct extent *e, size_t off, size_t size)
{
	size_t end = e->off + e->len;

	if (off == e->off || off + size == end) {
		e->off = off == e->off ? off + size : e->off;
		e->len -= size;
		if (!e->len) {
			size_t i = (size_t)(e - a->free);

			memmove(e, e + 1, (a->nfree - i - 1) * sizeof(*e));
			a->nfree--;
		}
		return 0;
	}
	if (a->nfree == a->cap) {
		size_t i = (size_t)(e - a->free);
		struct extent *v = realloc(a->free, 2 * a->cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		a->free = v;
		a->cap *= 2;
		e = &v[i];
	}
	memmove(e + 2, e + 1, (a->nfree - (size_t)(e - a->free) - 1) * sizeof(*e));
	a->nfree++;
	e[1] = (struct extent){ off + size, end - off - size };
	e->len = off - e->off;
	return 0;
}

/* returns [off, off+len) to the free extents, merging with its neighbours */
static int give_back(struct umod_area *a, size_t off, size_t len)
{
	size_t i = 0;

	while (i < a->nfree && a->free[i].off < off)
		i++;
	if (i > 0 && a->free[i - 1].off + a->free[i - 1].len == off) {
		a->free[i - 1].len += len;
		if (i < a->nfree && off + len == a->free[i].off) {
			a->free[i - 1].len += a->free[i].len;
			memmove(&a->free[i], &a->free[i + 1], (a->nfree - i - 1) * sizeof(*a->free));
			a->nfree--;
		}
		return 0;
	}
	if (i < a->nfree && off + len == a->free[i].off) {
		a->free[i].off = off;
		a->free[i].len += len;
		return 0;
	}
	if (a->nfree == a->cap) {
		struct extent *v = realloc(a->free, 2 * a->cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		a->free = v;
		a->cap *= 2;
	}
	memmove(&a->free[i + 1], &a->free[i], (a->nfree - i) * sizeof(*a->free));
	a->free[i] = (struct extent){ off, len };
	a->nfree++;
	return 0;
}

static int area_get(struct umod_host *host, struct umod_area **ap)
{
	int err = 0;

	pthread_mutex_lock(&host->module_mutex);
	if (!host->area)
		err = area_reserve(host);
	*ap = host->area;
	pthread_mutex_unlock(&host->module_mutex);
	return err;
}

int umod_area_percpu_base(struct umod_host *host, void **basep)
{
	struct umod_area *a;
	int err = area_get(host, &a);

	if (!err)
		*basep = a->base + a->size;
	return err;
}

int umod_area_alloc(struct umod_host *host, size_t size, void **addrp)
{
	struct umod_area *a;
	struct extent *e;
	size_t off = 0;
	int err = area_get(host, &a);

	if (err)
		return err;
	pthread_mutex_lock(&a->lock);
	e = find_fit(a, size, &off);
	err = e ? take(a, e, off, size) : -ENOMEM;
	if (!err)
		a->cursor = off + size;
	pthread_mutex_unlock(&a->lock);
	if (err)
		return err;
	*addrp = a->base + off;
	/* fresh pages over our own reservation, populated: every page is
	 * written at once, and faulting them in one by one costs more */
	if (mmap(*addrp, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_POPULATE, -1, 0) == MAP_FAILED) {
		err = -errno;
		umod_area_free(host, *addrp, size, NULL);
		return err;
	}
	return 0;
}

static void set_owner(struct umod_area *a, const void *addr, size_t size, struct umod_module *mod)
{
	size_t first = (size_t)((const unsigned char *)addr - a->base) / UMOD_PAGE_SIZE;

	for (size_t i = 0; i < size / UMOD_PAGE_SIZE; i++)
		atomic_store_explicit(&a->owner[first + i], mod, memory_order_release);
}

void umod_area_set_owner(struct umod_host *host, const void *addr, size_t size,
			 struct umod_module *mod)
{
	if (host->area && addr && size)
		set_owner(host->area, addr, size, mod);
}

struct umod_module *umod_area_owner(const struct umod_host *host, uint64_t addr)
{
	const struct umod_area *a = host->area;

	if (!umod_area_contains(host, addr))
		return NULL;
	return atomic_load_explicit(&a->owner[(addr - (uint64_t)(uintptr_t)a->base) / UMOD_PAGE_SIZE],
				    memory_order_acquire);
}

/*
 * One mmap() over the range does both: no access from now on, and the
 * pages are gone (a fresh anonymous mapping), without unmapping the range
 * another thread's mmap() could then take.
 */
void umod_area_free(struct umod_host *host, void *addr, size_t size, const char *name)
{
	struct umod_area *a = host->area;

	if (!a || !addr || !size)
		return;
	set_owner(a, addr, size, NULL);
	if (mmap(addr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
		 -1, 0) == MAP_FAILED) {
		/* a release cannot fail (vfree() never does): the same in two steps */
		mprotect(addr, size, PROT_NONE);
		madvise(addr, size, MADV_DONTNEED);
	}
	pthread_mutex_lock(&a->lock);
	give_back(a, (size_t)((unsigned char *)addr - a->base), size);
	if (name)
		strncpy(a->last_unloaded, name, sizeof(a->last_unloaded) - 1);
	pthread_mutex_unlock(&a->lock);
}

bool umod_area_contains(const struct umod_host *host, uint64_t addr)
{
	const struct umod_area *a = host->area;

	return a && addr >= (uint64_t)(uintptr_t)a->base &&
	       addr - (uint64_t)(uintptr_t)a->base < a->size;
}

/* read without the lock, for the oops handler: a torn name is still a name */
const char *umod_area_last_unloaded(const struct umod_host *host)
{
	return host->area && host->area->last_unloaded[0] ? host->area->last_unloaded : NULL;
}

void umod_area_release(struct umod_host *host)
{
	struct umod_area *a = host->area;

	if (!a)
		return;
	munmap(a->base, a->map_size);
	pthread_mutex_destroy(&a->lock);
	free(a->owner);
	free(a->free);
	free(a);
	host->area = NULL;
}
