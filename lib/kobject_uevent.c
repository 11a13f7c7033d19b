// SPDX-License-Identifier: MIT
/*
 * uevents (lib/kobject_uevent.c): what kobject_uevent_env() builds and
 * decides as 6.1 does (the kset that owns the event, its filter, name and
 * uevent callbacks, ACTION/DEVPATH/SUBSYSTEM/SEQNUM, the add/remove
 * state bits) and the sequence number it counts, which the host's
 * /sys/kernel/uevent_seqnum shows. Nobody listens: there is no netlink
 * socket or uevent helper in a process, so the event goes no further.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/kobject.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "lib/kobject_uevent.h"
#include "lib/vsprintf.h"

static const char *const actions[] = {
	"add", "remove", "change", "move", "online", "offline", "bind", "unbind",
};

struct umod_uevents {
	_Atomic uint64_t seqnum;
	struct kernfs_node *file;	/* /sys/kernel/uevent_seqnum */
};

static long show_seqnum(struct kernfs_node *kn, void *priv, char *page)
{
	struct umod_uevents *u = priv;

	return snprintf(page, 4096, "%llu\n", (unsigned long long)atomic_load(&u->seqnum));
}

static const struct umod_kernfs_ops seqnum_ops = { .show = show_seqnum };

/* the host's state and /sys/kernel/uevent_seqnum, with the host */
int umod_uevents_init(struct umod_host *host)
{
	struct umod_kernfs_new nw = {
		.parent = umod_kernfs_root(UMOD_KERNFS_KERNEL), .host = host,
		.name = "uevent_seqnum", .type = UMOD_SYSFS_FILE, .mode = 0444,
		.ops = &seqnum_ops, .ref = true,
	};
	struct umod_uevents *u = calloc(1, sizeof(*u));
	int err;

	if (!u)
		return -ENOMEM;
	nw.priv = u;
	err = umod_kernfs_create(&nw, &u->file);
	if (err) {
		free(u);
		return err;
	}
	host->uevents = u;
	return 0;
}

void umod_uevents_release(struct umod_host *host)
{
	struct umod_uevents *u = host->uevents;

	if (!u)
		return;
	umod_kernfs_remove(u->file);
	umod_kernfs_put(u->file);
	free(u);
	host->uevents = NULL;
}

uint64_t umod_uevent_seqnum_next(struct umod_host *host)
{
	return atomic_fetch_add(&host->uevents->seqnum, 1) + 1;
}

/* add_uevent_var(): "KEY=value" into @env; -ENOMEM when it is full, as 6.1 */
static int add_var_va(struct kobj_uevent_env *env, const char *fmt, va_list ap)
{
	int len;

	if (env->envp_idx >= (int)(sizeof(env->envp) / sizeof(env->envp[0]) - 1)) {
		umod_warn_host("lib/kobject_uevent.c", 670, "add_uevent_var",
			       "add_uevent_var: too many keys\n");
		return -ENOMEM;
	}
	len = umod_vsnprintf(&env->buf[env->buflen], sizeof(env->buf) - (size_t)env->buflen,
			     fmt, ap);
	if (len >= (int)sizeof(env->buf) - env->buflen) {
		umod_warn_host("lib/kobject_uevent.c", 679, "add_uevent_var",
			       "add_uevent_var: buffer size too small\n");
		return -ENOMEM;
	}
	env->envp[env->envp_idx++] = &env->buf[env->buflen];
	env->buflen += len + 1;
	return 0;
}

int umod_add_uevent_var(struct kobj_uevent_env *env, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = add_var_va(env, fmt, ap);
	va_end(ap);
	return err;
}

/* the kset the event belongs to: @kobj's or the nearest parent's, or NULL */
static struct kset *top_kset(struct kobject *kobj)
{
	while (!kobj->kset && kobj->parent)
		kobj = kobj->parent;
	return kobj->kset;
}

/* the standard variables, the caller's, then the kset's uevent callback's */
static int fill_env(struct kobject *kobj, struct kset *kset, int action, const char *subsystem,
		    char *const envp_ext[], struct kobj_uevent_env *env)
{
	char *devpath = umod_kobject_path(kobj);
	int err;

	if (!devpath)
		return -ENOENT;
	err = umod_add_uevent_var(env, "ACTION=%s", actions[action]);
	if (!err)
		err = umod_add_uevent_var(env, "DEVPATH=%s", devpath);
	if (!err)
		err = umod_add_uevent_var(env, "SUBSYSTEM=%s", subsystem);
	for (int i = 0; !err && envp_ext && envp_ext[i]; i++)
		err = umod_add_uevent_var(env, "%s", envp_ext[i]);
	free(devpath);
	if (!err && kset->uevent_ops && kset->uevent_ops->uevent)
		err = kset->uevent_ops->uevent(kobj, env);
	return err;
}

static int uevent_env(struct kobject *kobj, int action, char *const envp_ext[])
{
	struct kset *kset = top_kset(kobj);
	const struct kset_uevent_ops *ops = kset ? kset->uevent_ops : NULL;
	struct umod_host *host = umod_kobject_host(kobj);
	struct kobj_uevent_env *env;
	const char *subsystem;
	int err;

	/* without a kset there is nobody to tell (6.1 says so only in pr_debug) */
	if (!kset || action < 0 || action >= (int)(sizeof(actions) / sizeof(actions[0])))
		return -EINVAL;
	if (kobj->uevent_suppress)
		return 0;
	if (ops && ops->filter && !ops->filter(kobj))
		return 0;
	subsystem = ops && ops->name ? ops->name(kobj) : kset->kobj.name;
	if (!subsystem)
		return 0;
	env = calloc(1, sizeof(*env));
	if (!env)
		return -ENOMEM;
	err = fill_env(kobj, kset, action, subsystem, envp_ext, env);
	if (!err) {
		if (action == UMOD_KOBJ_ADD)
			kobj->state_add_uevent_sent = 1;
		else if (action == UMOD_KOBJ_REMOVE)
			kobj->state_remove_uevent_sent = 1;
		if (host)
			err = umod_add_uevent_var(env, "SEQNUM=%llu",
						  (unsigned long long)umod_uevent_seqnum_next(host));
	}
	free(env);
	return err;
}

int umod_kobject_uevent(struct kobject *kobj, int action)
{
	return uevent_env(kobj, action, NULL);
}

static int kapi_kobject_uevent_env(struct kobject *kobj, int action, char *envp[])
{
	return uevent_env(kobj, action, envp);
}

static int kapi_kobject_uevent(struct kobject *kobj, int action)
{
	return uevent_env(kobj, action, NULL);
}

static const struct umod_kapi_export kobject_uevent_exports[] = {
	UMOD_KAPI_GPL("kobject_uevent", kapi_kobject_uevent),
	UMOD_KAPI_GPL("kobject_uevent_env", kapi_kobject_uevent_env),
	UMOD_KAPI_GPL("add_uevent_var", umod_add_uevent_var),
};

const struct umod_kapi_table umod_kapi_kobject_uevent = UMOD_KAPI_TABLE(kobject_uevent_exports);
