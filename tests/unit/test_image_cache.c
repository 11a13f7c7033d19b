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
#include "kernel/panic.h"
#include "util/file.h"

#include "helpers.h"

#define PROVIDER	UMOD_TEST_MODULES "/provider.ko"

struct image {
	unsigned char *bytes;
	size_t len;
};

static struct image read_image(const char *path);

/* provider.ko, in a buffer of its own */
static struct image read_provider(void)
{
	return read_image(PROVIDER);
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

#define ROLLBACK	UMOD_TEST_MODULES "/rollback.ko"

/* @path, in a buffer of its own (8-byte aligned, as the loader wants) */
static struct image read_image(const char *path)
{
	const void *data;
	size_t len;
	bool heap;
	struct image img;

	assert_int_equal(umod_file_read(path, &data, &len, &heap), 0);
	img.bytes = malloc(len);
	assert_non_null(img.bytes);
	memcpy(img.bytes, data, len);
	img.len = len;
	umod_file_free(data, len, heap);
	return img;
}

/*
 * Two hosts with provider.ko loaded, then rollback.ko (@license: its
 * licence, patched in; NULL: GPL as built) loaded twice: one host's cache
 * holds it, the other's is off, so that every load there is cold.
 */
struct pair {
	struct capture cap[2];
	struct umod_host *host[2];	/* [0] warm, [1] cold */
	struct image provider, rollback;
};

static void pair_new_licensed(struct pair *p, const char *license)
{
	memset(p, 0, sizeof(*p));
	p->provider = read_image(PROVIDER);
	p->rollback = read_image(ROLLBACK);
	if (license) {
		char *l = memmem(p->rollback.bytes, p->rollback.len, "license=GPL", 12);

		assert_non_null(l);
		assert_int_equal(strlen(license), 3);
		memcpy(l + 8, license, 3);
	}
	for (int i = 0; i < 2; i++) {
		p->host[i] = test_host_new(&p->cap[i]);
		umod_image_cache_enable(p->host[i], i == 0);
		assert_int_equal(umod_module_insert_image(p->host[i], p->provider.bytes,
							  p->provider.len, NULL, 0, NULL), 0);
		for (int k = 0; k < 2; k++) {
			assert_int_equal(umod_module_insert_image(p->host[i], p->rollback.bytes,
								  p->rollback.len, NULL, 0, NULL), 0);
			assert_int_equal(umod_module_remove(p->host[i], "rollback", 0), 0);
		}
	}
}

static void pair_new(struct pair *p)
{
	pair_new_licensed(p, NULL);
}

static void pair_free(struct pair *p)
{
	for (int i = 0; i < 2; i++)
		umod_host_unref(p->host[i]);
	free(p->provider.bytes);
	free(p->rollback.bytes);
}

/*
 * rollback.ko's bytes @img loaded with @args into both hosts: the same
 * result and the same new log lines, warm or cold (@ret: the expected one).
 */
static void same_outcome(struct pair *p, const struct image *img, const char *args, int ret)
{
	int first[2];

	for (int i = 0; i < 2; i++) {
		first[i] = p->cap[i].n;
		assert_int_equal(umod_module_insert_image(p->host[i], img->bytes, img->len, args,
							  0, NULL), ret);
		if (!ret)
			assert_int_equal(umod_module_remove(p->host[i], "rollback", 0), 0);
	}
	assert_int_equal(p->cap[0].n - first[0], p->cap[1].n - first[1]);
	assert_true(p->cap[0].n > first[0]);	/* each says something */
	for (int k = 0; k < p->cap[0].n - first[0]; k++) {
		assert_string_equal(p->cap[0].lines[first[0] + k], p->cap[1].lines[first[1] + k]);
		assert_int_equal(p->cap[0].levels[first[0] + k], p->cap[1].levels[first[1] + k]);
	}
}

/* the warm host really answers from its cache for the unchanged bytes */
static void warm_hits(struct pair *p)
{
	struct load_info info;

	assert_true(cached(p->host[0], &p->rollback, 0, &info));
	free_info(&info);
	assert_false(cached(p->host[1], &p->rollback, 0, &info));
}

/* a removed export: the cached image's imports are resolved again */
static void removed_export_as_cold(void **state)
{
	struct pair p;

	pair_new(&p);
	warm_hits(&p);
	same_outcome(&p, &p.rollback, NULL, 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(umod_module_remove(p.host[i], "provider", 0), 0);
	same_outcome(&p, &p.rollback, NULL, -ENOENT);
	assert_true(capture_has(&p.cap[0], "rollback: Unknown symbol provider_value (err -2)"));
	pair_free(&p);
}

/* other parameters: parsed again, with a cold load's errors */
static void changed_parameter_as_cold(void **state)
{
	struct pair p;

	pair_new(&p);
	warm_hits(&p);
	same_outcome(&p, &p.rollback, "label=warm", 0);
	assert_true(capture_has(&p.cap[0], "rollback: warm 42"));
	same_outcome(&p, &p.rollback, "err=abc", -EINVAL);
	same_outcome(&p, &p.rollback, "err=5", -5);
	same_outcome(&p, &p.rollback, "label=again", 0);
	pair_free(&p);
}

/* a changed byte the checks read (an import's name): checked as cold */
static void changed_byte_as_cold(void **state)
{
	struct pair p;
	struct image b;
	unsigned char *name;
	struct load_info info;

	pair_new(&p);
	b = read_image(ROLLBACK);
	/* the symbol table's string, not __versions' or .modinfo's: the last one */
	name = NULL;
	for (unsigned char *q = b.bytes; (q = memmem(q, b.len - (size_t)(q - b.bytes),
						     "provider_value", 15)); q++)
		name = q;
	assert_non_null(name);
	name[13] = 'f';	/* provider_valuf: unknown */
	assert_false(cached(p.host[0], &b, 0, &info));
	same_outcome(&p, &b, NULL, -ENOENT);
	pair_free(&p);
	free(b.bytes);
}

/* a proprietary licence found in a cached image taints as a cold load's */
static void proprietary_licence_as_cold(void **state)
{
	struct pair p;

	pair_new_licensed(&p, "Pro");
	warm_hits(&p);
	for (int i = 0; i < 2; i++) {
		assert_true(capture_has(&p.cap[i], "rollback: module license 'Pro' taints kernel."));
		assert_true(umod_host_test_taint(p.host[i], UMOD_TAINT_PROPRIETARY_MODULE));
	}
	same_outcome(&p, &p.rollback, NULL, 0);
	/* the module itself is marked (P), warm or cold */
	for (int i = 0; i < 2; i++) {
		struct umod_module *mod;

		assert_int_equal(umod_module_insert_image(p.host[i], p.rollback.bytes,
							  p.rollback.len, NULL, 0, &mod), 0);
		assert_true(mod->taints & (1ul << UMOD_TAINT_PROPRIETARY_MODULE));
		assert_int_equal(umod_module_remove(p.host[i], "rollback", 0), 0);
		umod_module_unref(mod);
	}
	pair_free(&p);
}

/* sections/ of a load from the cache: a cold load's, at the new addresses */
static void cached_sections_as_cold(void **state)
{
	struct pair p;
	struct umod_module *mod[2];

	pair_new(&p);
	for (int i = 0; i < 2; i++)
		assert_int_equal(umod_module_insert_image(p.host[i], p.rollback.bytes,
							  p.rollback.len, NULL, 0, &mod[i]), 0);
	assert_int_equal(mod[0]->num_sections, mod[1]->num_sections);
	assert_true(mod[0]->num_sections > 2);
	for (unsigned int k = 0; k < mod[0]->num_sections; k++) {
		const struct umod_section *a = &mod[0]->sections[k], *c = &mod[1]->sections[k];

		assert_string_equal(a->name, c->name);
		assert_int_equal(a->size, c->size);
		assert_int_equal(!a->addr, !c->addr);
		if (a->addr)	/* the same place in its module's memory */
			assert_int_equal((const char *)a->addr - (const char *)mod[0]->map,
					 (const char *)c->addr - (const char *)mod[1]->map);
	}
	assert_non_null(umod_module_find_section(mod[0], ".symtab"));
	for (int i = 0; i < 2; i++) {
		assert_int_equal(umod_module_remove(p.host[i], "rollback", 0), 0);
		umod_module_unref(mod[i]);
	}
	pair_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_bytes_hit_in_the_new_buffer),
		cmocka_unit_test(any_changed_byte_misses),
		cmocka_unit_test(changed_code_hits_and_runs),
		cmocka_unit_test(changed_image_is_validated_again),
		cmocka_unit_test(other_flags_and_forced_loads_miss),
		cmocka_unit_test(removed_export_as_cold),
		cmocka_unit_test(changed_parameter_as_cold),
		cmocka_unit_test(changed_byte_as_cold),
		cmocka_unit_test(cached_sections_as_cold),
		cmocka_unit_test(proprietary_licence_as_cold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
