// SPDX-License-Identifier: MIT
/*
 * kernel/module/kmod.c: request_module() in a host. No tree is the kernel's empty
 * modprobe_path (-ENOENT); a name that does not fit -ENAMETOOLONG; an
 * unknown name modprobe's failure (256); a module of the tree loads once;
 * past 50 nested requests the kernel's message and -ETIME.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "elfsynth.h"
#include "helpers.h"
#include "kernel/module/internal.h"

static char base[64];

static int request(struct umod_host *host, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = umod_request_module(host, true, fmt, ap);
	va_end(ap);
	return ret;
}

static void put(const char *rel, const void *data, size_t len)
{
	char tree[128];

	snprintf(tree, sizeof(tree), "%s/lib/modules/1.0", base);
	assert_int_equal(test_put_file(tree, rel, data, len), 0);
}

static int setup(void **state)
{
	char path[128];
	struct synth *s = synth_module("target");
	unsigned char *img;
	size_t len;

	assert_int_equal(test_tmpdir(base, sizeof(base), "kmod"), 0);
	snprintf(path, sizeof(path), "%s/lib", base);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/lib/modules", base);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/lib/modules/1.0", base);
	mkdir(path, 0755);
	img = synth_image(s, &len);
	put("target.ko", img, len);
	put("modules.dep", "target.ko:\n", 11);
	put("modules.alias", "alias want-* target\n", 20);
	free(img);
	synth_free(s);
	return 0;
}

static int teardown(void **state)
{
	return test_rmtree(base);
}

static void no_tree(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(request(host, "target"), -ENOENT);
	assert_int_equal(umod_host_set_module_tree(NULL, base, "1.0"), -EINVAL);
	assert_int_equal(umod_host_set_module_tree(host, base, NULL), -EINVAL);
	assert_int_equal(umod_host_set_module_tree(host, base, "1.0"), 0);
	assert_int_equal(umod_host_set_module_tree(host, NULL, NULL), 0);
	assert_int_equal(request(host, "target"), -ENOENT);
	umod_host_unref(host);
}

static void loads_once(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	char longname[80];

	assert_int_equal(umod_host_set_module_tree(host, base, "1.0"), 0);
	assert_int_equal(request(host, "want-%d", 7), 0);
	assert_int_equal(umod_module_find(host, "target", &mod), 0);
	umod_module_unref(mod);
	/* loaded: modprobe finds it in the kernel and does nothing */
	assert_int_equal(request(host, "target"), 0);
	assert_int_equal(request(host, "nosuch"), 256);
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	assert_int_equal(request(host, "%s", longname), -ENAMETOOLONG);
	umod_host_unref(host);
}

static void nesting_limit(void **state)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(umod_host_set_module_tree(host, base, "1.0"), 0);
	/* as if 50 requests were already nested on this host */
	atomic_store(&host->kmod_running, UMOD_MAX_REQUEST_MODULE);
	assert_int_equal(request(host, "want-x"), -ETIME);
	assert_string_equal(capture_last(&cap),
		"request_module: modprobe want-x cannot be processed, kmod busy with 50 threads for more than 5 seconds now");
	assert_int_equal(atomic_load(&host->kmod_running), UMOD_MAX_REQUEST_MODULE);
	atomic_store(&host->kmod_running, UMOD_MAX_REQUEST_MODULE - 1);
	assert_int_equal(request(host, "want-x"), 0);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(no_tree),
		cmocka_unit_test(loads_once),
		cmocka_unit_test(nesting_limit),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
