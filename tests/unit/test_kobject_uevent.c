// SPDX-License-Identifier: MIT
/*
 * lib/kobject_uevent.c: what kobject_uevent_env() builds and decides, as
 * 6.1's: the kset above the kobject and its filter, name and uevent
 * callbacks, ACTION/DEVPATH/SUBSYSTEM/SEQNUM and the caller's variables
 * in that order, uevent_suppress, add_uevent_var()'s limits, the
 * state bits kobject_put() looks at, and /sys/kernel/uevent_seqnum.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <umod/kabi/kobject.h>

#include "helpers.h"
#include "kernel/kapi.h"
#include "kernel/module/internal.h"
#include "lib/kobject_uevent.h"

static struct capture cap;
static struct module kmod;
static struct umod_module *mod;
static struct umod_host *host;

static const void *kapi(const char *name)
{
	const struct umod_kapi_table *t[] = { &umod_kapi_kobject, &umod_kapi_kobject_uevent };

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(t); i++)
		for (size_t j = 0; j < t[i]->n; j++)
			if (!strcmp(t[i]->v[j].name, name))
				return t[i]->v[j].addr;
	fail_msg("no export %s", name);
	return NULL;
}

#define KAPI(type, name)	((type)kapi(name))
#define kset_create(n, u, p)	TEST_AS_MODULE(&kmod, KAPI(struct kset *(*)(const char *, const struct kset_uevent_ops *, struct kobject *), "kset_create_and_add")(n, u, p))
#define kset_unregister(k)	KAPI(void (*)(struct kset *), "kset_unregister")(k)
#define create_and_add(n, p)	TEST_AS_MODULE(&kmod, KAPI(struct kobject *(*)(const char *, struct kobject *), "kobject_create_and_add")(n, p))
#define kput(k)			KAPI(void (*)(struct kobject *), "kobject_put")(k)
#define uevent(k, a)		KAPI(int (*)(struct kobject *, int), "kobject_uevent")(k, a)
#define uevent_env(k, a, e)	KAPI(int (*)(struct kobject *, int, char *[]), "kobject_uevent_env")(k, a, e)
#define init_and_add(k, t, p, n) TEST_AS_MODULE(&kmod, KAPI(int (*)(struct kobject *, const struct kobj_type *, struct kobject *, const char *, ...), "kobject_init_and_add")(k, t, p, "%s", n))
#define add_var			KAPI(int (*)(struct kobj_uevent_env *, const char *, ...), "add_uevent_var")

enum { ADD, REMOVE, CHANGE, MOVE, ONLINE, OFFLINE, BIND, UNBIND };

static struct kobject *kernel_kobj(void)
{
	return *KAPI(struct kobject **, "kernel_kobj");
}

static unsigned long seqnum(void)
{
	char buf[32];

	assert_true(umod_sysfs_read(host, "/sys/kernel/uevent_seqnum", buf, sizeof(buf)) > 0);
	return strtoul(buf, NULL, 10);
}

/* ---- a kset's callbacks, recording what they see ------------------------------------ */

static int filtered, named, events;
static const char *subsystem_name;
static char seen[UEVENT_NUM_ENVP][128];
static int nseen;
static int uevent_ret;

static int filter(struct kobject *kobj)
{
	filtered++;
	return strcmp(kobj->name, "hidden") != 0;
}

static const char *name(struct kobject *kobj)
{
	named++;
	return subsystem_name;
}

static int on_uevent(struct kobject *kobj, struct kobj_uevent_env *env)
{
	events++;
	nseen = env->envp_idx;
	for (int i = 0; i < env->envp_idx; i++)
		snprintf(seen[i], sizeof(seen[i]), "%s", env->envp[i]);
	if (uevent_ret)
		return uevent_ret;
	return add_var(env, "FROM_KSET=%d", 1);
}

static int released;

static void release(struct kobject *kobj)
{
	released++;
}

static const struct kobj_type member_ktype = { .release = release };

/* a member of @k: its kset is set before it is added */
static struct kobject *member(struct kobject *kobj, struct kset *k, const char *n)
{
	memset(kobj, 0, sizeof(*kobj));
	kobj->kset = k;
	assert_int_equal(init_and_add(kobj, &member_ktype, NULL, n), 0);
	return kobj;
}

static const struct kset_uevent_ops ops = { .filter = filter, .name = name, .uevent = on_uevent };

static int setup(void **state)
{
	host = test_host_new(&cap);
	if (!host)
		return -1;
	mod = fake_module_new(host, "uevtest", &kmod, NULL, 0);
	if (!mod)
		return -1;
	umod_refcount_init(mod);
	umod_refcount_init_done(mod);
	filtered = named = events = nseen = uevent_ret = released = 0;
	subsystem_name = "sub";
	return 0;
}

static int teardown(void **state)
{
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

/* ---- tests -------------------------------------------------------------------------- */

static void variables_in_order(void **state)
{
	struct kset *k = kset_create("bus", &ops, kernel_kobj());
	struct kobject m, *dev;
	char ext1[] = "MODALIAS=x:y", ext2[] = "EXTRA=2";
	char *envp[] = { ext1, ext2, NULL };
	unsigned long seq = seqnum();		/* the fake module's own "add" counted */

	assert_non_null(k);
	member(&m, k, "m");
	dev = create_and_add("dev0", &m);	/* no kset, but its parent's is above it */
	assert_non_null(dev);
	assert_int_equal(uevent_env(dev, CHANGE, envp), 0);
	assert_int_equal(filtered, 1);
	assert_int_equal(named, 1);
	assert_int_equal(events, 1);
	assert_int_equal(nseen, 5);
	assert_string_equal(seen[0], "ACTION=change");
	assert_string_equal(seen[1], "DEVPATH=/kernel/bus/m/dev0");
	assert_string_equal(seen[2], "SUBSYSTEM=sub");
	assert_string_equal(seen[3], "MODALIAS=x:y");
	assert_string_equal(seen[4], "EXTRA=2");
	assert_int_equal(seqnum(), seq + 1);

	/* the name callback gives none: dropped, with 0 */
	subsystem_name = NULL;
	assert_int_equal(uevent(dev, ONLINE), 0);
	assert_int_equal(events, 1);
	assert_int_equal(seqnum(), seq + 1);
	subsystem_name = "other";
	assert_int_equal(uevent(dev, UNBIND), 0);
	assert_int_equal(nseen, 3);
	assert_string_equal(seen[0], "ACTION=unbind");
	assert_string_equal(seen[2], "SUBSYSTEM=other");
	assert_int_equal(seqnum(), seq + 2);
	/* neither add nor remove: nothing for kobject_put() to send */
	assert_false(dev->state_add_uevent_sent);
	assert_false(dev->state_remove_uevent_sent);

	/* "add" sent: the last put sends "remove" */
	assert_int_equal(uevent(dev, ADD), 0);
	assert_true(dev->state_add_uevent_sent);
	assert_int_equal(seqnum(), seq + 3);
	kput(dev);
	assert_string_equal(seen[0], "ACTION=remove");
	assert_int_equal(seqnum(), seq + 4);
	kput(&m);
	assert_int_equal(released, 1);
	kset_unregister(k);
	assert_int_equal(seqnum(), seq + 4);		/* no kset above the kset */
}

static void what_stops_an_event(void **state)
{
	struct kset *k = kset_create("quiet", &ops, kernel_kobj());
	struct kobject h, d, *hidden = member(&h, k, "hidden"), *dev = member(&d, k, "dev");
	struct kobject *plain = create_and_add("plain", kernel_kobj());
	struct kobject *child = create_and_add("child", &k->kobj);
	unsigned long seq = seqnum();

	/* the filter says no: 0, and no number used */
	assert_int_equal(uevent(hidden, ADD), 0);
	assert_int_equal(filtered, 1);
	assert_int_equal(events, 0);
	assert_false(hidden->state_add_uevent_sent);
	/* no kset: -EINVAL, the callbacks not asked */
	assert_int_equal(uevent(plain, ADD), -EINVAL);
	/* nor for a child of the kset's own kobject: that has no kset either */
	assert_int_equal(uevent(child, ADD), -EINVAL);
	assert_int_equal(filtered, 1);
	/* suppressed: 0 before the filter */
	dev->uevent_suppress = 1;
	assert_int_equal(uevent(dev, ADD), 0);
	assert_int_equal(filtered, 1);
	dev->uevent_suppress = 0;
	/* the kset's callback fails: its error, and no number */
	uevent_ret = -ENODEV;
	assert_int_equal(uevent(dev, ADD), -ENODEV);
	assert_false(dev->state_add_uevent_sent);
	assert_int_equal(seqnum(), seq);
	uevent_ret = 0;
	/* not an action */
	assert_int_equal(uevent(dev, 8), -EINVAL);
	kput(dev);
	kput(child);
	kput(plain);
	kput(hidden);
	assert_int_equal(released, 2);
	kset_unregister(k);
	assert_int_equal(seqnum(), seq);
}

/* run as the module's code: add_uevent_var()'s WARN is the module's */
static long fill_up(void *arg)
{
	struct kobj_uevent_env *env = arg;
	static char big[UEVENT_BUFFER_SIZE];
	int i;

	assert_int_equal(add_var(env, "A=%d", 1), 0);
	assert_int_equal(env->envp_idx, 1);
	assert_int_equal(env->buflen, 4);
	assert_string_equal(env->envp[0], "A=1");
	/* the buffer: a value that does not fit is refused whole */
	memset(big, 'x', sizeof(big) - 6);	/* "B=" and these fill it, leaving no NUL */
	big[sizeof(big) - 6] = '\0';
	assert_int_equal(add_var(env, "B=%s", big), -ENOMEM);
	assert_int_equal(env->envp_idx, 1);
	assert_int_equal(env->buflen, 4);
	/* the slots: the last one stays NULL */
	for (i = 1; i < UEVENT_NUM_ENVP - 1; i++)
		assert_int_equal(add_var(env, "K%d=", i), 0);
	assert_int_equal(add_var(env, "K%d=", i), -ENOMEM);
	assert_null(env->envp[UEVENT_NUM_ENVP - 1]);
	return 0;
}

static void add_uevent_var_limits(void **state)
{
	struct kobj_uevent_env *env = calloc(1, sizeof(*env));
	long ret = -1;

	assert_non_null(env);
	assert_int_equal(umod_call(mod, fill_up, env, &ret), 0);
	assert_int_equal(ret, 0);
	assert_true(capture_has(&cap, "add_uevent_var: buffer size too small"));
	assert_true(capture_has(&cap, "add_uevent_var: too many keys"));
	free(env);
}

/* the host's own events: a module's sysfs directory coming and going, its synthetic ones */
static void host_events_count(void **state)
{
	unsigned long seq = seqnum();
	struct module kmod2;
	struct umod_module *mod2;

	assert_int_equal(seq, 1);		/* the fake module's directory */
	assert_int_equal(umod_uevent_seqnum_next(host), 2);
	assert_int_equal(umod_sysfs_write(host, "/sys/module/uevtest/uevent", "change", 6), 6);
	assert_int_equal(umod_sysfs_write(host, "/sys/module/uevtest/uevent", "chang", 5), -EINVAL);
	assert_int_equal(seqnum(), 3);
	mod2 = fake_module_new(host, "other", &kmod2, NULL, 0);
	assert_non_null(mod2);
	assert_int_equal(seqnum(), 4);
	fake_module_free(mod2);
	assert_int_equal(seqnum(), 5);
	assert_int_equal(umod_sysfs_write(host, "/sys/kernel/uevent_seqnum", "5", 1), -EACCES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(variables_in_order, setup, teardown),
		cmocka_unit_test_setup_teardown(what_stops_an_event, setup, teardown),
		cmocka_unit_test_setup_teardown(add_uevent_var_limits, setup, teardown),
		cmocka_unit_test_setup_teardown(host_events_count, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
