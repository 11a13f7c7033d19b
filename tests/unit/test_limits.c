// SPDX-License-Identifier: MIT
/*
 * kernel/module/limits.c: each limit refused with its errno and one message naming
 * the module (or the file), and nothing left behind. Oversized tables are
 * made by pointing a section at a zeroed tail of the image; calloc()'s
 * untouched pages keep that cheap.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "elfsynth.h"
#include "helpers.h"
#include "kernel/module/internal.h"
#include "util/file.h"

struct image {
	unsigned char *img;
	size_t len;
};

/* the synthetic module with a .rela.text, followed by @tail zero bytes */
static struct image module_with_tail(size_t tail)
{
	struct synth *s = synth_module("big");
	unsigned int sym = synth_symbol(s, "here", 1, 0, STB_LOCAL, STT_NOTYPE);
	struct image im;
	unsigned char *small;
	size_t len;

	synth_rela(s, 1, 8, R_X86_64_64, sym, 0);
	small = synth_image(s, &len);
	synth_free(s);
	im.len = UMOD_ALIGN(len, 8) + tail;
	im.img = calloc(1, im.len);
	assert_non_null(im.img);
	memcpy(im.img, small, len);
	free(small);
	return im;
}

/* the section @name now spans @entries entries of @entsize in the tail */
static void stretch(struct image *im, const char *name, size_t entries, size_t entsize)
{
	Elf64_Shdr *sh = synth_shdr(im->img, synth_find(im->img, name));

	sh->sh_size = entries * entsize;
	sh->sh_offset = im->len - sh->sh_size;
}

static void expect(struct image *im, const char *args, int err, const char *msg)
{
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod = NULL;

	assert_int_equal(umod_module_insert_image(host, im->img, im->len, args, 0, &mod), err);
	assert_null(mod);
	assert_string_equal(capture_last(&cap), msg);
	assert_int_equal(umod_module_find(host, "big", &mod), -ENOENT);
	umod_host_unref(host);
	free(im->img);
}

static void within_limits_loads(void **state)
{
	struct image im = module_with_tail(0);
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(umod_module_insert_image(host, im.img, im.len, NULL, 0, NULL), 0);
	assert_int_equal(umod_module_remove(host, "big", 0), 0);
	umod_host_unref(host);
	free(im.img);
}

static void too_many_symbols(void **state)
{
	size_t n = UMOD_MAX_SYMBOLS + 1;
	struct image im = module_with_tail(n * sizeof(Elf64_Sym));

	stretch(&im, ".symtab", n, sizeof(Elf64_Sym));
	expect(&im, NULL, -ENOEXEC, "big: too many symbols (1048577, limit 1048576)");
}

static void too_many_relocations(void **state)
{
	size_t n = UMOD_MAX_RELOCATIONS + 1;
	struct image im = module_with_tail(n * sizeof(Elf64_Rela));

	stretch(&im, ".rela.text", n, sizeof(Elf64_Rela));
	expect(&im, NULL, -ENOEXEC, "big: too many relocations (4194305, limit 4194304)");
}

/* the section headers move to the tail, padded with SHT_NULL entries */
static void too_many_sections(void **state)
{
	size_t n = UMOD_MAX_SECTIONS + 1;
	struct image im = module_with_tail(n * sizeof(Elf64_Shdr));
	Elf64_Ehdr *h = (Elf64_Ehdr *)im.img;
	size_t off = im.len - n * sizeof(Elf64_Shdr);

	memcpy(im.img + off, im.img + h->e_shoff, h->e_shnum * sizeof(Elf64_Shdr));
	h->e_shoff = off;
	h->e_shnum = (uint16_t)n;
	expect(&im, NULL, -ENOEXEC, "big: too many sections (65281, limit 65280)");
}

static void argument_string_too_long(void **state)
{
	struct image im = module_with_tail(0);
	char *args = malloc(UMOD_MAX_ARGS_LEN + 2);

	memset(args, 'a', UMOD_MAX_ARGS_LEN + 1);
	args[UMOD_MAX_ARGS_LEN + 1] = '\0';
	expect(&im, args, -E2BIG, "big: parameters too long (more than 131072 bytes)");
	free(args);
}

static void argument_string_at_limit(void **state)
{
	struct image im = module_with_tail(0);
	char *args = malloc(UMOD_MAX_ARGS_LEN + 1);
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	memset(args, 'a', UMOD_MAX_ARGS_LEN);
	args[UMOD_MAX_ARGS_LEN] = '\0';
	assert_int_equal(umod_module_insert_image(host, im.img, im.len, args, 0, NULL), 0);
	assert_int_equal(umod_module_remove(host, "big", 0), 0);
	umod_host_unref(host);
	free(args);
	free(im.img);
}

/* only the length is looked at: a reserved, never touched mapping will do */
static void image_too_large(void **state)
{
	size_t len = UMOD_MAX_IMAGE_SIZE + 1;
	void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	assert_true(p != MAP_FAILED);
	assert_int_equal(umod_module_insert_image(host, p, len, NULL, 0, NULL), -EFBIG);
	assert_string_equal(capture_last(&cap), "Module len 536870913 exceeds the limit of 536870912 bytes");
	umod_host_unref(host);
	munmap(p, len);
}

static void file_too_large(void **state)
{
	char path[] = "/tmp/umod-limits-XXXXXX", msg[128];
	int fd = mkstemp(path);
	struct capture cap;
	struct umod_host *host = test_host_new(&cap);

	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)UMOD_MAX_IMAGE_SIZE + 1), 0);
	close(fd);
	assert_int_equal(umod_module_insert_file(host, path, NULL, 0, NULL), -EFBIG);
	snprintf(msg, sizeof(msg), "%s: file too large for a module (limit 536870912 bytes)", path);
	assert_string_equal(capture_last(&cap), msg);
	unlink(path);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(within_limits_loads),
		cmocka_unit_test(too_many_symbols),
		cmocka_unit_test(too_many_relocations),
		cmocka_unit_test(too_many_sections),
		cmocka_unit_test(argument_string_too_long),
		cmocka_unit_test(argument_string_at_limit),
		cmocka_unit_test(image_too_large),
		cmocka_unit_test(file_too_large),
	};

	return cmocka_run_group_tests_name("limits", tests, NULL, NULL);
}
