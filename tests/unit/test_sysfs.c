// SPDX-License-Identifier: MIT
/*
 * kernel/module/sysfs.c: the /sys/module tree of a host with one fake module whose
 * parameters are this file's variables. Checks what exists (parameters/
 * only with a visible parameter, each file with its perm), what reads
 * show, what writes do and refuse, and that teardown waits for readers.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/module/module.h"
#include "kernel/params.h"

#include "helpers.h"

static struct capture cap;
static struct module kmod;

static int v_int, v_ro;
static bool v_bool, v_inv;
static char *v_charp;
static char v_string[8];
static int v_arr[4];
static unsigned int v_arr_num;
static int v_hidden;

static const struct kparam_string str_desc = { sizeof(v_string), v_string };
static const struct kparam_array arr_desc = {
	.max = 4, .elemsize = sizeof(int), .num = &v_arr_num,
	.ops = &umod_param_ops_int, .elem = v_arr,
};

/* a set op that checks it runs under the module's parameter lock */
static int locked_set(const char *val, const struct kernel_param *kp)
{
	struct umod_module *mod = kp->mod->umod;

	if (pthread_mutex_trylock(&mod->param_lock) != EBUSY)
		return -EDEADLK;
	return umod_param_set_int(val, kp);
}

static const struct kernel_param_ops locked_ops = {
	.set = locked_set, .get = umod_param_get_int,
};

#define KP(n, o, a, p)	{ .name = n, .mod = &kmod, .ops = o, .perm = p, .level = -1, .arg = a }

static const struct kernel_param params[] = {
	KP("v_int", &locked_ops, &v_int, 0644),
	KP("v_ro", &umod_param_ops_int, &v_ro, 0444),
	KP("v_bool", &umod_param_ops_bool, &v_bool, 0644),
	KP("v_inv", &umod_param_ops_invbool, &v_inv, 0644),
	KP("v_charp", &umod_param_ops_charp, &v_charp, 0644),
	{ .name = "v_string", .mod = &kmod, .ops = &umod_param_ops_string, .perm = 0644,
	  .level = -1, .str = &str_desc },
	{ .name = "v_arr", .mod = &kmod, .ops = &umod_param_array_ops, .perm = 0600,
	  .level = -1, .arr = &arr_desc },
	KP("v_hidden", &umod_param_ops_int, &v_hidden, 0),
};

struct fixture {
	struct umod_host *host;
	struct umod_module *mod;
};

static int setup(void **state)
{
	static struct fixture f;

	v_int = 5;
	v_ro = 1;
	v_bool = true;
	v_inv = false;
	v_charp = "world";
	strcpy(v_string, "label");
	v_arr_num = 0;
	v_hidden = 9;
	f.host = test_host_new(&cap);
	if (!f.host)
		return -1;
	f.mod = fake_module_new(f.host, "fake", &kmod, params, UMOD_ARRAY_SIZE(params));
	*state = &f;
	return f.mod ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	umod_param_free_charp(&v_charp);
	if (f->mod)
		fake_module_free(f->mod);
	umod_host_unref(f->host);
	return 0;
}

/* the names of a directory, sorted, space-separated, each with its mode */
struct listing {
	char text[1024];
};

static int add_name(void *data, const char *name, enum umod_sysfs_type type, unsigned int mode)
{
	struct listing *l = data;
	size_t n = strlen(l->text);

	snprintf(l->text + n, sizeof(l->text) - n, "%s%s%s:%o", n ? " " : "", name,
		 type == UMOD_SYSFS_DIR ? "/" : "", mode);
	return 0;
}

static const char *list(struct umod_host *host, const char *path, int expect)
{
	static struct listing l;

	l.text[0] = '\0';
	assert_int_equal(umod_sysfs_list(host, path, add_name, &l), expect);
	return l.text;
}

static const char *read_file(struct umod_host *host, const char *path)
{
	static char buf[UMOD_SYSFS_PAGE_SIZE + 1];
	ssize_t n = umod_sysfs_read(host, path, buf, sizeof(buf));

	assert_true(n >= 0);
	assert_int_equal(strlen(buf), n);
	return buf;
}

static ssize_t write_str(struct umod_host *host, const char *path, const char *s)
{
	return umod_sysfs_write(host, path, s, strlen(s));
}

static void tree_shape(void **state)
{
	struct fixture *f = *state;
	enum umod_sysfs_type type;
	unsigned int mode;

	assert_string_equal(list(f->host, "", 0), "fake/:755");
	assert_string_equal(list(f->host, "fake", 0),
			    "coresize:444 holders/:755 initsize:444 initstate:444 refcnt:444 taint:444 "
			    "parameters/:755 sections/:755 uevent:200");
	/* one file per parameter whose perm is not 0, with that mode */
	assert_string_equal(list(f->host, "/fake/parameters/", 0),
			    "v_int:644 v_ro:444 v_bool:644 v_inv:644 v_charp:644 v_string:644 v_arr:600");
	assert_int_equal(umod_sysfs_stat(f->host, "fake/parameters/v_arr", &type, &mode), 0);
	assert_int_equal(type, UMOD_SYSFS_FILE);
	assert_int_equal(mode, 0600);
	assert_int_equal(umod_sysfs_stat(f->host, "fake//parameters", &type, &mode), 0);
	assert_int_equal(type, UMOD_SYSFS_DIR);
	assert_int_equal(mode, 0755);
	assert_int_equal(umod_sysfs_stat(f->host, "fake/parameters/v_hidden", NULL, NULL), -ENOENT);
	/* exact names: no '-'/'_' folding, no case folding in paths */
	assert_int_equal(umod_sysfs_stat(f->host, "fake/parameters/v-int", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(f->host, "FAKE", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(f->host, "fake/initstate/x", NULL, NULL), -ENOTDIR);
	assert_int_equal(umod_sysfs_stat(f->host, "other", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(f->host, "fake/..", NULL, NULL), -ENOENT);
	list(f->host, "fake/initstate", -ENOTDIR);
	list(f->host, "nothing", -ENOENT);
	assert_int_equal(umod_sysfs_stat(NULL, "", NULL, NULL), -EINVAL);
	assert_int_equal(umod_sysfs_list(f->host, "", NULL, NULL), -EINVAL);
}

static void no_parameters_dir_without_visible_params(void **state)
{
	struct fixture *f = *state;
	static struct module kmod2;
	struct umod_module *m = fake_module_new(f->host, "quiet", &kmod2, &params[7], 1);

	assert_non_null(m);
	/* and no notes/ either: a module without note sections has none */
	assert_string_equal(list(f->host, "quiet", 0),
			    "coresize:444 holders/:755 initsize:444 initstate:444 refcnt:444 taint:444 "
			    "sections/:755 uevent:200");
	assert_int_equal(umod_sysfs_stat(f->host, "quiet/parameters", NULL, NULL), -ENOENT);
	/* newest first, as the module list */
	assert_string_equal(list(f->host, "", 0), "quiet/:755 fake/:755");
	fake_module_free(m);
	assert_string_equal(list(f->host, "", 0), "fake/:755");
}

static void reads_format_as_the_kernel(void **state)
{
	struct fixture *f = *state;
	char small[4];

	assert_string_equal(read_file(f->host, "fake/coresize"), "12288\n");
	assert_string_equal(read_file(f->host, "fake/initsize"), "0\n");
	assert_string_equal(read_file(f->host, "fake/initstate"), "live\n");
	atomic_store(&f->mod->state, UMOD_MODULE_COMING);
	assert_string_equal(read_file(f->host, "fake/initstate"), "coming\n");
	atomic_store(&f->mod->state, UMOD_MODULE_GOING);
	assert_string_equal(read_file(f->host, "fake/initstate"), "going\n");
	atomic_store(&f->mod->state, UMOD_MODULE_LIVE);
	assert_string_equal(read_file(f->host, "fake/parameters/v_int"), "5\n");
	assert_string_equal(read_file(f->host, "fake/parameters/v_bool"), "Y\n");
	assert_string_equal(read_file(f->host, "fake/parameters/v_inv"), "Y\n");
	assert_string_equal(read_file(f->host, "fake/parameters/v_charp"), "world\n");
	assert_string_equal(read_file(f->host, "fake/parameters/v_string"), "label\n");
	/* an array with nothing given is an empty file */
	assert_string_equal(read_file(f->host, "fake/parameters/v_arr"), "");
	/* truncated copies still report the full length */
	assert_int_equal(umod_sysfs_read(f->host, "fake/initstate", small, sizeof(small)), 5);
	assert_string_equal(small, "liv");
	assert_int_equal(umod_sysfs_read(f->host, "fake/initstate", NULL, 0), 5);
	assert_int_equal(umod_sysfs_read(f->host, "fake/parameters", small, 4), -EISDIR);
	assert_int_equal(umod_sysfs_read(f->host, "fake/nope", small, 4), -ENOENT);
	assert_int_equal(umod_sysfs_readlink(f->host, "fake/initstate", small, 4), -EINVAL);
}

static void writes_run_the_set_op(void **state)
{
	struct fixture *f = *state;

	/* as "echo 7 > v_int": the newline is accepted by the number parser */
	assert_int_equal(write_str(f->host, "fake/parameters/v_int", "7\n"), 2);
	assert_int_equal(v_int, 7);
	assert_int_equal(write_str(f->host, "fake/parameters/v_int", "0x10"), 4);
	assert_string_equal(read_file(f->host, "fake/parameters/v_int"), "16\n");
	/* bad values fail the write and keep the old value */
	assert_int_equal(write_str(f->host, "fake/parameters/v_int", "abc"), -EINVAL);
	assert_int_equal(write_str(f->host, "fake/parameters/v_int", "99999999999"), -ERANGE);
	assert_int_equal(v_int, 16);
	/* an empty write stores nothing */
	assert_int_equal(umod_sysfs_write(f->host, "fake/parameters/v_int", "", 0), 0);
	assert_int_equal(v_int, 16);
	/* invbool stores the inverse and shows what was written */
	assert_int_equal(write_str(f->host, "fake/parameters/v_inv", "n\n"), 2);
	assert_true(v_inv);
	assert_string_equal(read_file(f->host, "fake/parameters/v_inv"), "N\n");
	assert_int_equal(write_str(f->host, "fake/parameters/v_bool", "2"), -EINVAL);
	assert_true(v_bool);
	/* a charp keeps the newline it is given */
	assert_int_equal(write_str(f->host, "fake/parameters/v_charp", "hello\n"), 6);
	assert_string_equal(read_file(f->host, "fake/parameters/v_charp"), "hello\n\n");
	/* "echo 1234567 >" an 8-byte string is 8 characters with the newline */
	assert_int_equal(write_str(f->host, "fake/parameters/v_string", "1234567\n"), -ENOSPC);
	assert_true(capture_has(&cap, "v_string: string doesn't fit in 7 chars."));
	assert_string_equal(v_string, "label");
	assert_int_equal(write_str(f->host, "fake/parameters/v_arr", "1,2,3\n"), 6);
	assert_string_equal(read_file(f->host, "fake/parameters/v_arr"), "1,2,3\n");
	assert_int_equal(v_arr_num, 3);
}

static void writes_refused(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(write_str(f->host, "fake/parameters/v_ro", "2"), -EACCES);
	assert_int_equal(write_str(f->host, "fake/initstate", "live"), -EACCES);
	assert_int_equal(write_str(f->host, "fake/parameters", "1"), -EISDIR);
	assert_int_equal(write_str(f->host, "fake", "1"), -EISDIR);
	assert_int_equal(write_str(f->host, "", "1"), -EISDIR);
	assert_int_equal(write_str(f->host, "fake/parameters/v_hidden", "1"), -ENOENT);
	assert_int_equal(umod_sysfs_write(f->host, "fake/parameters/v_int", NULL, 1), -EINVAL);
	assert_int_equal(v_ro, 1);
	assert_int_equal(v_hidden, 9);
}

static void long_writes_are_cut_to_a_page(void **state)
{
	struct fixture *f = *state;
	char *big = malloc(2 * UMOD_SYSFS_PAGE_SIZE);

	assert_non_null(big);
	memset(big, 'x', 2 * UMOD_SYSFS_PAGE_SIZE);
	/* a charp holds at most 1024 characters: the page is refused whole */
	assert_int_equal(umod_sysfs_write(f->host, "fake/parameters/v_charp", big,
					  2 * UMOD_SYSFS_PAGE_SIZE), -ENOSPC);
	assert_true(capture_has(&cap, "v_charp: string parameter too long"));
	assert_int_equal(umod_sysfs_write(f->host, "fake/parameters/v_charp", big, 1024), 1024);
	assert_int_equal(strlen(v_charp), 1024);
	free(big);
}

static void params_by_name(void **state)
{
	struct fixture *f = *state;
	char buf[64];

	/* '-' and '_' equal, perm 0 reachable, no trailing newline */
	assert_int_equal(umod_param_get(f->mod, "v-hidden", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "9");
	assert_int_equal(umod_param_set(f->mod, "v_hidden", "-3"), 0);
	assert_int_equal(v_hidden, -3);
	assert_int_equal(umod_param_set(f->mod, "v_ro", "4"), 0);
	assert_int_equal(v_ro, 4);
	assert_int_equal(umod_param_set(f->mod, "v_arr", "4,5"), 0);
	assert_int_equal(umod_param_get(f->mod, "v_arr", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "4,5");
	assert_int_equal(umod_param_set(f->mod, "v_arr", "1,2,3,4,5"), -EINVAL);
	assert_true(capture_has(&cap, "v_arr: can only take 4 arguments"));
	assert_int_equal(umod_param_set(f->mod, "v_int", "x"), -EINVAL);
	assert_int_equal(umod_param_set(f->mod, "nope", "1"), -ENOENT);
	assert_int_equal(umod_param_get(f->mod, "nope", buf, sizeof(buf)), -ENOENT);
	assert_int_equal(umod_param_get(NULL, "v_int", buf, sizeof(buf)), -EINVAL);
	assert_int_equal(umod_param_set(f->mod, "v_int", NULL), -EINVAL);
	/* a handle outliving its module finds nothing */
	umod_module_ref(f->mod);
	fake_module_free(f->mod);
	assert_int_equal(umod_param_get(f->mod, "v_int", buf, sizeof(buf)), -ENOENT);
	assert_int_equal(umod_param_set(f->mod, "v_int", "1"), -ENOENT);
	assert_int_equal(umod_sysfs_stat(f->host, "fake", NULL, NULL), -ENOENT);
	umod_module_unref(f->mod);
	f->mod = NULL;
}

/* ---- teardown waits for a reader in flight --------------------------------- */

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int reader_in, reader_go, torn_down;

static int slow_get(char *buffer, const struct kernel_param *kp)
{
	pthread_mutex_lock(&gate_lock);
	reader_in = 1;
	pthread_cond_broadcast(&gate_cond);
	while (!reader_go)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	return umod_param_get_int(buffer, kp);
}

static const struct kernel_param_ops slow_ops = { .get = slow_get };
static int v_slow = 42;
static struct module slow_kmod;
static const struct kernel_param slow_param = {
	.name = "slow", .mod = &slow_kmod, .ops = &slow_ops, .perm = 0444, .arg = &v_slow,
};

static void *reader(void *host)
{
	static char buf[16];

	return (void *)(intptr_t)umod_sysfs_read(host, "slow/parameters/slow", buf, sizeof(buf));
}

static void *remover(void *mod)
{
	fake_module_free(mod);
	__atomic_store_n(&torn_down, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void teardown_waits_for_readers(void **state)
{
	struct fixture *f = *state;
	struct umod_module *m = fake_module_new(f->host, "slow", &slow_kmod, &slow_param, 1);
	pthread_t r, t;
	void *ret;

	assert_non_null(m);
	assert_int_equal(pthread_create(&r, NULL, reader, f->host), 0);
	pthread_mutex_lock(&gate_lock);
	while (!reader_in)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	assert_int_equal(pthread_create(&t, NULL, remover, m), 0);
	usleep(20000);
	assert_int_equal(__atomic_load_n(&torn_down, __ATOMIC_SEQ_CST), 0);
	/* no new reader gets in while teardown waits */
	assert_int_equal(umod_sysfs_stat(f->host, "slow", NULL, NULL), -ENOENT);
	pthread_mutex_lock(&gate_lock);
	reader_go = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
	assert_int_equal(pthread_join(r, &ret), 0);
	assert_int_equal((intptr_t)ret, 3);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(torn_down, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(tree_shape, setup, teardown),
		cmocka_unit_test_setup_teardown(no_parameters_dir_without_visible_params, setup, teardown),
		cmocka_unit_test_setup_teardown(reads_format_as_the_kernel, setup, teardown),
		cmocka_unit_test_setup_teardown(writes_run_the_set_op, setup, teardown),
		cmocka_unit_test_setup_teardown(writes_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(long_writes_are_cut_to_a_page, setup, teardown),
		cmocka_unit_test_setup_teardown(params_by_name, setup, teardown),
		cmocka_unit_test_setup_teardown(teardown_waits_for_readers, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
