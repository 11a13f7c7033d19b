// SPDX-License-Identifier: MIT
/*
 * What depmod reads from one module, in kmod's terms:
 *   exports  the names of the __crc_* symbols (modversions), in symbol-table
 *            order; without any, every non-empty string of __ksymtab_strings
 *   info     the alias= and softdep= entries of .modinfo, in section order
 *   imports  the undefined symbols with a name, in symbol-table order, with
 *            the CRC of their __versions entry; then the __versions entries
 *            that no symbol named (module_layout)
 * The image is validated by umod_elf_parse() first, so every offset used
 * here is in bounds; strings are copied into one allocation (m->strs)
 * before the next module is read into the same buffer.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/array.h"
#include "util/decompress.h"
#include "util/elf.h"
#include "util/file.h"
#include "util/modinfo.h"
#include "libkmod/depmod.h"
#include "libkmod/libkmod.h"

#define MODVERSION_SIZE		64	/* u64 crc, then a 56-byte name */
#define MODVERSION_NAME		(MODVERSION_SIZE - 8)

struct span {
	const char *p;
	size_t len;
	uint64_t crc;
	bool weak;
};

struct spans {
	struct span *v;
	unsigned int n, cap;
};

struct reader {
	struct umod_elf elf;
	struct spans exports, info, imports;
	const bool *loaded;	/* sections read from the file; NULL: all of it */
	bool incomplete;	/* one not read was needed: read the whole file */
};

/* is section @i's content in the image? (else: ask for the whole file) */
static bool have(struct reader *r, unsigned int i)
{
	if (!r->loaded || r->loaded[i])
		return true;
	r->incomplete = true;
	return false;
}

static int spans_add(struct spans *s, const char *p, size_t len, uint64_t crc, bool weak)
{
	if (umod_array_reserve(&s->v, &s->cap, s->n, sizeof(*s->v)))
		return -ENOMEM;
	s->v[s->n++] = (struct span){ p, len, crc, weak };
	return 0;
}

static const char *section(struct reader *r, const char *name, size_t *size)
{
	const struct umod_elf *elf = &r->elf;
	int i = umod_elf_find_section(elf, name);

	if (i <= 0 || elf->sechdrs[i].sh_type == SHT_NOBITS || !have(r, (unsigned int)i))
		return NULL;
	*size = elf->sechdrs[i].sh_size;
	return umod_elf_section_data(elf, (unsigned int)i);
}

/*
 * A CRC symbol's value: absolute, or (since 5.19, and in every 6.1 module)
 * the offset of a 32-bit CRC in its __kcrctab section, read from there.
 */
static uint64_t crc_value(struct reader *r, const Elf64_Sym *sym)
{
	const struct umod_elf *elf = &r->elf;
	const Elf64_Shdr *sec;
	uint32_t crc;

	if (sym->st_shndx == SHN_ABS || sym->st_shndx == SHN_UNDEF ||
	    sym->st_shndx >= elf->shnum)
		return sym->st_value;
	sec = &elf->sechdrs[sym->st_shndx];
	if (sec->sh_type == SHT_NOBITS || sym->st_value > sec->sh_size ||
	    sec->sh_size - sym->st_value < sizeof(crc) || !have(r, sym->st_shndx))
		return sym->st_value;
	memcpy(&crc, umod_elf_section_data(elf, sym->st_shndx) + sym->st_value, sizeof(crc));
	return crc;
}

static int read_crc_exports(struct reader *r)
{
	const struct umod_elf *elf = &r->elf;

	for (unsigned int i = 1; i < elf->num_syms; i++) {
		const char *name = umod_elf_symname(elf, &elf->syms[i]);
		int err;

		/* a library strncmp per symbol costs more than this whole loop */
		if (name[0] != '_' || name[1] != '_' || strncmp(name + 2, "crc_", 4) || !name[6])
			continue;
		err = spans_add(&r->exports, name + 6, strlen(name + 6),
				crc_value(r, &elf->syms[i]), false);
		if (err)
			return err;
	}
	return 0;
}

/* the strings of __ksymtab_strings; the last one may lack its NUL */
static int read_ksymtab_strings(struct reader *r)
{
	size_t size = 0, pos = 0;
	const char *s = section(r, "__ksymtab_strings", &size);

	while (s && pos < size) {
		const char *end = memchr(s + pos, '\0', size - pos);
		size_t len = end ? (size_t)(end - (s + pos)) : size - pos;
		int err = len ? spans_add(&r->exports, s + pos, len, 0, false) : 0;

		if (err)
			return err;
		pos += len + 1;
	}
	return 0;
}

static int read_info(struct reader *r)
{
	size_t size = 0, pos = 0;
	const char *sec = section(r, ".modinfo", &size), *kv;

	while (sec && (kv = umod_modinfo_next(sec, size, &pos))) {
		bool softdep = !strncmp(kv, "softdep=", 8);
		int err = 0;

		if (softdep)
			err = spans_add(&r->info, kv + 8, strlen(kv + 8), 0, true);
		else if (!strncmp(kv, "alias=", 6))
			err = spans_add(&r->info, kv + 6, strlen(kv + 6), 0, false);
		if (err)
			return err;
	}
	return 0;
}

/* a small open-addressing map of names to indexes, for matching __versions */
struct name_slot {
	const char *name;
	unsigned int len;
	unsigned int idx;
	bool visited;	/* a __versions entry has given this import its CRC */
};

struct nameset {
	struct name_slot *slot;
	unsigned int mask;
};

/* eight bytes a step (a module reads 150 names): a multiply-xor of words */
static unsigned int name_hash(const char *s, size_t len)
{
	uint64_t h = len, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	w = 0;
	memcpy(&w, s, len);
	h = (h ^ w) * 0x9e3779b97f4a7c15ull;
	return (unsigned int)(h >> 32);
}

static int nameset_init(struct nameset *ns, unsigned int max)
{
	unsigned int n = 16;

	while (n < max * 2)
		n <<= 1;
	ns->slot = calloc(n, sizeof(*ns->slot));
	ns->mask = n - 1;
	return ns->slot ? 0 : -ENOMEM;
}

/* the slot holding @name, or the empty one where it would go */
static struct name_slot *nameset_slot(const struct nameset *ns, const char *name, size_t len)
{
	unsigned int h = name_hash(name, len) & ns->mask;

	for (; ns->slot[h].name; h = (h + 1) & ns->mask)
		if (ns->slot[h].len == len && !memcmp(ns->slot[h].name, name, len))
			break;
	return &ns->slot[h];
}

/*
 * An entry is "visited" when an import names it and no earlier entry has
 * the same name (kmod searches __versions from its start for each import):
 * its CRC becomes that import's. The others become imports of their own,
 * after the symbol-table ones. Names longer than a __versions name cannot
 * match one, so they need no slot.
 */
static int read_versions(struct reader *r)
{
	size_t size = 0;
	const char *v = section(r, "__versions", &size);
	unsigned int n_imports = r->imports.n;
	struct nameset named = { 0 };
	int err;

	if (!v || !size || size % MODVERSION_SIZE)
		return 0;
	err = nameset_init(&named, n_imports);
	for (unsigned int i = 0; !err && i < n_imports; i++) {
		const struct span *imp = &r->imports.v[i];
		struct name_slot *sl;

		if (imp->len > MODVERSION_NAME)
			continue;
		sl = nameset_slot(&named, imp->p, imp->len);
		if (!sl->name)	/* the first import of a name is the one */
			*sl = (struct name_slot){ imp->p, (unsigned int)imp->len, i, false };
	}
	for (size_t off = 0; !err && off < size; off += MODVERSION_SIZE) {
		const char *name = v + off + 8;
		size_t len = strnlen(name, MODVERSION_NAME);
		struct name_slot *sl = nameset_slot(&named, name, len);
		uint64_t crc;

		memcpy(&crc, v + off, sizeof(crc));
		if (sl->name && !sl->visited) {
			sl->visited = true;
			r->imports.v[sl->idx].crc = crc;
			continue;
		}
		err = spans_add(&r->imports, name, len, crc, false);
	}
	free(named.slot);
	return err;
}

static int read_imports(struct reader *r)
{
	const struct umod_elf *elf = &r->elf;

	for (unsigned int i = 1; i < elf->num_syms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		const char *name = umod_elf_symname(elf, sym);
		int err;

		if (sym->st_shndx != SHN_UNDEF || !name[0])
			continue;
		err = spans_add(&r->imports, name, strlen(name), 0,
				ELF64_ST_BIND(sym->st_info) == STB_WEAK);
		if (err)
			return err;
	}
	return read_versions(r);
}

static size_t spans_bytes(const struct spans *s)
{
	size_t n = 0;

	for (unsigned int i = 0; i < s->n; i++)
		n += s->v[i].len + 1;
	return n;
}

static const char *copy_span(char **pool, const struct span *sp)
{
	char *p = *pool;

	memcpy(p, sp->p, sp->len);
	p[sp->len] = '\0';
	*pool += sp->len + 1;
	return p;
}

/* moves everything read into @m, copying the strings out of the image */
static int keep(struct reader *r, struct dmod *m)
{
	char *pool = malloc(spans_bytes(&r->exports) + spans_bytes(&r->info) +
			    spans_bytes(&r->imports) + 1);

	m->exports = calloc(r->exports.n + 1, sizeof(*m->exports));
	m->export_crcs = calloc(r->exports.n + 1, sizeof(*m->export_crcs));
	m->info = calloc(r->info.n + 1, sizeof(*m->info));
	m->imports = calloc(r->imports.n + 1, sizeof(*m->imports));
	m->strs = pool;
	if (!pool || !m->exports || !m->export_crcs || !m->info || !m->imports)
		return -ENOMEM;
	for (unsigned int i = 0; i < r->exports.n; i++) {
		m->exports[i] = copy_span(&pool, &r->exports.v[i]);
		m->export_crcs[i] = r->exports.v[i].crc;
	}
	for (unsigned int i = 0; i < r->info.n; i++)
		m->info[i] = (struct dinfo){ r->info.v[i].weak, copy_span(&pool, &r->info.v[i]) };
	for (unsigned int i = 0; i < r->imports.n; i++)
		m->imports[i] = (struct dimport){ copy_span(&pool, &r->imports.v[i]),
						  r->imports.v[i].crc, r->imports.v[i].weak };
	m->n_exports = r->exports.n;
	m->n_info = r->info.n;
	m->n_imports = r->imports.n;
	return 0;
}

static int pread_all(int fd, void *p, size_t n, uint64_t off)
{
	size_t done = 0;

	while (done < n) {
		ssize_t got = pread(fd, (char *)p + done, n - done, (off_t)(off + done));

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -errno : -EIO;
		done += (size_t)got;
	}
	return 0;
}

/* what depmod reads of a module: tables, and these sections */
static bool wanted(const Elf64_Shdr *sh, const char *name)
{
	return sh->sh_type == SHT_SYMTAB || sh->sh_type == SHT_STRTAB ||
	       !strcmp(name, ".modinfo") || !strcmp(name, "__versions") ||
	       !strcmp(name, "__ksymtab_strings") || !strncmp(name, "__kcrctab", 9);
}

static bool in_file(uint64_t off, uint64_t size, size_t len)
{
	return off <= len && size <= len - off;
}

/*
 * Only the parts depmod reads, each at its offset in @buf (the header, the
 * section headers, the tables and the sections above): a quarter of a
 * module, typically. The rest of @buf holds whatever it held. Returns 1
 * when the layout does not allow it (umod_elf_parse() is to judge the
 * whole file then), 0, or an error.
 */
static int read_sparse(int fd, size_t len, struct umod_depmod_buf *buf)
{
	const Elf64_Ehdr *eh = buf->p;
	const Elf64_Shdr *sh;
	const char *names;
	int err;

	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shentsize != sizeof(Elf64_Shdr) || !eh->e_shnum ||
	    eh->e_shstrndx >= eh->e_shnum || eh->e_shoff % _Alignof(Elf64_Shdr) ||
	    !in_file(eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr), len))
		return 1;
	err = pread_all(fd, (char *)buf->p + eh->e_shoff, eh->e_shnum * sizeof(Elf64_Shdr),
			eh->e_shoff);
	if (err)
		return err;
	sh = (const Elf64_Shdr *)((char *)buf->p + eh->e_shoff);
	if (!in_file(sh[eh->e_shstrndx].sh_offset, sh[eh->e_shstrndx].sh_size, len) ||
	    !sh[eh->e_shstrndx].sh_size)
		return 1;
	err = pread_all(fd, (char *)buf->p + sh[eh->e_shstrndx].sh_offset,
			sh[eh->e_shstrndx].sh_size, sh[eh->e_shstrndx].sh_offset);
	names = (const char *)buf->p + sh[eh->e_shstrndx].sh_offset;
	if (!err && names[sh[eh->e_shstrndx].sh_size - 1])
		return 1;
	for (unsigned int i = 0; !err && i < eh->e_shnum; i++) {
		buf->loaded[i] = i == eh->e_shstrndx;
		if (i == eh->e_shstrndx || sh[i].sh_type == SHT_NOBITS ||
		    sh[i].sh_name >= sh[eh->e_shstrndx].sh_size || !wanted(&sh[i], names + sh[i].sh_name))
			continue;
		if (!in_file(sh[i].sh_offset, sh[i].sh_size, len))
			return 1;
		err = pread_all(fd, (char *)buf->p + sh[i].sh_offset, sh[i].sh_size, sh[i].sh_offset);
		buf->loaded[i] = true;
	}
	return err;
}

static int buf_reserve(struct umod_depmod_buf *buf, size_t len)
{
	void *p;

	if (buf->cap >= len)
		return 0;
	p = realloc(buf->p, len);
	if (!p)
		return -ENOMEM;
	buf->p = p;
	buf->cap = len;
	return 0;
}

/*
 * The module read into @buf, reused from module to module: 4,000 mmap()s
 * of a tree cost more in page faults and munmap()s (a third of depmod's
 * time on Debian's) than reading what is needed from the page cache.
 * *@loaded: which sections are in, or NULL (all: @full, or the layout did
 * not allow less). A compressed module is mapped and decompressed as
 * anywhere else (*@mapped: release with umod_file_unmap()).
 */
static int read_image(const char *path, struct umod_depmod_buf *buf, bool full,
		      const void **imgp, size_t *lenp, const bool **loaded, bool *mapped)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err, whole = 1;
	size_t len = 0;

	*mapped = false;
	*loaded = NULL;
	if (fd < 0)
		return -errno;
	err = umod_file_check(fd, UMOD_MAX_IMAGE_SIZE, &len);
	if (!err)
		err = buf_reserve(buf, len);
	if (!err && !full && len >= sizeof(Elf64_Ehdr)) {
		err = pread_all(fd, buf->p, sizeof(Elf64_Ehdr), 0);
		if (!err && umod_compression_of(buf->p, sizeof(Elf64_Ehdr)) != UMOD_COMPRESSION_NONE) {
			close(fd);
			*mapped = true;
			return umod_file_map(path, imgp, lenp);
		}
		if (!err && ((const Elf64_Ehdr *)buf->p)->e_shnum > buf->n_loaded) {
			bool *l = realloc(buf->loaded, ((const Elf64_Ehdr *)buf->p)->e_shnum);

			err = l ? 0 : -ENOMEM;
			if (l) {
				buf->loaded = l;
				buf->n_loaded = ((const Elf64_Ehdr *)buf->p)->e_shnum;
			}
		}
		if (!err)
			whole = read_sparse(fd, len, buf);
		err = whole < 0 ? whole : err;
	}
	if (!err && whole)
		err = pread_all(fd, buf->p, len, 0);
	close(fd);
	if (err)
		return err;
	if (whole && umod_compression_of(buf->p, len) != UMOD_COMPRESSION_NONE) {
		*mapped = true;
		return umod_file_map(path, imgp, lenp);
	}
	*loaded = whole ? NULL : buf->loaded;
	*imgp = buf->p;
	*lenp = len;
	return 0;
}

static int read_module(struct dmod *m, struct umod_depmod_buf *buf, bool full)
{
	struct reader r = { 0 };
	const void *img;
	size_t len;
	bool mapped;
	int err = read_image(m->path, buf, full, &img, &len, &r.loaded, &mapped);

	if (err)
		return err;
	err = umod_elf_parse(&r.elf, img, len, NULL, NULL);
	if (!err)
		err = read_crc_exports(&r);
	if (!err && !r.exports.n)
		err = read_ksymtab_strings(&r);
	if (!err)
		err = read_info(&r);
	if (!err)
		err = read_imports(&r);
	if (!err && !r.incomplete)
		err = keep(&r, m);
	free(r.exports.v);
	free(r.info.v);
	free(r.imports.v);
	if (mapped)
		umod_file_unmap(img, len);
	/* a sparse image judged bad, or short of a section: judge the whole */
	return r.loaded && (err || r.incomplete) ? -EAGAIN : err;
}

/* a module that needs more than the sparse read has: read it all */
int umod_depmod_read_module(struct dmod *m, struct umod_depmod_buf *buf)
{
	int err = read_module(m, buf, false);

	return err == -EAGAIN ? read_module(m, buf, true) : err;
}
