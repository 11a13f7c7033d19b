// SPDX-License-Identifier: MIT
/*
 * Carrying out a load list (kmod_module_probe_insert_module()): the caller
 * decides what "loaded", "insert" and "show" mean (the daemon for `umod
 * modprobe`, the host itself for request_module()); the order, the skips
 * and which errors count are kmod's.
 */
#include <errno.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "libkmod/libkmod.h"

extern char **environ;

static void run_error(const struct umod_probe_ops *ops, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));

static void run_error(const struct umod_probe_ops *ops, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	if (!ops->error)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	ops->error(ops->data, buf);
}

/* every "$CMDLINE_OPTS" of @cmd replaced by @options */
static char *expand_command(const char *cmd, const char *options)
{
	static const char var[] = "$CMDLINE_OPTS";
	size_t vlen = sizeof(var) - 1, olen = strlen(options), n = 0;
	const char *p;
	char *out, *q;

	for (p = cmd; (p = strstr(p, var)); p += vlen)
		n++;
	out = malloc(strlen(cmd) + n * olen + 1);
	if (!out)
		return NULL;
	for (q = out, p = cmd; *p;) {
		if (!strncmp(p, var, vlen)) {
			memcpy(q, options, olen);
			q += olen;
			p += vlen;
		} else {
			*q++ = *p++;
		}
	}
	*q = '\0';
	return out;
}

/* /bin/sh -c CMD with MODPROBE_MODULE=NAME in its environment, as system() */
static int spawn_shell(const char *cmd, const char *name, int *status)
{
	size_t n = 0;
	char **env, *var;
	pid_t pid;
	int err;

	while (environ[n])
		n++;
	env = calloc(n + 2, sizeof(*env));
	if (!env || asprintf(&var, "MODPROBE_MODULE=%s", name) < 0) {
		free(env);
		return -ENOMEM;
	}
	for (size_t i = 0, j = 0; i < n; i++)
		if (strncmp(environ[i], "MODPROBE_MODULE=", 16))
			env[j++] = environ[i];
	for (n = 0; env[n]; n++)
		;
	env[n] = var;
	err = posix_spawn(&pid, "/bin/sh", NULL, NULL,
			  (char *const[]){ "sh", "-c", (char *)cmd, NULL }, env);
	free(var);
	free(env);
	if (err)
		return -err;
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

int umod_probe_run_command(const struct umod_probe_ops *ops, const char *type,
			   const char *name, const char *command, const char *options)
{
	char *cmd = expand_command(command, options ? options : "");
	int status = 0, err;

	if (!cmd)
		return -ENOMEM;
	err = spawn_shell(cmd, name, &status);
	if (err) {
		run_error(ops, "Could not run %s command '%s' for module %s: %s\n",
			  type, cmd, name, strerror(-err));
		err = -EINVAL;
	} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		run_error(ops, "Error running %s command '%s' for module %s: retcode %d\n",
			  type, cmd, name, WIFEXITED(status) ? WEXITSTATUS(status) : 128);
		err = -EINVAL;
	}
	free(cmd);
	return err;
}

static bool loaded(const struct umod_probe_ops *ops, const struct umod_probe_mod *m)
{
	if (umod_probe_mod_builtin(m))
		return true;
	return ops->is_loaded && ops->is_loaded(ops->data, umod_probe_mod_name(m)) > 0;
}

/* one module of the list: its install command, or its insertion */
static int insert_one(struct umod_probe *p, struct umod_probe_mod *m, bool target,
		      unsigned int flags, const char *extra, const struct umod_probe_ops *ops)
{
	const char *cmd = umod_probe_command(p, m, true);
	char *options;
	int err = 0;

	if (!(flags & UMOD_PROBE_IGNORE_LOADED) && loaded(ops, m))
		return -EEXIST;
	options = umod_probe_options(p, m, target ? extra : NULL);
	if (!options)
		return -ENOMEM;
	if (cmd && !umod_probe_mod_ignorecmd(m)) {
		if (ops->show)
			ops->show(ops->data, m, cmd, options);
		if (!(flags & UMOD_PROBE_DRY_RUN))
			err = ops->run_install ? ops->run_install(ops->data, m, cmd, options)
					       : umod_probe_run_command(ops, "install",
									umod_probe_mod_name(m),
									cmd, options);
	} else {
		if (ops->show)
			ops->show(ops->data, m, NULL, options);
		if (!(flags & UMOD_PROBE_DRY_RUN))
			err = umod_probe_mod_path(m) ? ops->insert(ops->data, m, options) : -ENOENT;
	}
	free(options);
	return err;
}

int umod_probe_insert(struct umod_probe *p, struct umod_probe_mod *mod, unsigned int flags,
		      const char *extra, const struct umod_probe_ops *ops)
{
	struct umod_probe_mod **list;
	unsigned int n;
	int err;

	if (!(flags & UMOD_PROBE_IGNORE_LOADED) && loaded(ops, mod))
		return flags & UMOD_PROBE_FAIL_ON_LOADED ? -EEXIST : 0;
	/* modprobe applies the blacklist to aliases only, unless -b */
	if ((umod_probe_mod_alias(mod) || (flags & UMOD_PROBE_BLACKLIST_ALL)) && p &&
	    umod_probe_blacklisted(p, mod))
		return UMOD_PROBE_BLACKLISTED;
	err = umod_probe_list(p, mod, flags & UMOD_PROBE_IGNORE_COMMAND, &list, &n);
	if (err)
		return err;
	for (unsigned int i = 0; i < n; i++) {
		struct umod_probe_mod *m = list[i];

		err = insert_one(p, m, m == mod, flags, extra, ops);
		if (err == -EEXIST && m == mod && (flags & UMOD_PROBE_FAIL_ON_LOADED))
			break;
		/* softdeps may fail; what the module needs may not */
		if (err == -EEXIST || !umod_probe_mod_required(m))
			err = 0;
		else if (err < 0)
			break;
	}
	free(list);
	return err;
}
