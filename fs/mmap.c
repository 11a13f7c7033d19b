// SPDX-License-Identifier: MIT
/*
 * mmap of a device file, as Linux's do_mmap() and the fault path see it
 * from the driver's side: the file's mmap op fills a vm_area_struct
 * (mm/memory.c), and each page of the mapping is then what its
 * remap_pfn_range()/vm_insert_page() put there, or what its vm_ops->fault
 * returns in vmf->page. The user process is served by copies of those
 * pages (the front end's business: daemon/tree.c through FUSE's page
 * cache), or, in the same process, by the pages themselves
 * (umod_fs_map_page()).
 */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#include "fs/internal.h"
#include "mm/internal.h"

#define VM_READ		0x1UL
#define VM_WRITE	0x2UL
#define VM_EXEC		0x4UL
#define VM_SHARED	0x8UL
#define VM_MAYREAD	0x10UL
#define VM_MAYWRITE	0x20UL
#define VM_MAYEXEC	0x40UL
#define VM_MAYSHARE	0x80UL
#define FAULT_FLAG_WRITE	0x1u
#define FAULT_FLAG_USER		0x40u
#define VM_FAULT_ERROR_BITS	(0x1u | 0x2u | 0x10u | 0x20u | 0x40u | 0x800u)
#define VM_FAULT_NOPAGE		0x100u
/* asm/pgtable.h's PAGE_SHARED and PAGE_READONLY */
#define PROT_SHARED_RW	0x8000000000000067UL
#define PROT_RO		0x8000000000000025UL

static struct umod_vma *of_map(struct umod_map *m)
{
	return (struct umod_vma *)m;
}

static int (*mmap_op(struct umod_file *f))(struct file *, struct vm_area_struct *)
{
	if (f->node->kind == UMOD_FS_DEV)
		return f->file.f_op ? f->file.f_op->mmap : NULL;
	if (f->node->kind == UMOD_FS_PROC)
		return f->node->proc_ops->proc_mmap;
	return NULL;
}

int umod_fs_mappable(struct umod_file *f)
{
	return f && mmap_op(f) != NULL;
}

struct map_call {
	struct umod_file *f;
	struct umod_vma *v;
	struct vm_fault *vmf;
};

static long mmap_thunk(void *arg)
{
	struct map_call *c = arg;

	return mmap_op(c->f)(&c->f->file, &c->v->vma);
}

static long close_thunk(void *arg)
{
	struct map_call *c = arg;

	c->v->vma.vm_ops->close(&c->v->vma);
	return 0;
}

static long fault_thunk(void *arg)
{
	struct map_call *c = arg;

	return (long)c->v->vma.vm_ops->fault(c->vmf);
}

/* do_mmap()'s vm_flags: the protections, what the open mode allows */
static unsigned long vm_flags_of(struct umod_file *f, int prot, int flags)
{
	unsigned long vm = VM_MAYREAD | VM_MAYEXEC | VM_MAYWRITE;

	vm |= (prot & PROT_READ ? VM_READ : 0) | (prot & PROT_WRITE ? VM_WRITE : 0) |
	      (prot & PROT_EXEC ? VM_EXEC : 0);
	if (flags & MAP_SHARED) {
		vm |= VM_SHARED | VM_MAYSHARE;
		if (!(f->file.f_mode & UMOD_FMODE_WRITE))
			vm &= ~(VM_MAYWRITE | VM_SHARED);
	}
	return vm;
}

int umod_fs_mmap(struct umod_file *f, uint64_t off, uint64_t len, int prot, int flags,
		 struct umod_map **mp)
{
	struct map_call c = { .f = f };
	unsigned long vm;
	long ret;

	if (!f || !mp || !len || (off & (PAGE_SIZE - 1)))
		return -EINVAL;
	if (!mmap_op(f))
		return -ENODEV;
	len = PAGE_ALIGN(len);
	if (!len || off + len < off)
		return -EOVERFLOW;
	/* do_mmap(): the open mode bounds what the mapping may do */
	if (!(f->file.f_mode & UMOD_FMODE_READ) ||
	    ((flags & MAP_SHARED) && (prot & PROT_WRITE) &&
	     !(f->file.f_mode & UMOD_FMODE_WRITE)))
		return -EACCES;
	vm = vm_flags_of(f, prot, flags);
	c.v = umod_vma_new(&f->file, (unsigned long)(off >> PAGE_SHIFT), len, vm,
			   vm & VM_WRITE ? PROT_SHARED_RW : PROT_RO);
	if (!c.v)
		return -ENOMEM;
	ret = umod_fs_call(f, mmap_thunk, &c, 0);
	if (ret) {
		umod_vma_free(c.v);
		return (int)ret;
	}
	c.v->refs = 1;	/* the file's list */
	pthread_mutex_lock(&f->fs->lock);
	umod_list_add(&c.v->link, &f->maps);
	pthread_mutex_unlock(&f->fs->lock);
	*mp = (struct umod_map *)c.v;
	return 0;
}

static void put_map(struct umod_fs *fs, struct umod_vma *v);

/* vm_ops->close, then the list's reference goes: the mapping is gone, as at munmap */
static void unmap(struct umod_file *f, struct umod_vma *v)
{
	struct map_call c = { .f = f, .v = v };

	if (v->vma.vm_ops && v->vma.vm_ops->close)
		umod_fs_call(f, close_thunk, &c, 0);
	put_map(f->fs, v);
}

int umod_fs_munmap(struct umod_file *f, struct umod_map *m)
{
	struct umod_vma *v = of_map(m);

	if (!f || !v)
		return -EINVAL;
	pthread_mutex_lock(&f->fs->lock);
	umod_list_del(&v->link);
	pthread_mutex_unlock(&f->fs->lock);
	unmap(f, v);
	return 0;
}

void umod_fs_unmap_all(struct umod_file *f)
{
	for (;;) {
		struct umod_vma *v = NULL;

		pthread_mutex_lock(&f->fs->lock);
		if (f->maps.next != &f->maps) {
			v = umod_container_of(f->maps.next, struct umod_vma, link);
			umod_list_del(&v->link);
		}
		pthread_mutex_unlock(&f->fs->lock);
		if (!v)
			return;
		unmap(f, v);
	}
}

void umod_fs_maps_free_locked(struct umod_file *f)
{
	while (f->maps.next != &f->maps) {
		struct umod_vma *v = umod_container_of(f->maps.next, struct umod_vma, link);

		umod_list_del(&v->link);
		if (!--v->refs)
			umod_vma_free(v);	/* else its last user frees it */
	}
}

/* fs->lock held: @f's newest mapping holding page @pgoff */
static struct umod_vma *find_in(struct umod_file *f, unsigned long pgoff)
{
	for (struct umod_list *l = f->maps.next; l != &f->maps; l = l->next) {
		struct umod_vma *v = umod_container_of(l, struct umod_vma, link);

		if (pgoff >= v->vma.vm_pgoff && pgoff - v->vma.vm_pgoff < umod_vma_pages(v))
			return v;
	}
	return NULL;
}

/*
 * A reference on the mapping holding page @pgoff: @f's, else another open
 * file's of the same node (FUSE writes a page back by any file that may
 * write it); *@owner is its file.
 */
static struct umod_vma *get_map(struct umod_file *f, unsigned long pgoff,
				struct umod_file **owner)
{
	struct umod_list *files = &f->node->files;
	struct umod_vma *v;

	pthread_mutex_lock(&f->fs->lock);
	*owner = f;
	v = find_in(f, pgoff);
	for (struct umod_list *l = files->next; !v && l != files; l = l->next) {
		*owner = umod_container_of(l, struct umod_file, node_link);
		v = *owner != f ? find_in(*owner, pgoff) : NULL;
	}
	if (v)
		v->refs++;
	pthread_mutex_unlock(&f->fs->lock);
	return v;
}

static void put_map(struct umod_fs *fs, struct umod_vma *v)
{
	bool last;

	pthread_mutex_lock(&fs->lock);
	last = !--v->refs;
	pthread_mutex_unlock(&fs->lock);
	if (last)
		umod_vma_free(v);
}

/*
 * Page @pgoff of mapping @v of @f, for a write when @write: what was put
 * there, or what the fault op gives; NULL where the process would get
 * SIGBUS (an error from the fault op, nothing given, or an oops in it).
 */
static char *map_page(struct umod_file *f, struct umod_vma *v, unsigned long pgoff, bool write)
{
	unsigned long idx = pgoff - v->vma.vm_pgoff, pfn = umod_vma_pfn(v, idx);
	struct vm_fault vmf = { .vma = &v->vma, .gfp_mask = 0xcc0u, .pgoff = pgoff };
	struct map_call c = { .f = f, .v = v, .vmf = &vmf };
	long ret;

	if (pfn)
		return (char *)(pfn << PAGE_SHIFT);
	if (!v->vma.vm_ops || !v->vma.vm_ops->fault)
		return NULL;
	vmf.address = vmf.real_address = v->vma.vm_start + (idx << PAGE_SHIFT);
	vmf.flags = FAULT_FLAG_USER | (write ? FAULT_FLAG_WRITE : 0);
	ret = umod_fs_call(f, fault_thunk, &c, 0);
	if (ret < 0 || (ret & VM_FAULT_ERROR_BITS))
		return NULL;
	/* the fault's reference is the page table's on Linux, dropped at unmap;
	 * no table keeps it here, so it goes now unless it is the last one */
	if (vmf.page && umod_pages_ref_count(vmf.page) > 1)
		umod_pages_ref(vmf.page, -1);
	if (vmf.page)
		return (char *)vmf.page;
	pfn = ret & VM_FAULT_NOPAGE ? umod_vma_pfn(v, idx) : 0;
	return pfn ? (char *)(pfn << PAGE_SHIFT) : NULL;
}

/* @n bytes at file offset @off of @f's mappings, to @buf or from it */
static ssize_t map_rw(struct umod_file *f, char *buf, size_t n, uint64_t off, bool write)
{
	size_t done = 0;

	if (!f || (!buf && n))
		return -EINVAL;
	while (done < n) {
		uint64_t at = off + done;
		size_t in = at & (PAGE_SIZE - 1), len = PAGE_SIZE - in;
		struct umod_file *owner;
		struct umod_vma *v = get_map(f, (unsigned long)(at >> PAGE_SHIFT), &owner);
		char *page;
		bool ok;

		if (!v)
			return done ? (ssize_t)done : -ENXIO;
		if (len > n - done)
			len = n - done;
		page = map_page(owner, v, (unsigned long)(at >> PAGE_SHIFT), write);
		ok = page && (write ? umod_copy_safe(page + in, buf + done, len) :
				      umod_copy_safe(buf + done, page + in, len));
		put_map(f->fs, v);
		if (!ok)
			return done ? (ssize_t)done : -EFAULT;
		done += len;
	}
	return (ssize_t)done;
}

ssize_t umod_fs_map_read(struct umod_file *f, void *buf, size_t n, int64_t off)
{
	return off < 0 ? -EINVAL : map_rw(f, buf, n, (uint64_t)off, false);
}

ssize_t umod_fs_map_write(struct umod_file *f, const void *buf, size_t n, int64_t off)
{
	return off < 0 ? -EINVAL : map_rw(f, (char *)buf, n, (uint64_t)off, true);
}

void *umod_fs_map_page(struct umod_file *f, struct umod_map *m, int64_t off, int write)
{
	struct umod_vma *v = of_map(m);
	unsigned long pgoff;

	if (!f || !v || off < 0)
		return NULL;
	pgoff = (unsigned long)((uint64_t)off >> PAGE_SHIFT);
	if (pgoff < v->vma.vm_pgoff || pgoff - v->vma.vm_pgoff >= umod_vma_pages(v))
		return NULL;
	return map_page(f, v, pgoff, write);
}
