// SPDX-License-Identifier: MIT
/*
 * Module parameters as the kernel's kernel/params.c handles them: the
 * argument string is split in place into name[=value] words (double quotes
 * protect spaces), each name is matched against the module's __param table
 * ('-' and '_' equal) and handed to that parameter's ops->set().
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define CHARP_MAX	1024	/* the kernel's limit for a charp value */

static struct umod_log *kp_log(const struct kernel_param *kp)
{
	const struct umod_module *m = kp->mod ? kp->mod->umod : NULL;

	return m && m->host ? m->host->log : NULL;
}

static bool dash_eq(char a, char b)
{
	return a == b || ((a == '-' || a == '_') && (b == '-' || b == '_'));
}

static bool parameq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (!dash_eq(*a, *b))
			return false;
	return *a == *b;
}

static char *skip_spaces(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/*
 * Cuts the next word off @args: *param is its name, *val its value after
 * the first '=' (NULL without one). Quotes may open the word or the value
 * and are dropped; spaces inside them do not end the word.
 */
static char *next_arg(char *args, char **param, char **val)
{
	size_t i, equals = 0;
	bool in_quote = false, quoted = false;

	if (*args == '"') {
		args++;
		in_quote = quoted = true;
	}
	for (i = 0; args[i]; i++) {
		if (isspace((unsigned char)args[i]) && !in_quote)
			break;
		if (!equals && args[i] == '=')
			equals = i;
		if (args[i] == '"')
			in_quote = !in_quote;
	}
	*param = args;
	*val = NULL;
	if (equals) {
		args[equals] = '\0';
		*val = args + equals + 1;
		if (**val == '"') {
			(*val)++;
			if (args[i - 1] == '"')
				args[i - 1] = '\0';
		}
	}
	if (quoted && i > 0 && args[i - 1] == '"')
		args[i - 1] = '\0';
	if (args[i]) {
		args[i] = '\0';
		args += i + 1;
	} else {
		args += i;
	}
	return skip_spaces(args);
}

static void param_lock(const struct kernel_param *kp)
{
	if (kp->mod && kp->mod->umod)
		pthread_mutex_lock(&((struct umod_module *)kp->mod->umod)->param_lock);
}

static void param_unlock(const struct kernel_param *kp)
{
	if (kp->mod && kp->mod->umod)
		pthread_mutex_unlock(&((struct umod_module *)kp->mod->umod)->param_lock);
}

static int parse_one(char *param, char *val, const char *doing,
		     const struct kernel_param *params, unsigned int num,
		     umod_parse_unknown_fn unknown, void *arg)
{
	for (unsigned int i = 0; i < num; i++) {
		const struct kernel_param *kp = &params[i];
		int err;

		if (!parameq(param, kp->name))
			continue;
		if (!val && !(kp->ops->flags & KERNEL_PARAM_OPS_FL_NOARG))
			return -EINVAL;
		param_lock(kp);
		err = kp->ops->set(val, kp);
		param_unlock(kp);
		return err;
	}
	if (unknown)
		return unknown(param, val, doing, arg);
	return -ENOENT;
}

int umod_parse_args(struct umod_log *log, const char *doing, char *args,
		    const struct kernel_param *params, unsigned int num,
		    umod_parse_unknown_fn unknown, void *arg)
{
	char *param, *val;

	args = skip_spaces(args);
	while (*args) {
		int ret;

		args = next_arg(args, &param, &val);
		if (!val && !strcmp(param, "--"))
			return 0;
		ret = parse_one(param, val, doing, params, num, unknown, arg);
		switch (ret) {
		case 0:
			continue;
		case -ENOENT:
			umod_log_printk(log, KERN_ERR "%s: Unknown parameter `%s'\n",
					doing, param);
			break;
		case -ENOSPC:
			umod_log_printk(log, KERN_ERR "%s: `%s' too large for parameter `%s'\n",
					doing, val ? val : "", param);
			break;
		default:
			umod_log_printk(log, KERN_ERR "%s: `%s' invalid for parameter `%s'\n",
					doing, val ? val : "", param);
			break;
		}
		/* Linux 6.1 stops at the first bad parameter (LINUX-FACTS.md) */
		return ret;
	}
	return 0;
}

void umod_params_free(const struct kernel_param *params, unsigned int num)
{
	for (unsigned int i = 0; i < num; i++)
		if (params[i].ops->free)
			params[i].ops->free(params[i].arg);
}

/* ---- int ------------------------------------------------------------------ */

int umod_param_set_int(const char *val, const struct kernel_param *kp)
{
	return umod_kstrtoint(val, 0, (int *)kp->arg);
}

/* get ops fill a sysfs page: the value and a newline */
int umod_param_get_int(char *buffer, const struct kernel_param *kp)
{
	return snprintf(buffer, UMOD_PAGE_SIZE, "%i\n", *(int *)kp->arg);
}

const struct kernel_param_ops umod_param_ops_int = {
	.set = umod_param_set_int,
	.get = umod_param_get_int,
};

/* ---- charp ---------------------------------------------------------------- */

/*
 * Which strings the parameter code allocated, so that only those are freed
 * (a charp's initial value is usually a literal in the module). As in the
 * kernel's kmalloced_params this is a fact about the process heap, shared
 * by every host, and the one piece of process-wide state in libumod.
 */
struct param_alloc {
	struct param_alloc *next;
	char *str;
};

static pthread_mutex_t param_alloc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct param_alloc *param_allocs;

static char *param_strdup(const char *val, size_t len)
{
	struct param_alloc *a = malloc(sizeof(*a));

	if (!a)
		return NULL;
	a->str = malloc(len + 1);
	if (!a->str) {
		free(a);
		return NULL;
	}
	memcpy(a->str, val, len + 1);
	pthread_mutex_lock(&param_alloc_lock);
	a->next = param_allocs;
	param_allocs = a;
	pthread_mutex_unlock(&param_alloc_lock);
	return a->str;
}

static void maybe_free_param_str(char *str)
{
	struct param_alloc **pp, *a = NULL;

	if (!str)
		return;
	pthread_mutex_lock(&param_alloc_lock);
	for (pp = &param_allocs; *pp; pp = &(*pp)->next) {
		if ((*pp)->str == str) {
			a = *pp;
			*pp = a->next;
			break;
		}
	}
	pthread_mutex_unlock(&param_alloc_lock);
	if (a) {
		free(a->str);
		free(a);
	}
}

int umod_param_set_charp(const char *val, const struct kernel_param *kp)
{
	size_t len = strnlen(val, CHARP_MAX + 1);
	char *copy;

	if (len > CHARP_MAX) {
		umod_log_printk(kp_log(kp), KERN_ERR "%s: string parameter too long\n",
				kp->name);
		return -ENOSPC;
	}
	copy = param_strdup(val, len);
	if (!copy)
		return -ENOMEM;
	maybe_free_param_str(*(char **)kp->arg);
	*(char **)kp->arg = copy;
	return 0;
}

int umod_param_get_charp(char *buffer, const struct kernel_param *kp)
{
	return snprintf(buffer, UMOD_PAGE_SIZE, "%s\n", *(char **)kp->arg);
}

void umod_param_free_charp(void *arg)
{
	maybe_free_param_str(*(char **)arg);
}

const struct kernel_param_ops umod_param_ops_charp = {
	.set = umod_param_set_charp,
	.get = umod_param_get_charp,
	.free = umod_param_free_charp,
};
