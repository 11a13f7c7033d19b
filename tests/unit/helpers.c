// SPDX-License-Identifier: MIT
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/module/internal.h"
#include "kernel/module/module.h"
#include "kernel/sched/sched.h"
#include "util/symtab.h"

#include "helpers.h"

static void capture_fn(void *data, uint64_t seq, int level, uint64_t ts,
		       const char *text, size_t len)
{
	struct capture *cap = data;
	int i = cap->n < CAPTURE_LINES ? cap->n++ : CAPTURE_LINES - 1;

	snprintf(cap->lines[i], sizeof(cap->lines[i]), "%s", text);
	cap->levels[i] = level;
}

struct umod_host *test_host_new(struct capture *cap)
{
	struct umod_host *host = NULL;

	memset(cap, 0, sizeof(*cap));
	if (umod_host_new(&host) == 0)
		umod_host_set_log_fn(host, capture_fn, cap);
	return host;
}

const char *capture_last(const struct capture *cap)
{
	return cap->n ? cap->lines[cap->n - 1] : "";
}

int capture_has(const struct capture *cap, const char *line)
{
	for (int i = 0; i < cap->n; i++)
		if (!strcmp(cap->lines[i], line))
			return 1;
	return 0;
}

/*
 * ASan maps allocator regions lazily, so the count moves under it; that
 * build checks heap leaks (LSan) instead, the plain build checks mappings.
 */
int count_mappings(void)
{
#ifdef __SANITIZE_ADDRESS__
	return -1;
#endif
	FILE *f = fopen("/proc/self/maps", "r");
	int c, n = 0;

	if (!f)
		return -1;
	while ((c = fgetc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

const char *mapping_perms(const void *addr, char perms[5])
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long lo, hi, a = (unsigned long)addr;
	char line[512];

	perms[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perms) == 3 && a >= lo && a < hi)
			break;
		perms[0] = '\0';
	}
	if (f)
		fclose(f);
	return perms;
}

struct umod_module *fake_module_new(struct umod_host *host, const char *name,
				    struct module *kmod,
				    const struct kernel_param *kp, unsigned int num)
{
	struct umod_module *mod;

	if (umod_module_alloc(host, name, &mod))
		return NULL;
	mod->kmod = kmod;
	kmod->umod = mod;
	mod->kp = kp;
	mod->num_kp = num;
	mod->core.size = 3 * UMOD_PAGE_SIZE;
	atomic_store(&mod->state, UMOD_MODULE_LIVE);
	pthread_mutex_lock(&host->module_mutex);
	umod_list_add(&mod->list, &host->modules);
	pthread_mutex_unlock(&host->module_mutex);
	if (umod_mod_sysfs_setup(mod)) {
		fake_module_free(mod);
		return NULL;
	}
	return mod;
}

void fake_module_free(struct umod_module *mod)
{
	umod_mod_sysfs_teardown(mod);
	pthread_mutex_lock(&mod->host->module_mutex);
	umod_list_del(&mod->list);
	pthread_mutex_unlock(&mod->host->module_mutex);
	atomic_store(&mod->state, UMOD_MODULE_GONE);
	mod->kmod->umod = NULL;
	umod_module_unref(mod);
}

/* a frame as umod_call() puts, without the oops recovery (a fault fails the test) */
void test_module_enter(struct umod_module *mod)
{
	struct umod_task *t = umod_task_current();
	struct umod_call *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	c->outer = t->call;
	c->mod = mod;
	c->task = t;
	__atomic_store_n(&t->call, c, __ATOMIC_RELEASE);
}

void test_module_leave(void)
{
	struct umod_task *t = umod_task_current();
	struct umod_call *c = t->call;

	assert_non_null(c);
	__atomic_store_n(&t->call, c->outer, __ATOMIC_RELEASE);
	free(c);
}

int test_tmpdir(char *dir, size_t size, const char *tag)
{
	if ((size_t)snprintf(dir, size, "/tmp/umod-%s.XXXXXX", tag) >= size)
		return -1;
	return mkdtemp(dir) ? 0 : -1;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

int test_rmtree(const char *dir)
{
	return nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int test_put_file(const char *dir, const char *rel, const void *data, size_t len)
{
	char path[512];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	if (!f)
		return -1;
	ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

void *test_export(struct umod_host *host, const char *name)
{
	const struct umod_ksym *ks = umod_symtab_lookup(host->exports, name);

	assert_non_null(ks);
	return (void *)(uintptr_t)ks->addr;
}
