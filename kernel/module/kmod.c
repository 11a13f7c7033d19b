// SPDX-License-Identifier: MIT
/*
 * request_module(): module code asking the host to load a module by name
 * or alias, as kernel/module/kmod.c runs /sbin/modprobe. Here the host
 * runs modprobe's resolution itself (libkmod/modprobe.c) over its module tree
 * (umod_host_set_module_tree(); none set is the kernel's empty
 * modprobe_path) and loads the list with umod_module_insert_file().
 *
 * The kernel lets at most MAX_KMOD_CONCURRENT (50) modprobes run at once
 * and fails a request that waited 5 seconds for a slot: that is how a
 * module chain requesting itself deeper and deeper ends. A host's nested
 * requests all sit on one call stack, so waiting could never free a slot:
 * the 51st fails at once, with the kernel's message and -ETIME.
 *
 * The result is modprobe's as the kernel reports it: 0, or the wait status
 * of a modprobe that failed (256: exit status 1). modprobe's own messages
 * go to its stderr, which the kernel never shows; so does the host.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"
#include "libkmod/libkmod.h"

#define MAX_KMOD_CONCURRENT		UMOD_MAX_REQUEST_MODULE
#define MAX_KMOD_ALL_BUSY_TIMEOUT	5	/* seconds, only for the message */
#define MODPROBE_FAILED			256	/* exit status 1, as waitpid() puts it */

UMOD_API int umod_host_set_module_tree(struct umod_host *host, const char *base,
				       const char *release)
{
	char *dir = NULL, *old;

	if (!host || (base && !release))
		return -EINVAL;
	if (base && asprintf(&dir, "%s/lib/modules/%s", base, release) < 0)
		return -ENOMEM;
	pthread_mutex_lock(&host->module_mutex);
	old = host->module_tree;
	host->module_tree = dir;
	pthread_mutex_unlock(&host->module_mutex);
	free(old);
	return 0;
}

struct request {
	struct umod_host *host;
};

/* as modprobe sees /sys/module: loading (COMING) counts as loaded */
static int request_is_loaded(void *data, const char *name)
{
	struct request *rq = data;
	struct umod_module *mod;
	int state = -1;

	pthread_mutex_lock(&rq->host->module_mutex);
	mod = umod_host_find_locked(rq->host, name);
	if (mod)
		state = atomic_load(&mod->state);
	pthread_mutex_unlock(&rq->host->module_mutex);
	return state == UMOD_MODULE_COMING || state == UMOD_MODULE_LIVE;
}

static int request_insert(void *data, const struct umod_probe_mod *m, const char *options)
{
	struct request *rq = data;

	return umod_module_insert_file(rq->host, umod_probe_mod_path(m), options, 0, NULL);
}

/* the config files of a tree BASE/lib/modules/R: BASE/{etc,run,...}/modprobe.d */
static int load_config(const char *tree, struct umod_modconf *conf)
{
	static const char *const sub[] = { "etc/modprobe.d", "run/modprobe.d",
					   "usr/local/lib/modprobe.d", "lib/modprobe.d" };
	const char *lib = strstr(tree, "/lib/modules/");
	char dirs[4][4096], softdep[4096];
	const char *paths[5] = { NULL };
	int base_len = lib ? (int)(lib - tree) : 0;

	for (int i = 0; i < 4; i++) {
		snprintf(dirs[i], sizeof(dirs[i]), "%.*s/%s", base_len, tree, sub[i]);
		paths[i] = dirs[i];
	}
	snprintf(softdep, sizeof(softdep), "%s/modules.softdep", tree);
	return umod_modconf_load(conf, paths, softdep);
}

/* modprobe NAME: 0 or MODPROBE_FAILED (as its exit status reaches the kernel) */
static int run_modprobe(struct umod_host *host, const char *tree, const char *name)
{
	struct request rq = { host };
	struct umod_probe_ops ops = { &rq, request_is_loaded, request_insert, NULL, NULL, NULL };
	struct umod_modconf conf = { 0 };
	struct umod_moddb *db = NULL;
	struct umod_probe *p = NULL;
	struct umod_probe_mod **v = NULL;
	unsigned int n = 0;
	int err = load_config(tree, &conf);

	if (!err)
		err = umod_moddb_open(tree, NULL, &db);
	if (!err)
		err = umod_probe_new(db, &conf, &p);
	if (!err)
		err = umod_probe_lookup(p, name, &v, &n);
	if (!err && !n)
		err = -ENOENT;
	for (unsigned int i = 0; !err && i < n; i++) {
		err = umod_probe_insert(p, v[i], 0, NULL, &ops);
		if (err > 0)
			err = 0;	/* blacklisted: modprobe exits 0 */
	}
	free(v);
	umod_probe_free(p);
	umod_moddb_close(db);
	umod_modconf_release(&conf);
	return err ? MODPROBE_FAILED : 0;
}

int umod_request_module(struct umod_host *host, bool wait, const char *fmt, va_list ap)
{
	char name[UMOD_MODULE_NAME_LEN], *tree;
	int ret = vsnprintf(name, sizeof(name), fmt, ap);

	if (ret < 0 || (size_t)ret >= sizeof(name))
		return -ENAMETOOLONG;
	pthread_mutex_lock(&host->module_mutex);
	tree = host->module_tree ? strdup(host->module_tree) : NULL;
	pthread_mutex_unlock(&host->module_mutex);
	if (!tree)
		return host->module_tree ? -ENOMEM : -ENOENT;
	if (atomic_fetch_add(&host->kmod_running, 1) >= MAX_KMOD_CONCURRENT) {
		umod_log_printk(host->log, KERN_WARNING "request_module: modprobe %s cannot be processed, kmod busy with %d threads for more than %d seconds now\n",
				name, MAX_KMOD_CONCURRENT, MAX_KMOD_ALL_BUSY_TIMEOUT);
		ret = -ETIME;
	} else {
		/* without @wait the kernel returns once modprobe runs; ours has run */
		ret = run_modprobe(host, tree, name);
		if (!wait)
			ret = 0;
	}
	atomic_fetch_sub(&host->kmod_running, 1);
	free(tree);
	return ret;
}
