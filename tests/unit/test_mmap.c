// SPDX-License-Identifier: MIT
/*
 * fs/mmap.c and mm/memory.c: a driver's mmap op fills the vm_area_struct
 * (vm_pgoff, vm_flags from the protections and the open mode); its pages
 * are what remap_pfn_range()/vm_insert_page()/remap_vmalloc_range() put
 * in, or what its fault op gives; copies stop at the first page the
 * process would get SIGBUS for; the mapped page is the driver's own page
 * (umod_fs_map_page()); vm_ops->close runs at munmap or release; and
 * do_mmap()'s refusals (no mmap op, the open mode, alignment).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>
#include <umod/kabi.h>

#include "fs/internal.h"
#include "mm/internal.h"

#include "helpers.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;
static char *pages;		/* the driver's two pages */
static int closes, how;		/* how the mmap op maps: */
enum { REMAP, INSERT, FAULT, REFUSE, VMALLOC, PLAIN_VMALLOC };
static void *vmem;

static unsigned int fault(struct vm_fault *vmf)
{
	if (vmf->pgoff >= 2)
		return 0x2;	/* VM_FAULT_SIGBUS */
	vmf->page = (struct page *)(pages + vmf->pgoff * 4096);
	return 0;
}

static void vclose(struct vm_area_struct *vma)
{
	closes++;
}

static const struct vm_operations_struct vm_ops = { .close = vclose, .fault = fault };

static int dev_mmap(struct file *file, struct vm_area_struct *vma)
{
	int (*remap)(struct vm_area_struct *, unsigned long, unsigned long, unsigned long,
		     unsigned long) = test_export(host, "remap_pfn_range");
	int (*insert)(struct vm_area_struct *, unsigned long, struct page *) =
		test_export(host, "vm_insert_page");
	int (*remap_vm)(struct vm_area_struct *, void *, unsigned long) =
		test_export(host, "remap_vmalloc_range");

	vma->vm_ops = &vm_ops;
	switch (how) {
	case REMAP:	/* the first page; the fault op gives the second */
		return remap(vma, vma->vm_start, (unsigned long)pages >> 12, 4096, 0);
	case INSERT:
		assert_int_equal(insert(vma, vma->vm_end, (struct page *)pages), -EFAULT);
		return insert(vma, vma->vm_start + 4096, (struct page *)(pages + 4096));
	case VMALLOC:
	case PLAIN_VMALLOC:
		return remap_vm(vma, vmem, vma->vm_pgoff);
	case REFUSE:
		return -EAGAIN;
	}
	return 0;	/* FAULT */
}

static const struct file_operations fops = { .mmap = dev_mmap };
static const struct file_operations no_mmap = { .owner = NULL };

static int setup(void **state)
{
	int (*chrdev)(unsigned int, unsigned int, unsigned int,
		      const char *, const struct file_operations *) =
		test_export(host = test_host_new(&cap), "__register_chrdev");

	strcpy(kmod.name, "maptest");
	mod = fake_module_new(host, "maptest", &kmod, NULL, 0);
	assert_non_null(mod);
	test_module_enter(mod);	/* the module's devices */
	assert_int_equal(chrdev(240, 0, 1, "map", &fops), 0);
	assert_int_equal(chrdev(241, 0, 1, "nomap", &no_mmap), 0);
	test_module_leave();
	pages = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	strcpy(pages, "page 0");
	strcpy(pages + 4096, "page 1");
	return 0;
}

static int teardown(void **state)
{
	umod_fs_leftovers(mod);
	fake_module_free(mod);
	umod_host_unref(host);
	munmap(pages, 8192);
	return 0;
}

static struct umod_file *open_dev(const char *path, int flags)
{
	struct umod_file *f;

	assert_int_equal(umod_fs_open(host, path, flags, &f), 0);
	return f;
}

static void test_remap_and_insert(void **state)
{
	struct umod_file *f = open_dev("dev/char/240:0", O_RDWR);
	struct umod_map *m;
	char buf[16];

	how = REMAP;
	assert_int_equal(umod_fs_mappable(f), 1);
	assert_int_equal(umod_fs_mmap(f, 0, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, &m), 0);
	assert_int_equal(umod_fs_map_read(f, buf, 7, 0), 7);
	assert_string_equal(buf, "page 0");
	assert_int_equal(umod_fs_map_write(f, "PAGE", 4, 0), 4);
	assert_memory_equal(pages, "PAGE", 4);	/* the driver's memory itself */
	assert_ptr_equal(umod_fs_map_page(f, m, 100, 1), pages);
	assert_int_equal(umod_fs_munmap(f, m), 0);
	assert_int_equal(closes, 1);
	how = INSERT;
	assert_int_equal(umod_fs_mmap(f, 0, 8192, PROT_READ, MAP_SHARED, &m), 0);
	/* page 0 was not inserted: the fault op gives it */
	assert_int_equal(umod_fs_map_read(f, buf, 7, 4096), 7);
	assert_string_equal(buf, "page 1");
	assert_int_equal(umod_fs_map_read(f, buf, 7, 0), 7);
	assert_string_equal(buf, "PAGE 0");
	assert_int_equal(umod_fs_map_read(f, buf, 4, 8192), -ENXIO);	/* no mapping there */
	umod_fs_release(f);
	assert_int_equal(closes, 2);	/* the release closed it */
	memcpy(pages, "page", 4);
}

static void test_fault_and_sigbus(void **state)
{
	struct umod_file *f = open_dev("dev/char/240:0", O_RDONLY);
	struct umod_map *m;
	char buf[8192];

	how = FAULT;
	assert_int_equal(umod_fs_mmap(f, 4096, 8192, PROT_READ, MAP_SHARED, &m), 0);
	assert_int_equal(umod_fs_map_read(f, buf, 7, 4096), 7);
	assert_string_equal(buf, "page 1");
	/* page 2 is SIGBUS for the fault op: a copy stops there */
	assert_int_equal(umod_fs_map_read(f, buf, 8192, 4096), 4096);
	assert_int_equal(umod_fs_map_read(f, buf, 10, 8192), -EFAULT);
	assert_null(umod_fs_map_page(f, m, 8192, 0));
	assert_null(umod_fs_map_page(f, m, 0, 0));	/* before the mapping */
	umod_fs_release(f);
}

static void test_refusals(void **state)
{
	struct umod_file *f = open_dev("dev/char/240:0", O_RDONLY), *g;
	struct umod_map *m;
	int (*pfn_valid)(unsigned long) = test_export(host, "pfn_valid");

	how = FAULT;
	assert_int_equal(umod_fs_mmap(f, 100, 4096, PROT_READ, MAP_SHARED, &m), -EINVAL);
	assert_int_equal(umod_fs_mmap(f, 0, 0, PROT_READ, MAP_SHARED, &m), -EINVAL);
	assert_int_equal(umod_fs_mmap(f, 0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, &m),
			 -EACCES);
	assert_int_equal(umod_fs_mmap(f, 0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, &m), 0);
	how = REFUSE;
	assert_int_equal(umod_fs_mmap(f, 0, 4096, PROT_READ, MAP_SHARED, &m), -EAGAIN);
	how = PLAIN_VMALLOC;	/* remap_vmalloc_range() wants vmalloc_user() memory */
	test_module_enter(mod);
	vmem = ((void *(*)(unsigned long))test_export(host, "vmalloc"))(8192);
	assert_int_equal(umod_fs_mmap(f, 0, 8192, PROT_READ, MAP_SHARED, &m), -EINVAL);
	((void (*)(const void *))test_export(host, "vfree"))(vmem);
	how = VMALLOC;
	vmem = ((void *(*)(unsigned long))test_export(host, "vmalloc_user"))(8192);
	test_module_leave();
	strcpy((char *)vmem + 4096, "vm 1");
	assert_int_equal(umod_fs_mmap(f, 4096, 4096, PROT_READ, MAP_SHARED, &m), 0);
	assert_string_equal((char *)umod_fs_map_page(f, m, 4096, 0), "vm 1");
	assert_int_equal(umod_fs_mmap(f, 4096, 8192, PROT_READ, MAP_SHARED, &m), -EINVAL);
	umod_fs_release(f);
	((void (*)(const void *))test_export(host, "vfree"))(vmem);
	g = open_dev("dev/char/241:0", O_RDONLY);
	assert_int_equal(umod_fs_mappable(g), 0);
	assert_int_equal(umod_fs_mmap(g, 0, 4096, PROT_READ, MAP_SHARED, &m), -ENODEV);
	umod_fs_release(g);
	assert_true(pfn_valid((unsigned long)pages >> 12));
	assert_false(pfn_valid(1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_remap_and_insert),
		cmocka_unit_test(test_fault_and_sigbus),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
