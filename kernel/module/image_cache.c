// SPDX-License-Identifier: MIT
/*
 * What a load learns from the bytes of a module alone, kept for the next
 * load of the same bytes: the ELF validation (every section, symbol and
 * string bounds-checked), the sections found by name, the __versions
 * records and vermagic checked, the licence found (whether it taints is
 * decided again), each section's class and place, the lists of sections
 * the later passes walk (load_info.order, the listing), and the
 * relocation scan (every entry checked; the GOT slots and far-call stubs
 * it needs). A host keeps the last few images that passed all of that
 * without a taint, keyed by the bytes themselves: the length, the load's
 * flags, then a comparison with a copy kept here of every byte that work
 * read (never a file's name, time or a hash: a different image can never
 * pass for a validated one). An image is copied at its second load (a
 * fingerprint of its length and name remembers the first), so that loading many different
 * modules once costs no copies. Those bytes are the ELF header, the section
 * headers, the section names, the symbol and string tables, .modinfo,
 * __versions, .gnu.linkonce.this_module and the relocations the scan
 * checked; the rest (code and data, which the load copies from the new
 * image, and debug sections, which it never reads) is not compared, so
 * that a hit costs a third of a full comparison. A hit copies the results
 * and points them into the new buffer; what depends on the host rather
 * than the bytes (the parameters' length, module_layout's CRC, the
 * licence's taint, exports, symbols) is checked on every load all the
 * same (main.c).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/internal.h"
#include "util/macro.h"

/* images above this are not kept (the copy is memory the host holds) */
#define CACHE_MAX_IMAGE	(1ul << 20)
/* the load's flags that are part of the key: all but who owns the buffer */
#define KEY_FLAGS(flags)	((flags) & ~UMOD_LOAD_OWN_IMAGE)

struct umod_image_entry {
	unsigned char *bytes;	/* the image's copy; elf points into it */
	size_t len;
	unsigned int flags;
	struct umod_elf elf;
	size_t name_off, modinfo_off, modinfo_size, license_off;
	bool license_gpl;
	unsigned int index_mod, index_info, index_vers, index_param;
	struct umod_sec *sec;	/* elf.shnum, with addr NULL; then order's */
	struct umod_section *listing;	/* names pointing into itself */
	struct umod_load_lists lists;
	int *slots;		/* got_slot then plt_slot, elf.num_syms each */
	unsigned int num_got, num_plt;
	size_t got_off, plt_off;
	struct umod_layout core, init;
	struct range {
		size_t off, size;
	} *key;			/* the bytes compared: see the top */
	unsigned int num_key;
};

static void entry_free(struct umod_image_entry *e)
{
	if (!e)
		return;
	free(e->bytes);
	free(e->sec);
	free(e->slots);
	free(e->key);
	free(e->listing);
	free(e);
}

void umod_image_cache_free(struct umod_host *host)
{
	for (unsigned int i = 0; i < UMOD_IMAGE_CACHE_SLOTS; i++)
		entry_free(host->image_cache[i]);
	pthread_mutex_destroy(&host->image_cache_lock);
}

/* @p, a pointer into @from, moved to the same offset in @to */
static const void *rebase(const void *p, const void *from, const void *to)
{
	return (const unsigned char *)to + ((const unsigned char *)p - (const unsigned char *)from);
}

static void rebase_elf(struct umod_elf *elf, const void *from, const void *to)
{
	elf->image = rebase(elf->image, from, to);
	elf->hdr = rebase(elf->hdr, from, to);
	elf->sechdrs = rebase(elf->sechdrs, from, to);
	elf->secstrings = rebase(elf->secstrings, from, to);
	elf->syms = rebase(elf->syms, from, to);
	elf->strtab = rebase(elf->strtab, from, to);
}

/* a copy of @n entries' listing @from (@bytes) at @to: names into the copy */
static void copy_listing(struct umod_section *to, const struct umod_section *from,
			 size_t bytes, unsigned int n)
{
	memcpy(to, from, bytes);
	for (unsigned int k = 0; k < n; k++)
		to[k].name = (const char *)to + (from[k].name - (const char *)from);
}

/* the entry's results into @info, pointing into @image; -ENOMEM or 0 */
static int fill(struct load_info *info, const struct umod_image_entry *e, const void *image)
{
	size_t n = e->elf.num_syms;

	info->sec = malloc(UMOD_SEC_BYTES(e->elf.shnum));
	info->symval = malloc(UMOD_SYMVAL_BYTES(n));
	info->listing = malloc(e->lists.listing_bytes);
	if (!info->sec || !info->symval || !info->listing)
		return -ENOMEM;
	copy_listing(info->listing, e->listing, e->lists.listing_bytes, e->lists.listing_n);
	info->lists = e->lists;
	memcpy(info->sec, e->sec, UMOD_SEC_BYTES(e->elf.shnum));
	memset(info->symval, 0, n * sizeof(uint64_t));
	info->elf = e->elf;
	info->elf.report = NULL;	/* the caller's to set */
	umod_reloc_set_arrays(info, info->symval);	/* needs elf.num_syms */
	memcpy(info->got_slot, e->slots, 2 * n * sizeof(int));
	rebase_elf(&info->elf, e->bytes, image);
	info->name = (const char *)image + e->name_off;
	info->modinfo = e->modinfo_off ? (const char *)image + e->modinfo_off : NULL;
	info->modinfo_size = e->modinfo_size;
	info->license = e->license_off ? (const char *)image + e->license_off : NULL;
	info->license_gpl = e->license_gpl;
	info->index.mod = e->index_mod;
	info->index.info = e->index_info;
	info->index.vers = e->index_vers;
	info->index.param = e->index_param;
	info->num_got = e->num_got;
	info->num_plt = e->num_plt;
	info->got_off = e->got_off;
	info->plt_off = e->plt_off;
	info->core = e->core;
	info->init = e->init;
	return 0;
}

/* ranges in order: the headers first, which place every later one */
static bool same(const struct umod_image_entry *e, const unsigned char *image, size_t len,
		 unsigned int flags)
{
	if (!e || e->len != len || e->flags != flags)
		return false;
	for (unsigned int i = 0; i < e->num_key; i++)
		if (memcmp(e->bytes + e->key[i].off, image + e->key[i].off, e->key[i].size))
			return false;
	return true;
}

/*
 * Is @image (@len bytes, after any signature) one this host validated?
 * Then @info holds what that validation and layout found, as if they had
 * run on it: 1. 0 when it is not; -ENOMEM when the copy could not be
 * made (the load fails, as it would have in the work it skips).
 */
int umod_image_cache_get(struct load_info *info, const void *image, size_t len)
{
	struct umod_host *host = info->host;
	int ret = 0;

	pthread_mutex_lock(&host->image_cache_lock);
	for (unsigned int i = 0; i < UMOD_IMAGE_CACHE_SLOTS && !ret && !host->image_cache_off; i++) {
		const struct umod_image_entry *e = host->image_cache[i];

		if (same(e, image, len, KEY_FLAGS(info->flags)))
			ret = fill(info, e, image) ? -ENOMEM : 1;
	}
	pthread_mutex_unlock(&host->image_cache_lock);
	if (ret < 0) {
		free(info->sec);
		free(info->symval);
		free(info->listing);
		info->sec = NULL;
		info->symval = NULL;
		info->listing = NULL;
	}
	return ret;
}

/* off: nothing is kept or looked up (tests of the whole load path) */
void umod_image_cache_enable(struct umod_host *host, bool on)
{
	pthread_mutex_lock(&host->image_cache_lock);
	host->image_cache_off = !on;
	pthread_mutex_unlock(&host->image_cache_lock);
}

static size_t offset_in(const void *p, const struct umod_elf *elf)
{
	return p ? (size_t)((const unsigned char *)p - elf->image) : 0;
}

static void key_add(struct umod_image_entry *e, size_t off, size_t size)
{
	e->key[e->num_key].off = off;
	e->key[e->num_key++].size = size;
}

static void key_section(struct umod_image_entry *e, unsigned int idx)
{
	const Elf64_Shdr *s = &e->elf.sechdrs[idx];

	if (idx && s->sh_type != SHT_NOBITS)
		key_add(e, s->sh_offset, s->sh_size);
}

/* every byte the validation, layout and scan of @info read (see the top) */
static int key_ranges(struct umod_image_entry *e, const struct load_info *info)
{
	const struct umod_elf *elf = &e->elf;
	unsigned int symtab = elf->symtab_idx;

	e->key = malloc((8 + elf->shnum) * sizeof(*e->key));
	if (!e->key)
		return -ENOMEM;
	key_add(e, 0, sizeof(Elf64_Ehdr));
	key_add(e, elf->hdr->e_shoff, (size_t)elf->shnum * sizeof(Elf64_Shdr));
	key_section(e, elf->hdr->e_shstrndx);
	key_section(e, symtab);
	key_section(e, elf->sechdrs[symtab].sh_link);
	key_section(e, info->index.info);
	key_section(e, info->index.vers);
	key_section(e, info->index.mod);
	for (unsigned int k = 0; k < info->lists.num_apply; k++)
		key_section(e, umod_load_order(info)[info->lists.num_loaded + k]);
	return 0;
}

static struct umod_image_entry *entry_new(const struct load_info *info)
{
	const struct umod_elf *elf = &info->elf;
	struct umod_image_entry *e = calloc(1, sizeof(*e));
	size_t n = elf->num_syms;

	if (!e)
		return NULL;
	e->bytes = malloc(elf->len);
	e->sec = malloc(UMOD_SEC_BYTES(elf->shnum));
	e->slots = malloc(2 * n * sizeof(int));
	e->listing = malloc(info->lists.listing_bytes);
	if (!e->bytes || !e->sec || !e->slots || !e->listing) {
		entry_free(e);
		return NULL;
	}
	memcpy(e->bytes, elf->image, elf->len);
	e->len = elf->len;
	e->flags = KEY_FLAGS(info->flags);
	e->elf = *elf;
	rebase_elf(&e->elf, elf->image, e->bytes);
	e->name_off = offset_in(info->name, elf);
	e->modinfo_off = offset_in(info->modinfo, elf);
	e->modinfo_size = info->modinfo_size;
	e->license_off = offset_in(info->license, elf);
	e->license_gpl = info->license_gpl;
	e->index_mod = info->index.mod;
	e->index_info = info->index.info;
	e->index_vers = info->index.vers;
	e->index_param = info->index.param;
	memcpy(e->sec, info->sec, UMOD_SEC_BYTES(elf->shnum));
	copy_listing(e->listing, info->listing, info->lists.listing_bytes, info->lists.listing_n);
	e->lists = info->lists;
	memcpy(e->slots, info->got_slot, 2 * n * sizeof(int));
	e->num_got = info->num_got;
	e->num_plt = info->num_plt;
	e->got_off = info->got_off;
	e->plt_off = info->plt_off;
	e->core = info->core;
	e->init = info->init;
	if (key_ranges(e, info)) {
		entry_free(e);
		return NULL;
	}
	return e;
}

/* FNV-1a over @n bytes */
static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/*
 * A fingerprint of @info's image that costs next to nothing: its length
 * and the module's name. It only decides whether an image is worth a
 * copy; a hit is decided by the bytes themselves (same()).
 */
static uint64_t fingerprint(const struct load_info *info)
{
	uint64_t h = fnv(0xcbf29ce484222325ull, (const unsigned char *)&info->elf.len,
			 sizeof(info->elf.len));

	return fnv(h, (const unsigned char *)info->name, strlen(info->name));
}

/*
 * Has @fp been seen before? If not, it is remembered (the oldest
 * forgotten) and the image is not copied: a host that loads each module
 * once (1,000 different ones) pays no copy, one that loads a module again
 * pays it at the second load and hits from the third.
 */
static bool seen_before(struct umod_host *host, uint64_t fp)
{
	for (unsigned int i = 0; i < UMOD_ARRAY_SIZE(host->image_seen); i++)
		if (host->image_seen[i] == fp)
			return true;
	host->image_seen[host->image_seen_next] = fp;
	host->image_seen_next = (host->image_seen_next + 1) % UMOD_ARRAY_SIZE(host->image_seen);
	return false;
}

/*
 * Keep what @info learnt from its image: called once the image has been
 * validated, laid out and its relocations scanned, before any address is
 * given to a section, for an image seen before. The oldest entry makes
 * room.
 */
void umod_image_cache_put(const struct load_info *info)
{
	struct umod_host *host = info->host;
	struct umod_image_entry *e, *old;
	uint64_t fp = fingerprint(info);
	bool again;

	if (info->elf.len > CACHE_MAX_IMAGE)
		return;
	pthread_mutex_lock(&host->image_cache_lock);
	again = !host->image_cache_off && seen_before(host, fp);
	pthread_mutex_unlock(&host->image_cache_lock);
	if (!again || !(e = entry_new(info)))
		return;
	pthread_mutex_lock(&host->image_cache_lock);
	old = host->image_cache[host->image_cache_next];
	host->image_cache[host->image_cache_next] = e;
	host->image_cache_next = (host->image_cache_next + 1) % UMOD_IMAGE_CACHE_SLOTS;
	pthread_mutex_unlock(&host->image_cache_lock);
	entry_free(old);
}
