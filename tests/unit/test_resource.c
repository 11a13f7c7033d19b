// SPDX-License-Identifier: MIT
/*
 * kernel/resource.c: request_region() as a module calls it (through
 * &ioport_resource and &iomem_resource, standing for its host's roots):
 * a range overlapping a busy one is refused, one inside a free resource
 * nests below it, releasing what was never claimed warns in 6.1's words,
 * and /proc/ioports and /proc/iomem print as r_show() (4 and 8 digits,
 * two spaces per level).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/device.h>

#include "helpers.h"
#include "fs/internal.h"
#include "kernel/module/module.h"
#include "kernel/resource.h"

static struct capture cap;
static struct umod_host *host;
static struct module kmod;
static struct umod_module *mod;

typedef struct resource *(*request_fn)(struct resource *, unsigned long long, unsigned long long,
				       const char *, int);
typedef void (*release_fn)(struct resource *, unsigned long long, unsigned long long);

struct op {
	const char *root;		/* "ioport_resource" or "iomem_resource" */
	bool release;
	unsigned long long start, n;
	const char *name;
	struct resource *ret;
};

static long run(void *arg)
{
	struct op *o = arg;
	struct resource *root = test_export(host, o->root);

	if (o->release)
		((release_fn)test_export(host, "__release_region"))(root, o->start, o->n);
	else
		o->ret = ((request_fn)test_export(host, "__request_region"))(root, o->start, o->n,
									     o->name, 0);
	return 0;
}

static struct resource *request(const char *root, unsigned long long start,
				unsigned long long n, const char *name)
{
	struct op o = { root, false, start, n, name, NULL };
	long ret;

	assert_int_equal(umod_call(mod, run, &o, &ret), 0);
	return o.ret;
}

static void release(const char *root, unsigned long long start, unsigned long long n)
{
	struct op o = { root, true, start, n, NULL, NULL };
	long ret;

	assert_int_equal(umod_call(mod, run, &o, &ret), 0);
}

static const char *proc(const char *path)
{
	static char buf[4096];
	struct umod_file *f;
	ssize_t n;

	assert_int_equal(umod_fs_open(host, path, O_RDONLY, &f), 0);
	n = umod_fs_read(f, buf, sizeof(buf) - 1, NULL);
	umod_fs_release(f);
	assert_true(n >= 0);
	buf[n] = '\0';
	return buf;
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	strcpy(kmod.name, "restest");
	mod = host ? fake_module_new(host, "restest", &kmod, NULL, 0) : NULL;
	return !mod;
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void test_ports(void **state)
{
	struct resource *a = request("ioport_resource", 0x378, 3, "parport0");

	assert_non_null(a);
	assert_int_equal(a->start, 0x378);
	assert_int_equal(a->end, 0x37a);
	assert_null(request("ioport_resource", 0x37a, 8, "other"));
	assert_non_null(request("ioport_resource", 0x3f8, 8, "serial"));
	assert_string_equal(proc("proc/ioports"), "0378-037a : parport0\n03f8-03ff : serial\n");
	release("ioport_resource", 0x378, 3);
	release("ioport_resource", 0x3f8, 8);
	assert_string_equal(proc("proc/ioports"), "");
	release("ioport_resource", 0x378, 3);
	assert_string_equal(capture_last(&cap),
			    "Trying to free nonexistent resource <0x0000000000000378-0x000000000000037a>");
	assert_null(request("ioport_resource", 0xfffe, 4, "past the end"));
}

static void test_nesting(void **state)
{
	struct resource bar = { .start = 0xfea00000, .end = 0xfeafffff, .name = "0000:00:04.0",
				.flags = 0x200 };

	assert_null(umod_request_resource(umod_resource_root(host, test_export(host, "iomem_resource")),
					  &bar));
	assert_non_null(request("iomem_resource", 0xfea00000, 0x100000, "edu"));
	assert_string_equal(proc("proc/iomem"),
			    "fea00000-feafffff : 0000:00:04.0\n  fea00000-feafffff : edu\n");
	/* busy: a second claim inside fails */
	assert_null(request("iomem_resource", 0xfea00000, 0x10, "again"));
	release("iomem_resource", 0xfea00000, 0x100000);
	umod_release_resource(&bar);
	assert_string_equal(proc("proc/iomem"), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ports),
		cmocka_unit_test(test_nesting),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
