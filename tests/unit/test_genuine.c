// SPDX-License-Identifier: MIT
/*
 * kernel/module/genuine.c and arch/x86/kernel/genuine.c: a host's genuine
 * ABI from a headers directory (each way reading it can fail, logged),
 * what it offers genuine modules and what not (device_register:
 * struct device is not 6.1's yet), each offered function reached through a low veneer that works, the CRCs and
 * GPL-ness of Module.symvers, the thunks as what they stand for, ftrace's
 * NOP, the module area in the low 2 GiB, and the data objects offered as
 * low copies that read the host's values (jiffies advancing).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>

#include <cmocka.h>

#include "arch/arch.h"
#include "helpers.h"
#include "kernel/module/internal.h"
#include "kernel/time/timekeeping.h"
#include "util/symtab.h"

#define LOW	(2ull << 30)

static const char uts[] = "#define UTS_RELEASE \"6.1.0-9-amd64\"\n";
static const char symvers[] =
	"0x12345678\t__register_nls\tvmlinux\tEXPORT_SYMBOL\t\n"
	"0x9060323f\tmodule_layout\tvmlinux\tEXPORT_SYMBOL\t\n"
	"0xb960f15c\trc_map_register\tdrivers/media/rc/rc-core\tEXPORT_SYMBOL_GPL\t\n";

static char dir[256];

/* @base/include/generated, made */
static int mkdirs(const char *base)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/include", base);
	mkdir(base, 0700);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/include/generated", base);
	return mkdir(path, 0700);
}

static int setup(void **state)
{
	if (test_tmpdir(dir, sizeof(dir), "genuine") || mkdirs(dir))
		return -1;
	return test_put_file(dir, "include/generated/utsrelease.h", uts, strlen(uts)) ||
	       test_put_file(dir, "Module.symvers", symvers, strlen(symvers));
}

static int teardown(void **state)
{
	return test_rmtree(dir);
}

static void refused(void **state)
{
	struct capture cap = { .n = 0 };
	struct umod_host *host = test_host_new(&cap);
	char bad[300], line[600];

	assert_int_equal(umod_host_set_abi(NULL, "debian-6.1", dir), -EINVAL);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", NULL), -EINVAL);
	assert_int_equal(umod_host_set_abi(host, "fedora-6.1", dir), -EINVAL);
	snprintf(bad, sizeof(bad), "%s/none", dir);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", bad), -ENOENT);
	snprintf(line, sizeof(line), "genuine modules: cannot read %s/include/generated/utsrelease.h: No such file or directory",
		 bad);
	assert_string_equal(capture_last(&cap), line);
	/* a release that is not there, then a Module.symvers line that does not parse */
	assert_int_equal(mkdirs(bad), 0);
	test_put_file(bad, "include/generated/utsrelease.h", "#define X 1\n", 12);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", bad), -EINVAL);
	assert_non_null(strstr(capture_last(&cap), "names no release"));
	test_put_file(bad, "include/generated/utsrelease.h", uts, strlen(uts));
	test_put_file(bad, "Module.symvers", "nonsense\n", 9);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", bad), -EINVAL);
	assert_non_null(strstr(capture_last(&cap), "Module.symvers:1"));
	/* nothing was set: a good directory still works */
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), 0);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), -EBUSY);
	umod_host_unref(host);
}

/* once a module was loaded, the area is where a plain host keeps it: too late */
static void too_late(void **state)
{
	struct capture cap = { .n = 0 };
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(umod_module_insert_file(host, UMOD_TEST_MODULES "/allocs.ko", NULL, 0,
						 NULL), 0);
	assert_int_equal(umod_module_remove(host, "allocs", 0), 0);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), -EBUSY);
	umod_host_unref(host);
}

static const struct umod_ksym *offered(struct umod_host *host, const char *name)
{
	struct load_info info = { .host = host, .genuine = true };

	return umod_find_export(&info, name);
}

static void offers(void **state)
{
	struct capture cap = { .n = 0 };
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = { .host = host, .genuine = true };
	const struct umod_ksym *ks;
	int (*to_utf8)(unsigned int u, unsigned char *s, int maxlen);
	unsigned char b[4];

	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), 0);
	assert_true(umod_genuine_this_module(host, 896));
	assert_false(umod_genuine_this_module(host, sizeof(struct module)));
	assert_string_equal(umod_genuine_vermagic(&info),
			    "6.1.0-9-amd64 SMP preempt mod_unload modversions ");
	ks = offered(host, "module_layout");
	assert_true(ks->has_crc && ks->crc == 0x9060323f);
	ks = offered(host, "rc_map_register");
	assert_true(ks->has_crc && ks->crc == 0xb960f15c && (ks->flags & UMOD_KSYM_GPL));
	assert_true(ks->addr < LOW);
	ks = offered(host, "__fentry__");
	assert_true(ks && ks->addr < LOW && !ks->has_crc);
	assert_int_equal(offered(host, "current_task")->addr, 48);
	/* _printk has 6.1's arguments (the caller found by address): offered */
	assert_true(offered(host, "_printk")->addr < LOW);
	/* device_register has 6.1's arguments, but struct device is not 6.1's yet */
	assert_null(offered(host, "device_register"));
	info.genuine = false;
	assert_non_null(umod_find_export(&info, "device_register"));
	/* a veneer goes where the function is */
	ks = offered(host, "utf32_to_utf8");
	assert_true(ks->addr < LOW);
	to_utf8 = (void *)(uintptr_t)ks->addr;
	assert_int_equal(to_utf8(0x20ac, b, 4), 3);
	assert_memory_equal(b, "\xe2\x82\xac", 3);
	umod_host_unref(host);
}

/* the host's own export @name, where umod-built modules see it */
static const void *host_has(struct umod_host *host, const char *name)
{
	return (const void *)(uintptr_t)umod_symtab_lookup(host->exports, name)->addr;
}

/* @name offered as a low copy, read-write and never executable, of @size bytes of the host's */
static const void *low_copy(struct umod_host *host, const char *name, size_t size)
{
	const struct umod_ksym *ks = offered(host, name);
	const void *low = (const void *)(uintptr_t)ks->addr;

	assert_true(ks->addr && ks->addr + size <= LOW);
	assert_ptr_not_equal(low, host_has(host, name));
	assert_memory_equal(mapping_perms(low, (char[5]){ 0 }), "rw-p", 4);
	assert_memory_equal(low, host_has(host, name), size);
	return low;
}

static void data(void **state)
{
	struct capture cap = { .n = 0 };
	struct umod_host *host = test_host_new(&cap);
	const struct kernel_param_ops *ops;
	const struct umod_ksym *ks;

	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), 0);
	low_copy(host, "kmalloc_caches", 4 * 14 * sizeof(void *));
	assert_non_null(((void *const *)low_copy(host, "kmalloc_caches", 8))[3]);
	assert_true(*(const unsigned int *)low_copy(host, "nr_cpu_ids", 4) >= 1);
	low_copy(host, "__cpu_online_mask", 1024);
	/* one object, one copy, whatever its names */
	assert_int_equal(offered(host, "__cpu_present_mask")->addr,
			 offered(host, "__cpu_possible_mask")->addr);
	assert_non_null(*(void *const *)low_copy(host, "system_wq", 8));
	ops = low_copy(host, "param_ops_int", sizeof(*ops));
	assert_ptr_equal(ops->set, ((const struct kernel_param_ops *)host_has(host, "param_ops_int"))->set);
	/* the CRC is Module.symvers' where it has the name (not this one's) */
	ks = offered(host, "param_ops_bool");
	assert_false(ks->has_crc);
	/* layouts still umod's are not offered */
	assert_null(offered(host, "platform_bus_type"));
	assert_null(offered(host, "init_uts_ns"));
	umod_host_unref(host);
}

/* the low jiffies is the tick's: it advances, with jiffies_64 one object with it */
static void jiffies_advance(void **state)
{
	struct capture cap = { .n = 0 };
	struct umod_host *host = test_host_new(&cap);
	const volatile uint64_t *j;
	struct timespec ms = { 0, 1000000 };
	uint64_t was;
	int i;

	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), 0);
	j = low_copy(host, "jiffies", 0);
	assert_int_equal(offered(host, "jiffies_64")->addr, (uintptr_t)j);
	assert_true(umod_is_jiffies((uintptr_t)j));
	umod_jiffies_tick_get();	/* a genuine module that reads it is loaded */
	was = *j;
	for (i = 0; i < 1000 && *j == was; i++)
		nanosleep(&ms, NULL);
	assert_true(*j > was);
	umod_jiffies_tick_put();
	/* a sleep's sync brings it up to the clock too */
	was = *j;
	for (i = 0; i < 1000 && umod_jiffies64() == was; i++)
		nanosleep(&ms, NULL);
	umod_jiffies_sync();
	assert_true(*j > was);
	assert_true(*j <= *(const volatile uint64_t *)host_has(host, "jiffies"));
	umod_host_unref(host);
}

static long thunk_target(long x)
{
	return x * 3;
}

/* a retpoline site: call __x86_indirect_thunk_rax with the target in %rax */
static long call_through(uint64_t thunk, long (*fn)(long), long arg)
{
	long ret;

	__asm__ volatile("call *%[thunk]"
			 : "=a"(ret), "+D"(arg)
			 : [thunk] "r"(thunk), "a"(fn)
			 : "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11", "memory");
	return ret;
}

static void thunks(void **state)
{
	const struct umod_arch_genuine_sym *syms;
	uint64_t ret = 0, ind = 0;
	size_t n;

	assert_int_equal(umod_arch_genuine_syms(&syms, &n), 0);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(syms[i].name, "__x86_return_thunk"))
			ret = syms[i].value;
		if (!strcmp(syms[i].name, "__x86_indirect_thunk_rax"))
			ind = syms[i].value;
	}
	assert_true(ret && ret < LOW && ind && ind < LOW);
	assert_memory_equal(mapping_perms((void *)(uintptr_t)ret, (char[5]){ 0 }), "r-xp", 4);
	((void (*)(void))(uintptr_t)ret)();
	assert_int_equal(call_through(ind, thunk_target, 14), 42);
}

static void mcount_nop(void **state)
{
	unsigned char code[16] = { 0xe8 };
	uint64_t site = (uint64_t)(uintptr_t)code, target = site + 5 + 0x100;
	int32_t rel = 0x100;

	memcpy(code + 1, &rel, 4);
	assert_false(umod_arch_genuine_nop_mcount(code, target + 1));
	assert_int_equal(code[0], 0xe8);
	assert_true(umod_arch_genuine_nop_mcount(code, target));
	assert_memory_equal(code, "\x0f\x1f\x44\x00\x00", 5);
	/* a NOP is no call: done once */
	assert_false(umod_arch_genuine_nop_mcount(code, target));
}

static void low_area(void **state)
{
	struct capture cap = { .n = 0 };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *mod;
	size_t size = 64ul << 20;
	void *p = umod_arch_genuine_reserve(&size, 16ul << 20);

	assert_non_null(p);
	assert_true((uint64_t)(uintptr_t)p + size <= LOW);
	munmap(p, size);
	assert_int_equal(umod_host_set_abi(host, "debian-6.1", dir), 0);
	assert_int_equal(umod_module_insert_file(host, UMOD_TEST_MODULES "/absent.ko", NULL, 0,
						 &mod), -ENOENT);
	assert_int_equal(umod_module_insert_file(host, UMOD_TEST_MODULES "/allocs.ko", NULL, 0,
						 &mod), 0);
	/* a umod module in a genuine host: its ABI, its area low too */
	assert_false(mod->genuine);
	assert_true((uint64_t)(uintptr_t)mod->core.base < LOW);
	umod_module_unref(mod);
	umod_host_unref(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(refused),
		cmocka_unit_test(too_late),
		cmocka_unit_test(offers),
		cmocka_unit_test(data),
		cmocka_unit_test(jiffies_advance),
		cmocka_unit_test(thunks),
		cmocka_unit_test(mcount_nop),
		cmocka_unit_test(low_area),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
