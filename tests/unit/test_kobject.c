// SPDX-License-Identifier: MIT
/*
 * lib/kobject.c and fs/sysfs/: kobjects and their attribute files, driven
 * through the exported functions as a module calls them (this file plays
 * the module: its show/store run as a fake module's code) and checked
 * through the public umod_sysfs_*() calls with "/sys/..." paths: modes,
 * nesting and release, duplicate names and the kernel's messages, what a
 * store's error keeps, the page limit, the use count a read holds, the
 * leftovers of a module that forgets kobject_put(), host isolation, and
 * ksets: their members' directories, lookup, paths, and the references
 * and "add"/"remove" uevents that tie a kset to its members.
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

#include <umod/kabi/kobject.h>

#include "fs/sysfs/sysfs.h"
#include "helpers.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"
#include "mm/internal.h"

static struct capture cap;
static struct module kmod;
static struct umod_module *mod;
static struct umod_host *host;

/* ---- the exports, looked up as the loader would ------------------------------ */

static const void *kapi(const char *name)
{
	const struct umod_kapi_table *t[] = {
		&umod_kapi_kobject, &umod_kapi_sysfs, &umod_kapi_kobject_uevent,
	};

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(t); i++)
		for (size_t j = 0; j < t[i]->n; j++)
			if (!strcmp(t[i]->v[j].name, name))
				return t[i]->v[j].addr;
	fail_msg("no export %s", name);
	return NULL;
}

#define KAPI(type, name)	((type)kapi(name))
#define create_and_add(m, n, p)	TEST_AS_MODULE(m, KAPI(struct kobject *(*)(const char *, struct kobject *), "kobject_create_and_add")(n, p))
#define kput(k)			KAPI(void (*)(struct kobject *), "kobject_put")(k)
#define kget(k)			KAPI(struct kobject *(*)(struct kobject *), "kobject_get")(k)
#define create_file(m, k, a)	TEST_AS_MODULE(m, KAPI(int (*)(struct kobject *, const struct attribute *, const void *), "sysfs_create_file_ns")(k, a, NULL))
#define remove_file(k, a)	KAPI(void (*)(struct kobject *, const struct attribute *, const void *), "sysfs_remove_file_ns")(k, a, NULL)
#define init_and_add(m, k, t, p, n) TEST_AS_MODULE(m, KAPI(int (*)(struct kobject *, const struct kobj_type *, struct kobject *, const char *, ...), "kobject_init_and_add")(k, t, p, "%s", n))

static struct kobject *kernel_kobj(void)
{
	return *KAPI(struct kobject **, "kernel_kobj");
}

/* ---- the "module": a value with show and store ------------------------------- */

static int value = 5;
static int refs_in_show = -1;
static char stored[64];
static size_t stored_count;

static long value_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	refs_in_show = umod_refcount_read(mod);
	return sprintf(buf, "%d\n", value);
}

/* takes 0..100; the page arrives NUL-terminated */
static long value_store(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
			size_t count)
{
	int v;

	snprintf(stored, sizeof(stored), "%s", buf);
	stored_count = count;
	if (buf[count] != '\0' || sscanf(buf, "%d", &v) != 1 || v < 0 || v > 100)
		return -EINVAL;
	value = v;
	return (long)count;
}

static long big_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	memset(buf, 'x', 4096);
	return 4096;
}

static struct kobj_attribute value_attr = {
	{ "value", 0644 }, value_show, value_store,
};
static struct kobj_attribute ro_attr = { { "ro", 0444 }, value_show, value_store };
static struct kobj_attribute wo_attr = { { "wo", 0200 }, value_show, value_store };
static struct kobj_attribute big_attr = { { "big", 0444 }, big_show, NULL };

static int setup(void **state)
{
	host = test_host_new(&cap);
	if (!host)
		return -1;
	mod = fake_module_new(host, "kobjtest", &kmod, NULL, 0);
	if (!mod)
		return -1;
	umod_refcount_init(mod);
	umod_refcount_init_done(mod);
	value = 5;
	return 0;
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static ssize_t rd(const char *path, char *buf, size_t size)
{
	return umod_sysfs_read(host, path, buf, size);
}

static ssize_t wr(const char *path, const char *s)
{
	return umod_sysfs_write(host, path, s, strlen(s));
}

static void mode_of(const char *path, enum umod_sysfs_type type, unsigned int mode)
{
	enum umod_sysfs_type t;
	unsigned int m;

	assert_int_equal(umod_sysfs_stat(host, path, &t, &m), 0);
	assert_int_equal(t, type);
	assert_int_equal(m, mode);
}

/* ---- tests ------------------------------------------------------------------------- */

static void attribute_pair(void **state)
{
	struct kobject *x = create_and_add(&kmod, "x", kernel_kobj());
	char buf[64];

	assert_non_null(x);
	assert_int_equal(create_file(&kmod, x, &value_attr.attr), 0);
	mode_of("/sys", UMOD_SYSFS_DIR, 0555);
	mode_of("/sys/kernel", UMOD_SYSFS_DIR, 0755);
	mode_of("/sys/kernel/x", UMOD_SYSFS_DIR, 0755);
	mode_of("/sys/kernel/x/value", UMOD_SYSFS_FILE, 0644);
	mode_of("/sys//kernel/x/", UMOD_SYSFS_DIR, 0755);
	/* relative paths stay /sys/module's */
	assert_int_equal(umod_sysfs_stat(host, "kernel/x", NULL, NULL), -ENOENT);
	mode_of("/sys/module/kobjtest", UMOD_SYSFS_DIR, 0755);

	assert_int_equal(rd("/sys/kernel/x/value", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "5\n");
	assert_int_equal(refs_in_show, 1);	/* the read held the module */
	assert_int_equal(umod_refcount_read(mod), 0);
	assert_int_equal(wr("/sys/kernel/x/value", "42\n"), 3);
	assert_string_equal(stored, "42\n");
	assert_int_equal(stored_count, 3);
	assert_int_equal(rd("/sys/kernel/x/value", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "42\n");

	/* a store's error is the write's, and the value stays */
	assert_int_equal(wr("/sys/kernel/x/value", "101"), -EINVAL);
	assert_int_equal(wr("/sys/kernel/x/value", "abc"), -EINVAL);
	assert_int_equal(value, 42);
	assert_int_equal(wr("/sys/kernel/x/value", ""), 0);	/* nothing stored */
	assert_int_equal(rd("/sys/kernel/x", buf, sizeof(buf)), -EISDIR);
	assert_int_equal(rd("/sys/kernel/x/value/y", buf, sizeof(buf)), -ENOTDIR);

	kput(x);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/x", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel", NULL, NULL), 0);
}

static void modes_are_enforced(void **state)
{
	struct kobject *x = create_and_add(&kmod, "m", kernel_kobj());
	char buf[8];

	assert_int_equal(create_file(&kmod, x, &ro_attr.attr), 0);
	assert_int_equal(create_file(&kmod, x, &wo_attr.attr), 0);
	mode_of("/sys/kernel/m/ro", UMOD_SYSFS_FILE, 0444);
	mode_of("/sys/kernel/m/wo", UMOD_SYSFS_FILE, 0200);
	/* as kernfs: no write bit, no write, even for root, though there is a store */
	assert_int_equal(wr("/sys/kernel/m/ro", "1"), -EACCES);
	assert_int_equal(rd("/sys/kernel/m/wo", buf, sizeof(buf)), -EACCES);
	assert_int_equal(wr("/sys/kernel/m/wo", "9"), 1);
	assert_int_equal(value, 9);
	kput(x);
}

static void show_is_cut_at_a_page(void **state)
{
	struct kobject *x = create_and_add(&kmod, "big", kernel_kobj());
	static char buf[8192];

	assert_int_equal(create_file(&kmod, x, &big_attr.attr), 0);
	assert_int_equal(rd("/sys/kernel/big/big", buf, sizeof(buf)), 4095);
	assert_int_equal(strlen(buf), 4095);
	assert_non_null(strstr(capture_last(&cap), "fill_read_buffer: "));
	assert_non_null(strstr(capture_last(&cap), " returned bad count"));
	kput(x);
}

static int list_names(void *data, const char *name, enum umod_sysfs_type type,
		      unsigned int mode)
{
	strcat(data, name);
	strcat(data, " ");
	return 0;
}

static void duplicates_are_refused(void **state)
{
	struct kobject *x = create_and_add(&kmod, "dup", kernel_kobj());
	char names[256] = "";

	assert_non_null(x);
	assert_null(create_and_add(&kmod, "dup", kernel_kobj()));
	assert_true(capture_has(&cap, "sysfs: cannot create duplicate filename '/kernel/dup'"));
	assert_true(capture_has(&cap, "kobject_add_internal failed for dup with -EEXIST, don't try to register things with the same name in the same directory."));
	assert_string_equal(capture_last(&cap), "kobject_create_and_add: kobject_add error: -17");
	assert_int_equal(create_file(&kmod, x, &value_attr.attr), 0);
	assert_int_equal(create_file(&kmod, x, &value_attr.attr), -EEXIST);
	assert_string_equal(capture_last(&cap),
			    "sysfs: cannot create duplicate filename '/kernel/dup/value'");
	assert_int_equal(umod_sysfs_list(host, "/sys/kernel/dup", list_names, names), 0);
	assert_string_equal(names, "value ");
	remove_file(x, &value_attr.attr);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/dup/value", NULL, NULL), -ENOENT);
	/* a '/' cannot make a deeper path: the kernel makes it '!' */
	kput(x);
	x = create_and_add(&kmod, "a/b", kernel_kobj());
	assert_non_null(x);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/a!b", NULL, NULL), 0);
	kput(x);
}

static void links_are_relative(void **state)
{
	struct kobject *x = create_and_add(&kmod, "lx", kernel_kobj());
	struct kobject *y = create_and_add(&kmod, "ly", x);
	struct kobject *z = create_and_add(&kmod, "lz", NULL);
	int (*link)(struct kobject *, struct kobject *, const char *) =
		KAPI(int (*)(struct kobject *, struct kobject *, const char *), "sysfs_create_link");
	char buf[64];

	assert_int_equal(link(y, x, "up"), 0);
	assert_int_equal(link(x, z, "top"), 0);
	assert_int_equal(link(z, y, "down"), 0);
	assert_int_equal(link(z, y, "down"), -EEXIST);
	mode_of("/sys/kernel/lx/top", UMOD_SYSFS_LINK, 0777);
	assert_int_equal(umod_sysfs_readlink(host, "/sys/kernel/lx/ly/up", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "../");
	assert_int_equal(umod_sysfs_readlink(host, "/sys/kernel/lx/top", buf, sizeof(buf)), 8);
	assert_string_equal(buf, "../../lz");
	assert_int_equal(umod_sysfs_readlink(host, "/sys/lz/down", buf, sizeof(buf)), 15);
	assert_string_equal(buf, "../kernel/lx/ly");
	KAPI(void (*)(struct kobject *, const char *), "sysfs_remove_link")(z, "down");
	assert_int_equal(umod_sysfs_stat(host, "/sys/lz/down", NULL, NULL), -ENOENT);
	kput(y);
	kput(x);
	kput(z);
}

/* ---- nesting, release, groups ------------------------------------------------------ */

struct thing {
	struct kobject kobj;
	int released;
};

static int releases;

static void thing_release(struct kobject *kobj)
{
	releases++;
}

static unsigned short thing_visible(struct kobject *kobj, struct attribute *attr, int n)
{
	return attr == &ro_attr.attr ? 0 : attr->mode;
}

static struct attribute *thing_attrs[] = { &value_attr.attr, &ro_attr.attr, NULL };
static const struct attribute_group thing_group = {
	.attrs = thing_attrs, .is_visible = thing_visible,
};
static const struct attribute_group named_group = { .name = "stats", .attrs = thing_attrs };
static const struct attribute_group *thing_groups[] = { &thing_group, &named_group, NULL };

static const struct kobj_type thing_ktype = {
	.release = thing_release,
	.sysfs_ops = NULL,	/* set in the test: kobj_sysfs_ops is an export */
	.default_groups = thing_groups,
};

static void nesting_and_release(void **state)
{
	struct kobj_type ktype = thing_ktype;
	struct thing parent = { 0 }, child = { 0 };
	char buf[16];

	ktype.sysfs_ops = KAPI(const struct sysfs_ops *, "kobj_sysfs_ops");
	releases = 0;
	assert_int_equal(init_and_add(&kmod, &parent.kobj, &ktype, kernel_kobj(), "outer"), 0);
	assert_int_equal(init_and_add(&kmod, &child.kobj, &ktype, &parent.kobj, "inner"), 0);
	mode_of("/sys/kernel/outer/inner/value", UMOD_SYSFS_FILE, 0644);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/outer/ro", NULL, NULL), -ENOENT);
	mode_of("/sys/kernel/outer/stats", UMOD_SYSFS_DIR, 0755);
	mode_of("/sys/kernel/outer/stats/ro", UMOD_SYSFS_FILE, 0444);
	assert_int_equal(rd("/sys/kernel/outer/stats/ro", buf, sizeof(buf)) > 0, 1);

	/* the child holds its parent: the parent's own put leaves it in place */
	kget(&child.kobj);
	kput(&parent.kobj);
	assert_int_equal(releases, 0);
	mode_of("/sys/kernel/outer/inner", UMOD_SYSFS_DIR, 0755);
	kput(&child.kobj);
	assert_int_equal(releases, 0);
	kput(&child.kobj);			/* child goes, then its parent */
	assert_int_equal(releases, 2);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/outer", NULL, NULL), -ENOENT);
}

/* ---- ksets ---------------------------------------------------------------------------- */

#define kset_create(m, n, u, p)	TEST_AS_MODULE(m, KAPI(struct kset *(*)(const char *, const struct kset_uevent_ops *, struct kobject *), "kset_create_and_add")(n, u, p))
#define kset_unregister(k)	KAPI(void (*)(struct kset *), "kset_unregister")(k)
#define kset_find(k, n)		KAPI(struct kobject *(*)(struct kset *, const char *), "kset_find_obj")(k, n)
#define get_path(k)		KAPI(char *(*)(const struct kobject *, unsigned int), "kobject_get_path")(k, 0xcc0)
#define kuevent(k, a)		KAPI(int (*)(struct kobject *, int), "kobject_uevent")(k, a)

static int refs(struct kobject *kobj)
{
	return __atomic_load_n(&kobj->kref.refcount.refs.counter, __ATOMIC_RELAXED);
}

static unsigned long seqnum(void)
{
	char buf[32];

	assert_true(rd("/sys/kernel/uevent_seqnum", buf, sizeof(buf)) > 0);
	return strtoul(buf, NULL, 10);
}

static void ksets_hold_their_members(void **state)
{
	struct kobj_type ktype = thing_ktype;
	struct thing a = { 0 }, b = { 0 }, c = { 0 };
	struct kset *k;
	char *path;
	unsigned long seq;

	ktype.sysfs_ops = KAPI(const struct sysfs_ops *, "kobj_sysfs_ops");
	releases = 0;
	k = kset_create(&kmod, "grp", NULL, kernel_kobj());
	assert_non_null(k);
	mode_of("/sys/kernel/grp", UMOD_SYSFS_DIR, 0755);
	assert_int_equal(refs(&k->kobj), 1);
	mode_of("/sys/kernel/uevent_seqnum", UMOD_SYSFS_FILE, 0444);
	seq = seqnum();
	/* kset_register()'s "add" needs a kset above the kset: there is none */
	assert_false(k->kobj.state_add_uevent_sent);
	assert_int_equal(kuevent(&k->kobj, 2), -EINVAL);
	assert_int_equal(seqnum(), seq);

	/* no parent: the kset is; a parent: the directory is there, the list is the kset's */
	a.kobj.kset = k;
	assert_int_equal(init_and_add(&kmod, &a.kobj, &ktype, NULL, "a"), 0);
	assert_ptr_equal(a.kobj.parent, &k->kobj);
	mode_of("/sys/kernel/grp/a/value", UMOD_SYSFS_FILE, 0644);
	b.kobj.kset = k;
	assert_int_equal(init_and_add(&kmod, &b.kobj, &ktype, &a.kobj, "b"), 0);
	mode_of("/sys/kernel/grp/a/b", UMOD_SYSFS_DIR, 0755);
	assert_int_equal(refs(&k->kobj), 4);	/* a's parent, and two members */

	/* a name already in the directory: refused, off the list, parent dropped */
	c.kobj.kset = k;
	assert_int_equal(init_and_add(&kmod, &c.kobj, &ktype, NULL, "a"), -EEXIST);
	assert_null(c.kobj.parent);
	assert_int_equal(refs(&k->kobj), 4);
	kput(&c.kobj);
	assert_int_equal(refs(&k->kobj), 4);
	assert_int_equal(releases, 1);

	assert_ptr_equal(kset_find(k, "b"), &b.kobj);
	assert_int_equal(refs(&b.kobj), 2);
	kput(&b.kobj);
	assert_null(kset_find(k, "c"));
	path = get_path(&b.kobj);
	assert_string_equal(path, "/kernel/grp/a/b");
	umod_kfree(path);

	/* nobody sent "add" for a and b, so their puts send no "remove" */
	assert_int_equal(kuevent(&a.kobj, 0), 0);
	assert_int_equal(seqnum(), seq + 1);
	assert_true(a.kobj.state_add_uevent_sent);
	kput(&b.kobj);
	assert_int_equal(seqnum(), seq + 1);
	kput(&a.kobj);
	assert_true(a.kobj.state_remove_uevent_sent);
	assert_int_equal(seqnum(), seq + 2);
	assert_int_equal(releases, 3);
	assert_int_equal(refs(&k->kobj), 1);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/grp/a", NULL, NULL), -ENOENT);

	kset_unregister(k);
	assert_int_equal(seqnum(), seq + 2);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/grp", NULL, NULL), -ENOENT);
}

/* a kset in a kset: a child directory, and a member when its kobject says so */
static void ksets_nest(void **state)
{
	struct kobj_type ktype = thing_ktype;
	struct kset *outer = kset_create(&kmod, "outer", NULL, kernel_kobj());
	struct kset *inner, member = { 0 };

	ktype.sysfs_ops = KAPI(const struct sysfs_ops *, "kobj_sysfs_ops");
	releases = 0;
	assert_non_null(outer);
	assert_null(kset_create(&kmod, "outer", NULL, kernel_kobj()));
	inner = kset_create(&kmod, "inner", NULL, &outer->kobj);
	assert_non_null(inner);
	mode_of("/sys/kernel/outer/inner", UMOD_SYSFS_DIR, 0755);
	assert_null(kset_find(outer, "inner"));		/* a child, not a member */

	member.kobj.kset = outer;
	member.kobj.ktype = &ktype;
	assert_int_equal(KAPI(int (*)(struct kobject *, const char *, ...), "kobject_set_name")
			 (&member.kobj, "m%d", 1), 0);
	assert_int_equal(TEST_AS_MODULE(&kmod, KAPI(int (*)(struct kset *), "kset_register")
						       (&member)), 0);
	mode_of("/sys/kernel/outer/m1", UMOD_SYSFS_DIR, 0755);
	assert_ptr_equal(kset_find(outer, "m1"), &member.kobj);
	kput(&member.kobj);
	kset_unregister(&member);
	assert_int_equal(releases, 1);			/* the module's release */
	kset_unregister(inner);
	assert_int_equal(refs(&outer->kobj), 1);
	kset_unregister(outer);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/outer", NULL, NULL), -ENOENT);
}

/* ---- a removal waits for the shows in flight ------------------------------------------ */

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int in_show, show_go, put_done;

static long slow_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	pthread_mutex_lock(&gate_lock);
	in_show = 1;
	pthread_cond_broadcast(&gate_cond);
	while (!show_go)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	return sprintf(buf, "%s\n", kobj->name);	/* the kobject is still there */
}

static struct kobj_attribute slow_attr = { { "slow", 0444 }, slow_show, NULL };

static void *slow_reader(void *arg)
{
	static char buf[32];

	return (void *)(intptr_t)rd("/sys/kernel/slow/slow", buf, sizeof(buf));
}

static void *putter(void *arg)
{
	kput(arg);
	__atomic_store_n(&put_done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void removal_waits_for_readers(void **state)
{
	struct kobject *x = create_and_add(&kmod, "slow", kernel_kobj());
	pthread_t r, p;
	void *ret;

	assert_int_equal(create_file(&kmod, x, &slow_attr.attr), 0);
	assert_int_equal(pthread_create(&r, NULL, slow_reader, NULL), 0);
	pthread_mutex_lock(&gate_lock);
	while (!in_show)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	assert_int_equal(umod_refcount_read(mod), 1);	/* rmmod now would say "in use" */
	assert_int_equal(pthread_create(&p, NULL, putter, x), 0);
	usleep(20000);
	assert_int_equal(__atomic_load_n(&put_done, __ATOMIC_SEQ_CST), 0);
	/* no new reader gets in while the removal waits */
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/slow", NULL, NULL), -ENOENT);
	pthread_mutex_lock(&gate_lock);
	show_go = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
	assert_int_equal(pthread_join(r, &ret), 0);
	assert_int_equal((intptr_t)ret, 5);
	assert_int_equal(pthread_join(p, NULL), 0);
	assert_int_equal(put_done, 1);
	assert_int_equal(umod_refcount_read(mod), 0);
}

/* ---- leftovers, hosts ----------------------------------------------------------------- */

static void leftovers_are_reported_and_removed(void **state)
{
	struct kobject *x = create_and_add(&kmod, "left", kernel_kobj());

	assert_int_equal(create_file(&kmod, x, &value_attr.attr), 0);
	assert_int_equal(create_file(&kmod, kernel_kobj(), &ro_attr.attr), 0);
	umod_kernfs_leftovers(mod);
	assert_true(capture_has(&cap, "kobjtest: exit left kobject /sys/kernel/left"));
	assert_true(capture_has(&cap, "kobjtest: exit left sysfs file /sys/kernel/ro"));
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/left", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/ro", NULL, NULL), -ENOENT);
	assert_null(x->sd);
	kput(x);	/* the module's late put finds it out of sysfs */
}

static struct umod_module *mod2;
static int refs2_in_show = -1;

static long two_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	refs2_in_show = umod_refcount_read(mod2);
	return value_show(kobj, attr, buf);
}

static struct kobj_attribute two_attr = { { "two", 0444 }, two_show, NULL };

/* a file on another module's kobject: a read holds both modules */
static void reads_hold_both_modules(void **state)
{
	struct module kmod2;
	struct kobject *a;
	char buf[16];

	mod2 = fake_module_new(host, "owner2", &kmod2, NULL, 0);
	assert_non_null(mod2);
	umod_refcount_init(mod2);
	umod_refcount_init_done(mod2);
	a = create_and_add(&kmod2, "theirs", kernel_kobj());
	assert_int_equal(create_file(&kmod, a, &two_attr.attr), 0);
	assert_int_equal(rd("/sys/kernel/theirs/two", buf, sizeof(buf)), 2);
	assert_int_equal(refs_in_show, 1);
	assert_int_equal(refs2_in_show, 1);
	assert_int_equal(umod_refcount_read(mod2), 0);
	/* the file's maker unloads first: its file goes, the kobject stays */
	umod_kernfs_leftovers(mod);
	assert_true(capture_has(&cap, "kobjtest: exit left sysfs file /sys/kernel/theirs/two"));
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/theirs", NULL, NULL), 0);
	kput(a);
	fake_module_free(mod2);
}

/* the device model's way in: host code, /sys/class, no module to pin */
static void host_code_under_class(void **state)
{
	struct kobj_type ktype = { .sysfs_ops = KAPI(const struct sysfs_ops *, "kobj_sysfs_ops") };
	struct kobject cls = { .host = host };
	char buf[16];

	assert_int_equal(umod_kobject_init_and_add(NULL, &cls, &ktype,
						   umod_kobject_root(UMOD_KERNFS_CLASS), "mine"), 0);
	assert_int_equal(umod_sysfs_create_file(NULL, &cls, &ro_attr.attr), 0);
	mode_of("/sys/class/mine", UMOD_SYSFS_DIR, 0755);
	refs_in_show = -1;
	assert_int_equal(rd("/sys/class/mine/ro", buf, sizeof(buf)), 2);
	assert_int_equal(refs_in_show, 0);		/* the module was not pinned */
	umod_kernfs_leftovers(mod);			/* not the module's to report */
	assert_int_equal(umod_sysfs_stat(host, "/sys/class/mine/ro", NULL, NULL), 0);
	umod_sysfs_remove_file(&cls, &ro_attr.attr);
	assert_int_equal(umod_sysfs_stat(host, "/sys/class/mine/ro", NULL, NULL), -ENOENT);
	umod_kobject_put(&cls);
	assert_int_equal(umod_sysfs_stat(host, "/sys/class/mine", NULL, NULL), -ENOENT);
}

static void hosts_do_not_see_each_other(void **state)
{
	struct capture cap2;
	struct umod_host *h2 = test_host_new(&cap2);
	struct module kmod2;
	struct umod_module *m2 = fake_module_new(h2, "other", &kmod2, NULL, 0);
	struct kobject *a = create_and_add(&kmod, "same", kernel_kobj());
	struct kobject *b = create_and_add(&kmod2, "same", kernel_kobj());

	assert_non_null(a);
	assert_non_null(b);	/* no clash: another host's /sys */
	assert_int_equal(create_file(&kmod2, b, &ro_attr.attr), 0);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/same/ro", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_stat(h2, "/sys/kernel/same/ro", NULL, NULL), 0);
	kput(b);
	assert_int_equal(umod_sysfs_stat(host, "/sys/kernel/same", NULL, NULL), 0);
	assert_int_equal(umod_sysfs_stat(h2, "/sys/kernel/same", NULL, NULL), -ENOENT);
	kput(a);
	fake_module_free(m2);
	umod_host_unref(h2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(attribute_pair, setup, teardown),
		cmocka_unit_test_setup_teardown(modes_are_enforced, setup, teardown),
		cmocka_unit_test_setup_teardown(show_is_cut_at_a_page, setup, teardown),
		cmocka_unit_test_setup_teardown(duplicates_are_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(links_are_relative, setup, teardown),
		cmocka_unit_test_setup_teardown(nesting_and_release, setup, teardown),
		cmocka_unit_test_setup_teardown(ksets_hold_their_members, setup, teardown),
		cmocka_unit_test_setup_teardown(ksets_nest, setup, teardown),
		cmocka_unit_test_setup_teardown(removal_waits_for_readers, setup, teardown),
		cmocka_unit_test_setup_teardown(leftovers_are_reported_and_removed, setup, teardown),
		cmocka_unit_test_setup_teardown(reads_hold_both_modules, setup, teardown),
		cmocka_unit_test_setup_teardown(host_code_under_class, setup, teardown),
		cmocka_unit_test_setup_teardown(hosts_do_not_see_each_other, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
