// SPDX-License-Identifier: MIT
/*
 * kernel/module/image_cache.c: a load of bytes the host validated before
 * reuses what their validation found, pointed into the new buffer; bytes
 * that differ anywhere the checks read, or a load with other flags, are
 * validated again; a load that tainted (forced) is never kept; an image is
 * kept from its second load on.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/internal.h"
#include "util/file.h"

#include "helpers.h"

#define PROVIDER	UMOD_TEST_MODULES "/provider.ko"

struct image {
	unsigned char *bytes;
	size_t len;
};

/* provider.ko, in a buffer of its own (8-byte aligned, as the loader wants) */
static struct image read_provider(void)
{
	const void *data;
	size_t len;
	bool heap;
	struct image img;

	assert_int_equal(umod_file_read(PROVIDER, &data, &len, &heap), 0);
	img.bytes = malloc(len);
	assert_non_null(img.bytes);
	memcpy(img.bytes, data, len);
	img.len = len;
	umod_file_free(data, len, heap);
	return img;
}

static void load_unload(struct umod_host *host, const struct image *img, unsigned int flags)
{
	assert_int_equal(umod_module_insert_image(host, img->bytes, img->len, NULL, flags, NULL), 0);
	assert_int_equal(umod_module_remove(host, "provider", 0), 0);
}

/* loaded twice: the second load is the one the host keeps */
static void load_twice(struct umod_host *host, const struct image *img, unsigned int flags)
{
	load_unload(host, img, flags);
	load_unload(host, img, flags);
}

/* does @host's cache answer for @img loaded with @flags? */
static bool cached(struct umod_host *host, const struct image *img, unsigned int flags,
		   struct load_info *info)
{
	memset(info, 0, sizeof(*info));
	info->host = host;
	info->flags = flags;
	return umod_image_cache_get(info, img->bytes, img->len) > 0;
}

static void free_info(struct load_info *info)
{
	free(info->sec);
	free(info->symval);
	free(info->listing);
}

static void same_bytes_hit_in_the_new_buffer(void **state)
{
	struct capture cap = { 0 };
	struct umod_host *host = test_host_new(&cap);
	struct image a = read_provider(), b = read_provider();
	struct load_info info;

	assert_false(cached(host, &a, 0, &info));
	load_unload(host, &a, 0);
	assert_false(cached(host, &a, 0, &info));	/* once: not copied */
	load_unload(host, &a, 0);
	/* the same bytes at another address: everything points into b */
	assert_true(cached(host, &b, 0, &info));
	assert_string_equal(info.name, "provider");
	assert_true((const unsigned char *)info.name > b.bytes &&
		    (const unsigned char *)info.name < b.bytes + b.len);
	assert_ptr_equal(info.elf.image, b.bytes);
	assert_true((const unsigned char *)info.elf.sechdrs > b.bytes &&
		    (const unsigned char *)info.elf.sechdrs < b.bytes + b.len);
	assert_true(info.core.size > 0);
	free_info(&info);
	/* and a load of b works, again and again */
	load_unload(host, &b, 0);
	load_unload(host, &b, 0);
	umod_host_unref(host);
	free(a.bytes);
	free(b.bytes);
}

static void any_changed_byte_misses(void **state)
{
	struct capture cap = { 0 };
	struct umod_host *host = test_host_new(&cap);
	struct image a = read_provider(), b = read_provider();
	struct load_info info;

	load_twice(host, &a, 0);
	b.bytes[b.len - 1] ^= 1;
	assert_false(cached(host, &b, 0, &info));
	b.bytes[b.len - 1] ^= 1;
	b.bytes[0] ^= 1;
	assert_false(cached(host, &b, 0, &info));
	/* a shorter image is another key */
	b.bytes[0] ^= 1;
	b.len--;
	assert_false(cached(host, &b, 0, &info));
	umod_host_unref(host);
	free(a.bytes);
	free(b.bytes);
}

/*
 * Code is not part of the key (the load copies it from the new image, no
 * check reads it): a module whose code changed hits, and runs its new code.
 */
static void changed_code_hits_and_runs(void **state)
{
	static const unsigned char ret41[] = { 0xb8, 0x29, 0, 0, 0 };	/* mov $41,%eax */
	struct capture cap = { 0 };
	struct umod_host *host = test_host_new(&cap);
	struct image a = read_provider(), b = read_provider();
	unsigned char *code = memmem(b.bytes, b.len, ret41, sizeof(ret41));
	struct load_info info;
	struct umod_module *mod;
	int (*value)(void);

#if !defined(__x86_64__)
	/* the pattern is x86's "mov $41,%eax"; another architecture's code differs */
	umod_host_unref(host);
	free(a.bytes);
	free(b.bytes);
	skip();
#endif
	assert_non_null(code);
	load_twice(host, &a, 0);
	code[1] = 42;
	assert_true(cached(host, &b, 0, &info));
	free_info(&info);
	assert_int_equal(umod_module_insert_image(host, b.bytes, b.len, NULL, 0, &mod), 0);
	value = (int (*)(void))test_export(host, "provider_value");
	assert_int_equal(value(), 42);
	assert_int_equal(umod_module_remove(host, "provider", 0), 0);
	umod_module_unref(mod);
	umod_host_unref(host);
	free(a.bytes);
	free(b.bytes);
}

/* a broken copy of a cached module is refused with the validator's words */
static void changed_image_is_validated_again(void **state)
{
	struct capture cap = { 0 };
	struct umod_host *host = test_host_new(&cap);
	struct image a = read_provider(), b = read_provider();
	Elf64_Ehdr *eh = (Elf64_Ehdr *)b.bytes;

	load_twice(host, &a, 0);
	eh->e_shoff = b.len;	/* the section headers past the end of the file */
	assert_int_equal(umod_module_insert_image(host, b.bytes, b.len, NULL, 0, NULL), -ENOEXEC);
	umod_host_unref(host);
	free(a.bytes);
	free(b.bytes);
}

static void other_flags_and_forced_loads_miss(void **state)
{
	struct capture cap = { 0 };
	struct umod_host *host = test_host_new(&cap);
	struct image a = read_provider();
	struct load_info info;

	load_twice(host, &a, 0);
	assert_false(cached(host, &a, UMOD_INSERT_FORCE_VERMAGIC, &info));
	/* a forced load taints: what it found is not kept */
	load_twice(host, &a, UMOD_INSERT_FORCE_VERMAGIC);
	assert_false(cached(host, &a, UMOD_INSERT_FORCE_VERMAGIC, &info));
	assert_true(cached(host, &a, 0, &info));
	free_info(&info);
	umod_host_unref(host);
	free(a.bytes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_bytes_hit_in_the_new_buffer),
		cmocka_unit_test(any_changed_byte_misses),
		cmocka_unit_test(changed_code_hits_and_runs),
		cmocka_unit_test(changed_image_is_validated_again),
		cmocka_unit_test(other_flags_and_forced_loads_miss),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
